import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm';
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
) {
  const rows = Object.entries(perUnit).map(([code, value]) => ({ source, date, code, perUnit: value }));
  if (rows.length > 0) await db.insert(exchangeRates).values(rows).onConflictDoNothing();
  await db.insert(exchangeRateDays).values({ source, date, publishedDate }).onConflictDoNothing();
}

export function selectCustomRates(db: Executor, userId: number, pairs: Array<{ baseCode: string; quoteCode: string }>) {
  if (pairs.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(customRates)
    .where(
      and(
        eq(customRates.userId, userId),
        or(...pairs.map((p) => and(eq(customRates.baseCode, p.baseCode), eq(customRates.quoteCode, p.quoteCode)))),
      ),
    );
}

export async function upsertCustomRate(
  db: Executor,
  row: { userId: number; baseCode: string; quoteCode: string; effectiveFrom: string | null; rate: number },
) {
  // Two partial unique indexes (a dated rate, and an every-day rate), so replace by hand.
  await db
    .delete(customRates)
    .where(
      and(
        eq(customRates.userId, row.userId),
        eq(customRates.baseCode, row.baseCode),
        eq(customRates.quoteCode, row.quoteCode),
        row.effectiveFrom === null
          ? sql`${customRates.effectiveFrom} is null`
          : eq(customRates.effectiveFrom, row.effectiveFrom),
      ),
    );
  await db.insert(customRates).values(row);
}

export async function deleteCustomRatesOfPairs(
  db: Executor,
  userId: number,
  pairs: Array<{ baseCode: string; quoteCode: string }>,
) {
  if (pairs.length === 0) return;
  await db
    .delete(customRates)
    .where(
      and(
        eq(customRates.userId, userId),
        or(...pairs.map((p) => and(eq(customRates.baseCode, p.baseCode), eq(customRates.quoteCode, p.quoteCode)))),
      ),
    );
}

/** Currencies (of those given) that have a custom rate against `baseCode` in either direction. */
export async function selectCodesWithCustomRate(db: Executor, userId: number, baseCode: string, codes: string[]) {
  if (codes.length === 0) return new Set<string>();
  const rows = await db
    .selectDistinct({ code: customRates.baseCode })
    .from(customRates)
    .where(
      and(eq(customRates.userId, userId), eq(customRates.quoteCode, baseCode), inArray(customRates.baseCode, codes)),
    );
  return new Set(rows.map((r) => r.code));
}

export async function deleteCustomRatesOfCurrency(db: Executor, userId: number, code: string) {
  await db
    .delete(customRates)
    .where(and(eq(customRates.userId, userId), or(eq(customRates.baseCode, code), eq(customRates.quoteCode, code))));
}
