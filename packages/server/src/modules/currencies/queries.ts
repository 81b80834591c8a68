import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { currencies, userCurrencies } from '../../db/schema.ts';

export function selectCurrencies(db: Executor) {
  return db.select().from(currencies).orderBy(asc(currencies.code));
}

export async function selectCurrencyById(db: Executor, id: number) {
  const [row] = await db.select().from(currencies).where(eq(currencies.id, id));
  return row;
}

function selectUserCurrencyRows(db: Executor) {
  return db
    .select({
      id: userCurrencies.id,
      currencyId: userCurrencies.currencyId,
      isBase: userCurrencies.isBase,
      liveRateUpdate: userCurrencies.liveRateUpdate,
      currency: getTableColumns(currencies),
    })
    .from(userCurrencies)
    .innerJoin(currencies, eq(currencies.id, userCurrencies.currencyId));
}

export function selectUserCurrencies(db: Executor, userId: number) {
  return selectUserCurrencyRows(db).where(eq(userCurrencies.userId, userId)).orderBy(asc(currencies.code));
}

export async function selectBaseCurrency(db: Executor, userId: number) {
  const [row] = await selectUserCurrencyRows(db).where(
    and(eq(userCurrencies.userId, userId), eq(userCurrencies.isBase, true)),
  );
  return row;
}

export async function insertUserCurrencyIfMissing(db: Executor, userId: number, currencyId: number) {
  await db.insert(userCurrencies).values({ userId, currencyId }).onConflictDoNothing();
}

/** Two statements, because one that swaps the flag would trip the one-base unique index midway. */
export async function markBaseCurrency(db: Executor, userId: number, currencyId: number) {
  await db
    .update(userCurrencies)
    .set({ isBase: false })
    .where(and(eq(userCurrencies.userId, userId), eq(userCurrencies.isBase, true)));
  await db
    .update(userCurrencies)
    .set({ isBase: true })
    .where(and(eq(userCurrencies.userId, userId), eq(userCurrencies.currencyId, currencyId)));
}
