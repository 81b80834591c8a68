import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { useT } from '../../lib/i18n.ts';
import { cn } from '../../lib/utils.ts';
import { useFocusReturn } from './dialog-focus.ts';

/** Shared with the alert dialog, so both kinds look alike. */
export const dialogOverlayClass = 'fixed inset-0 z-50 animate-fade-in bg-black/55 backdrop-blur-[2px]';
export const dialogTitleClass = 'text-lg leading-tight font-semibold tracking-tight';
export const dialogDescriptionClass = 'text-sm text-muted-foreground';
export const dialogFooterClass =
  'flex flex-col-reverse gap-2 border-t px-5 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:flex-row sm:justify-end sm:pb-4 [&>button]:w-full sm:[&>button]:w-auto';

export const Dialog = DialogPrimitive.Root;
export const DialogClose = DialogPrimitive.Close;

/**
 * A form in a dialog: a full-screen sheet on phones (as every form on a phone), a centred
 * card from 640 px up. Children are a DialogHeader, a DialogBody and a DialogFooter.
 */
export function DialogContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  const focusReturn = useFocusReturn(onOpenAutoFocus, onCloseAutoFocus);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={dialogOverlayClass} />
      <DialogPrimitive.Content
        className={cn(
          'fixed inset-0 z-50 flex animate-fade-in flex-col bg-card pt-[env(safe-area-inset-top)] text-card-foreground focus:outline-none',
          'sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[calc(100dvh-4rem)] sm:w-[calc(100vw-2rem)] sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:border sm:pt-0 sm:shadow-elevated',
          className,
        )}
        {...props}
        {...focusReturn}
      >
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

type DialogHeaderProps = { title: ReactNode; description?: ReactNode };

/** The title, an optional description, and the close button a full-screen sheet needs. */
export function DialogHeader({ title, description }: DialogHeaderProps) {
  const t = useT();
  return (
    <div className="flex items-start gap-3 border-b px-5 py-4">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <DialogPrimitive.Title className={dialogTitleClass}>{title}</DialogPrimitive.Title>
        {description ? (
          <DialogPrimitive.Description className={dialogDescriptionClass}>{description}</DialogPrimitive.Description>
        ) : null}
      </div>
      <DialogPrimitive.Close
        aria-label={t('common.close')}
        className="-mt-1 -mr-2 flex size-9 shrink-0 cursor-pointer items-center justify-center rounded-md text-muted-foreground hover:bg-accent hover:text-foreground"
      >
        <X aria-hidden="true" className="size-5" />
      </DialogPrimitive.Close>
    </div>
  );
}

/** The scrolling middle of a dialog. */
export function DialogBody({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-1 flex-col gap-5 overflow-y-auto px-5 py-5', className)} {...props} />;
}

/** The actions, primary last; stacked full-width on phones with the primary on top. */
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn(dialogFooterClass, className)} {...props} />;
}
