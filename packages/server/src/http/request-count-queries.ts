import { lte, sql } from 'drizzle-orm';
import { builtOnce } from '../db/built-once.ts';
import type { Executor } from '../db/client.ts';
import { requestCounts } from '../db/schema.ts';

const windowEnded = sql`${requestCounts.windowEndsAt} <= ${sql.placeholder('now')}`;
const requestsCounted = builtOnce((db) =>
  db
    .insert(requestCounts)
    .values({
      key: sql.placeholder('key'),
      hits: sql.placeholder('count'),
      windowEndsAt: sql.placeholder('nextWindowEnd'),
    })
    .onConflictDoUpdate({
      target: requestCounts.key,
      set: {
        hits: sql`case when ${windowEnded} then 0 else ${requestCounts.hits} end + ${sql.placeholder('count')}::int`,
        windowEndsAt: sql`case when ${windowEnded} then ${sql.placeholder('nextWindowEnd')}::timestamptz else ${requestCounts.windowEndsAt} end`,
      },
    })
    .returning({ hits: requestCounts.hits, windowEndsAt: requestCounts.windowEndsAt })
    .prepare('requests_counted'),
);

/**
 * Counts `count` requests for `key` in its window (a new window when the last has ended), in one
 * statement; answers the count with them and when the window ends.
 */
export async function countRequests(db: Executor, key: string, now: Date, windowMs: number, count: number) {
  const nextWindowEnd = new Date(now.getTime() + windowMs);
  const [row] = await requestsCounted(db, { key, now, nextWindowEnd, count });
  return row!;
}

export async function deleteEndedRequestCounts(db: Executor, now: Date) {
  await db.delete(requestCounts).where(lte(requestCounts.windowEndsAt, now));
}
