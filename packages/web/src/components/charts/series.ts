import type { BalancePoint } from '@kopiyka/shared';
import type { DayKey } from '../../lib/dates.ts';

/** One day of a balance chart. */
export type TrendPoint = {
  date: DayKey;
  /** What the chart draws, in minor units. */
  value: number;
  /** The same in the base currency, where the chart draws another currency; null when there is no rate. */
  refValue?: number | null;
  /** True when some of `value` is an estimate: an account without that day's rate took its nearest one. */
  estimated: boolean;
};

/**
 * Each account's base-currency values with the days that have no rate filled in: from the last
 * day before that had one, or (at the start of the range) the first day after. An account that
 * has no rate on any day cannot be valued at all and stays empty.
 */
function filledRefValues(
  points: readonly BalancePoint[],
): Map<number, Map<DayKey, { value: number; filled: boolean }>> {
  const byAccount = new Map<number, BalancePoint[]>();
  for (const point of points) {
    const series = byAccount.get(point.accountId) ?? [];
    series.push(point);
    byAccount.set(point.accountId, series);
  }
  const filled = new Map<number, Map<DayKey, { value: number; filled: boolean }>>();
  for (const [accountId, series] of byAccount) {
    series.sort((a, b) => a.date.localeCompare(b.date));
    const firstKnown = series.find((point) => point.refBalance !== null)?.refBalance;
    if (firstKnown === undefined || firstKnown === null) continue;
    const values = new Map<DayKey, { value: number; filled: boolean }>();
    let last = firstKnown;
    for (const point of series) {
      if (point.refBalance !== null) last = point.refBalance;
      values.set(point.date, { value: last, filled: point.refBalance === null });
    }
    filled.set(accountId, values);
  }
  return filled;
}

/**
 * The daily total across accounts in the base currency, oldest first. An account counts from its
 * first day (the API leaves earlier days out); a day without a rate for an account borrows the
 * nearest one and is marked estimated.
 */
export function dailyTotals(points: readonly BalancePoint[]): TrendPoint[] {
  const totals = new Map<DayKey, TrendPoint>();
  for (const values of filledRefValues(points).values()) {
    for (const [date, { value, filled }] of values) {
      const total = totals.get(date) ?? { date, value: 0, estimated: false };
      total.value += value;
      total.estimated ||= filled;
      totals.set(date, total);
    }
  }
  return [...totals.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** One account's balance in its own currency, with its base-currency value beside it. */
export function accountSeries(points: readonly BalancePoint[], accountId: number): TrendPoint[] {
  return points
    .filter((point) => point.accountId === accountId)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((point) => ({ date: point.date, value: point.balance, refValue: point.refBalance, estimated: false }));
}
