import type { Account, Transaction } from '@kopiyka/shared';
import { Link2, Link2Off, SearchX, Trash2 } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useCategories } from '../../../api/categories.ts';
import { hasErrorCode, inlineErrorMessage, loadFailureText } from '../../../api/errors.ts';
import { useSubmission } from '../../../api/submission.ts';
import {
  useDeleteTransaction,
  useLinkCandidates,
  useLinkTransactions,
  useUnlinkTransactions,
} from '../../../api/transactions.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogBody, DialogFooter } from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Money } from '../../../components/ui/money.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ConfirmDialogContent } from '../../../entities/requests/confirm-dialog.tsx';
import { formatDateTime, transferTitle } from '../../../entities/transactions/describe.ts';
import { useT } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { cn } from '../../../lib/utils.ts';
import { notify } from '../../../stores/notifications.ts';
import { rankLinkCandidates } from './link-candidates.ts';

/** Candidates shown at once: the likeliest few are what matters. */
const CANDIDATES_SHOWN = 20;

const accountNamer = (accounts: readonly Account[]) => (id: number) =>
  accounts.find((account) => account.id === id)?.name;

/** The message of a refused call: the first detail says which rule it broke. */
function refusal(error: unknown): string | null {
  if (hasErrorCode(error, 'VALIDATION_ERROR') && error.details[0]) return error.details[0].message;
  return inlineErrorMessage(error);
}

type PairingProps = {
  transaction: Transaction;
  accounts: readonly Account[];
  onLink: () => void;
  onDone: () => void;
};

/** In the edit dialog: pair an ordinary transaction with its other side, or undo such a pairing. */
export function TransferPairing({ transaction, accounts, onLink, onDone }: PairingProps) {
  const unlink = useUnlinkTransactions();
  const t = useT();
  const submission = useSubmission({
    send: (transferId: number) => unlink.mutateAsync({ transferIds: [transferId] }),
    failureMessage: refusal,
    onSuccess: () => {
      notify('success', t('transaction.transfer.unlinked'));
      onDone();
    },
  });
  if (transaction.transferNature === 'transfer_out_wallet') return null;

  if (transaction.transferNature === 'not_transfer') {
    return (
      <section className="flex flex-col items-start gap-3 rounded-lg border p-3.5">
        <p className="text-sm text-muted-foreground">{t('transaction.transfer.linkIntro')}</p>
        <Button variant="outline" size="sm" onClick={onLink}>
          <Link2 aria-hidden="true" className="size-4" />
          {t('transaction.link.title')}
        </Button>
      </section>
    );
  }

  const transferId = transaction.transferId;
  function unlinkTransfer() {
    if (transferId !== null) void submission.submit(transferId);
  }

  return (
    <section className="flex flex-col items-start gap-3 rounded-lg border p-3.5">
      <p className="text-sm text-muted-foreground">
        {t('transaction.transfer.unlinkNote', { title: transferTitle(transaction, accountNamer(accounts)) ?? '' })}
      </p>
      <Button variant="outline" size="sm" onClick={unlinkTransfer} disabled={unlink.isPending || transferId === null}>
        {unlink.isPending ? <Spinner /> : <Link2Off aria-hidden="true" className="size-4" />}
        {t('transaction.transfer.unlink')}
      </Button>
      {submission.error ? <ErrorAlert className="self-stretch">{submission.error}</ErrorAlert> : null}
    </section>
  );
}

type LinkPanelProps = {
  transaction: Transaction;
  accounts: readonly Account[];
  onBack: () => void;
  onDone: () => void;
};

/** Chooses the other side of a transfer among existing transactions and links the two. */
export function LinkPanel({ transaction, accounts, onBack, onDone }: LinkPanelProps) {
  const candidates = useLinkCandidates(transaction, true);
  const link = useLinkTransactions();
  const [chosen, setChosen] = useState<number | null>(null);
  const categories = useCategories();
  const t = useT();
  const name = accountNamer(accounts);
  const groupName = useId();
  const opposite = transaction.transactionType === 'income' ? 'expense' : 'income';
  const ranked = candidates.data ? rankLinkCandidates(transaction, candidates.data).slice(0, CANDIDATES_SHOWN) : [];

  const submission = useSubmission({
    send: (other: number) => {
      // The server wants each pair as [expense, income].
      const pair: [number, number] =
        transaction.transactionType === 'expense' ? [transaction.id, other] : [other, transaction.id];
      return link.mutateAsync({ ids: [pair] });
    },
    failureMessage: refusal,
    onSuccess: () => {
      notify('success', t('transaction.transfer.linked'));
      onDone();
    },
  });
  function linkChosen() {
    if (chosen !== null) void submission.submit(chosen);
  }

  let list: ReactNode;
  if (candidates.isPending) {
    list = (
      <div role="status" aria-label={t('transaction.transfer.looking')} className="flex flex-col gap-2">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-16 w-full" />
        ))}
      </div>
    );
  } else if (candidates.isError) {
    list = (
      <EmptyState
        icon={SearchX}
        title={t('transactions.loadError')}
        description={loadFailureText(candidates.error)}
        action={<RetryButton onRetry={() => void candidates.refetch()} retrying={candidates.isFetching} />}
      />
    );
  } else if (ranked.length === 0) {
    list = (
      <EmptyState
        icon={SearchX}
        title={t('transaction.transfer.nothing')}
        description={
          opposite === 'income' ? t('transaction.transfer.nothingIncome') : t('transaction.transfer.nothingExpense')
        }
      />
    );
  } else {
    list = (
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm text-muted-foreground">
          {opposite === 'income'
            ? t('transaction.transfer.candidatesIncome')
            : t('transaction.transfer.candidatesExpense')}
        </legend>
        {ranked.map((candidate) => {
          const category = categories.find((item) => item.id === candidate.categoryId);
          return (
            <label
              key={candidate.id}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-lg border p-3 transition-colors hover:bg-accent',
                chosen === candidate.id && 'border-primary bg-primary/8',
              )}
            >
              <input
                type="radio"
                name={groupName}
                value={candidate.id}
                checked={chosen === candidate.id}
                onChange={() => setChosen(candidate.id)}
                className="size-4 shrink-0 accent-(--color-primary)"
              />
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="truncate text-sm font-medium">
                  {name(candidate.accountId) ?? t('transactions.row.unknownAccount')}
                  {category ? <span className="font-normal text-muted-foreground"> · {category.name}</span> : null}
                </span>
                <span className="truncate text-xs text-muted-foreground">
                  {formatDateTime(candidate.time)}
                  {candidate.note ? ` · ${candidate.note}` : ''}
                </span>
              </span>
              <Money
                minor={candidate.amount}
                currency={candidate.currencyCode}
                kind={candidate.transactionType}
                className="text-sm font-medium"
              />
            </label>
          );
        })}
      </fieldset>
    );
  }

  return (
    <>
      <DialogBody>
        <p className="rounded-lg bg-muted/50 px-3 py-2.5 text-sm">
          {transaction.transactionType === 'income'
            ? t('transaction.transfer.thisIncome')
            : t('transaction.transfer.thisExpense')}{' '}
          <span className="font-medium">
            {t('transaction.transfer.summary', {
              amount: formatMoney(transaction.amount, transaction.currencyCode),
              account: name(transaction.accountId) ?? t('transactions.row.unknownAccount'),
              time: formatDateTime(transaction.time),
            })}
          </span>
        </p>
        {list}
        {submission.error ? <ErrorAlert>{submission.error}</ErrorAlert> : null}
      </DialogBody>
      <DialogFooter>
        <Button variant="outline" onClick={onBack}>
          {t('transaction.transfer.back')}
        </Button>
        <Button onClick={linkChosen} disabled={chosen === null || link.isPending}>
          {link.isPending ? <Spinner /> : null}
          {t('transaction.transfer.link')}
        </Button>
      </DialogFooter>
    </>
  );
}

type DeleteProps = { transaction: Transaction; accounts: readonly Account[]; onDone: () => void };

/** "Delete" with a confirmation that says what goes: both legs of a transfer go together. */
export function DeleteTransactionButton({ transaction, accounts, onDone }: DeleteProps) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteTransaction();
  const t = useT();
  const name = accountNamer(accounts);
  const between = transaction.transferNature === 'transfer_between_user_accounts';
  const amount = formatMoney(transaction.amount, transaction.currencyCode);
  const account = name(transaction.accountId) ?? t('transaction.delete.itsAccount');

  let description: string;
  if (between) {
    const other = transaction.destinationAccountId === null ? undefined : name(transaction.destinationAccountId);
    description = other
      ? t('transaction.delete.transferTwo', { account, otherAccount: other })
      : t('transaction.delete.transferOne', { account });
  } else {
    const what = transaction.transferNature === 'transfer_out_wallet' ? 'transfer' : transaction.transactionType;
    description = t('transaction.delete.single', { what, amount, account });
  }

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button
        variant="ghost"
        onClick={() => setOpen(true)}
        className="text-destructive hover:bg-destructive/10 sm:mr-auto"
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {t('transaction.delete.button')}
      </Button>
      {open ? (
        <ConfirmDialogContent
          title={between ? t('transaction.delete.titleTransfer') : t('transaction.delete.titleTransaction')}
          description={description}
          confirmLabel={between ? t('transaction.delete.bothLegsButton') : t('transaction.delete.button')}
          confirmVariant="destructive"
          confirm={() => remove.mutateAsync(transaction.id)}
          pending={remove.isPending}
          onConfirmed={() => {
            notify('success', between ? t('transaction.delete.doneTransfer') : t('transaction.delete.doneTransaction'));
            setOpen(false);
            onDone();
          }}
        />
      ) : null}
    </AlertDialog>
  );
}
