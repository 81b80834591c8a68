import { t } from './i18n.ts';
import { dateTimeFormat, displayLocale } from './locale.ts';

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
  return dateTimeFormat({ month: 'long', year: 'numeric' }).format(new Date(year, monthNumber - 1, 1));
}

export function formatDate(iso: string): string {
  return dateTimeFormat({ dateStyle: 'long' }).format(new Date(iso));
}

/** "25 Nov 2026": a moment's day where room is short. */
export function formatShortDate(iso: string): string {
  return dateTimeFormat({ dateStyle: 'medium' }).format(new Date(iso));
}

/** A calendar day, YYYY-MM-DD, as the API writes date-only values (API.md). */
export type DayKey = string;

/**
 * A day key as "14 Nov 2026". Read as a local date: `new Date('2026-11-14')` would be UTC midnight,
 * the day before west of Greenwich.
 */
export function formatDay(day: DayKey): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return dateTimeFormat({ dateStyle: 'medium' }).format(new Date(year, month - 1, date));
}

const RELATIVE_STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60],
  ['hour', 60 * 60],
  ['day', 24 * 60 * 60],
];

/** How long ago a moment was: "just now", "5 minutes ago", "yesterday"; a date beyond a week. */
export function formatTimeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  if (seconds < 60) return t('time.justNow');
  if (seconds >= 7 * 24 * 60 * 60) return formatDate(iso);
  let unit: Intl.RelativeTimeFormatUnit = 'minute';
  let size = 60;
  for (const [stepUnit, stepSize] of RELATIVE_STEPS) {
    if (seconds >= stepSize) [unit, size] = [stepUnit, stepSize];
  }
  return new Intl.RelativeTimeFormat(displayLocale(), { numeric: 'auto' }).format(-Math.floor(seconds / size), unit);
}

/** A wait or a job's length, rounded as a person would say it: "less than a minute", "about 9 minutes", "about 2 hours 10 minutes". */
export function formatDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return t('time.lessThanMinute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t('time.aboutMinutes', { minutes });
  return rest === 0 ? t('time.aboutHours', { hours }) : t('time.aboutHoursMinutes', { hours, minutes: rest });
}
