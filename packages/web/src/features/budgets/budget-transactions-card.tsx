import type { Budget } from '@kopiyka/shared';
import { ListPlus, ReceiptText, Trash2 } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useBudgetTransactions, useRemoveBudgetTransactions } from '../../api/budgets.ts';
import { inlineErrorMessage } from '../../api/errors.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { RetryButton } from '../../components/ui/retry-button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { plural } from '../../lib/utils.ts';
import { notify } from '../../stores/notifications.ts';
import { RecordList } from '../dashboard/record-list.tsx';
import { AddTransactionsDialog } from './add-transactions-dialog.tsx';
import { useSelection } from './use-selection.ts';

/**
 * The budget's transactions: those added to it and those its categories bring in. Ticking some
 * offers to take them out; a row itself opens the transaction.
 */
export function BudgetTransactionsCard({ budget }: { budget: Budget }) {
  const list = useBudgetTransactions(budget.id);
  const remove = useRemoveBudgetTransactions();
  const selection = useSelection();
  const [adding, setAdding] = useState(false);
  const transactions = useMemo(() => list.data?.pages.flat() ?? [], [list.data]);
  const memberIds = useMemo(() => new Set(transactions.map((transaction) => transaction.id)), [transactions]);
  // A row that left the budget (edited elsewhere, say) cannot stay ticked.
  const ticked = [...selection.selected].filter((id) => memberIds.has(id));

  async function removeTicked() {
    try {
      await remove.mutateAsync({ id: budget.id, transactionIds: ticked });
    } catch (error) {
      const message = inlineErrorMessage(error);
      if (message) notify('error', message);
      return;
    }
    selection.clear();
    notify('success', `${plural(ticked.length, 'transaction')} removed from the budget.`);
  }

  const addButton = (
    <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
      <ListPlus aria-hidden="true" className="size-4" />
      Add transactions
    </Button>
  );

  let content: ReactNode;
  if (list.isPending) {
    content = (
      <div role="status" aria-label="Loading the budget's transactions" className="flex flex-col gap-3 px-5 pb-5">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} className="h-10 w-full" />
        ))}
      </div>
    );
  } else if (list.isError) {
    content = (
      <EmptyState
        icon={ReceiptText}
        title="Transactions could not be loaded"
        description="Check your connection and try again."
        action={<RetryButton onRetry={() => void list.refetch()} retrying={list.isFetching} />}
      />
    );
  } else if (transactions.length === 0) {
    content = (
      <EmptyState
        icon={ReceiptText}
        title="No transactions in this budget yet"
        description={
          budget.categoryIds.length > 0 && budget.autoInclude
            ? 'Transactions in its categories and dates join by themselves; you can also add any by hand.'
            : 'Add transactions by hand, or give the budget categories to bring them in.'
        }
        action={addButton}
      />
    );
  } else {
    content = (
      <>
        <RecordList
          transactions={transactions}
          label="Budget transactions"
          selection={{ ...selection, selected: new Set(ticked) }}
          className="border-t"
        />
        {list.hasNextPage ? (
          <div className="flex justify-center border-t p-3">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void list.fetchNextPage()}
              disabled={list.isFetchingNextPage}
            >
              {list.isFetchingNextPage ? <Spinner /> : null}
              Show more
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  return (
    <Card className="overflow-hidden">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 pb-4">
        <div className="flex flex-col gap-1">
          <CardTitle>Transactions</CardTitle>
          <CardDescription>
            {ticked.length > 0
              ? `${plural(ticked.length, 'transaction')} chosen`
              : 'Tick transactions to take them out.'}
          </CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          {ticked.length > 0 ? (
            <Button variant="outline" size="sm" onClick={() => void removeTicked()} disabled={remove.isPending}>
              {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" className="size-4" />}
              Remove from budget
            </Button>
          ) : null}
          {transactions.length > 0 ? addButton : null}
        </div>
      </CardHeader>
      {content}
      <AddTransactionsDialog budgetId={budget.id} memberIds={memberIds} open={adding} onOpenChange={setAdding} />
    </Card>
  );
}
