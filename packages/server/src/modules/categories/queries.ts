import { and, asc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { LockStrength } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { categories, transactions } from '../../db/schema.ts';

export type NewCategory = typeof categories.$inferInsert;

const columns = {
  id: categories.id,
  name: categories.name,
  color: categories.color,
  icon: categories.icon,
  type: categories.type,
  parentId: categories.parentId,
};

/**
 * The categories `seed` (a subquery of category ids) names and everything below them, as a
 * subquery of ids. Union, not union all: a loop (which moves refuse) could never recurse forever.
 */
export const categoriesAndBelow = (seed: SQL): SQL => sql`(with recursive tree(id) as (
    ${seed}
    union
    select c.id from ${categories} c join tree on c.parent_id = tree.id
  ) select id from tree)`;

export async function insertCategories(db: Executor, rows: NewCategory[]) {
  if (rows.length === 0) return [];
  return db.insert(categories).values(rows).returning(columns);
}

export function selectCategories(db: Executor, userId: number) {
  return db.select(columns).from(categories).where(eq(categories.userId, userId)).orderBy(asc(categories.id));
}

export function selectCategoriesWithDefaultKeys(db: Executor, userId: number) {
  return db
    .select({ ...columns, defaultKey: categories.defaultKey })
    .from(categories)
    .where(eq(categories.userId, userId))
    .orderBy(asc(categories.id));
}

/** With `lock`, the row stays locked until the caller's transaction ends. */
export async function selectCategory(db: Executor, userId: number, id: number, lock?: LockStrength) {
  const query = db
    .select(columns)
    .from(categories)
    .where(and(eq(categories.userId, userId), eq(categories.id, id)));
  const [row] = await (lock ? query.for(lock) : query);
  return row;
}

export async function updateCategory(
  db: Executor,
  userId: number,
  id: number,
  changes: Partial<Pick<NewCategory, 'name' | 'color' | 'icon' | 'parentId'>>,
) {
  if (Object.keys(changes).length === 0) return;
  await db
    .update(categories)
    .set(changes)
    .where(and(eq(categories.userId, userId), eq(categories.id, id)));
}

export async function countCategories(db: Executor, userId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(categories)
    .where(eq(categories.userId, userId));
  return row?.n ?? 0;
}

export async function countChildren(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(categories)
    .where(and(eq(categories.userId, userId), eq(categories.parentId, id)));
  return row?.n ?? 0;
}

export async function moveChildren(db: Executor, userId: number, fromId: number, toId: number) {
  await db
    .update(categories)
    .set({ parentId: toId })
    .where(and(eq(categories.userId, userId), eq(categories.parentId, fromId)));
}

/** Every category of the user at once (one statement: the parent references are checked at its end). */
export async function deleteAllCategories(db: Executor, userId: number) {
  await db.delete(categories).where(eq(categories.userId, userId));
}

export async function deleteCategory(db: Executor, userId: number, id: number) {
  await db.delete(categories).where(and(eq(categories.userId, userId), eq(categories.id, id)));
}

export async function selectDefaultCategoryIds(db: Executor, userId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: categories.id, key: categories.defaultKey })
    .from(categories)
    .where(and(eq(categories.userId, userId), isNotNull(categories.defaultKey)));
  return new Map(rows.map((row) => [row.key!, row.id]));
}

export async function selectInternalCategoryId(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.userId, userId), eq(categories.type, 'internal')))
    .orderBy(asc(categories.id))
    .limit(1);
  return row?.id;
}

export async function countTransactionsIn(db: Executor, userId: number, categoryId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.categoryId, categoryId)));
  return row?.n ?? 0;
}
