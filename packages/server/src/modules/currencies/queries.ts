import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { builtOnce } from '../../db/built-once.ts';
import type { Executor } from '../../db/client.ts';
import { accounts, currencies, userCurrencies } from '../../db/schema.ts';

export function selectCurrencies(db: Executor) {
  return db.select().from(currencies).orderBy(asc(currencies.code));
}

export function selectCurrenciesByIds(db: Executor, ids: number[]) {
  return db.select().from(currencies).where(inArray(currencies.id, ids));
}

export async function selectCurrencyByNumber(db: Executor, number: number) {
  const [row] = await db.select().from(currencies).where(eq(currencies.number, number));
  return row;
}

function selectUserCurrencyRows(db: Executor) {
  return db
    .select({
      id: userCurrencies.id,
      currencyId: userCurrencies.currencyId,
      isBase: userCurrencies.isBase,
      // The provider's rate is used unless the user set a custom rate against the base currency.
      liveRateUpdate: sql<boolean>`not exists (
        select 1 from custom_rates cr
        join user_currencies b on b.user_id = cr.user_id and b.is_base
        join currencies bc on bc.id = b.currency_id
        where cr.user_id = ${userCurrencies.userId} and cr.base_code = ${currencies.code} and cr.quote_code = bc.code
      )`.mapWith(Boolean),
      currency: getTableColumns(currencies),
    })
    .from(userCurrencies)
    .innerJoin(currencies, eq(currencies.id, userCurrencies.currencyId));
}

export function selectUserCurrencies(db: Executor, userId: number) {
  return selectUserCurrencyRows(db).where(eq(userCurrencies.userId, userId)).orderBy(asc(currencies.code));
}

export async function selectUserCurrency(db: Executor, userId: number, currencyId: number) {
  const [row] = await selectUserCurrencyRows(db).where(
    and(eq(userCurrencies.userId, userId), eq(userCurrencies.currencyId, currencyId)),
  );
  return row;
}

const baseCurrencyOfUser = builtOnce((db) =>
  selectUserCurrencyRows(db)
    .where(and(eq(userCurrencies.userId, sql.placeholder('userId')), eq(userCurrencies.isBase, true)))
    .prepare('base_currency_of_user'),
);

export async function selectBaseCurrency(db: Executor, userId: number) {
  const [row] = await baseCurrencyOfUser(db, { userId });
  return row;
}

export async function insertUserCurrenciesIfMissing(db: Executor, userId: number, currencyIds: number[]) {
  if (currencyIds.length === 0) return;
  await db
    .insert(userCurrencies)
    .values(currencyIds.map((currencyId) => ({ userId, currencyId })))
    .onConflictDoNothing();
}

export async function deleteUserCurrency(db: Executor, userId: number, currencyId: number) {
  await db
    .delete(userCurrencies)
    .where(and(eq(userCurrencies.userId, userId), eq(userCurrencies.currencyId, currencyId)));
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

export async function countAccountsInCurrency(db: Executor, userId: number, currencyId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.currencyId, currencyId)));
  return row?.n ?? 0;
}

/** First key of pg_advisory_xact_lock(int, int) for a user's currency settings; the second key is the user id. */
const CURRENCY_SETTINGS_LOCK = 741_101;

/**
 * Serialises changes to one user's base currency and currency list until the transaction ends, so
 * what a change checked (no base yet, no change running, not the target of one) still holds when
 * it commits — also when there is no row yet to lock.
 */
export async function lockCurrencySettings(tx: Executor, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${CURRENCY_SETTINGS_LOCK}::int, ${userId}::int)`);
}

/**
 * For a writer of base-currency figures that valued its rows before its transaction (rates may
 * need a provider): holds the user's base until the transaction ends and answers its id. It shares
 * the currency-settings lock, which a base change takes to switch, so the switch waits for this
 * transaction's rows (and values them), or this transaction waits for the switch and reads the new
 * base. Taken before the ledger's account locks, as the switch takes its lock before them.
 */
export async function holdBaseCurrency(tx: Executor, userId: number): Promise<number | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${CURRENCY_SETTINGS_LOCK}::int, ${userId}::int)`);
  return (await selectBaseCurrency(tx, userId))?.currencyId;
}
