/** Calendar-day helpers. Days are ISO `YYYY-MM-DD` strings; arithmetic runs in UTC so no zone can shift a day. */

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toEpochDay(iso: string): number {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;
}

function fromEpochDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The day itself when `value` is a real calendar day written `YYYY-MM-DD`, else null. */
export function parseIsoDay(value: string): string | null {
  const match = ISO_DAY.exec(value);
  if (!match) return null;
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (Number.isNaN(date.getTime())) return null;
  const iso = date.toISOString().slice(0, 10);
  return iso === value ? iso : null;
}

/** NBU's `YYYYMMDD` query form to `YYYY-MM-DD`, or null when it is not a real day. */
export function parseCompactDay(value: string): string | null {
  if (!/^\d{8}$/.test(value)) return null;
  return parseIsoDay(`${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`);
}

/** `YYYY-MM-DD` → NBU's `DD.MM.YYYY`. */
export function toNbuDate(iso: string): string {
  return `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
}

export function addDays(iso: string, days: number): string {
  return fromEpochDay(toEpochDay(iso) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return toEpochDay(to) - toEpochDay(from);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(iso: string): number {
  return new Date(toEpochDay(iso) * DAY_MS).getUTCDay();
}

export function isWeekend(iso: string): boolean {
  const day = weekday(iso);
  return day === 0 || day === 6;
}

/** The nearest Monday–Friday strictly before `iso`. */
export function previousWeekday(iso: string): string {
  let day = addDays(iso, -1);
  while (isWeekend(day)) day = addDays(day, -1);
  return day;
}

/** Every day from `start` to `end`, both included. */
export function* eachDay(start: string, end: string): Generator<string> {
  for (let day = toEpochDay(start), last = toEpochDay(end); day <= last; day++) yield fromEpochDay(day);
}

/** Easter Sunday of a Gregorian year (anonymous Gregorian algorithm). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** TARGET2 closing days on which the ECB publishes no reference rates (besides weekends). */
export function isTargetHoliday(iso: string): boolean {
  const monthDay = iso.slice(5);
  if (monthDay === '01-01' || monthDay === '05-01' || monthDay === '12-25' || monthDay === '12-26') return true;
  const easter = easterSunday(Number(iso.slice(0, 4)));
  return iso === addDays(easter, -2) || iso === addDays(easter, 1);
}

/** The calendar day and hour (0–23) that `now` is in a time zone. */
export function zonedDayAndHour(now: Date, timeZone: string): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}
