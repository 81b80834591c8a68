import { and, asc, eq, sql } from 'drizzle-orm';
import type { LockStrength } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { accountGroups, accounts } from '../../db/schema.ts';

export function selectGroups(db: Executor, userId: number) {
  return db
    .select({ id: accountGroups.id, name: accountGroups.name, parentGroupId: accountGroups.parentGroupId })
    .from(accountGroups)
    .where(eq(accountGroups.userId, userId))
    .orderBy(asc(accountGroups.name), asc(accountGroups.id));
}

export async function countGroups(db: Executor, userId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(accountGroups)
    .where(eq(accountGroups.userId, userId));
  return row?.n ?? 0;
}

/** With `lock`, the row stays locked until the caller's transaction ends. */
export async function selectGroup(db: Executor, userId: number, id: number, lock?: LockStrength) {
  const query = db
    .select({ id: accountGroups.id, name: accountGroups.name, parentGroupId: accountGroups.parentGroupId })
    .from(accountGroups)
    .where(and(eq(accountGroups.userId, userId), eq(accountGroups.id, id)));
  const [row] = await (lock ? query.for(lock) : query);
  return row;
}

export function selectGroupedAccountIds(db: Executor, userId: number) {
  return db
    .select({ id: accounts.id, accountGroupId: accounts.accountGroupId })
    .from(accounts)
    .where(eq(accounts.userId, userId))
    .orderBy(asc(accounts.name), asc(accounts.id));
}

export async function insertGroup(db: Executor, userId: number, name: string, parentGroupId: number | null) {
  const [row] = await db
    .insert(accountGroups)
    .values({ userId, name, parentGroupId })
    .returning({ id: accountGroups.id });
  return row!.id;
}

export async function updateGroup(
  db: Executor,
  userId: number,
  id: number,
  changes: { name?: string; parentGroupId?: number | null },
) {
  if (Object.keys(changes).length === 0) return;
  await db
    .update(accountGroups)
    .set(changes)
    .where(and(eq(accountGroups.userId, userId), eq(accountGroups.id, id)));
}

/** Its subgroups move up to its parent, then the group goes (its accounts are the accounts module's to move). */
export async function deleteGroupLiftingSubgroups(
  db: Executor,
  userId: number,
  id: number,
  parentGroupId: number | null,
) {
  await db
    .update(accountGroups)
    .set({ parentGroupId })
    .where(and(eq(accountGroups.userId, userId), eq(accountGroups.parentGroupId, id)));
  await db.delete(accountGroups).where(and(eq(accountGroups.userId, userId), eq(accountGroups.id, id)));
}
