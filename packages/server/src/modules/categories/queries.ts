import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { categories } from '../../db/schema.ts';

export type NewCategory = typeof categories.$inferInsert;

export async function insertCategories(db: Executor, rows: NewCategory[]) {
  if (rows.length === 0) return [];
  return db.insert(categories).values(rows).returning({ id: categories.id, name: categories.name });
}

export function selectCategories(db: Executor, userId: number) {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      color: categories.color,
      icon: categories.icon,
      type: categories.type,
      parentId: categories.parentId,
    })
    .from(categories)
    .where(eq(categories.userId, userId))
    .orderBy(asc(categories.id));
}
