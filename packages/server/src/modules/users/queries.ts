import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

export async function insertUser(db: Executor, username: string, foldedUsername: string, passwordHash: string) {
  const [row] = await db
    .insert(users)
    .values({ username, foldedUsername, passwordHash })
    .returning({ id: users.id, username: users.username });
  return row!;
}

/**
 * The user a typed name signs in: the one whose folded name it folds to, or a user with no folded
 * name (one that folds like an older user's) whose name it equals regardless of case, as before
 * folding. The latter comes first: both such users keep signing in by their own names.
 */
export async function selectUserByUsername(db: Executor, typed: string, folded: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(
      or(
        eq(users.foldedUsername, folded),
        and(isNull(users.foldedUsername), sql`lower(${users.username}) = lower(${typed})`),
      ),
    )
    .orderBy(sql`${users.foldedUsername} is null desc`)
    .limit(1);
  return row;
}

/** Users stored before usernames were folded, or whose name folds like an older user's; oldest first. */
export async function selectUsersWithoutFoldedName(db: Executor) {
  return db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(isNull(users.foldedUsername))
    .orderBy(asc(users.id));
}

/** Sets a user's folded name once: a unique violation says an older user folds alike. */
export async function setFoldedUsername(db: Executor, id: number, foldedUsername: string) {
  await db
    .update(users)
    .set({ foldedUsername })
    .where(and(eq(users.id, id), isNull(users.foldedUsername)));
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
