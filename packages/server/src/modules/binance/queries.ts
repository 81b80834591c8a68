import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { localDayOf } from '../../db/local-day.ts';
import { binanceDailyValues, binanceKeys } from '../../db/schema.ts';

export type BinanceKeysRow = typeof binanceKeys.$inferSelect;

export async function selectKeys(db: Executor, userId: number): Promise<BinanceKeysRow | undefined> {
  const [row] = await db.select().from(binanceKeys).where(eq(binanceKeys.userId, userId));
  return row;
}

export function selectAllKeys(db: Executor): Promise<BinanceKeysRow[]> {
  return db.select().from(binanceKeys).orderBy(asc(binanceKeys.userId));
}

/** New keys replace the old ones whole, with the figures read to check them. */
export async function upsertKeys(db: Executor, row: Omit<typeof binanceKeys.$inferInsert, 'createdAt'>): Promise<void> {
  await db.insert(binanceKeys).values(row).onConflictDoUpdate({ target: binanceKeys.userId, set: row });
}

export async function deleteKeys(db: Executor, userId: number): Promise<void> {
  await db.delete(binanceKeys).where(eq(binanceKeys.userId, userId));
  await db.delete(binanceDailyValues).where(eq(binanceDailyValues.userId, userId));
}

/** Keeps the last figures read, unless the keys they were read with were replaced or removed meanwhile. */
export async function updateFigures(
  db: Executor,
  userId: number,
  apiKeySealed: string,
  figures: unknown,
  at: Date,
  permissions: { canTrade: boolean; canWithdraw: boolean },
): Promise<void> {
  await db
    .update(binanceKeys)
    .set({ figures, figuresAt: at, ...permissions })
    .where(and(eq(binanceKeys.userId, userId), eq(binanceKeys.apiKeySealed, apiKeySealed)));
}

/** The holdings' value on the local day of `at` in the user's time zone (docs/decisions.md "Local days"); the last read of a day wins. */
export async function upsertDailyValue(db: Executor, userId: number, at: Date, valueUsd: number): Promise<void> {
  const day = localDayOf(sql`${at.toISOString()}::timestamptz`, userId);
  await db
    .insert(binanceDailyValues)
    .values({ userId, day, valueUsd })
    .onConflictDoUpdate({ target: [binanceDailyValues.userId, binanceDailyValues.day], set: { valueUsd } });
}

/** Values of whole past days (Binance's daily snapshots), in place of what those days held. */
export async function upsertDailyValues(db: Executor, userId: number, values: { day: string; valueUsd: number }[]) {
  if (values.length === 0) return;
  await db
    .insert(binanceDailyValues)
    .values(values.map(({ day, valueUsd }) => ({ userId, day, valueUsd })))
    .onConflictDoUpdate({
      target: [binanceDailyValues.userId, binanceDailyValues.day],
      set: { valueUsd: sql`excluded.value_usd` },
    });
}

/**
 * The value snapshots of a range, led by the one its first day takes: the latest on or before it,
 * else the first of all (the holdings were there before their first value).
 */
export async function selectDailyValues(db: Executor, userId: number, from: string, to: string) {
  const columns = { day: binanceDailyValues.day, valueUsd: binanceDailyValues.valueUsd };
  const ofUser = eq(binanceDailyValues.userId, userId);
  const [before] = await db
    .select(columns)
    .from(binanceDailyValues)
    .where(and(ofUser, lte(binanceDailyValues.day, from)))
    .orderBy(desc(binanceDailyValues.day))
    .limit(1);
  const within = await db
    .select(columns)
    .from(binanceDailyValues)
    .where(and(ofUser, gte(binanceDailyValues.day, from), lte(binanceDailyValues.day, to)))
    .orderBy(asc(binanceDailyValues.day));
  if (before) return before.day !== from ? [before, ...within] : within;
  if (within.length > 0) return within;
  const [first] = await db
    .select(columns)
    .from(binanceDailyValues)
    .where(ofUser)
    .orderBy(asc(binanceDailyValues.day))
    .limit(1);
  return first ? [first] : [];
}

/** The first local day with a value: the crypto holdings are known from then on; null without any. */
export async function selectCryptoKnownSince(db: Executor, userId: number): Promise<string | null> {
  const [first] = await db
    .select({ day: binanceDailyValues.day })
    .from(binanceDailyValues)
    .where(eq(binanceDailyValues.userId, userId))
    .orderBy(asc(binanceDailyValues.day))
    .limit(1);
  return first?.day ?? null;
}
