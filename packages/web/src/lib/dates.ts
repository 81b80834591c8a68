import { t } from './i18n.ts';
import { calendarFormat, dateTimeFormat, displayLocale, displayTimeZone, relativeTimeFormat } from './locale.ts';

/** A calendar month, as the dashboard's `month` search parameter writes it: YYYY-MM. */
export type MonthKey = string;

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const pad = (value: number) => String(value).padStart(2, '0');

/** What a wall clock shows at some moment in some time zone; `month` counts from 1. */
export type WallTime = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const WALL_PARTS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;

/** The wall clock of the user's time zone (or `timeZone`) at `moment`. */
export function wallTime(moment: Date, timeZone: string = displayTimeZone()): WallTime {
  const format = dateTimeFormat(
    {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    },
    'en-US',
  );
  const parts = format.formatToParts(moment);
  const part = (type: (typeof WALL_PARTS)[number]) => Number(parts.find((candidate) => candidate.type === type)?.value);
  return Object.fromEntries(WALL_PARTS.map((type) => [type, part(type)])) as WallTime;
}

/** How far the zone's wall clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffset(instant: number, timeZone: string): number {
  const wall = wallTime(new Date(instant), timeZone);
  const wholeSecond = instant - (((instant % 1000) + 1000) % 1000);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - wholeSecond;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The moment the user's time zone (or `timeZone`) shows `wall`; values out of range roll over as
 * in `Date.UTC`. Offsets are read a day either side, so a daylight-saving change between them is
 * seen: a time shown twice (clocks going back) is its first moment; a time skipped (clocks going
 * forward) is read by the clock before the jump, so it lands as far past it as it was meant to be
 * (Temporal's "compatible"): a skipped midnight is the jump itself, the day's first moment.
 */
export function zonedInstant(wall: WallTime, timeZone: string = displayTimeZone()): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  const candidates = [
    ...new Set([asUtc - zoneOffset(asUtc - DAY_MS, timeZone), asUtc - zoneOffset(asUtc + DAY_MS, timeZone)]),
  ];
  const shown = candidates.filter((candidate) => asUtc - candidate === zoneOffset(candidate, timeZone));
  return new Date(shown.length > 0 ? Math.min(...shown) : Math.max(...candidates));
}

/** The month of a moment in the user's time zone. */
export function monthKey(moment: Date): MonthKey {
  const { year, month } = wallTime(moment);
  return `${year}-${pad(month)}`;
}

/**
 * A calendar day as a Date at its UTC midnight: a value for calendar arithmetic and for
 * `calendarFormat`, never a moment (the day is the same in every zone).
 */
export function calendarDate(day: DayKey): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date));
}

/** The day of a `calendarDate`. */
export function calendarDay(date: Date): DayKey {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The month of `value`, or the current month when it is missing, malformed or in the future. */
export function parseMonth(value: string | null, now: Date = new Date()): MonthKey {
  const current = monthKey(now);
  if (!value || !MONTH_PATTERN.test(value)) return current;
  return value > current ? current : value;
}

/** The later of two months. */
export const laterMonth = (a: MonthKey, b: MonthKey): MonthKey => (a > b ? a : b);

export function shiftMonth(month: MonthKey, delta: number): MonthKey {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return calendarDay(new Date(Date.UTC(year, monthNumber - 1 + delta, 1))).slice(0, 7);
}

export function formatMonth(month: MonthKey): string {
  return calendarFormat({ month: 'long', year: 'numeric' }).format(calendarDate(`${month}-01`));
}

/** A month standing alone, as a caption: capitalised where the language writes months in lower case ("Листопад 2026 р."). */
export function formatMonthTitle(month: MonthKey): string {
  const text = formatMonth(month);
  return text.charAt(0).toLocaleUpperCase(displayLocale()) + text.slice(1);
}

export function formatDate(iso: string): string {
  return dateTimeFormat({ dateStyle: 'long' }).format(new Date(iso));
}

/** "25 Nov 2026": a moment's day where room is short. */
export function formatShortDate(iso: string): string {
  return dateTimeFormat({ dateStyle: 'medium' }).format(new Date(iso));
}

/** A calendar day, YYYY-MM-DD, as the API writes date-only values. */
export type DayKey = string;

/** A day key as "14 Nov 2026", the same day in any time zone. */
export function formatDay(day: DayKey): string {
  return calendarFormat({ dateStyle: 'medium' }).format(calendarDate(day));
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
  return relativeTimeFormat().format(-Math.floor(seconds / size), unit);
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
