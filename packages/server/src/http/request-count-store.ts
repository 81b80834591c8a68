import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { countRequest } from './request-count-queries.ts';

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
