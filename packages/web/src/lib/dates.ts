import { DISPLAY_LOCALE } from './locale.ts';

/** A calendar month, as the dashboard's `month` search parameter writes it: YYYY-MM. */
export type MonthKey = string;

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function monthKey(date: Date): MonthKey {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

/** The month of `value`, or the current month when it is missing, malformed or in the future. */
export function parseMonth(value: string | null, now: Date = new Date()): MonthKey {
  const current = monthKey(now);
  if (!value || !MONTH_PATTERN.test(value)) return current;
  return value > current ? current : value;
}

export function shiftMonth(month: MonthKey, delta: number): MonthKey {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthKey(new Date(year, monthNumber - 1 + delta, 1));
}

export function formatMonth(month: MonthKey): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(DISPLAY_LOCALE, { month: 'long', year: 'numeric' }).format(
    new Date(year, monthNumber - 1, 1),
  );
}

export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'long' }).format(new Date(iso));
}

/** A calendar day, YYYY-MM-DD, as the API writes date-only values (API.md). */
export type DayKey = string;

/**
 * A day key as "14 Nov 2026". Read as a local date: `new Date('2026-11-14')` would be UTC midnight,
 * the day before west of Greenwich.
 */
export function formatDay(day: DayKey): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium' }).format(new Date(year, month - 1, date));
}
