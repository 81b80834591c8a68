/** Today as YYYY-MM-DD in UTC: the day of exchange rates. A user's own days are in their zone (docs/decisions.md "Local days"). */
export function todayIso(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
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
