/**
 * Recurring money's rhythm (docs/decisions.md "Recurring money"): the local days a schedule falls
 * on, worked out from its start alone, so that an occurrence's date never depends on when or how
 * often it was computed, and the parts of an instalment plan. Shared: the server records by these
 * dates, and the web shows them before saving.
 */

export const RECURRING_FREQUENCIES = ['day', 'week', 'month', 'year'] as const;
export type RecurringFrequency = (typeof RECURRING_FREQUENCIES)[number];

export interface Rhythm {
  frequency: RecurringFrequency;
  /** Every `interval` days, weeks, months or years (1 or more). */
  interval: number;
  /** The first occurrence, a local `YYYY-MM-DD`. */
  startDate: string;
  /** No occurrence after this local day (included). */
  endDate?: string | null;
  /** At most this many occurrences. */
  count?: number | null;
}

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` as a count of days since 1970-01-01 (calendar arithmetic in UTC, no zone involved). */
function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

function dayOf(number: number): string {
  return new Date(number * DAY_MS).toISOString().slice(0, 10);
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/**
 * The `n`th occurrence (from 0) of the rhythm, whether or not its end or count allows it. Months
 * and years count from the start's day of the month: a schedule on the 31st falls on the last day
 * of a shorter month and on the 31st again after it, and one on 29 February on the 28th of a
 * common year.
 */
export function occurrenceDate(rhythm: Rhythm, n: number): string {
  const { frequency, interval, startDate } = rhythm;
  if (frequency === 'day' || frequency === 'week') {
    return dayOf(dayNumber(startDate) + n * interval * (frequency === 'week' ? 7 : 1));
  }
  const [year, month, day] = startDate.split('-').map(Number) as [number, number, number];
  const months = month - 1 + n * interval * (frequency === 'year' ? 12 : 1);
  const targetYear = year + Math.floor(months / 12);
  const targetMonth = months % 12;
  const targetDay = Math.min(day, daysInMonth(targetYear, targetMonth));
  return dayOf(Date.UTC(targetYear, targetMonth, targetDay) / DAY_MS);
}

/** Whether the `n`th occurrence is one the rhythm has: within its count and on or before its end. */
function isWithinEnd(rhythm: Rhythm, n: number, date: string): boolean {
  if (rhythm.count != null && n >= rhythm.count) return false;
  return rhythm.endDate == null || date <= rhythm.endDate;
}

/**
 * The first occurrence's index on or after `day`: worked out from the elapsed days or months, then
 * corrected by a step (a month's clamping can put the estimate one off).
 */
function firstIndexFrom(rhythm: Rhythm, day: string): number {
  if (day <= rhythm.startDate) return 0;
  let n: number;
  if (rhythm.frequency === 'day' || rhythm.frequency === 'week') {
    const step = rhythm.interval * (rhythm.frequency === 'week' ? 7 : 1);
    n = Math.ceil((dayNumber(day) - dayNumber(rhythm.startDate)) / step);
  } else {
    const [y0, m0] = rhythm.startDate.split('-').map(Number) as [number, number];
    const [y1, m1] = day.split('-').map(Number) as [number, number];
    const step = rhythm.interval * (rhythm.frequency === 'year' ? 12 : 1);
    n = Math.max(0, Math.floor((y1 * 12 + m1 - (y0 * 12 + m0)) / step));
  }
  while (n > 0 && occurrenceDate(rhythm, n - 1) >= day) n--;
  while (occurrenceDate(rhythm, n) < day) n++;
  return n;
}

export interface Occurrence {
  /** Its place in the rhythm, from 0. */
  index: number;
  /** Its local day, `YYYY-MM-DD`. */
  date: string;
}

/**
 * The occurrences within `from`..`to` (local days, both included), in order, at most `limit` of
 * them (a daily rhythm over years is long).
 */
export function occurrencesWithin(rhythm: Rhythm, from: string, to: string, limit = 1_000): Occurrence[] {
  const found: Occurrence[] = [];
  for (let n = firstIndexFrom(rhythm, from); found.length < limit; n++) {
    const date = occurrenceDate(rhythm, n);
    if (date > to || !isWithinEnd(rhythm, n, date)) break;
    found.push({ index: n, date });
  }
  return found;
}

/** The first occurrence on or after `day`, or null when the rhythm has ended by then. */
export function nextOccurrence(rhythm: Rhythm, day: string): Occurrence | null {
  const n = firstIndexFrom(rhythm, day);
  const date = occurrenceDate(rhythm, n);
  return isWithinEnd(rhythm, n, date) ? { index: n, date } : null;
}

/**
 * The amounts of an instalment plan: `count` parts of `total` (minor units) that add up to it
 * exactly, each the whole part of the share and the remainder in the last one — the last payment
 * is the one a shop adjusts, and the others stay equal.
 */
export function instalmentParts(total: number, count: number): number[] {
  const part = Math.floor(total / count);
  return Array.from({ length: count }, (_, k) => (k === count - 1 ? total - part * (count - 1) : part));
}
