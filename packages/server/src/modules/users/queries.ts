import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export async function insertUser(db: Executor, username: string, passwordHash: string) {
  const [row] = await db
    .insert(users)
    .values({ username, passwordHash })
    .returning({ id: users.id, username: users.username });
  return row!;
}

export async function selectUserByUsername(db: Executor, username: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

export async function selectUserById(db: Executor, id: number) {
  const [row] = await db
    .select({ id: users.id, username: users.username, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

export async function selectPasswordHash(db: Executor, id: number) {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id));
  return row?.passwordHash;
}

export async function updatePasswordHash(db: Executor, id: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

/** Everything of the user goes with the row: every table cascades from users. */
export async function deleteUserRow(db: Executor, id: number) {
  await db.delete(users).where(eq(users.id, id));
}
