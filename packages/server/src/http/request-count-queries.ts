import { lte, sql } from 'drizzle-orm';
import { builtOnce } from '../db/built-once.ts';
import type { Executor } from '../db/client.ts';
import { requestCounts } from '../db/schema.ts';

const windowEnded = sql`${requestCounts.windowEndsAt} <= ${sql.placeholder('now')}`;
const requestCounted = builtOnce((db) =>
  db
    .insert(requestCounts)
    .values({ key: sql.placeholder('key'), hits: 1, windowEndsAt: sql.placeholder('nextWindowEnd') })
    .onConflictDoUpdate({
      target: requestCounts.key,
      set: {
        hits: sql`case when ${windowEnded} then 1 else ${requestCounts.hits} + 1 end`,
        windowEndsAt: sql`case when ${windowEnded} then ${sql.placeholder('nextWindowEnd')}::timestamptz else ${requestCounts.windowEndsAt} end`,
      },
    })
    .returning({ hits: requestCounts.hits, windowEndsAt: requestCounts.windowEndsAt })
    .prepare('request_counted'),
);

/** Counts one request for `key` in its window (a new window when the last has ended), in one statement. */
export async function countRequest(db: Executor, key: string, now: Date, windowMs: number) {
  const [row] = await requestCounted(db, { key, now, nextWindowEnd: new Date(now.getTime() + windowMs) });
  return row!;
}

export async function deleteEndedRequestCounts(db: Executor, now: Date) {
  await db.delete(requestCounts).where(lte(requestCounts.windowEndsAt, now));
}
