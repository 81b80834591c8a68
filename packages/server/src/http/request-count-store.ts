import type { Database } from '../db/client.ts';
import type { PeriodicTask } from '../jobs/scheduler.ts';
import type { Clock } from '../lib/clock.ts';
import { countRequests, deleteEndedRequestCounts } from './request-count-queries.ts';

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * An instance takes at most this share of what is left of an address's limit at once: at 600 a
 * minute, 12 requests per statement instead of one; near the limit, one each, so the count is exact
 * where it decides.
 */
const BLOCK_SHARE = 50;
/** Addresses remembered before those whose windows ended are let go. */
const REMEMBERED_KEYS = 10_000;

/** Numbers of the shared count this instance took for one address: `next` up to `last`, until the window ends. */
interface Block {
  next: number;
  last: number;
  windowEndsAt: number;
}

/**
 * A store for @fastify/rate-limit that counts in the database, so instances sharing PostgreSQL
 * share one limit per address instead of each allowing the whole of it. An instance takes numbers
 * of the shared count in blocks (one statement a block, not one a request: docs/decisions.md
 * "The request limit counts in blocks") and hands them to its requests one by one. Numbers another
 * instance took and has not used yet count as used, so several instances may refuse a little
 * before the limit, never after it.
 */
export function databaseRequestCountStore(db: Database, clock: Clock) {
  const blocks = new Map<string, Block>();
  const reserving = new Map<string, Promise<void>>();

  async function reserve(key: string, windowMs: number, max: number, last: Block | undefined, now: number) {
    const counted = last && last.windowEndsAt > now ? last.last : 0;
    const size = Math.max(1, Math.floor((max - counted) / BLOCK_SHARE));
    const row = await countRequests(db, key, new Date(now), windowMs, size);
    if (blocks.size >= REMEMBERED_KEYS) {
      for (const [known, block] of blocks) if (block.windowEndsAt <= now) blocks.delete(known);
    }
    blocks.set(key, { next: row.hits - size + 1, last: row.hits, windowEndsAt: row.windowEndsAt.getTime() });
  }

  async function take(key: string, windowMs: number, max: number) {
    for (;;) {
      const now = clock.now().getTime();
      const block = blocks.get(key);
      if (block && block.next <= block.last && block.windowEndsAt > now) {
        return { current: block.next++, ttl: block.windowEndsAt - now };
      }
      let pending = reserving.get(key);
      if (!pending) {
        pending = reserve(key, windowMs, max, block, now).finally(() => reserving.delete(key));
        reserving.set(key, pending);
      }
      await pending;
    }
  }

  return class DatabaseRequestCountStore {
    incr(key: string, done: Counted, windowMs: number, max: number) {
      take(key, windowMs, max).then(
        (result) => done(null, result),
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
