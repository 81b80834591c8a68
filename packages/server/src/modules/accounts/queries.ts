import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accounts, currencies } from '../../db/schema.ts';

export type AccountRow = Awaited<ReturnType<typeof selectAccounts>>[number];

function selectAccountRows(db: Executor) {
  return db
    .select({
      id: accounts.id,
      name: accounts.name,
      currencyId: accounts.currencyId,
      currencyCode: currencies.code,
      type: accounts.type,
      accountCategory: accounts.accountCategory,
      isEnabled: accounts.isEnabled,
      creditLimit: accounts.creditLimit,
      currentBalance: accounts.currentBalance,
      initialBalance: accounts.initialBalance,
      accountGroupId: accounts.accountGroupId,
      externalId: accounts.externalId,
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .innerJoin(currencies, eq(currencies.id, accounts.currencyId));
}

export function selectAccounts(db: Executor, userId: number) {
  return selectAccountRows(db)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.accountGroupId), asc(accounts.name), asc(accounts.id));
}

export async function selectAccount(db: Executor, userId: number, id: number) {
  const [row] = await selectAccountRows(db).where(and(eq(accounts.userId, userId), eq(accounts.id, id)));
  return row;
}

export async function insertAccount(db: Executor, values: typeof accounts.$inferInsert) {
  const [row] = await db.insert(accounts).values(values).returning({ id: accounts.id });
  return row!.id;
}

export interface AccountChanges {
  name?: string;
  accountCategory?: string;
  creditLimit?: number;
  isEnabled?: boolean;
  accountGroupId?: number | null;
  initialBalance?: number;
  currentBalance?: number;
}

/**
 * One statement, so a concurrent transaction write cannot slip between reading and writing the
 * balances: a new current balance moves the initial one by the same difference and vice versa,
 * keeping current = initial + Σ transactions.
 */
export async function updateAccount(db: Executor, userId: number, id: number, changes: AccountChanges) {
  const { initialBalance, currentBalance, ...plain } = changes;
  const balances =
    currentBalance !== undefined
      ? {
          currentBalance,
          initialBalance: sql`${accounts.initialBalance} + (${currentBalance}::bigint - ${accounts.currentBalance})`,
        }
      : initialBalance !== undefined
        ? {
            initialBalance,
            currentBalance: sql`${accounts.currentBalance} + (${initialBalance}::bigint - ${accounts.initialBalance})`,
          }
        : {};
  const set = { ...plain, ...balances };
  if (Object.keys(set).length === 0) return;
  await db
    .update(accounts)
    .set(set)
    .where(and(eq(accounts.userId, userId), eq(accounts.id, id)));
}

/** Moves the current balance by a relative amount: concurrent moves add up instead of overwriting. */
export async function addToCurrentBalance(db: Executor, userId: number, id: number, delta: number) {
  await db
    .update(accounts)
    .set({ currentBalance: sql`${accounts.currentBalance} + ${delta}::bigint` })
    .where(and(eq(accounts.userId, userId), eq(accounts.id, id)));
}

export async function deleteAccount(db: Executor, userId: number, id: number) {
  await db.delete(accounts).where(and(eq(accounts.userId, userId), eq(accounts.id, id)));
}

/** The accounts in one group move to another (null: to no group). */
export async function moveAccountsToGroup(db: Executor, userId: number, fromGroupId: number, toGroupId: number | null) {
  await db
    .update(accounts)
    .set({ accountGroupId: toGroupId })
    .where(and(eq(accounts.userId, userId), eq(accounts.accountGroupId, fromGroupId)));
}
