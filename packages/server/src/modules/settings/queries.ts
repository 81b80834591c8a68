import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { categories, userSettings } from '../../db/schema.ts';

export async function insertDefaultSettings(db: Executor, userId: number, locale: string) {
  await db.insert(userSettings).values({ userId, locale });
}

export async function selectSettings(db: Executor, userId: number) {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return row;
}

export async function updateSettings(
  db: Executor,
  userId: number,
  changes: { locale?: string; timeZone?: string; excludedCategoryIds?: number[]; includeCryptoInTotal?: boolean },
) {
  if (Object.keys(changes).length === 0) return;
  await db.update(userSettings).set(changes).where(eq(userSettings.userId, userId));
}

export async function removeExcludedCategory(db: Executor, userId: number, categoryId: number) {
  await db
    .update(userSettings)
    .set({ excludedCategoryIds: sql`array_remove(${userSettings.excludedCategoryIds}, ${categoryId}::integer)` })
    .where(eq(userSettings.userId, userId));
}

/**
 * Which of these category ids are the user's. Those found stay key-share locked until the caller's
 * transaction ends, so none is deleted before the list naming it is saved.
 */
export async function selectOwnCategoryIds(db: Executor, userId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.userId, userId), inArray(categories.id, ids)))
    .for('key share');
  return new Set(rows.map((r) => r.id));
}
