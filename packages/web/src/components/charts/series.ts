import type { BalancePoint, CryptoBalancePoint } from '@kopiyka/shared';
import type { DayKey } from '../../lib/dates.ts';

/** One day of a balance chart. */
export type TrendPoint = {
  date: DayKey;
  /** What the chart draws, in minor units. */
  value: number;
  /** The same in the base currency, where the chart draws another currency; null when there is no rate. */
  refValue?: number | null;
  /** Accounts left out of `value` that day: no exchange rate could be had for their currency. */
  unvaluedAccountIds: readonly number[];
};

/**
 * The daily total across accounts in the base currency, oldest first. The API gives every account
 * on every day (before its first transaction, at its initial balance), so a new account is no jump
 * here. A day without a rate for an account leaves it out of that day's total and names it, the
 * rule of GET /stats/total-balance, so the chart's last day and the total balance agree.
 */
export function dailyTotals(
  points: readonly BalancePoint[],
  /** The crypto holdings of each day (GET /stats/crypto-balance-history), added as the total balance adds them. */
  crypto: readonly CryptoBalancePoint[] = [],
): TrendPoint[] {
  const totals = new Map<DayKey, { date: DayKey; value: number; unvaluedAccountIds: number[] }>();
  for (const point of points) {
    const total = totals.get(point.date) ?? { date: point.date, value: 0, unvaluedAccountIds: [] };
    if (point.refBalance === null) total.unvaluedAccountIds.push(point.accountId);
    else total.value += point.refBalance;
    totals.set(point.date, total);
  }
  // Crypto held with no account yet still makes a day's total.
  for (const point of crypto) {
    const total = totals.get(point.date) ?? { date: point.date, value: 0, unvaluedAccountIds: [] };
    total.value += point.refBalance;
    totals.set(point.date, total);
  }
  return [...totals.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** Every account left out of the total on any day of a trend, in order of first appearance. */
export function unvaluedAccounts(points: readonly TrendPoint[]): number[] {
  return [...new Set(points.flatMap((point) => point.unvaluedAccountIds))];
}

/** One account's balance in its own currency, with its base-currency value beside it. */
export function accountSeries(points: readonly BalancePoint[], accountId: number): TrendPoint[] {
  return points
    .filter((point) => point.accountId === accountId)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((point) => ({ date: point.date, value: point.balance, refValue: point.refBalance, unvaluedAccountIds: [] }));
}
