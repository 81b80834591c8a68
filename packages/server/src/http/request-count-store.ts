import type { Database } from '../db/client.ts';
import type { PeriodicTask } from '../jobs/scheduler.ts';
import type { Clock } from '../lib/clock.ts';
import { countRequest, deleteEndedRequestCounts } from './request-count-queries.ts';

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit that counts in the database, so instances sharing PostgreSQL
 * share one limit per address instead of each allowing the whole of it.
 */
export function databaseRequestCountStore(db: Database, clock: Clock) {
  return class DatabaseRequestCountStore {
    incr(key: string, done: Counted, windowMs: number) {
      const now = clock.now();
      countRequest(db, key, now, windowMs).then(
        (row) => done(null, { current: row.hits, ttl: Math.max(0, row.windowEndsAt.getTime() - now.getTime()) }),
        (error: Error) => done(error),
      );
    }

    child() {
      return new DatabaseRequestCountStore();
    }
  };
}

/** Every ten minutes, deletes the counts of windows that have ended (an address seen once stays no longer). */
export function requestCountPurgeTask(db: Database, clock: Clock): PeriodicTask {
  return { name: 'request-count-purge', everyMs: 10 * 60_000, run: () => deleteEndedRequestCounts(db, clock.now()) };
}
