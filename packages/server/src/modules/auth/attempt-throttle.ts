import { createHash } from 'node:crypto';
import { foldUsername } from '@kopiyka/shared';
import type { AuthLimits, GuessRule } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import {
  deleteStaleAttempts,
  forgetAttempts,
  isKnownSignIn,
  nextAttemptAt,
  recordKnownSignIn,
  returnAttempt,
  takeAttempt,
} from './queries.ts';

/** An address a user signed in from with the right password vouches for them there this long. */
const KNOWN_SIGN_IN_MS = 90 * 24 * 60 * 60 * 1000;

/** Buckets are stored by digest: the table says how often, never who or from where. */
const bucket = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('hex');

/**
 * One password check that has been let through: settle it with `succeeded` (the right password,
 * written with `db`, the caller's transaction) or leave it counted as a guess.
 */
export interface AdmittedGuess {
  succeeded(db: Executor, userId: number): Promise<void>;
}

/**
 * Slows password guessing where it comes from, in the database so every instance counts alike
 * (docs/decisions.md "Password guessing is slowed per username and address"):
 * - a username (or a signed-in user) at one address gets a few tries, then waits that double;
 * - a username tried from many addresses, and an address trying many usernames, are slowed too,
 *   but only for addresses the user has not signed in from lately, so the right password from a
 *   known address always gets in and a shared address is not one bucket for all its users.
 * Every attempt is counted before the password is checked, so parallel guesses cannot overtake it.
 */
export function createAttemptThrottle(db: Database, limits: AuthLimits, clock: Clock) {
  /** Takes a slot in each bucket in turn, giving back those already taken when one is waiting. */
  async function admit(buckets: Array<[string, GuessRule]>, what: string): Promise<string[]> {
    const now = clock.now();
    const taken: string[] = [];
    for (const [key, rule] of buckets) {
      if (await takeAttempt(db, key, rule, now)) {
        taken.push(key);
        continue;
      }
      for (const done of taken) await returnAttempt(db, done);
      const nextAt = (await nextAttemptAt(db, key)) ?? now;
      throw tooMany(what, Math.max(1, Math.ceil((nextAt.getTime() - now.getTime()) / 1000)));
    }
    return taken;
  }

  return {
    /** Before a login's password check: refuses with TOO_MANY_REQUESTS when a bucket is waiting. */
    async admitLogin(username: string, address: string): Promise<AdmittedGuess> {
      const name = foldUsername(username);
      const pair = bucket('login', name, address);
      const known = await isKnownSignIn(db, pair, new Date(clock.now().getTime() - KNOWN_SIGN_IN_MS));
      const buckets: Array<[string, GuessRule]> = known
        ? []
        : [
            [bucket('username', name), limits.perUsername],
            [bucket('address', address), limits.perAddress],
          ];
      buckets.push([pair, limits.perUsernameAndAddress]);
      const taken = await admit(buckets, 'Too many failed sign-in attempts.');
      return {
        async succeeded(tx, userId) {
          await forgetAttempts(tx, pair);
          for (const key of taken) if (key !== pair) await returnAttempt(tx, key);
          await recordKnownSignIn(tx, pair, userId, clock.now());
        },
      };
    },

    /** Before re-checking a signed-in user's password (changing it, deleting the account). */
    async admitPasswordCheck(userId: number, address: string): Promise<AdmittedGuess> {
      const pair = bucket('password', String(userId), address);
      await admit([[pair, limits.perUsernameAndAddress]], 'Too many failed sign-in attempts.');
      return { succeeded: (tx) => forgetAttempts(tx, pair) };
    },

    /** Every sign-up counts, refused ones too: each hashes a password. */
    async admitRegistration(address: string): Promise<void> {
      await admit(
        [[bucket('register', address), limits.registrationsPerAddress]],
        'Too many sign-ups from this address.',
      );
    },

    /** Every check of a user's exchange keys counts, accepted ones too: each spends the server's request weight there. */
    async admitKeyCheck(service: string, userId: number): Promise<void> {
      await admit([[bucket('keys', service, String(userId)), limits.keyChecksPerUser]], 'Too many key checks.');
    },

    /** Forgets buckets past every rule's memory and sign-ins too old to vouch for an address. */
    async purge(): Promise<void> {
      const now = clock.now().getTime();
      const longestMemory = Math.max(
        ...[
          limits.perUsernameAndAddress,
          limits.perUsername,
          limits.perAddress,
          limits.registrationsPerAddress,
          limits.keyChecksPerUser,
        ].map((rule) => rule.forgetAfterMs + rule.maxDelayMs),
      );
      await deleteStaleAttempts(db, new Date(now - longestMemory), new Date(now - KNOWN_SIGN_IN_MS));
    },
  };
}

export type AttemptThrottle = ReturnType<typeof createAttemptThrottle>;

function tooMany(what: string, waitSeconds: number) {
  return new AppError('TOO_MANY_REQUESTS', `${what} Try again in ${Math.ceil(waitSeconds / 60)} min.`, undefined, {
    'retry-after': String(waitSeconds),
  });
}
