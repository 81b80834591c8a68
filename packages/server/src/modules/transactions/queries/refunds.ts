/** Refund links: an income's refund_of_id names the expense it gives money back of. */
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { transactions } from '../../../db/schema.ts';

/** What the refunds of an expense add up to in the base currency, leaving out `exceptId` (the refund being changed). */
export async function selectRefundedRefAmount(db: Executor, userId: number, expenseId: number, exceptId?: number) {
  const [row] = await db
    .select({ refunded: sql<string>`coalesce(sum(${transactions.refAmount}), 0)::text` })
    .from(transactions)
    .where(
      and(
        eq(transactions.userId, userId),
        eq(transactions.refundOfId, expenseId),
        exceptId === undefined ? undefined : ne(transactions.id, exceptId),
      ),
    );
  return Number(row!.refunded);
}

/** The ids of an expense's refunds, oldest first. */
export async function selectRefundIds(db: Executor, userId: number, expenseId: number) {
  const rows = await db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.refundOfId, expenseId)))
    .orderBy(asc(transactions.time), asc(transactions.id));
  return rows.map((row) => row.id);
}

/** The refunds of these transactions are refunds no more (their expense became a transfer leg). */
export async function unlinkRefundsOf(db: Executor, userId: number, ids: number[]) {
  await db
    .update(transactions)
    .set({ refundOfId: null })
    .where(and(eq(transactions.userId, userId), inArray(transactions.refundOfId, ids)));
}

/** Marks expenses as refunded: their ever_refunded hint, which a page of the list reads. */
export async function markRefunded(db: Executor, userId: number, expenseIds: number[]) {
  await db
    .update(transactions)
    .set({ everRefunded: true })
    .where(and(eq(transactions.userId, userId), inArray(transactions.id, expenseIds)));
}

/**
 * Links refunds to their expenses, [refund id, expense id] (rows of one restore, checked by its
 * document), and marks those expenses as refunded.
 */
export async function setRefundLinks(db: Executor, userId: number, links: Array<[number, number]>) {
  if (links.length === 0) return;
  await db.execute(sql`
    with links as (
      select l.id, l.expense_id
      from jsonb_to_recordset(${JSON.stringify(links.map(([id, expenseId]) => ({ id, expense_id: expenseId })))}::jsonb)
        as l(id integer, expense_id integer)
    ), linked as (
      update transactions t set refund_of_id = l.expense_id
      from links l where t.id = l.id and t.user_id = ${userId}
    )
    update transactions e set ever_refunded = true
    where e.user_id = ${userId} and e.id in (select expense_id from links)`);
}
