/** The ledger's day figures: each account's deltas and the totals by day, category and type. */
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { localDayOf } from '../../../db/local-day.ts';
import { accountDayDeltas, accountDayTotals, accountMonthTotals } from '../../../db/schema.ts';

/** What a leg adds to the day figures: its account's delta and, unless a transfer, its figure to the day totals. */
export interface DayFigures {
  accountId: number;
  time: Date;
  /** The signed amount (income +, expense −), negated for a leg that goes. */
  delta: number;
  categoryId: number | null;
  transactionType: 'income' | 'expense';
  transferNature: string;
  /** The base-currency figure, negated for a leg that goes. */
  refAmount: number;
  /** 1 for a leg that comes, -1 for one that goes. */
  count: 1 | -1;
  /** Split into parts: the parts add to the day totals instead (queries/splits.ts). */
  isSplit: boolean;
}

/** The columns of a transaction row a write's RETURNING gives addToDayTotals (with a count of its own). */
export const legColumns = sql.raw(
  't.account_id, t.time, t.category_id, t.transaction_type, t.transfer_nature, t.ref_amount, t.is_split',
);

/**
 * The one fragment that keeps the day totals and the month totals beside them: adds `legs` (an SQL
 * relation with the columns of legColumns and a count, ref_amount and count signed: negative for
 * what a row stops adding) to the totals of their account, day in the user's time zone, category
 * and type, summed per key, relatively, so concurrent writes add up, and the same sums, by month,
 * to the month totals: a month total changes exactly as its days' totals do, so it stays their sum.
 * Transfers are left out, as the statistics leave them out, and so are split rows, whose parts
 * count in their own categories (queries/splits.ts). It is the tail of the statement that changes
 * the rows, so it costs no statement of its own: it follows `with` or that statement's own CTEs
 * and a comma, and ends the statement, with `answer` (a query of the statement's own) when given.
 */
export const addToDayTotals = (userId: number, legs: SQL, answer?: SQL) => {
  const intoMonths = sql`
    insert into account_month_totals (account_id, user_id, month, category_id, transaction_type, ref_amount,
      transaction_count)
    select s.account_id, ${userId}, date_trunc('month', s.day::timestamp)::date, s.category_id, s.transaction_type,
      sum(s.ref_amount), sum(s.count)
    from day_sums s
    group by 1, 3, 4, 5
    having sum(s.ref_amount) <> 0 or sum(s.count) <> 0
    on conflict (account_id, month, category_id, transaction_type) do update
      set ref_amount = account_month_totals.ref_amount + excluded.ref_amount,
        transaction_count = account_month_totals.transaction_count + excluded.transaction_count`;
  return sql`
  day_sums as (
    select l.account_id, ${localDayOf(sql`l.time`, userId)} as day, l.category_id, l.transaction_type,
      sum(l.ref_amount) as ref_amount, sum(l.count) as count
    from ${legs} as l
    where l.transfer_nature = 'not_transfer' and not l.is_split
    group by 1, 2, 3, 4
    having sum(l.ref_amount) <> 0 or sum(l.count) <> 0
  ), day_totals as (
    insert into account_day_totals (account_id, user_id, day, category_id, transaction_type, ref_amount,
      transaction_count)
    select s.account_id, ${userId}, s.day, s.category_id, s.transaction_type, s.ref_amount, s.count
    from day_sums s
    on conflict (account_id, day, category_id, transaction_type) do update
      set ref_amount = account_day_totals.ref_amount + excluded.ref_amount,
        transaction_count = account_day_totals.transaction_count + excluded.transaction_count
  )
  ${answer ? sql`, month_totals as (${intoMonths}) ${answer}` : intoMonths}`;
};

/**
 * Legs as an SQL relation of addToDayTotals' columns and each one's `delta`: one JSON parameter
 * rather than several a leg, so a batch of a thousand is built and sent at once.
 */
export function dayFiguresRelation(legs: DayFigures[]): SQL {
  const payload = JSON.stringify(
    legs.map((leg) => ({
      account_id: leg.accountId,
      time: leg.time.toISOString(),
      delta: leg.delta,
      category_id: leg.categoryId,
      transaction_type: leg.transactionType,
      transfer_nature: leg.transferNature,
      ref_amount: leg.refAmount,
      count: leg.count,
      is_split: leg.isSplit,
    })),
  );
  return sql`jsonb_to_recordset(${payload}::jsonb) as m(account_id integer, time timestamptz, delta bigint,
    category_id integer, transaction_type varchar, transfer_nature varchar, ref_amount bigint, count integer,
    is_split boolean)`;
}

/**
 * Adds legs coming or going to the day figures in one statement: to their accounts' net change and
 * count of the day each falls on in the user's time zone (summed per account and day) and to the
 * day and month totals (addToDayTotals), relatively: concurrent writes add up.
 */
export async function addDayFigures(db: Executor, userId: number, legs: DayFigures[]) {
  if (legs.length === 0) return;
  await db.execute(sql`
    with legs as (
      select * from ${dayFiguresRelation(legs)}
    ), deltas as (
      insert into account_day_deltas (account_id, user_id, day, delta, transaction_count)
      select l.account_id, ${userId}, ${localDayOf(sql`l.time`, userId)}, sum(l.delta), sum(l.count)
      from legs l
      group by 1, 3
      having sum(l.delta) <> 0 or sum(l.count) <> 0
      on conflict (account_id, day) do update set delta = account_day_deltas.delta + excluded.delta,
        transaction_count = account_day_deltas.transaction_count + excluded.transaction_count
    ), ${addToDayTotals(userId, sql`legs`)}`);
}

/**
 * Groups an account's day figures (deltas, day and month totals) anew from its transactions, by the
 * days of the user's time zone (after the zone changed). The caller holds the account's lock, so no
 * write lands in between.
 */
export async function regroupDayFigures(db: Executor, userId: number, accountId: number) {
  await db.delete(accountDayDeltas).where(eq(accountDayDeltas.accountId, accountId));
  await db.delete(accountDayTotals).where(eq(accountDayTotals.accountId, accountId));
  await db.delete(accountMonthTotals).where(eq(accountMonthTotals.accountId, accountId));
  const signedAmount = sql`case when t.transaction_type = 'income' then t.amount else -t.amount end`;
  await db.execute(sql`
    insert into account_day_deltas (account_id, user_id, day, delta, transaction_count)
    select t.account_id, t.user_id, ${localDayOf(sql`t.time`, userId)}, sum(${signedAmount}), count(*)
    from transactions t where t.account_id = ${accountId} and t.user_id = ${userId}
    group by 1, 2, 3`);
  await db.execute(sql`
    with ${addToDayTotals(
      userId,
      sql`(select ${legColumns}, 1 as count from transactions t where t.account_id = ${accountId} and t.user_id = ${userId})`,
    )}`);
}
