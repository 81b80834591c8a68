import { and, desc, eq, gte, lte, max, or, sql } from 'drizzle-orm';
import { builtOnce } from '../../db/built-once.ts';
import type { Executor } from '../../db/client.ts';
import { customRates, exchangeRateDays, exchangeRates } from '../../db/schema.ts';

export interface StoredDay {
  date: string;
  publishedDate: string;
  perUnit: Record<string, number>;
}

async function ratesOfDay(db: Executor, source: string, date: string, publishedDate: string): Promise<StoredDay> {
  const rows = await db
    .select({ code: exchangeRates.code, perUnit: exchangeRates.perUnit })
    .from(exchangeRates)
    .where(and(eq(exchangeRates.source, source), eq(exchangeRates.date, date)));
  return { date, publishedDate, perUnit: Object.fromEntries(rows.map((r) => [r.code, r.perUnit])) };
}

export async function selectDay(db: Executor, source: string, date: string): Promise<StoredDay | undefined> {
  const [day] = await db
    .select()
    .from(exchangeRateDays)
    .where(and(eq(exchangeRateDays.source, source), eq(exchangeRateDays.date, date)));
  return day ? ratesOfDay(db, source, day.date, day.publishedDate) : undefined;
}

/** The latest stored day before `date`: the fallback when that day's rates cannot be had. */
export async function selectNearestEarlierDay(db: Executor, source: string, date: string) {
  const [day] = await db
    .select()
    .from(exchangeRateDays)
    .where(and(eq(exchangeRateDays.source, source), lte(exchangeRateDays.date, date)))
    .orderBy(desc(exchangeRateDays.date))
    .limit(1);
  return day ? ratesOfDay(db, source, day.date, day.publishedDate) : undefined;
}

/** Stores a fetched day; a concurrent store of the same day by another instance is harmless. */
export async function insertDay(
  db: Executor,
  source: string,
  date: string,
  publishedDate: string,
  perUnit: Record<string, number>,
  fetchedAt: Date,
) {
  const rows = Object.entries(perUnit).map(([code, value]) => ({ source, date, code, perUnit: value }));
  if (rows.length > 0) await db.insert(exchangeRates).values(rows).onConflictDoNothing();
  await db.insert(exchangeRateDays).values({ source, date, publishedDate, fetchedAt }).onConflictDoNothing();
}

/** Every custom rate of the user (a handful): what paths between currencies are found over. */
const customRatesOfUser = builtOnce((db) =>
  db
    .select()
    .from(customRates)
    .where(eq(customRates.userId, sql.placeholder('userId')))
    .prepare('custom_rates_of_user'),
);

export function selectAllCustomRates(db: Executor, userId: number) {
  return customRatesOfUser(db, { userId });
}

/**
 * Sets the rate of a pair from a day (or for every day). Two partial unique indexes (a dated rate,
 * and an every-day rate) each get their own upsert, so two requests setting the same rate at once
 * both succeed: the later one wins.
 */
export async function upsertCustomRate(
  db: Executor,
  row: { userId: number; baseCode: string; quoteCode: string; effectiveFrom: string | null; rate: number },
) {
  const pair = [customRates.userId, customRates.baseCode, customRates.quoteCode];
  await db
    .insert(customRates)
    .values(row)
    .onConflictDoUpdate(
      row.effectiveFrom === null
        ? { target: pair, targetWhere: sql`${customRates.effectiveFrom} is null`, set: { rate: row.rate } }
        : {
            target: [...pair, customRates.effectiveFrom],
            targetWhere: sql`${customRates.effectiveFrom} is not null`,
            set: { rate: row.rate },
          },
    );
}

/** Removes every rate of the pairs; answers the first days of those removed (null: an every-day rate). */
export async function deleteCustomRatesOfPairs(
  db: Executor,
  userId: number,
  pairs: Array<{ baseCode: string; quoteCode: string }>,
) {
  if (pairs.length === 0) return [];
  return db
    .delete(customRates)
    .where(
      and(
        eq(customRates.userId, userId),
        or(...pairs.map((p) => and(eq(customRates.baseCode, p.baseCode), eq(customRates.quoteCode, p.quoteCode)))),
      ),
    )
    .returning({
      baseCode: customRates.baseCode,
      quoteCode: customRates.quoteCode,
      effectiveFrom: customRates.effectiveFrom,
    });
}

export async function deleteCustomRatesOfCurrency(db: Executor, userId: number, code: string) {
  await db
    .delete(customRates)
    .where(and(eq(customRates.userId, userId), or(eq(customRates.baseCode, code), eq(customRates.quoteCode, code))));
}

export async function countDayRows(db: Executor, source: string, from: string, to: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(exchangeRateDays)
    .where(and(eq(exchangeRateDays.source, source), gte(exchangeRateDays.date, from), lte(exchangeRateDays.date, to)));
  return row?.n ?? 0;
}

/** Stores many days at once (a range fetch); days already stored are left as they are. */
export async function insertDays(db: Executor, source: string, days: StoredDay[], fetchedAt: Date) {
  const rates = days.flatMap((day) =>
    Object.entries(day.perUnit).map(([code, perUnit]) => ({ source, date: day.date, code, perUnit })),
  );
  for (let i = 0; i < rates.length; i += 5000) {
    await db
      .insert(exchangeRates)
      .values(rates.slice(i, i + 5000))
      .onConflictDoNothing();
  }
  const dayRows = days.map((day) => ({ source, date: day.date, publishedDate: day.publishedDate, fetchedAt }));
  for (let i = 0; i < dayRows.length; i += 5000) {
    await db
      .insert(exchangeRateDays)
      .values(dayRows.slice(i, i + 5000))
      .onConflictDoNothing();
  }
}

/**
 * Stored days of a source between two days, with the rates of the given currencies only. One row
 * of JSON rather than a row per rate: the embedded database decodes each row it answers in
 * JavaScript (~15 µs a row), and a year of three currencies from two sources is ~3,000 rows.
 */
export async function selectDaysInRange(
  db: Executor,
  source: string,
  from: string,
  to: string,
  /** null: every currency's. */
  codes: string[] | null,
) {
  const codeList =
    codes === null
      ? sql`r.code`
      : codes.length === 0
        ? sql`null`
        : sql.join(
            codes.map((code) => sql`${code}`),
            sql`, `,
          );
  const result = (await db.execute(sql`
    select coalesce(json_agg(json_build_array(d.date, d.published_date, coalesce((
      select json_object_agg(r.code, r.per_unit) from ${exchangeRates} r
      where r.source = d.source and r.date = d.date and r.code in (${codeList})
    ), '{}'))), '[]')::text as days
    from ${exchangeRateDays} d
    where d.source = ${source} and d.date >= ${from} and d.date <= ${to}`)) as unknown as { rows: { days: string }[] };
  const stored = JSON.parse(result.rows[0]!.days) as [string, string, Record<string, number>][];
  return new Map<string, StoredDay>(
    stored.map(([date, publishedDate, perUnit]) => [date, { date, publishedDate, perUnit }]),
  );
}

/** When each source's rates were last stored (any day), across restarts. */
export async function selectLastFetched(db: Executor): Promise<Map<string, Date>> {
  const rows = await db
    .select({ source: exchangeRateDays.source, at: max(exchangeRateDays.fetchedAt) })
    .from(exchangeRateDays)
    .groupBy(exchangeRateDays.source);
  return new Map(rows.flatMap((row) => (row.at ? [[row.source, row.at] as const] : [])));
}
