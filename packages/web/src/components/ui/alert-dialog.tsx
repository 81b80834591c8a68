import { AlertDialog as AlertDialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/utils.ts';
import { dialogDescriptionClass, dialogFooterClass, dialogOverlayClass, dialogTitleClass } from './dialog.tsx';
import { useFocusReturn } from './dialog-focus.ts';

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogCancel = AlertDialogPrimitive.Cancel;

type AlertDialogContentProps = ComponentProps<typeof AlertDialogPrimitive.Content> & {
  title: ReactNode;
  description: ReactNode;
  /** Shown between the description and the actions: an error, say. */
  children?: ReactNode;
  /** The buttons; a cancel wrapped in AlertDialogCancel gets the focus first. */
  actions: ReactNode;
};

/**
 * A question that needs an answer before anything happens: a sheet at the bottom of the screen on
 * phones (in thumb reach), a centred card from 640 px up.
 */
export function AlertDialogContent({
  title,
  description,
  children,
  actions,
  className,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: AlertDialogContentProps) {
  const focusReturn = useFocusReturn(onOpenAutoFocus, onCloseAutoFocus);
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className={dialogOverlayClass} />
      <AlertDialogPrimitive.Content
        className={cn(
          'fixed inset-x-0 bottom-0 z-50 flex max-h-[90dvh] animate-fade-in flex-col rounded-t-2xl border-t bg-card text-card-foreground shadow-elevated focus:outline-none',
          'sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[calc(100vw-2rem)] sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:border',
          className,
        )}
        {...props}
        {...focusReturn}
      >
        <div className="flex flex-col gap-3 overflow-y-auto px-5 pt-5 pb-4">
          <AlertDialogPrimitive.Title className={dialogTitleClass}>{title}</AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className={dialogDescriptionClass}>
            {description}
          </AlertDialogPrimitive.Description>
          {children}
        </div>
        <div className={dialogFooterClass}>{actions}</div>
      </AlertDialogPrimitive.Content>
    </AlertDialogPrimitive.Portal>
  );
}
