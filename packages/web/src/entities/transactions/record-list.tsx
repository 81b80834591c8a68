import type { Transaction } from '@kopiyka/shared';
import { useCallback, useMemo } from 'react';
import { useAccounts } from '../../api/accounts.ts';
import { useCategoryById } from '../../api/categories.ts';
import { openTransactionDialog } from '../../stores/transaction-dialog-target.ts';
import { groupByDay } from './transaction-days.ts';
import { DayHeader, RowCheckbox, type RowSelection, TransactionRow } from './transaction-row.tsx';

type RecordListProps = {
  transactions: readonly Transaction[];
  /** Names the list for assistive technology. */
  label: string;
  /** With it, each row has a tick box to choose it by. */
  selection?: RowSelection;
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
  const categoryById = useCategoryById();
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
                    <RowCheckbox transaction={transaction} category={category} selection={selection} />
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
