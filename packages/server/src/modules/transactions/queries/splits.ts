/**
 * The parts of split transactions (docs/decisions.md "Split transactions"). A split row leaves the
 * day totals to its parts: each part adds its share of the row's figure to its own category on
 * the row's account, day and type, for as long as the row is split and not a transfer.
 */
import type { SplitPart } from '@kopiyka/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { transactionSplits } from '../../../db/schema.ts';
import { addToDayTotals, type DayFigures, dayFiguresRelation } from './day-figures.ts';

export type SplitRow = typeof transactionSplits.$inferSelect;

/** The parts of these transactions, in their order: one statement for a whole page. */
export function selectSplits(db: Executor, userId: number, transactionIds: number[]): Promise<SplitRow[]> {
  if (transactionIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(transactionSplits)
    .where(and(eq(transactionSplits.userId, userId), inArray(transactionSplits.transactionId, transactionIds)))
    .orderBy(asc(transactionSplits.transactionId), asc(transactionSplits.position));
}

/**
 * A transaction's parts become `parts` (none: it is joined). The new parts' figures are 0 until
 * enterSplits gives them their shares; the caller took the old parts out of the day totals.
 */
export async function replaceSplits(db: Executor, userId: number, transactionId: number, parts: SplitPart[]) {
  await db
    .delete(transactionSplits)
    .where(and(eq(transactionSplits.userId, userId), eq(transactionSplits.transactionId, transactionId)));
  await insertSplits(db, userId, [{ transactionId, parts }]);
}

/**
 * The parts of new split rows, in one statement whatever their number (one JSON parameter, as
 * queries/rows.ts insertTransactions does); their figures are 0 until enterSplits.
 */
export async function insertSplits(
  db: Executor,
  userId: number,
  splits: Array<{ transactionId: number; parts: SplitPart[] }>,
) {
  const values = splits.flatMap(({ transactionId, parts }) =>
    parts.map((part, position) => ({
      transaction_id: transactionId,
      position,
      category_id: part.categoryId,
      amount: part.amount,
      note: part.note,
    })),
  );
  if (values.length === 0) return;
  await db.execute(sql`
    insert into transaction_splits (transaction_id, user_id, position, category_id, amount, ref_amount, note)
    select p.transaction_id, ${userId}, p.position, p.category_id, p.amount, 0, p.note
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as p(transaction_id integer, position integer,
      category_id integer, amount bigint, note varchar)`);
}

/** The parts of split rows (those `which` picks, an SQL condition on `t`) as day-total legs, signed by `sign`. */
const partLegs = (userId: number, which: SQL, sign: 1 | -1) => sql`(
  select t.account_id, t.time, s.category_id, t.transaction_type, t.transfer_nature,
    ${sign}::int * s.ref_amount as ref_amount, ${sign}::int as count, false as is_split
  from transaction_splits s join transactions t on t.id = s.transaction_id
  where s.user_id = ${userId} and t.user_id = ${userId} and t.is_split and ${which})`;

/** The parts of these split transactions come into (1) or go out of (-1) the day totals, as the rows stand now. */
export async function addSplitsToDayTotals(db: Executor, userId: number, transactionIds: number[], sign: 1 | -1) {
  if (transactionIds.length === 0) return;
  await db.execute(sql`with ${addToDayTotals(userId, partLegs(userId, sql`t.id in ${transactionIds}`, sign))}`);
}

/** Every part of the split rows on one account, into the day totals (the account's are being regrouped). */
export async function addAccountSplitsToDayTotals(db: Executor, userId: number, accountId: number) {
  await db.execute(sql`with ${addToDayTotals(userId, partLegs(userId, sql`t.account_id = ${accountId}`, 1))}`);
}

/**
 * Each part's share of its split row's figure (docs/decisions.md "Split transactions"): a part
 * gets ⌊|refAmount| × its amount / the amount⌋, and the minor units left go one each to the parts
 * with the largest remainders, the earlier of equal ones first, so the shares add up to the figure
 * exactly; the row's sign is theirs. CTEs `parts`, `ranked` and `shared` (its `share` and the
 * part's stored figure `was`) over the split rows `which` picks (an SQL condition on `t`).
 */
const sharesOf = (userId: number, which: SQL) => sql`
    parts as (
      select s.id, s.transaction_id, s.position, s.ref_amount as was, t.account_id, t.time, s.category_id,
        t.transaction_type, t.transfer_nature, t.ref_amount as figure,
        div(abs(t.ref_amount)::numeric * s.amount, t.amount) as floor_share,
        mod(abs(t.ref_amount)::numeric * s.amount, t.amount) as remainder
      from transaction_splits s join transactions t on t.id = s.transaction_id
      where s.user_id = ${userId} and t.user_id = ${userId} and t.is_split ${which}
    ), ranked as (
      select p.*,
        row_number() over (partition by p.transaction_id order by p.remainder desc, p.position) as rank,
        abs(p.figure) - sum(p.floor_share) over (partition by p.transaction_id) as left_over
      from parts p
    ), shared as (
      select r.*, (sign(r.figure) * (r.floor_share + case when r.rank <= r.left_over then 1 else 0 end))::bigint
        as share
      from ranked r
    )`;

/**
 * Shares each split row's figure among its parts anew (sharesOf), of these transactions (every
 * split row of the user when none are named, after a base change switched figures in): only parts
 * whose share changed are written, and the day totals take the difference in the same statement.
 */
export async function reshareSplits(db: Executor, userId: number, transactionIds?: number[]) {
  if (transactionIds?.length === 0) return;
  const which = transactionIds ? sql`and t.id in ${transactionIds}` : sql``;
  await db.execute(sql`
    with ${sharesOf(userId, which)}, changed as (
      update transaction_splits s set ref_amount = shared.share
      from shared where s.id = shared.id and s.ref_amount <> shared.share
      returning shared.account_id, shared.time, shared.category_id, shared.transaction_type, shared.transfer_nature,
        shared.share - shared.was as ref_amount, 0 as count, false as is_split
    ), ${addToDayTotals(userId, sql`changed`)}`);
}

/**
 * The parts of these split rows, not in the day totals yet (new, or taken out as their row
 * changed), come in with their shares (sharesOf), together with `alongside` (the row's own figures
 * leaving, say), in one statement: each day total is written once, however many steps the edit
 * had. An edit makes one dead version of a day total per write, and a year of statistics reads
 * past them until the table is vacuumed (docs/decisions.md "Fewer writes per split edit").
 */
export async function enterSplits(
  db: Executor,
  userId: number,
  transactionIds: number[],
  alongside: DayFigures[] = [],
) {
  if (transactionIds.length === 0) return;
  await db.execute(sql`
    with ${sharesOf(userId, sql`and t.id in ${transactionIds}`)}, written as (
      update transaction_splits s set ref_amount = shared.share
      from shared where s.id = shared.id and s.ref_amount <> shared.share
    ), legs as (
      select p.account_id, p.time, p.category_id, p.transaction_type, p.transfer_nature, p.share as ref_amount,
        1 as count, false as is_split
      from shared p
      union all
      select m.account_id, m.time, m.category_id, m.transaction_type, m.transfer_nature, m.ref_amount, m.count,
        m.is_split
      from ${dayFiguresRelation(alongside)}
    ), ${addToDayTotals(userId, sql`legs`)}`);
}

/** Every part in one category moves to another (the category goes), its day totals with it. */
export async function moveSplitsToCategory(db: Executor, userId: number, fromId: number, toId: number) {
  await db.execute(sql`
    with moved as (
      update transaction_splits s set category_id = ${toId}
      where s.user_id = ${userId} and s.category_id = ${fromId}
      returning s.transaction_id, s.ref_amount
    ), legs as (
      select t.account_id, t.time, c.category_id, t.transaction_type, t.transfer_nature,
        c.sign * m.ref_amount as ref_amount, c.sign as count, false as is_split
      from moved m join transactions t on t.id = m.transaction_id and t.is_split
      cross join (values (${fromId}::int, -1), (${toId}::int, 1)) as c(category_id, sign)
    ), ${addToDayTotals(userId, sql`legs`)}`);
}
