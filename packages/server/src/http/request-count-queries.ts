import { lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { requestCounts } from '../db/schema.ts';

/** Counts one request for `key` in its window (a new window when the last has ended), in one statement. */
export async function countRequest(db: Executor, key: string, now: Date, windowMs: number) {
  const windowEnded = sql`${requestCounts.windowEndsAt} <= ${now}`;
  const nextWindowEnd = new Date(now.getTime() + windowMs);
  const [row] = await db
    .insert(requestCounts)
    .values({ key, hits: 1, windowEndsAt: nextWindowEnd })
    .onConflictDoUpdate({
      target: requestCounts.key,
      set: {
        hits: sql`case when ${windowEnded} then 1 else ${requestCounts.hits} + 1 end`,
        windowEndsAt: sql`case when ${windowEnded} then ${nextWindowEnd} else ${requestCounts.windowEndsAt} end`,
      },
    })
    .returning({ hits: requestCounts.hits, windowEndsAt: requestCounts.windowEndsAt });
  return row!;
}

export async function deleteEndedRequestCounts(db: Executor, now: Date) {
  await db.delete(requestCounts).where(lte(requestCounts.windowEndsAt, now));
}
