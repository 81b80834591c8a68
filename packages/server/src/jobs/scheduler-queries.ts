import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { scheduledTasks } from '../db/schema.ts';

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

/**
 * Takes the task's lease when it is due and nobody holds it. Exactly one of several instances
 * racing here gets a row back: the upsert's condition is checked under the row lock.
 */
export async function claimTask(
  db: Executor,
  now: Date,
  name: string,
  everyMs: number,
  leaseMs: number,
): Promise<boolean> {
  const claimed = await db
    .insert(scheduledTasks)
    .values({ name, lockedUntil: later(now, leaseMs) })
    .onConflictDoUpdate({
      target: scheduledTasks.name,
      set: { lockedUntil: later(now, leaseMs) },
      where: and(
        lt(scheduledTasks.lockedUntil, now),
        or(isNull(scheduledTasks.lastSuccessAt), lt(scheduledTasks.lastSuccessAt, later(now, -everyMs))),
      ),
    })
    .returning({ name: scheduledTasks.name });
  return claimed.length > 0;
}

export async function finishTask(db: Executor, now: Date, name: string, succeeded: boolean, retryAfterMs: number) {
  await db
    .update(scheduledTasks)
    .set(succeeded ? { lastSuccessAt: now, lockedUntil: now } : { lockedUntil: later(now, retryAfterMs) })
    .where(eq(scheduledTasks.name, name));
}
