/** Today as YYYY-MM-DD. Days are UTC days throughout the server (see docs/decisions.md). */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
