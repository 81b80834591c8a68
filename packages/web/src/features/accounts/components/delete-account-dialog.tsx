import type { Account } from '@kopiyka/shared';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteAccount } from '../../../api/accounts.ts';
import { inlineErrorMessage } from '../../../api/errors.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { focusMarkedField } from '../../../components/ui/dialog-focus.ts';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { notify } from '../../../stores/notifications.ts';

/**
 * Deleting an account takes its transactions with it, so the user types the account's name to
 * show they mean this one (product notes).
 */
export function DeleteAccountButton({ account }: { account: Account }) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
        Delete account
      </Button>
      {open ? <DeleteAccountContent account={account} /> : null}
    </AlertDialog>
  );
}

function DeleteAccountContent({ account }: { account: Account }) {
  const navigate = useNavigate();
  const deleteAccount = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const formId = useId();
  const confirmed = typed === account.name;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!confirmed) return;
    setError(null);
    try {
      await deleteAccount.mutateAsync(account.id);
    } catch (failure) {
      setError(inlineErrorMessage(failure));
      return;
    }
    notify('success', `Account “${account.name}” deleted.`);
    await navigate('/accounts', { replace: true });
  }

  return (
    <AlertDialogContent
      onOpenAutoFocus={focusMarkedField}
      title={`Delete “${account.name}”?`}
      description="The account and all its transactions are deleted for good. Transfers to or from your other accounts stay on those accounts as transfers out of the wallet, so their balances do not change."
      actions={
        <>
          <AlertDialogCancel asChild>
            <Button variant="outline">Cancel</Button>
          </AlertDialogCancel>
          <Button type="submit" form={formId} variant="destructive" disabled={!confirmed || deleteAccount.isPending}>
            {deleteAccount.isPending ? <Spinner /> : null}
            Delete account
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <Label htmlFor={inputId}>
          Type <span className="font-semibold select-all">{account.name}</span> to confirm
        </Label>
        <Input
          data-autofocus
          id={inputId}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
        />
      </form>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
    </AlertDialogContent>
  );
}
