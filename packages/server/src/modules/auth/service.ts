import type { AppLocale, ChangePasswordBody, DeleteUserBody, LoginBody, RegisterBody } from '@kopiyka/shared';
import { issueAt } from '@kopiyka/shared';
import type { AuthLimits } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, refusal } from '../../lib/errors.ts';
import { createDefaultCategories } from '../categories/index.ts';
import { type EndedSessions, type EventBus, endedBy } from '../events/index.ts';
import { insertDefaultSettings } from '../settings/index.ts';
import {
  createUser,
  deleteUserRow,
  findUserByUsername,
  selectPasswordHash,
  updatePasswordHash,
} from '../users/index.ts';
import { createAttemptThrottle } from './attempt-throttle.ts';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords.ts';
import {
  deleteExpiredSessions,
  deleteSessionByHash,
  deleteSessionsOfUser,
  extendSession,
  findLiveSession,
  insertSession,
} from './queries.ts';
import { newToken, tokenHash } from './tokens.ts';

/** A session is extended at most this often, so a busy client does not write on every request. */
const EXTEND_EVERY_MS = 60_000;

export interface AuthService {
  /** Throttled per address: every sign-up costs a password hash, whether or not it succeeds. */
  register(body: RegisterBody, address: string, locale: AppLocale): Promise<{ id: number; username: string }>;
  login(body: LoginBody, address: string): Promise<{ token: string }>;
  logout(token: string): Promise<void>;
  /** The session a bearer token belongs to, or undefined when it is unknown, expired or revoked. */
  authenticate(token: string): Promise<AuthSession | undefined>;
  /** Signs out every other session; the one that asked (`sessionId`) stays. */
  changePassword(userId: number, sessionId: number, body: ChangePasswordBody, address: string): Promise<void>;
  logoutEverywhere(userId: number): Promise<void>;
  /** Removes the user and everything of theirs, once the password is confirmed. */
  deleteAccount(userId: number, password: string, address: string): Promise<void>;
  /**
   * Before a user's keys are checked with an outside service: TOO_MANY_REQUESTS once they have
   * tried too often, as the server's request budget there is shared by every user.
   */
  admitKeyCheck(userId: number, service: 'binance'): Promise<void>;
  /** Deletes expired sessions and throttle records nothing reads any more (the periodic purge). */
  purgeExpired(): Promise<void>;
}

/** How many live sessions a process keeps in memory before starting over. */
const REMEMBERED_SESSIONS = 10_000;

/**
 * How long a remembered session is answered from memory before its row is read again: the longest
 * an end whose notice never came (its NOTIFY failed after the delete committed) is missed.
 */
export const SESSION_MEMORY_MS = 10_000;

/** A signed-in session: its row, its user, and when it ends unless used again. */
export interface AuthSession {
  id: number;
  userId: number;
  expiresAt: Date;
}

interface LiveSession extends AuthSession {
  lastUsedAt: Date;
}

/**
 * Every end of a session is told to `events`, after its commit and before the answer: the streams
 * opened with it end too, and every instance forgets it (below), so none goes on telling a
 * signed-out client what happens.
 *
 * Live sessions are remembered in memory, so a signed-in request reads no session row: only while
 * `events` tells this process of every session's end, wherever it happened (always on the embedded
 * database; on PostgreSQL while its LISTEN is in place), and for SESSION_MEMORY_MS at most. An
 * instance that may have missed an end forgets them all and reads the table on each request until
 * it hears every end again.
 */
export function createAuthService(db: Database, limits: AuthLimits, clock: Clock, events: EventBus): AuthService {
  const throttle = createAttemptThrottle(db, limits, clock);
  const remembered = new Map<string, { session: LiveSession; readAt: number }>();
  let remembering = false;
  // Counts the ends heard: a session read before one was heard and answered after it is not
  // remembered, as the row may have been read before its end committed.
  let endsHeard = 0;
  const forget = (userId: number, ended: EndedSessions) => {
    endsHeard += 1;
    for (const [hash, { session }] of remembered) {
      if (session.userId === userId && endedBy(ended, session.id)) remembered.delete(hash);
    }
  };
  events.watchSessionEnds({
    ended: forget,
    hearing(every) {
      endsHeard += 1;
      remembered.clear();
      remembering = every;
    },
  });
  /** The user's sessions but `keepSessionId` are gone from the table: so they go from memory, and their streams end. */
  const sessionsEnded = async (userId: number, keepSessionId: number | null) => {
    const ended = { allBut: keepSessionId };
    forget(userId, ended);
    await events.endSessions(userId, ended);
  };
  async function liveSession(hash: string, now: Date): Promise<LiveSession | undefined> {
    const known = remembered.get(hash);
    if (known) {
      if (known.session.expiresAt > now && now.getTime() - known.readAt < SESSION_MEMORY_MS) return known.session;
      remembered.delete(hash);
    }
    const heard = endsHeard;
    const found = await findLiveSession(db, hash, now);
    if (!found || !remembering || heard !== endsHeard) return found;
    if (remembered.size >= REMEMBERED_SESSIONS) remembered.clear();
    remembered.set(hash, { session: found, readAt: now.getTime() });
    return found;
  }
  const expiry = (now: Date) => new Date(now.getTime() + limits.tokenTtlMs);

  /**
   * Re-checks the password of a signed-in user; failures slow further checks from that address.
   * `field` is the body field that carried it, so the answer names it.
   */
  async function confirmPassword(
    userId: number,
    password: string,
    address: string,
    field: keyof ChangePasswordBody | keyof DeleteUserBody,
  ) {
    const guess = await throttle.admitPasswordCheck(userId, address);
    const passwordHash = await selectPasswordHash(db, userId);
    if (!passwordHash || !(await verifyPassword(passwordHash, password))) {
      throw new AppError('INVALID_CREDENTIALS', 'The password is not correct.', [issueAt(field, 'password.wrong')]);
    }
    await guess.succeeded(db, userId);
  }

  return {
    async register({ username, password }, address, locale) {
      // Before the throttle: a refusal that hashes nothing need not be counted.
      if (limits.registrations === 'closed') throw refusal('NOT_ALLOWED', 'registrations', 'registrations.closed');
      await throttle.admitRegistration(address);
      const passwordHash = await hashPassword(password);
      return db.transaction(async (tx) => {
        const user = await createUser(tx, username, passwordHash);
        await createDefaultCategories(tx, user.id, locale);
        await insertDefaultSettings(tx, user.id, locale);
        return user;
      });
    },

    async login({ username, password }, address) {
      const guess = await throttle.admitLogin(username, address);
      const user = await findUserByUsername(db, username);
      let valid = false;
      if (user) valid = await verifyPassword(user.passwordHash, password);
      else await verifyAgainstDecoy(password);
      // Unknown name and wrong password answer alike: no probing for usernames.
      if (!user || !valid) throw new AppError('INVALID_CREDENTIALS', 'Invalid username or password.');
      const token = newToken();
      const now = clock.now();
      // One commit for the sign-in's writes: the throttle's settling and the session.
      await db.transaction(async (tx) => {
        await guess.succeeded(tx, user.id);
        await insertSession(tx, user.id, tokenHash(token), now, expiry(now));
      });
      return { token };
    },

    async logout(token) {
      const hash = tokenHash(token);
      const ended = await deleteSessionByHash(db, hash);
      remembered.delete(hash);
      if (!ended) return;
      forget(ended.userId, { one: ended.id });
      await events.endSessions(ended.userId, { one: ended.id });
    },

    async changePassword(userId, sessionId, { currentPassword, newPassword }, address) {
      await confirmPassword(userId, currentPassword, address, 'currentPassword');
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await updatePasswordHash(tx, userId, passwordHash);
        await deleteSessionsOfUser(tx, userId, sessionId);
      });
      await sessionsEnded(userId, sessionId);
    },

    async logoutEverywhere(userId) {
      await deleteSessionsOfUser(db, userId);
      await sessionsEnded(userId, null);
    },

    async deleteAccount(userId, password, address) {
      await confirmPassword(userId, password, address, 'password');
      await deleteUserRow(db, userId);
      await sessionsEnded(userId, null);
    },

    admitKeyCheck: (userId, service) => throttle.admitKeyCheck(service, userId),

    async purgeExpired() {
      const now = clock.now();
      await deleteExpiredSessions(db, now);
      for (const [hash, { session }] of remembered) if (session.expiresAt <= now) remembered.delete(hash);
      await throttle.purge();
    },

    async authenticate(token) {
      const now = clock.now();
      const session = await liveSession(tokenHash(token), now);
      if (!session) return undefined;
      if (now.getTime() - session.lastUsedAt.getTime() > EXTEND_EVERY_MS) {
        const expiresAt = expiry(now);
        await extendSession(db, session.id, now, expiresAt);
        session.lastUsedAt = now;
        session.expiresAt = expiresAt;
      }
      return { id: session.id, userId: session.userId, expiresAt: session.expiresAt };
    },
  };
}
