import { useRef } from 'react';

/**
 * For a dialog's `onOpenAutoFocus`: Radix focuses the first control, the close button, and React's
 * autoFocus loses to it; this focuses the field marked `data-autofocus` instead, when there is one.
 */
export function focusMarkedField(event: Event): void {
  const field = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('[data-autofocus]');
  if (!field) return;
  event.preventDefault();
  field.focus();
}

/**
 * What should have the focus again once a dialog opened from `element` closes: the element, or for
 * an item of a menu (gone with the menu) the button that opened the menu.
 */
export function openerOf(element: Element | null): HTMLElement | null {
  const menuButtonId = element?.closest('[role="menu"]')?.getAttribute('aria-labelledby');
  const opener = menuButtonId ? document.getElementById(menuButtonId) : element;
  return opener instanceof HTMLElement && opener !== document.body ? opener : null;
}

type AutoFocusHandler = ((event: Event) => void) | undefined;

/**
 * Radix gives the focus back only to a dialog's own Trigger, and ours open from anywhere (a header
 * button, a menu item, a store): the dialog remembers what had the focus as it opened and gives
 * it back as it closes, unless `onCloseAutoFocus` took care of that itself.
 */
export function useFocusReturn(onOpenAutoFocus: AutoFocusHandler, onCloseAutoFocus: AutoFocusHandler) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      const focused = document.activeElement;
      // A field of the dialog's own that took the focus first did not open it.
      opener.current = (event.currentTarget as Node | null)?.contains(focused) ? null : openerOf(focused);
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented) return;
      event.preventDefault();
      if (opener.current?.isConnected) opener.current.focus();
    },
  };
}
