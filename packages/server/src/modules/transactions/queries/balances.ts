/** The ledger's share of the accounts table: balances and turnovers, moved with the rows it writes. */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { accounts, currencies } from '../../../db/schema.ts';

/** A move of an account's figures by one transaction row: its signed amount, |amount| and |ref figure|, each ± as the row comes or goes. */
export interface BalanceMove {
  time: Date;
  delta: number;
  turnover: number;
  refTurnover: number;
}

/** A balance move of one account (moveBalances). */
export type AccountMove = BalanceMove & { accountId: number };

/**
 * Moves accounts' balances by transactions' signed amounts, relatively (concurrent writes add
 * up): one from the opening moment on moves the current balance; one from before it was in the
 * opening balance already, so it moves the initial balance the other way instead. Either way
 * current = initial + Σ amounts holds. The turnovers move with them. One statement for every
 * account moved; answers each one's extent and the user's Σ |ref figure| after the moves, read
 * exactly, for the caller to bound.
 */
export async function moveBalances(db: Executor, userId: number, moves: ReadonlyArray<AccountMove>) {
  // One JSON parameter rather than several a move: a batch of a thousand is built and sent at once.
  const payload = JSON.stringify(
    moves.map((move) => ({
      account_id: move.accountId,
      time: move.time.toISOString(),
      delta: move.delta,
      turnover: move.turnover,
      ref_turnover: move.refTurnover,
    })),
  );
  const result = await db.execute(sql`
    with m as (
      select * from jsonb_to_recordset(${payload}::jsonb)
        as m(account_id integer, time timestamptz, delta bigint, turnover bigint, ref_turnover bigint)
    ), moved as (
      update accounts a set
        current_balance = a.current_balance
          + coalesce((select sum(m.delta) from m where m.account_id = a.id and m.time >= a.opening_at), 0),
        initial_balance = a.initial_balance
          - coalesce((select sum(m.delta) from m where m.account_id = a.id and m.time < a.opening_at), 0),
        turnover = a.turnover + (select sum(m.turnover) from m where m.account_id = a.id),
        ref_turnover = a.ref_turnover + (select sum(m.ref_turnover) from m where m.account_id = a.id)
      where a.user_id = ${userId} and a.id in (select account_id from m)
      returning a.id, abs(a.initial_balance) + a.turnover as extent, a.ref_turnover
    )
    -- RETURNING sees the moved rows' new figures; the user's other accounts are read as they stand.
    select moved.id, moved.extent::text, ((select sum(ref_turnover) from moved)
      + (select coalesce(sum(o.ref_turnover), 0) from accounts o
         where o.user_id = ${userId} and o.id not in (select id from moved)))::text as ref_total
    from moved`);
  const rows = (result as unknown as { rows: Array<{ id: number; extent: string; ref_total: string }> }).rows;
  return new Map(rows.map((row) => [row.id, { extent: BigInt(row.extent), refTotal: BigInt(row.ref_total) }]));
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

/**
 * What an account held just after the moment `at` (`through`: that moment's transactions counted)
 * or just before it: its current balance less the transactions since (`at` null: its current
 * balance). Undefined for no such account.
 */
export async function selectBalanceAt(
  db: Executor,
  userId: number,
  accountId: number,
  at: Date | null,
  through: boolean,
): Promise<number | undefined> {
  const moment = at?.toISOString();
  const since =
    moment === undefined
      ? sql`false`
      : through
        ? sql`t.time > ${moment}::timestamptz`
        : sql`t.time >= ${moment}::timestamptz`;
  const result = await db.execute(sql`
    select (a.current_balance - coalesce((
      select sum(case when t.transaction_type = 'income' then t.amount else -t.amount end)
      from transactions t where t.account_id = a.id and ${since}
    ), 0))::text as balance
    from accounts a where a.user_id = ${userId} and a.id = ${accountId}`);
  const [row] = (result as unknown as { rows: Array<{ balance: string }> }).rows;
  return row && Number(row.balance);
}

/**
 * Moves an account's current, initial and opening balances by one difference, no transaction
 * made: every balance it ever had moves with them and current = initial + Σ holds. Answers its
 * extent (docs/decisions.md "Figures stay within MAX_MINOR_AMOUNT"), undefined for no such account.
 */
export async function shiftBalances(db: Executor, userId: number, accountId: number, difference: number) {
  const [row] = await db
    .update(accounts)
    .set({
      currentBalance: sql`${accounts.currentBalance} + ${difference}::bigint`,
      initialBalance: sql`${accounts.initialBalance} + ${difference}::bigint`,
      openingBalance: sql`${accounts.openingBalance} + ${difference}::bigint`,
    })
    .where(and(eq(accounts.userId, userId), eq(accounts.id, accountId)))
    .returning({ extent: sql<string>`(abs(${accounts.initialBalance}) + ${accounts.turnover})::text` });
  return row && BigInt(row.extent);
}
