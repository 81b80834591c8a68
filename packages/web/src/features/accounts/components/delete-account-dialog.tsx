import type { Account } from '@kopiyka/shared';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteAccount } from '../../../api/accounts.ts';
import { useSubmission } from '../../../api/submission.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { focusMarkedField } from '../../../components/ui/dialog-focus.ts';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { tRich, useT } from '../../../lib/i18n.ts';
import { notify } from '../../../stores/notifications.ts';

/**
 * Deleting an account takes its transactions with it, so the user types the account's name to
 * show they mean this one.
 */
export function DeleteAccountButton({ account }: { account: Account }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
        {t('account.delete.button')}
      </Button>
      {open ? <DeleteAccountContent account={account} /> : null}
    </AlertDialog>
  );
}

function DeleteAccountContent({ account }: { account: Account }) {
  const navigate = useNavigate();
  const deleteAccount = useDeleteAccount();
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const formId = useId();
  const confirmed = typed === account.name;
  const t = useT();

  const submission = useSubmission({
    send: () => deleteAccount.mutateAsync(account.id),
    onSuccess: async () => {
      notify('success', t('account.delete.done', { name: account.name }));
      await navigate('/accounts', { replace: true });
    },
  });
  const { error } = submission;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (confirmed) void submission.submit();
  }

  return (
    <AlertDialogContent
      onOpenAutoFocus={focusMarkedField}
      title={t('account.delete.title', { name: account.name })}
      description={t('account.delete.description')}
      actions={
        <>
          <AlertDialogCancel asChild>
            <Button variant="outline">{t('account.delete.cancel')}</Button>
          </AlertDialogCancel>
          <Button type="submit" form={formId} variant="destructive" disabled={!confirmed || deleteAccount.isPending}>
            {deleteAccount.isPending ? <Spinner /> : null}
            {t('account.delete.button')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
        <Label htmlFor={inputId}>
          {tRich('account.delete.confirm', {
            name: account.name,
            strong: (chunks) => <span className="font-semibold select-all">{chunks}</span>,
          })}
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
