import { and, asc, eq, sql } from 'drizzle-orm';
import { builtOnce } from '../../db/built-once.ts';
import type { Executor } from '../../db/client.ts';
import { accounts, currencies } from '../../db/schema.ts';

/** What bounds every balance an account ever had: |initial balance| + Σ amounts (as text: read exactly). */
const extent = sql<string>`(abs(${accounts.initialBalance}) + ${accounts.turnover})::text`;

export type AccountRow = NonNullable<Awaited<ReturnType<typeof selectAccount>>>;

const accountColumns = {
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
  openingAt: accounts.openingAt,
  openingBalance: accounts.openingBalance,
  createdAt: accounts.createdAt,
};

function selectAccountRows(db: Executor) {
  return db.select(accountColumns).from(accounts).innerJoin(currencies, eq(currencies.id, accounts.currencyId));
}

/** The owner's base currency on each row: the list's values need it, and a statement of its own cost the list a fifth of its throughput on PostgreSQL. */
const accountsOfUser = builtOnce((db) =>
  db
    .select({
      ...accountColumns,
      baseCode: sql<string | null>`(
        select c.code from user_currencies u join currencies c on c.id = u.currency_id
        where u.user_id = ${accounts.userId} and u.is_base
      )`,
    })
    .from(accounts)
    .innerJoin(currencies, eq(currencies.id, accounts.currencyId))
    .where(eq(accounts.userId, sql.placeholder('userId')))
    .orderBy(asc(accounts.accountGroupId), asc(accounts.name), asc(accounts.id))
    .prepare('accounts_of_user'),
);

/** The user's accounts, and their base currency's code (null before one is chosen, or without accounts). */
export async function selectAccountsAndBase(
  db: Executor,
  userId: number,
): Promise<{ baseCode: string | null; accounts: AccountRow[] }> {
  const rows = await accountsOfUser(db, { userId });
  return { baseCode: rows[0]?.baseCode ?? null, accounts: rows.map(({ baseCode: _, ...row }) => row) };
}

export async function selectAccount(db: Executor, userId: number, id: number) {
  const [row] = await selectAccountRows(db).where(and(eq(accounts.userId, userId), eq(accounts.id, id)));
  return row;
}

export async function countAccounts(db: Executor, userId: number) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(accounts).where(eq(accounts.userId, userId));
  return row?.n ?? 0;
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
  openingBalance?: number;
}

/**
 * One statement, so a concurrent transaction write cannot slip between reading and writing the
 * balances: a new current, initial or opening balance moves the other two by the same difference
 * (no transaction is made), keeping current = initial + Σ transactions and the opening balance
 * initial + Σ of those from before the opening moment.
 */
export async function updateAccount(db: Executor, userId: number, id: number, changes: AccountChanges) {
  const { initialBalance, currentBalance, openingBalance, ...plain } = changes;
  const given =
    currentBalance !== undefined
      ? { column: accounts.currentBalance, value: currentBalance }
      : initialBalance !== undefined
        ? { column: accounts.initialBalance, value: initialBalance }
        : openingBalance !== undefined
          ? { column: accounts.openingBalance, value: openingBalance }
          : undefined;
  const shift = (column: typeof accounts.currentBalance) =>
    sql`${column} + (${given!.value}::bigint - ${given!.column})`;
  const balances = given
    ? {
        currentBalance: shift(accounts.currentBalance),
        initialBalance: shift(accounts.initialBalance),
        openingBalance: shift(accounts.openingBalance),
      }
    : {};
  const set = { ...plain, ...balances };
  if (Object.keys(set).length === 0) return undefined;
  const [row] = await db
    .update(accounts)
    .set(set)
    .where(and(eq(accounts.userId, userId), eq(accounts.id, id)))
    .returning({ extent });
  return row && BigInt(row.extent);
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
