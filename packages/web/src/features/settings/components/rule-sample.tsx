import type { Transaction } from '@kopiyka/shared';
import { useAccounts } from '../../../api/accounts.ts';
import { useCategoryById } from '../../../api/categories.ts';
import { Money } from '../../../components/ui/money.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { useT } from '../../../lib/i18n.ts';
import { dayKey } from '../../../lib/periods.ts';

/**
 * Rows a rule matches, newest first, as they are now: what the bank or the file said (the note),
 * the day, the account and the category they have. Read only: the list only shows what a rule
 * would reach.
 */
export function RuleSample({ transactions, label }: { transactions: readonly Transaction[]; label: string }) {
  const accounts = useAccounts();
  const categoryById = useCategoryById();
  const t = useT();
  const accountName = (id: number) => accounts.data?.find((account) => account.id === id)?.name;
  return (
    <ul aria-label={label} className="flex flex-col divide-y rounded-lg border">
      {transactions.map((transaction) => {
        const category = transaction.categoryId === null ? undefined : categoryById.get(transaction.categoryId);
        const details = [
          formatDay(dayKey(transaction.time)),
          accountName(transaction.accountId),
          category?.name ?? t('transactions.row.uncategorised'),
        ].filter(Boolean);
        return (
          <li key={transaction.id} className="flex items-center gap-3 px-3 py-2">
            <span
              aria-hidden="true"
              className="size-2.5 shrink-0 rounded-full"
              style={{ backgroundColor: category?.color ?? '#7f8c8d' }}
            />
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="truncate text-sm">{transaction.note || t('rules.sample.noText')}</span>
              <span className="text-xs break-words text-muted-foreground">{details.join(' · ')}</span>
            </span>
            <Money
              minor={transaction.amount}
              currency={transaction.currencyCode}
              kind={transaction.transactionType}
              className="shrink-0 text-sm"
            />
          </li>
        );
      })}
    </ul>
  );
}
