import { type SQL, sql } from 'drizzle-orm';

/**
 * The calendar day of `time` (an SQL timestamptz) in the user's time zone (docs/decisions.md "Local
 * days"): the one definition shared by the ledger's day deltas and the crypto holdings' daily values.
 */
export const localDayOf = (time: SQL, userId: number) => sql`(${time} at time zone ${timeZoneOf(userId)})::date`;

/** The first instant of `day` (an SQL date) in the user's time zone: the day's rows are at or after it. */
export const localDayStart = (day: SQL, userId: number) =>
  sql`((${day})::timestamp at time zone ${timeZoneOf(userId)})`;

const timeZoneOf = (userId: number) => sql`(select s.time_zone from user_settings s where s.user_id = ${userId})`;
