import type { Transaction } from '@kopiyka/shared';
import { Check } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { useAccounts } from '../../api/accounts.ts';
import { cn } from '../../lib/utils.ts';
import { useCategoriesStore } from '../../stores/categories.ts';
import { groupByDay } from '../transactions/transaction-days.ts';
import { openTransactionDialog } from '../transactions/transaction-dialog-store.ts';
import { DayHeader, TransactionRow } from '../transactions/transaction-row.tsx';

type Selection = {
  selected: ReadonlySet<number>;
  onToggle: (transaction: Transaction) => void;
};

type RecordListProps = {
  transactions: readonly Transaction[];
  /** Names the list for assistive technology. */
  label: string;
  /** With it, each row has a tick box to choose it by. */
  selection?: Selection;
  /** What clicking a row does; by default it opens the edit dialog. */
  onOpen?: (transaction: Transaction) => void;
  className?: string;
};

const openForEditing = (transaction: Transaction) => openTransactionDialog({ mode: 'edit', transaction });

/**
 * A short list of transactions, newest first, under a header for each day (the rows show only
 * the time). With `selection`, each row has a tick box to choose it by.
 */
export function RecordList({ transactions, label, selection, onOpen = openForEditing, className }: RecordListProps) {
  const accounts = useAccounts();
  const categories = useCategoriesStore((state) => state.categories);
  const categoryById = useMemo(() => new Map(categories.map((category) => [category.id, category])), [categories]);
  const accountName = useCallback(
    (id: number) => accounts.data?.find((account) => account.id === id)?.name,
    [accounts.data],
  );
  const groups = useMemo(() => groupByDay(transactions), [transactions]);
  return (
    <ul aria-label={label} className={className}>
      {groups.map((group) => (
        <li key={group.day}>
          <DayHeader group={group} />
          <ul>
            {group.transactions.map((transaction) => {
              const category = transaction.categoryId === null ? undefined : categoryById.get(transaction.categoryId);
              return (
                <li key={transaction.id} className="flex items-center border-b last:border-b-0">
                  {selection ? (
                    <SelectBox
                      checked={selection.selected.has(transaction.id)}
                      onChange={() => selection.onToggle(transaction)}
                      label={`Choose ${category?.name ?? 'transaction'}${transaction.note ? `, ${transaction.note}` : ''}`}
                    />
                  ) : null}
                  <div className="min-w-0 flex-1">
                    <TransactionRow
                      transaction={transaction}
                      category={category}
                      accountName={accountName}
                      onOpen={onOpen}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/** A tick box in the theme's look; the real checkbox takes the clicks, the tick is drawn over it. */
function SelectBox({ checked, onChange, label }: { checked: boolean; onChange: () => void; label: string }) {
  return (
    <label className="relative flex shrink-0 cursor-pointer items-center self-stretch pl-4">
      <input
        type="checkbox"
        checked={checked}
        onChange={onChange}
        aria-label={label}
        className={cn(
          'peer size-5 cursor-pointer appearance-none rounded border border-input bg-background transition-colors',
          'checked:border-primary checked:bg-primary focus-visible:ring-3 focus-visible:ring-ring focus-visible:outline-none',
        )}
      />
      <Check
        aria-hidden="true"
        strokeWidth={3}
        className="pointer-events-none absolute top-1/2 left-[calc(1rem+3px)] size-3.5 -translate-y-1/2 text-primary-foreground opacity-0 peer-checked:opacity-100"
      />
    </label>
  );
}
