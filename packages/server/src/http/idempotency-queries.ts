import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema.ts';

export interface KeyClaim {
  userId: number;
  key: string;
  fingerprint: string;
  /** This request's lease token. */
  token: string;
  now: Date;
  lockedUntil: Date;
  expiresAt: Date;
}

const ofKey = (userId: number, key: string) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
const heldBy = (userId: number, key: string, token: string) =>
  and(ofKey(userId, key), eq(idempotencyKeys.leaseToken, token), isNull(idempotencyKeys.status));

/**
 * Claims a user's key for a request in one statement: a key never seen, one whose answer has
 * expired, or one whose request lost its lease (its process died). True when this request holds it
 * now; false when another request holds it or answered it. On PostgreSQL a claim racing another
 * one for the same key waits for it and then finds it taken.
 */
export async function claimKey(db: Executor, claim: KeyClaim): Promise<boolean> {
  const { userId, key, fingerprint, token, now, lockedUntil, expiresAt } = claim;
  const taken = await db
    .insert(idempotencyKeys)
    .values({ userId, key, fingerprint, leaseToken: token, lockedUntil, createdAt: now, expiresAt })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { fingerprint, status: null, body: null, leaseToken: token, lockedUntil, createdAt: now, expiresAt },
      setWhere: or(
        lte(idempotencyKeys.expiresAt, now),
        and(isNull(idempotencyKeys.status), lte(idempotencyKeys.lockedUntil, now)),
      ),
    })
    .returning({ key: idempotencyKeys.key });
  return taken.length > 0;
}

/** The key as another request left it: what it was sent with and, once answered, the answer. */
export async function selectKey(db: Executor, userId: number, key: string) {
  const [row] = await db
    .select({ fingerprint: idempotencyKeys.fingerprint, status: idempotencyKeys.status, body: idempotencyKeys.body })
    .from(idempotencyKeys)
    .where(ofKey(userId, key));
  return row;
}

/** Keeps the request's answer, if the request still holds the key; false when it no longer does. */
export async function storeAnswer(
  db: Executor,
  userId: number,
  key: string,
  token: string,
  answer: { status: number; body: string | null },
): Promise<boolean> {
  const stored = await db
    .update(idempotencyKeys)
    .set({ status: answer.status, body: answer.body, leaseToken: null, lockedUntil: null })
    .where(heldBy(userId, key, token))
    .returning({ key: idempotencyKeys.key });
  return stored.length > 0;
}

/** Moves the lease of a request still running on; false when it no longer holds the key. */
export async function renewKey(db: Executor, userId: number, key: string, token: string, until: Date) {
  const renewed = await db
    .update(idempotencyKeys)
    .set({ lockedUntil: until })
    .where(heldBy(userId, key, token))
    .returning({ key: idempotencyKeys.key });
  return renewed.length > 0;
}

/** Gives the key up (the request was refused or failed): the next request with it runs as new. */
export async function releaseKey(db: Executor, userId: number, key: string, token: string) {
  await db.delete(idempotencyKeys).where(heldBy(userId, key, token));
}

/** Deletes the keys whose answers are no longer replayed. */
export async function deleteExpiredKeys(db: Executor, now: Date) {
  await db.delete(idempotencyKeys).where(lte(idempotencyKeys.expiresAt, now));
}
