import { type FormEventHandler, type ReactNode, useEffect, useRef } from 'react';
import { useT } from '../../lib/i18n.ts';
import { FormFailure } from './alert.tsx';
import { Button, type ButtonProps } from './button.tsx';
import { Dialog, DialogBody, DialogClose, DialogContent, DialogFooter, DialogHeader } from './dialog.tsx';
import { focusMarkedField } from './dialog-focus.ts';
import { Spinner } from './spinner.tsx';

/** What the opener of a dialog holds: whether it is open, and how to open or close it. */
export type DialogOpenProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

type FormDialogProps = DialogOpenProps & {
  title: ReactNode;
  description?: ReactNode;
  /** The form: mounted only while open, so each opening starts from a fresh one. */
  children: ReactNode;
};

/** A dialog holding one form; the field marked `data-autofocus`, if any, gets the focus. */
export function FormDialog({ open, onOpenChange, title, description, children }: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onOpenAutoFocus={focusMarkedField}>
        <DialogHeader title={title} description={description} />
        {open ? children : null}
      </DialogContent>
    </Dialog>
  );
}

type DialogFormProps = {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The fields. */
  children: ReactNode;
  /** A failure that concerns the whole form, shown under the fields. */
  error: string | null;
  /** The failure is that the server could not be reached: the message offers to send the form again. */
  unreachable?: boolean;
  submitLabel: ReactNode;
  submitting: boolean;
  /** Keeps the form from being sent for a reason of its own: nothing to save, say. */
  submitDisabled?: boolean;
  submitVariant?: ButtonProps['variant'];
  /** What closing without sending is called: "Not now" where the form is an optional step. */
  cancelLabel?: ReactNode;
};

/** The form of a FormDialog: its fields scroll, Cancel and the submit button stay at the bottom. */
export function DialogForm({
  onSubmit,
  children,
  error,
  unreachable = false,
  submitLabel,
  submitting,
  submitDisabled = false,
  submitVariant,
  cancelLabel,
}: DialogFormProps) {
  const t = useT();
  const errorRef = useRef<HTMLDivElement>(null);
  // The message sits under the fields, which may be scrolled away (a phone): a new one is brought into view.
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);
  return (
    <form
      onSubmit={(event) => {
        // The dialog is portalled, but React bubbles its submit to a form it was opened from.
        event.stopPropagation();
        onSubmit(event);
      }}
      noValidate
      className="flex min-h-0 flex-1 flex-col"
    >
      <DialogBody>
        {children}
        {error ? <FormFailure ref={errorRef} message={error} unreachable={unreachable} /> : null}
      </DialogBody>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{cancelLabel ?? t('common.cancel')}</Button>
        </DialogClose>
        <Button type="submit" variant={submitVariant} disabled={submitting || submitDisabled}>
          {submitting ? <Spinner /> : null}
          {submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
