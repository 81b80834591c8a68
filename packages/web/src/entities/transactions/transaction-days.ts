import { signedAmount, type Transaction } from '@kopiyka/shared';
import { calendarDate, type DayKey } from '../../lib/dates.ts';
import { t } from '../../lib/i18n.ts';
import { calendarFormat } from '../../lib/locale.ts';
import { addDays, dayKey } from '../../lib/periods.ts';

export type DayGroup = {
  day: DayKey;
  transactions: Transaction[];
  /**
   * How the day moved the money shown, in the base currency: income minus expenses, transfers
   * included, so both legs of a transfer between listed accounts cancel out while an
   * out-of-wallet transfer (or one leg on an account's own list) counts.
   */
  net: number;
  /** The base currency of `net`. */
  currency: string;
};

/** Transactions (newest first) in runs of one day each; a run keeps the list's order. */
export function groupByDay(transactions: readonly Transaction[]): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const transaction of transactions) {
    // The day in the user's time zone: the day they spent the money.
    const day = dayKey(transaction.time);
    let group = groups.at(-1);
    if (group?.day !== day) {
      group = { day, transactions: [], net: 0, currency: transaction.refCurrencyCode };
      groups.push(group);
    }
    group.transactions.push(transaction);
    group.net += signedAmount(transaction.transactionType, transaction.refAmount);
  }
  return groups;
}

/** The rows of the list: a header for each day, then its transactions. */
export type ListRow = { kind: 'day'; group: DayGroup } | { kind: 'transaction'; transaction: Transaction };

export function listRows(groups: readonly DayGroup[]): ListRow[] {
  return groups.flatMap((group): ListRow[] => [
    { kind: 'day', group },
    ...group.transactions.map((transaction): ListRow => ({ kind: 'transaction', transaction })),
  ]);
}

/** The pages of an infinite list as one list; a row that moved between pages while they loaded shows once. */
export function uniqueTransactions(pages: readonly (readonly Transaction[])[]): Transaction[] {
  const seen = new Set<number>();
  return pages.flat().filter((transaction) => {
    if (seen.has(transaction.id)) return false;
    seen.add(transaction.id);
    return true;
  });
}

const weekdayFormat = () =>
  calendarFormat({
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });

/** "Today", "Yesterday" (in the user's time zone), or "Mon 14 Nov 2026". */
export function dayLabel(day: DayKey, now: Date = new Date()): string {
  const today = dayKey(now);
  if (day === today) return t('transactions.today');
  if (day === addDays(today, -1)) return t('transactions.yesterday');
  return weekdayFormat().format(calendarDate(day)).replace(',', '');
}
