/**
 * Subscriptions found in history (docs/decisions.md "Recurring money"): the same payee on the same
 * account paid at a steady rhythm, weekly or monthly, at least three times in a row at amounts
 * within a tenth of their median, the latest recently enough that the rhythm still holds.
 */
import { foldCase, occurrenceDate, type RecurringSuggestion, type TransactionType } from '@kopiyka/shared';
import { addDays } from '../../lib/dates.ts';

export interface Payment {
  id: number;
  /** Its local day, `YYYY-MM-DD`. */
  day: string;
  amount: number;
  categoryId: number | null;
}

export interface PayeeHistory {
  accountId: number;
  transactionType: TransactionType;
  name: string;
  /** In time order. */
  payments: Payment[];
}

/** The payments in a row a rhythm needs before it is suggested. */
export const SUGGESTED_AFTER = 3;
/** How far from their median the amounts of a rhythm may be. */
const AMOUNT_SPREAD = 0.1;
/** The days from one payment to the next a rhythm allows, and how long after the latest it still holds. */
const RHYTHMS = [
  { frequency: 'month', gaps: [25, 35], lapsedAfter: 45 },
  { frequency: 'week', gaps: [6, 8], lapsedAfter: 10 },
] as const;
/** How far back history is read. */
export const HISTORY_DAYS = 400;

const DAY_MS = 86_400_000;
const daysFrom = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / DAY_MS;

/** The key a payee is known by on an account: case folded, and as long as a dismissal keeps it. */
export const payeeKey = (name: string) => foldCase(name.trim()).slice(0, 200);

/** The latest run of payments that keeps the rhythm: the last one and those before it at its gaps. */
function latestRun(payments: Payment[], [least, most]: readonly [number, number]): Payment[] {
  const run = [payments.at(-1)!];
  for (let i = payments.length - 2; i >= 0; i--) {
    const gap = daysFrom(payments[i]!.day, run[0]!.day);
    if (gap < least || gap > most) break;
    run.unshift(payments[i]!);
  }
  return run;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The history's rhythm as a suggestion, if it keeps one up to `today`. */
export function suggestionOf(history: PayeeHistory, today: string): RecurringSuggestion | null {
  if (history.payments.length < SUGGESTED_AFTER) return null;
  const last = history.payments.at(-1)!;
  for (const rhythm of RHYTHMS) {
    if (daysFrom(last.day, today) > rhythm.lapsedAfter) continue;
    const run = latestRun(history.payments, rhythm.gaps);
    if (run.length < SUGGESTED_AFTER) continue;
    const middle = median(run.map((payment) => payment.amount));
    if (run.some((payment) => Math.abs(payment.amount - middle) > middle * AMOUNT_SPREAD)) continue;
    const nextDate =
      rhythm.frequency === 'week'
        ? addDays(last.day, 7)
        : occurrenceDate({ frequency: 'month', interval: 1, startDate: last.day }, 1);
    return {
      name: history.name,
      amount: last.amount,
      transactionType: history.transactionType,
      accountId: history.accountId,
      categoryId: last.categoryId,
      frequency: rhythm.frequency,
      lastDate: last.day,
      nextDate,
      occurrences: run.length,
      transactionIds: run.map((payment) => payment.id),
    };
  }
  return null;
}

/**
 * The histories of one payee on one account and of one type taken together (the database grouped
 * them by a case folding that may know only ASCII), in time order.
 */
export function mergeByPayee(histories: PayeeHistory[]): PayeeHistory[] {
  const merged = new Map<string, PayeeHistory>();
  for (const history of histories) {
    const key = `${history.accountId}:${history.transactionType}:${payeeKey(history.name)}`;
    const found = merged.get(key);
    if (found) found.payments.push(...history.payments);
    else merged.set(key, { ...history, payments: [...history.payments] });
  }
  for (const history of merged.values()) {
    history.payments.sort((a, b) => a.day.localeCompare(b.day) || a.id - b.id);
  }
  return [...merged.values()];
}
