import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accounts, currencies } from '../../db/schema.ts';

/** What bounds every balance an account ever had: |initial balance| + Σ amounts (as text: read exactly). */
const extent = sql<string>`(abs(${accounts.initialBalance}) + ${accounts.turnover})::text`;

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
      openingAt: accounts.openingAt,
      openingBalance: accounts.openingBalance,
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

/** A move of an account's figures by one transaction row: its signed amount, |amount| and |ref figure|, each ± as the row comes or goes. */
export interface BalanceMove {
  time: Date;
  delta: number;
  turnover: number;
  refTurnover: number;
}

/**
 * Moves an account's balances by transactions' signed amounts, relatively (concurrent writes add
 * up): one from the opening moment on moves the current balance; one from before it was in the
 * opening balance already, so it moves the initial balance the other way instead. Either way
 * current = initial + Σ amounts holds. The turnovers move with them. Answers the account's extent
 * and the user's Σ |ref figure| after the move, read exactly, for the caller to bound.
 */
export async function moveBalances(db: Executor, userId: number, id: number, moves: ReadonlyArray<BalanceMove>) {
  // One JSON parameter rather than two a move: a batch of a thousand is built and sent at once.
  const payload = JSON.stringify(moves.map(({ time, delta }) => ({ time: time.toISOString(), delta })));
  const sumWhere = (condition: SQL) =>
    sql`coalesce((select sum(m.delta) from jsonb_to_recordset(${payload}::jsonb) as m(time timestamptz, delta bigint)
      where ${condition}), 0)`;
  const sumOf = (field: 'turnover' | 'refTurnover') => moves.reduce((sum, move) => sum + move[field], 0);
  // One statement: RETURNING sees this row's new figures, and the other accounts as they stand.
  const [row] = await db
    .update(accounts)
    .set({
      currentBalance: sql`${accounts.currentBalance} + ${sumWhere(sql`m.time >= ${accounts.openingAt}`)}`,
      initialBalance: sql`${accounts.initialBalance} - ${sumWhere(sql`m.time < ${accounts.openingAt}`)}`,
      turnover: sql`${accounts.turnover} + ${sumOf('turnover')}::bigint`,
      refTurnover: sql`${accounts.refTurnover} + ${sumOf('refTurnover')}::bigint`,
    })
    .where(and(eq(accounts.userId, userId), eq(accounts.id, id)))
    .returning({
      extent,
      refTotal: sql<string>`(${accounts.refTurnover} + (select coalesce(sum(o.ref_turnover), 0)
        from accounts o where o.user_id = ${userId} and o.id <> ${id}))::text`,
    });
  return { extent: BigInt(row!.extent), refTotal: BigInt(row!.refTotal) };
}

/** The user's Σ |ref figure| over every account (what a change of rates or base recomputes). */
export async function selectTurnovers(db: Executor, userId: number) {
  return db
    .select({
      code: currencies.code,
      turnover: sql<string>`${accounts.turnover}::text`,
      refTurnover: sql<string>`${accounts.refTurnover}::text`,
    })
    .from(accounts)
    .innerJoin(currencies, eq(currencies.id, accounts.currencyId))
    .where(eq(accounts.userId, userId));
}

/**
 * Recounts each account's Σ |ref figure| from its transactions (after a base change or revaluation
 * swapped figures in); answers the user's total.
 */
export async function recountRefTurnovers(db: Executor, userId: number): Promise<bigint> {
  const result = await db.execute(sql`
    with counted as (
      update accounts a set ref_turnover = coalesce((
        select sum(abs(t.ref_amount)) from transactions t where t.account_id = a.id
      ), 0)
      where a.user_id = ${userId}
      returning a.ref_turnover
    )
    select coalesce(sum(ref_turnover), 0)::text as total from counted`);
  return BigInt((result as unknown as { rows: Array<{ total: string }> }).rows[0]!.total);
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
