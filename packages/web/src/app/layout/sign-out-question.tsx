import { signOut } from '../../api/auth.ts';
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useT } from '../../lib/i18n.ts';
import { useOutboxStore } from '../../stores/outbox.ts';
import { closeSignOutQuestion, useSignOutQuestionStore } from '../../stores/sign-out-question.ts';

/**
 * Asks before a sign-out that would delete transactions kept on this device and not sent yet
 * (issue 39): the person may stay until the connection is back.
 */
export function SignOutQuestion() {
  const open = useSignOutQuestionStore((state) => state.open);
  const count = useOutboxStore((state) => state.entries.length);
  const t = useT();
  return (
    <AlertDialog open={open} onOpenChange={(next) => !next && closeSignOutQuestion()}>
      {open ? (
        <AlertDialogContent
          title={t('signOut.pending.title')}
          description={t('signOut.pending.description', { count })}
          actions={
            <>
              <AlertDialogCancel asChild>
                <Button variant="outline">{t('signOut.pending.cancel')}</Button>
              </AlertDialogCancel>
              <Button
                variant="destructive"
                onClick={() => {
                  closeSignOutQuestion();
                  signOut();
                }}
              >
                {t('signOut.pending.confirm')}
              </Button>
            </>
          }
        />
      ) : null}
    </AlertDialog>
  );
}
