import { and, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { GuessRule } from '../../config.ts';
import { builtOnce } from '../../db/built-once.ts';
import type { Executor } from '../../db/client.ts';
import { authAttempts, knownSignIns, sessions } from '../../db/schema.ts';

export async function insertSession(db: Executor, userId: number, tokenHash: string, now: Date, expiresAt: Date) {
  await db.insert(sessions).values({ userId, tokenHash, createdAt: now, lastUsedAt: now, expiresAt });
}

const liveSessionByHash = builtOnce((db) =>
  db
    .select({
      id: sessions.id,
      userId: sessions.userId,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare('live_session'),
);

export async function findLiveSession(db: Executor, tokenHash: string, now: Date) {
  const [row] = await liveSessionByHash(db, { tokenHash, now });
  return row;
}

export async function extendSession(db: Executor, sessionId: number, now: Date, expiresAt: Date) {
  await db.update(sessions).set({ expiresAt, lastUsedAt: now }).where(eq(sessions.id, sessionId));
}

/** Answers the session it deleted, if the token had one. */
export async function deleteSessionByHash(db: Executor, tokenHash: string) {
  const [ended] = await db
    .delete(sessions)
    .where(eq(sessions.tokenHash, tokenHash))
    .returning({ id: sessions.id, userId: sessions.userId });
  return ended;
}

/** Deletes the user's sessions, all of them or all but `keepSessionId`. */
export async function deleteSessionsOfUser(db: Executor, userId: number, keepSessionId: number | null = null) {
  await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepSessionId === null ? undefined : ne(sessions.id, keepSessionId)));
}

/**
 * Lets one attempt through the bucket `key` and counts it, in one statement, so concurrent
 * attempts (on any instance) are counted one after another and none passes a full bucket.
 * Answers false, counting nothing, while the bucket is waiting. The wait after the n-th attempt
 * is 0 below `free`, else `firstDelayMs · 2^(n − free)` up to `maxDelayMs`.
 */
export async function takeAttempt(db: Executor, key: string, rule: GuessRule, now: Date): Promise<boolean> {
  const forgottenBefore = new Date(now.getTime() - rule.forgetAfterMs);
  const forgotten = sql`${authAttempts.lastAt} <= ${forgottenBefore}`;
  const attempts = sql`(case when ${forgotten} then 1 else ${authAttempts.attempts} + 1 end)`;
  const waitMs = sql`(case when ${attempts} < ${rule.free} then 0
    else least(${rule.maxDelayMs}::float8, ${rule.firstDelayMs}::float8 * power(2, least(${attempts} - ${rule.free}, 40))) end)`;
  const taken = await db
    .insert(authAttempts)
    .values({ key, attempts: 1, firstAt: now, lastAt: now, nextAt: new Date(now.getTime() + waitAfterMs(rule, 1)) })
    .onConflictDoUpdate({
      target: authAttempts.key,
      set: {
        attempts,
        firstAt: sql`case when ${forgotten} then ${now} else ${authAttempts.firstAt} end`,
        lastAt: now,
        nextAt: sql`${now}::timestamptz + ${waitMs} * interval '1 millisecond'`,
      },
      // Below `free` the bucket is open whatever next_at says: a clock set back (tests, a skewed
      // instance) must not hold back attempts that were never to wait.
      setWhere: sql`${authAttempts.attempts} < ${rule.free} or ${authAttempts.nextAt} <= ${now} or ${forgotten}`,
    })
    .returning({ attempts: authAttempts.attempts });
  return taken.length > 0;
}

/** The wait after the n-th attempt, as the statement above computes it. */
const waitAfterMs = (rule: GuessRule, attempts: number) =>
  attempts < rule.free ? 0 : Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** (attempts - rule.free));

/** When the bucket lets the next attempt through (now or earlier when it is open). */
export async function nextAttemptAt(db: Executor, key: string): Promise<Date | undefined> {
  const [row] = await db.select({ nextAt: authAttempts.nextAt }).from(authAttempts).where(eq(authAttempts.key, key));
  return row?.nextAt;
}

/** Gives back an attempt that turned out not to be a guess (the right password), keeping any wait. */
export async function returnAttempt(db: Executor, key: string) {
  await db
    .update(authAttempts)
    .set({ attempts: sql`greatest(${authAttempts.attempts} - 1, 0)` })
    .where(eq(authAttempts.key, key));
}

export async function forgetAttempts(db: Executor, key: string) {
  await db.delete(authAttempts).where(eq(authAttempts.key, key));
}

export async function isKnownSignIn(db: Executor, key: string, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ key: knownSignIns.key })
    .from(knownSignIns)
    .where(and(eq(knownSignIns.key, key), gt(knownSignIns.lastAt, since)));
  return row !== undefined;
}

export async function recordKnownSignIn(db: Executor, key: string, userId: number, now: Date) {
  await db
    .insert(knownSignIns)
    .values({ key, userId, lastAt: now })
    .onConflictDoUpdate({ target: knownSignIns.key, set: { userId, lastAt: now } });
}

/** Drops buckets nobody has tried for longer than any rule remembers, and sign-ins too old to vouch. */
export async function deleteStaleAttempts(db: Executor, attemptsBefore: Date, signInsBefore: Date) {
  await db.delete(authAttempts).where(lte(authAttempts.lastAt, attemptsBefore));
  await db.delete(knownSignIns).where(lte(knownSignIns.lastAt, signInsBefore));
}

/** Sessions whose expiry has passed: no request can use them any more (findLiveSession). */
export async function deleteExpiredSessions(db: Executor, now: Date) {
  await db.delete(sessions).where(lte(sessions.expiresAt, now));
}
