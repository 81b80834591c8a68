/**
 * What a backup reads of a user's data, every table by the user. It writes nothing: a restore
 * goes through each owning module's service.
 */
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import {
  accountGroups,
  accounts,
  budgetExclusions,
  budgets,
  currencies,
  customRates,
  transactions,
  userCurrencies,
} from '../../db/schema.ts';

const refCurrency = alias(currencies, 'ref_currency');

export function selectUserCurrencies(db: Executor, userId: number) {
  return db
    .select({ code: currencies.code, isBase: userCurrencies.isBase })
    .from(userCurrencies)
    .innerJoin(currencies, eq(currencies.id, userCurrencies.currencyId))
    .where(eq(userCurrencies.userId, userId))
    .orderBy(asc(currencies.code));
}

export function selectCustomRates(db: Executor, userId: number) {
  return db
    .select({
      baseCode: customRates.baseCode,
      quoteCode: customRates.quoteCode,
      effectiveFrom: customRates.effectiveFrom,
      rate: customRates.rate,
    })
    .from(customRates)
    .where(eq(customRates.userId, userId))
    .orderBy(asc(customRates.baseCode), asc(customRates.quoteCode), sql`${customRates.effectiveFrom} asc nulls first`);
}

export function selectAccountGroups(db: Executor, userId: number) {
  return db
    .select({ id: accountGroups.id, name: accountGroups.name, parentGroupId: accountGroups.parentGroupId })
    .from(accountGroups)
    .where(eq(accountGroups.userId, userId))
    .orderBy(asc(accountGroups.id));
}

export function selectAccounts(db: Executor, userId: number) {
  return db
    .select({
      id: accounts.id,
      name: accounts.name,
      currency: currencies.code,
      accountCategory: accounts.accountCategory,
      isEnabled: accounts.isEnabled,
      creditLimit: accounts.creditLimit,
      initialBalance: accounts.initialBalance,
      openingAt: accounts.openingAt,
      accountGroupId: accounts.accountGroupId,
    })
    .from(accounts)
    .innerJoin(currencies, eq(currencies.id, accounts.currencyId))
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.id));
}

export function selectBudgets(db: Executor, userId: number) {
  return db.select().from(budgets).where(eq(budgets.userId, userId)).orderBy(asc(budgets.id));
}

export function selectBudgetExclusions(db: Executor, budgetIds: number[]) {
  if (budgetIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(budgetExclusions)
    .where(inArray(budgetExclusions.budgetId, budgetIds))
    .orderBy(asc(budgetExclusions.transactionId));
}

/** The user's transactions after `afterId`, `limit` of them in id order (a backup reads them in batches). */
export function selectTransactionsAfter(db: Executor, userId: number, afterId: number, limit: number) {
  return db
    .select({ row: transactions, refCurrency: refCurrency.code })
    .from(transactions)
    .innerJoin(refCurrency, eq(refCurrency.id, transactions.refCurrencyId))
    .where(and(eq(transactions.userId, userId), gt(transactions.id, afterId)))
    .orderBy(asc(transactions.id))
    .limit(limit);
}

/** Whether the user has any account or transaction: a restore goes only into a user without. */
export async function hasLedgerData(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({
      found: sql<boolean>`exists (select 1 from ${accounts} where ${accounts.userId} = ${userId})
        or exists (select 1 from ${transactions} where ${transactions.userId} = ${userId})`,
    })
    .from(sql`(select 1) as one`);
  return Boolean(row?.found);
}

/** First key of pg_advisory_xact_lock(int, int) for a user's restore; the second key is the user id. */
const RESTORE_LOCK = 741_501;

/** Two restores into one user at once: the second waits, then finds the first's data (CONFLICT). */
export async function lockRestore(tx: Executor, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${RESTORE_LOCK}::int, ${userId}::int)`);
}
