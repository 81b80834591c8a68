import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { LockStrength } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { tags, transactions, transactionTags } from '../../db/schema.ts';
import { inBatches } from '../../lib/batches.ts';

const tagColumns = { id: tags.id, name: tags.name, color: tags.color };

export function selectTags(db: Executor, userId: number) {
  return db.select(tagColumns).from(tags).where(eq(tags.userId, userId)).orderBy(asc(tags.foldedName), asc(tags.id));
}

export async function countTags(db: Executor, userId: number) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tags).where(eq(tags.userId, userId));
  return row?.n ?? 0;
}

/** The caller's tags among `ids`; with `lock`, they stay locked until the caller's transaction ends. */
export function selectOwnTags(db: Executor, userId: number, ids: number[], lock?: LockStrength) {
  const query = db
    .select(tagColumns)
    .from(tags)
    .where(and(eq(tags.userId, userId), inArray(tags.id, ids)))
    .orderBy(asc(tags.id));
  return lock ? query.for(lock) : query;
}

/** The user's tag whose name folds to `foldedName`, if any. */
export async function selectTagByFoldedName(db: Executor, userId: number, foldedName: string) {
  const [row] = await db
    .select(tagColumns)
    .from(tags)
    .where(and(eq(tags.userId, userId), eq(tags.foldedName, foldedName)));
  return row;
}

export async function insertTag(
  db: Executor,
  userId: number,
  tag: { name: string; foldedName: string; color: string },
) {
  const [row] = await db
    .insert(tags)
    .values({ userId, ...tag })
    .returning(tagColumns);
  return row!;
}

export async function updateTag(
  db: Executor,
  userId: number,
  id: number,
  changes: { name?: string; foldedName?: string; color?: string },
) {
  const [row] = await db
    .update(tags)
    .set(changes)
    .where(and(eq(tags.userId, userId), eq(tags.id, id)))
    .returning(tagColumns);
  return row;
}

/**
 * The tag goes: first its place on every transaction, whose has_tags hints are brought up to date
 * in the same statement (which still sees the links it takes away, hence the other tags' test).
 */
export async function deleteTag(db: Executor, userId: number, id: number) {
  await db.execute(sql`
    with gone as (
      delete from transaction_tags tt
      where tt.tag_id = (select g.id from tags g where g.user_id = ${userId} and g.id = ${id})
      returning tt.transaction_id
    )
    update transactions t set has_tags = exists (
      select from transaction_tags other where other.transaction_id = t.id and other.tag_id <> ${id})
    from (select distinct transaction_id from gone) g
    where t.id = g.transaction_id`);
  const rows = await db
    .delete(tags)
    .where(and(eq(tags.userId, userId), eq(tags.id, id)))
    .returning({ id: tags.id });
  return rows.length > 0;
}

/** These transactions' has_tags hints say whether they carry any tag now. */
async function updateHasTags(db: Executor, transactionIds: number[]) {
  await db
    .update(transactions)
    .set({
      hasTags: sql`exists (select from ${transactionTags} tt where tt.transaction_id = ${transactions.id})`,
    })
    .where(inArray(transactions.id, transactionIds));
}

/** The tags of these transactions, one statement over the (transaction, tag) key: [transaction id, tag id] pairs. */
export async function selectTagIdsOf(db: Executor, transactionIds: number[]) {
  if (transactionIds.length === 0) return [];
  return db
    .select({ transactionId: transactionTags.transactionId, tagId: transactionTags.tagId })
    .from(transactionTags)
    .where(inArray(transactionTags.transactionId, transactionIds))
    .orderBy(asc(transactionTags.transactionId), asc(transactionTags.tagId));
}

/** Every transaction of `transactionIds` carries every tag of `tagIds` (those it carries already stay). */
export async function insertTransactionTags(db: Executor, transactionIds: number[], tagIds: number[]) {
  if (transactionIds.length === 0 || tagIds.length === 0) return;
  await db
    .insert(transactionTags)
    .values(transactionIds.flatMap((transactionId) => tagIds.map((tagId) => ({ transactionId, tagId }))))
    .onConflictDoNothing();
  await db
    .update(transactions)
    .set({ hasTags: true })
    .where(and(inArray(transactions.id, transactionIds), eq(transactions.hasTags, false)));
}

/** Takes these tags (every tag, without `tagIds`) off these transactions. */
export async function deleteTransactionTags(db: Executor, transactionIds: number[], tagIds?: number[]) {
  if (transactionIds.length === 0 || tagIds?.length === 0) return;
  await db
    .delete(transactionTags)
    .where(
      and(
        inArray(transactionTags.transactionId, transactionIds),
        tagIds ? inArray(transactionTags.tagId, tagIds) : undefined,
      ),
    );
  await updateHasTags(db, transactionIds);
}

/** Pairs per insert: two parameters each, within the database's 65,535. */
const PAIRS_BATCH = 10_000;

/** The restored transactions' tags, as pairs of new ids. */
export async function insertTagPairs(db: Executor, pairs: Array<{ transactionId: number; tagId: number }>) {
  for (const batch of inBatches(pairs, PAIRS_BATCH)) {
    await db.insert(transactionTags).values(batch).onConflictDoNothing();
    await db
      .update(transactions)
      .set({ hasTags: true })
      .where(inArray(transactions.id, [...new Set(batch.map((pair) => pair.transactionId))]));
  }
}
