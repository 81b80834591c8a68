import type { UserCurrency } from '@kopiyka/shared';
import { useDeleteUserCurrency } from '../../../api/currencies.ts';
import { useSubmission } from '../../../api/submission.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { currencyName } from '../../../entities/currencies/currency-name.ts';
import { useT } from '../../../lib/i18n.ts';
import { notify } from '../../../stores/notifications.ts';

type RemoveCurrencyDialogProps = {
  userCurrency: UserCurrency | null;
  onClose: () => void;
};

/**
 * Asks before removing a currency. The server knows why one cannot go (the base currency, one an
 * account uses) and says so; its answer stays in the dialog, where the user is looking.
 */
export function RemoveCurrencyDialog({ userCurrency, onClose }: RemoveCurrencyDialogProps) {
  return (
    <AlertDialog open={userCurrency !== null} onOpenChange={(open) => !open && onClose()}>
      {userCurrency ? <RemoveCurrencyContent userCurrency={userCurrency} onClose={onClose} /> : null}
    </AlertDialog>
  );
}

function RemoveCurrencyContent({ userCurrency, onClose }: { userCurrency: UserCurrency; onClose: () => void }) {
  const deleteCurrency = useDeleteUserCurrency();
  const { code } = userCurrency.currency;
  const t = useT();

  const submission = useSubmission({
    send: () => deleteCurrency.mutateAsync({ currencyId: userCurrency.currencyId }),
    onSuccess: () => {
      notify('success', t('currencies.remove.done', { code }));
      onClose();
    },
  });
  const refusal = submission.error;
  const remove = () => submission.submit();

  return (
    <AlertDialogContent
      title={t('currencies.remove.title', { code })}
      description={t('currencies.remove.description', { code, name: currencyName(userCurrency.currency) })}
      actions={
        <>
          <AlertDialogCancel asChild>
            <Button variant="outline">{refusal ? t('common.close') : t('common.cancel')}</Button>
          </AlertDialogCancel>
          {refusal ? null : (
            <Button variant="destructive" onClick={remove} disabled={deleteCurrency.isPending}>
              {deleteCurrency.isPending ? <Spinner /> : null}
              {t('currencies.remove.submit', { code })}
            </Button>
          )}
        </>
      }
    >
      {refusal ? <ErrorAlert>{refusal}</ErrorAlert> : null}
    </AlertDialogContent>
  );
}
