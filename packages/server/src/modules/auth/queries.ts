import { and, eq, gt, lte, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';

export async function insertSession(db: Executor, userId: number, tokenHash: string, now: Date, expiresAt: Date) {
  await db.insert(sessions).values({ userId, tokenHash, createdAt: now, lastUsedAt: now, expiresAt });
}

export async function findLiveSession(db: Executor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: sessions.id, userId: sessions.userId, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)));
  return row;
}

export async function extendSession(db: Executor, sessionId: number, now: Date, expiresAt: Date) {
  await db.update(sessions).set({ expiresAt, lastUsedAt: now }).where(eq(sessions.id, sessionId));
}

export async function deleteSessionByHash(db: Executor, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSessionsOfUser(db: Executor, userId: number, keepTokenHash?: string) {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepTokenHash ? ne(sessions.tokenHash, keepTokenHash) : undefined));
}

/** Sessions whose expiry has passed: no request can use them any more (findLiveSession). */
export async function deleteExpiredSessions(db: Executor, now: Date) {
  await db.delete(sessions).where(lte(sessions.expiresAt, now));
}
