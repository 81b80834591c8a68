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
