/** Today as YYYY-MM-DD in UTC: the day of exchange rates. A user's own days are in their zone (docs/decisions.md "Local days"). */
export function todayIso(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Days since 1970-01-01 of a YYYY-MM-DD day, by calendar arithmetic rather than a Date: a year of
 * statistics steps through hundreds of days per request, and parsing and printing a Date for each
 * was a fifth of such a request's time. March-based years put the leap day last.
 */
function dayNumber(day: string): number {
  const month = Number(day.slice(5, 7));
  const year = Number(day.slice(0, 4)) - (month <= 2 ? 1 : 0);
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + Number(day.slice(8, 10)) - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The YYYY-MM-DD day `number` days after 1970-01-01 (dayNumber's inverse). */
function dayOfNumber(number: number): string {
  const shifted = number + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const date = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${date < 10 ? '0' : ''}${date}`;
}

/** The day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  return dayOfNumber(dayNumber(day) + days);
}

/** The first day of the month `months` after (or before, when negative) the month of a YYYY-MM-DD day. */
export function monthStart(day: string, months = 0): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const first = dayNumber(from);
  const count = dayNumber(to) - first + 1;
  const days = new Array<string>(Math.max(0, count));
  for (let i = 0; i < count; i++) days[i] = dayOfNumber(first + i);
  return days;
}

/** The earlier of two YYYY-MM-DD days. */
export function earlierDay(a: string, b: string): string {
  return a < b ? a : b;
}

/** The start of the minute `moment` falls in. */
export function startOfMinute(moment: Date): Date {
  return new Date(Math.floor(moment.getTime() / 60_000) * 60_000);
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock parts of `moment` in an IANA zone, with the zone's offset then as `+02:00`. */
function zonedParts(moment: Date, timeZone: string) {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    });
    zoneFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(moment).map((part) => [part.type, part.value]));
  // longOffset writes "GMT+02:00" (some runtimes plain "GMT" for a zero offset).
  const offset = parts.timeZoneName!.replace(/^GMT/, '') || '+00:00';
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}:${parts.second}`,
    offset,
  };
}

/** `moment` as ISO 8601 in the user's zone, with its offset: `2026-11-25T14:03:00+02:00`. */
export function zonedIso(moment: Date, timeZone: string): string {
  const { day, time, offset } = zonedParts(moment, timeZone);
  return `${day}T${time}${offset}`;
}

/** `moment` as the user's wall clock written day first, as Ukrainian spreadsheets read a date and time: `25.11.2026 14:03:00`. */
export function zonedDayFirst(moment: Date, timeZone: string): string {
  const { day, time } = zonedParts(moment, timeZone);
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year} ${time}`;
}

/** The user's calendar day of `moment` (docs/decisions.md "Local days"), as YYYY-MM-DD. */
export function zonedDay(moment: Date, timeZone: string): string {
  return zonedParts(moment, timeZone).day;
}

/**
 * The instant the wall clock shows `time` (HH:MM:SS) on `day` in an IANA zone: from the zone's
 * offset at a first guess, checked once more (the offset may differ at the answer). Meant for
 * times of day no clock change skips or repeats, such as noon.
 */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const wall = Date.parse(`${day}T${time}Z`);
  let instant = wall;
  for (let i = 0; i < 2; i++) {
    const offset = zonedParts(new Date(instant), timeZone).offset;
    const [, sign, hours, minutes] = /^([+-])(\d\d):(\d\d)$/.exec(offset) ?? ['', '+', '00', '00'];
    const offsetMs = (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes)) * 60_000;
    instant = wall - offsetMs;
  }
  return new Date(instant);
}
