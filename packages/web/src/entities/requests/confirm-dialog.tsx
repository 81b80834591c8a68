import type { ComponentProps, ReactNode } from 'react';
import { useSubmission } from '../../api/submission.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { AlertDialogCancel, AlertDialogContent } from '../../components/ui/alert-dialog.tsx';
import { Button, type ButtonProps } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useT } from '../../lib/i18n.ts';

type ConfirmDialogContentProps<Result> = Omit<ComponentProps<typeof AlertDialogContent>, 'actions' | 'children'> & {
  confirmLabel: ReactNode;
  confirmVariant?: ButtonProps['variant'];
  /** Does what the user confirmed; a failure is said in the dialog, which stays open. */
  confirm: () => Promise<Result>;
  /** While `confirm` runs: its button shows a spinner and takes no second press. */
  pending: boolean;
  onConfirmed: (result: Result) => unknown;
  /** What to say of a failure where the server's words are not plain enough; theirs by default. */
  failureMessage?: (error: unknown) => string | null;
};

/**
 * The content of an AlertDialog that asks before doing something that can fail. The failure's
 * message lives here: mounted only while the dialog is open, each opening starts without it.
 */
export function ConfirmDialogContent<Result>({
  confirmLabel,
  confirmVariant,
  confirm,
  pending,
  onConfirmed,
  failureMessage,
  ...props
}: ConfirmDialogContentProps<Result>) {
  const submission = useSubmission({ send: confirm, failureMessage, onSuccess: (result) => onConfirmed(result) });
  const t = useT();
  return (
    <AlertDialogContent
      {...props}
      actions={
        <>
          <AlertDialogCancel asChild>
            <Button variant="outline">{t('common.cancel')}</Button>
          </AlertDialogCancel>
          <Button variant={confirmVariant} onClick={() => void submission.submit()} disabled={pending}>
            {pending ? <Spinner /> : null}
            {confirmLabel}
          </Button>
        </>
      }
    >
      {submission.error ? <ErrorAlert>{submission.error}</ErrorAlert> : null}
    </AlertDialogContent>
  );
}
