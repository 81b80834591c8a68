import type { Transaction } from '@kopiyka/shared';
import { ReceiptText } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useAccounts } from '../../api/accounts.ts';
import { BUDGET_CANDIDATES_LIMIT, useAddBudgetTransactions, useBudgetCandidates } from '../../api/budgets.ts';
import { inlineErrorMessage } from '../../api/errors.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogHeader,
} from '../../components/ui/dialog.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { RetryButton } from '../../components/ui/retry-button.tsx';
import { SearchInput } from '../../components/ui/search-input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatMoney } from '../../lib/money.ts';
import { plural } from '../../lib/utils.ts';
import { useCategoriesStore } from '../../stores/categories.ts';
import { notify } from '../../stores/notifications.ts';
import { RecordList } from '../dashboard/record-list.tsx';
import { useSelection } from './use-selection.ts';

type AddTransactionsDialogProps = {
  budgetId: number;
  /** Transactions already in the budget: they are not offered. */
  memberIds: ReadonlySet<number>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** What a transaction can be found by: its note, category, account and amount as shown. */
function useSearchText() {
  const categories = useCategoriesStore((state) => state.categories);
  const accounts = useAccounts();
  return (transaction: Transaction) =>
    [
      transaction.note,
      categories.find((category) => category.id === transaction.categoryId)?.name,
      accounts.data?.find((account) => account.id === transaction.accountId)?.name,
      formatMoney(transaction.amount, transaction.currencyCode),
    ]
      .join(' ')
      .toLocaleLowerCase();
}

export function AddTransactionsDialog({ budgetId, memberIds, open, onOpenChange }: AddTransactionsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader
          title="Add transactions"
          description={`Your latest ${BUDGET_CANDIDATES_LIMIT} incomes and expenses that are not in this budget yet.`}
        />
        {open ? <CandidatePicker budgetId={budgetId} memberIds={memberIds} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CandidatePicker({
  budgetId,
  memberIds,
  onDone,
}: Pick<AddTransactionsDialogProps, 'budgetId' | 'memberIds'> & { onDone: () => void }) {
  const candidates = useBudgetCandidates(true);
  const add = useAddBudgetTransactions();
  const [query, setQuery] = useState('');
  const [error, setError] = useState<string | null>(null);
  const selection = useSelection();
  const searchText = useSearchText();
  const needle = query.trim().toLocaleLowerCase();
  const offered = useMemo(
    () =>
      (candidates.data ?? []).filter(
        (transaction) => !memberIds.has(transaction.id) && transaction.budgetId !== budgetId,
      ),
    [candidates.data, memberIds, budgetId],
  );
  const shown = needle === '' ? offered : offered.filter((transaction) => searchText(transaction).includes(needle));

  async function submit() {
    setError(null);
    const transactionIds = [...selection.selected];
    try {
      await add.mutateAsync({ id: budgetId, transactionIds });
    } catch (failure) {
      setError(inlineErrorMessage(failure));
      return;
    }
    notify('success', `${plural(transactionIds.length, 'transaction')} added to the budget.`);
    onDone();
  }

  let list: ReactNode;
  if (candidates.isPending) {
    list = (
      <div role="status" aria-label="Loading transactions" className="flex flex-col gap-3 p-4">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} className="h-10 w-full" />
        ))}
      </div>
    );
  } else if (candidates.isError) {
    list = (
      <EmptyState
        icon={ReceiptText}
        title="Transactions could not be loaded"
        description="Check your connection and try again."
        action={<RetryButton onRetry={() => void candidates.refetch()} retrying={candidates.isFetching} />}
      />
    );
  } else if (shown.length === 0) {
    list = (
      <EmptyState
        icon={ReceiptText}
        title={needle ? 'Nothing matches' : 'Nothing to add'}
        description={
          needle ? `No transaction matches “${query.trim()}”.` : 'Every recent transaction is in this budget already.'
        }
      />
    );
  } else {
    list = (
      <RecordList transactions={shown} label="Transactions to add" selection={selection} onOpen={selection.onToggle} />
    );
  }

  return (
    <>
      <div className="border-b px-5 py-3">
        <SearchInput
          type="search"
          aria-label="Search transactions"
          placeholder="Search by note, category, account or amount"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      <DialogBody className="gap-3 p-0">
        {list}
        {error ? <ErrorAlert className="mx-5 mb-4">{error}</ErrorAlert> : null}
      </DialogBody>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button onClick={() => void submit()} disabled={selection.selected.size === 0 || add.isPending}>
          {add.isPending ? <Spinner /> : null}
          {selection.selected.size === 0 ? 'Add transactions' : `Add ${plural(selection.selected.size, 'transaction')}`}
        </Button>
      </DialogFooter>
    </>
  );
}
