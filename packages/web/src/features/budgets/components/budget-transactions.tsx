import type { Budget } from '@kopiyka/shared';
import { ListPlus, ReceiptText, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { budgetMembersFilter, useRemoveBudgetTransactions } from '../../../api/budgets.ts';
import { useSubmission } from '../../../api/submission.ts';
import { useTransactionList } from '../../../api/transactions.ts';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyCard } from '../../../components/ui/empty-card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TransactionList } from '../../../entities/transactions/transaction-list.tsx';
import { formatMonth, type MonthKey } from '../../../lib/dates.ts';
import { useT } from '../../../lib/i18n.ts';
import { cn } from '../../../lib/utils.ts';
import { notify } from '../../../stores/notifications.ts';
import { AddTransactionsDialog } from './add-transactions-dialog.tsx';
import { useSelection } from './use-selection.ts';

/**
 * The budget's transactions: those added to it and those its categories bring in, in the list of
 * /transactions (grouped by day, loading more as the page scrolls). Ticking some offers to take
 * them out; a row itself opens the transaction.
 */
type BudgetTransactionsProps = {
  budget: Budget;
  /** The month shown of a monthly budget: its transactions of that month; null for all of them. */
  month: MonthKey | null;
  className?: string;
};

export function BudgetTransactions({ budget, month, className }: BudgetTransactionsProps) {
  const filters = useMemo(() => budgetMembersFilter(budget.id, month), [budget.id, month]);
  // The same query the list below runs (one request): which rows are loaded, to keep ticks honest.
  const list = useTransactionList(filters);
  const remove = useRemoveBudgetTransactions();
  const selection = useSelection();
  const [adding, setAdding] = useState(false);
  const t = useT();
  const memberIds = useMemo(() => new Set(list.data?.pages.flat().map((row) => row.id)), [list.data]);
  // A row that left the budget (edited elsewhere, say) cannot stay ticked.
  const ticked = useMemo(
    () => new Set([...selection.selected].filter((id) => memberIds.has(id))),
    [selection.selected, memberIds],
  );

  const removal = useSubmission({
    send: (transactionIds: number[]) => remove.mutateAsync({ id: budget.id, transactionIds }),
    onSuccess: (_stats, transactionIds) => {
      selection.clear();
      notify('success', t('budget.transactions.removed', { count: transactionIds.length }));
    },
  });

  async function removeTicked() {
    const refusal = await removal.submit([...ticked]);
    if (refusal) notify('error', refusal);
  }

  const addButton = (
    <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
      <ListPlus aria-hidden="true" className="size-4" />
      {t('budget.transactions.add')}
    </Button>
  );

  return (
    <section aria-labelledby={`budget-${budget.id}-transactions`} className={cn('flex flex-col gap-3', className)}>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id={`budget-${budget.id}-transactions`} className="text-base font-semibold leading-tight">
            {t('budget.transactions.title')}
          </h2>
          <p className="text-sm text-muted-foreground">
            {ticked.size > 0
              ? t('budget.transactions.chosen', { count: ticked.size })
              : t('budget.transactions.tickHint')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {ticked.size > 0 ? (
            <Button variant="outline" size="sm" onClick={() => void removeTicked()} disabled={remove.isPending}>
              {remove.isPending ? <Spinner /> : <Trash2 aria-hidden="true" className="size-4" />}
              {t('budget.transactions.remove')}
            </Button>
          ) : null}
          {/* An empty budget offers it in the list's place instead. */}
          {memberIds.size > 0 ? addButton : null}
        </div>
      </header>
      <TransactionList
        filters={filters}
        selection={{ selected: ticked, onToggle: selection.onToggle }}
        empty={
          <EmptyCard
            icon={ReceiptText}
            title={
              month === null
                ? t('budget.transactions.empty.title')
                : t('budget.transactions.empty.month', { month: formatMonth(month) })
            }
            description={
              budget.categoryIds.length > 0 && budget.autoInclude
                ? t('budget.transactions.empty.auto')
                : t('budget.transactions.empty.manual')
            }
            action={addButton}
          />
        }
      />
      <AddTransactionsDialog budgetId={budget.id} open={adding} onOpenChange={setAdding} />
    </section>
  );
}
