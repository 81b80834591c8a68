import { and, asc, eq, getTableColumns, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { accounts, baseCurrencyChanges, currencies, transactions, userCurrencies } from '../../db/schema.ts';

export function selectCurrencies(db: Executor) {
  return db.select().from(currencies).orderBy(asc(currencies.code));
}

export function selectCurrenciesByIds(db: Executor, ids: number[]) {
  return db.select().from(currencies).where(inArray(currencies.id, ids));
}

export function selectCurrenciesByCodes(db: Executor, codes: string[]) {
  return db.select().from(currencies).where(inArray(currencies.code, codes));
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

export async function selectBaseCurrency(db: Executor, userId: number) {
  const [row] = await selectUserCurrencyRows(db).where(
    and(eq(userCurrencies.userId, userId), eq(userCurrencies.isBase, true)),
  );
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

// ---- base-currency changes ----

export async function insertBaseChange(
  db: Executor,
  row: { userId: number; fromCurrencyId: number; toCurrencyId: number; total: number },
) {
  // A failed change is replaced by the new attempt.
  await db
    .insert(baseCurrencyChanges)
    .values({ ...row, state: 'running' })
    .onConflictDoUpdate({
      target: baseCurrencyChanges.userId,
      set: { ...row, state: 'running', done: 0, lastId: 0, error: null, lockedUntil: null },
    });
}

export async function selectBaseChange(db: Executor, userId: number) {
  const fromCurrency = alias(currencies, 'from_currency');
  const [row] = await db
    .select({ change: baseCurrencyChanges, fromCode: fromCurrency.code, toCode: currencies.code })
    .from(baseCurrencyChanges)
    .innerJoin(fromCurrency, eq(fromCurrency.id, baseCurrencyChanges.fromCurrencyId))
    .innerJoin(currencies, eq(currencies.id, baseCurrencyChanges.toCurrencyId))
    .where(eq(baseCurrencyChanges.userId, userId));
  return row;
}

/** Takes the lease of one running change nobody works on (or whose worker died). */
export async function claimBaseChange(db: Executor, leaseMs: number) {
  const [row] = await db
    .update(baseCurrencyChanges)
    .set({ lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(
      eq(
        baseCurrencyChanges.userId,
        sql`(select user_id from base_currency_changes where state = 'running'
          and (locked_until is null or locked_until < now()) order by created_at limit 1 for update skip locked)`,
      ),
    )
    .returning();
  return row;
}

export async function advanceBaseChange(
  db: Executor,
  userId: number,
  lastId: number,
  processed: number,
  leaseMs: number,
) {
  await db
    .update(baseCurrencyChanges)
    .set({
      lastId,
      done: sql`${baseCurrencyChanges.done} + ${processed}`,
      lockedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`,
    })
    .where(eq(baseCurrencyChanges.userId, userId));
}

export async function failBaseChange(db: Executor, userId: number, error: string) {
  await db
    .update(baseCurrencyChanges)
    .set({ state: 'failed', error, lockedUntil: null })
    .where(eq(baseCurrencyChanges.userId, userId));
}

export async function countTransactionsOf(db: Executor, userId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(eq(transactions.userId, userId));
  return row?.n ?? 0;
}

/** The span of days the user's transactions cover, and the currencies of their accounts. */
export async function selectHistoryShape(db: Executor, userId: number) {
  const [span] = await db
    .select({
      first: sql<string | null>`to_char(min(${transactions.time}) at time zone 'UTC', 'YYYY-MM-DD')`,
      last: sql<string | null>`to_char(max(${transactions.time}) at time zone 'UTC', 'YYYY-MM-DD')`,
    })
    .from(transactions)
    .where(eq(transactions.userId, userId));
  const codes = await db
    .selectDistinct({ code: currencies.code })
    .from(accounts)
    .innerJoin(currencies, eq(currencies.id, accounts.currencyId))
    .where(eq(accounts.userId, userId));
  return { first: span?.first ?? null, last: span?.last ?? null, codes: codes.map((c) => c.code) };
}

const otherLeg = alias(transactions, 'other_leg');
const otherAccount = alias(accounts, 'other_account');
const otherCurrency = alias(currencies, 'other_currency');

/** Transactions to value in the new base: after an id, or those still without a new value. */
export function selectForRevaluation(db: Executor, userId: number, options: { afterId?: number; limit: number }) {
  return db
    .select({
      id: transactions.id,
      amount: transactions.amount,
      time: transactions.time,
      code: currencies.code,
      otherAmount: otherLeg.amount,
      otherCode: otherCurrency.code,
    })
    .from(transactions)
    .innerJoin(accounts, eq(accounts.id, transactions.accountId))
    .innerJoin(currencies, eq(currencies.id, accounts.currencyId))
    .leftJoin(
      otherLeg,
      and(
        eq(transactions.transferNature, 'transfer_between_user_accounts'),
        eq(otherLeg.transferId, transactions.transferId),
        ne(otherLeg.id, transactions.id),
      ),
    )
    .leftJoin(otherAccount, eq(otherAccount.id, otherLeg.accountId))
    .leftJoin(otherCurrency, eq(otherCurrency.id, otherAccount.currencyId))
    .where(
      and(
        eq(transactions.userId, userId),
        options.afterId === undefined ? isNull(transactions.pendingRefAmount) : gt(transactions.id, options.afterId),
      ),
    )
    .orderBy(asc(transactions.id))
    .limit(options.limit);
}

export async function writePendingRefs(
  db: Executor,
  userId: number,
  rows: Array<{ id: number; refAmount: number; rate: number }>,
) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::int, ${r.refAmount}::bigint, ${r.rate}::float8)`),
    sql`, `,
  );
  await db.execute(sql`
    update transactions t set pending_ref_amount = v.ref_amount, pending_rate = v.rate
    from (values ${values}) as v(id, ref_amount, rate)
    where t.id = v.id and t.user_id = ${userId}`);
}

/** The switch: every transaction takes its new figures, the base flag moves, the change is done. */
export async function completeBaseChange(db: Executor, userId: number, toCurrencyId: number) {
  await db
    .update(transactions)
    .set({
      refAmount: sql`${transactions.pendingRefAmount}`,
      rate: sql`${transactions.pendingRate}`,
      refCurrencyId: toCurrencyId,
      pendingRefAmount: null,
      pendingRate: null,
    })
    .where(eq(transactions.userId, userId));
  await markBaseCurrency(db, userId, toCurrencyId);
  await db.delete(baseCurrencyChanges).where(eq(baseCurrencyChanges.userId, userId));
}
