import type { DailyRates } from './data.ts';

const sortedDays = new WeakMap<DailyRates, string[]>();

/** The table's days, ascending (computed once per table; tables are not expected to change). */
export function daysOf(table: DailyRates): string[] {
  let days = sortedDays.get(table);
  if (!days) {
    days = [...table.keys()].sort();
    sortedDays.set(table, days);
  }
  return days;
}

/** The latest day of the table on or before `day`, or undefined. */
export function dayOnOrBefore(table: DailyRates, day: string): string | undefined {
  const days = daysOf(table);
  let low = 0;
  let high = days.length - 1;
  let found: string | undefined;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const candidate = days[mid]!;
    if (candidate <= day) {
      found = candidate;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  return found;
}

/** The table's days from `start` to `end`, both included, ascending. */
export function daysInRange(table: DailyRates, start: string, end: string): string[] {
  return daysOf(table).filter((day) => day >= start && day <= end);
}
