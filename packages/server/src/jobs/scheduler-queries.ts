import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { scheduledTasks } from '../db/schema.ts';

const msFromNow = (ms: number) => sql`now() + ${ms} * interval '1 millisecond'`;

/**
 * Takes the task's lease when it is due and nobody holds it. Exactly one of several instances
 * racing here gets a row back: the upsert's condition is checked under the row lock.
 */
export async function claimTask(db: Executor, name: string, everyMs: number, leaseMs: number): Promise<boolean> {
  const claimed = await db
    .insert(scheduledTasks)
    .values({ name, lockedUntil: msFromNow(leaseMs) })
    .onConflictDoUpdate({
      target: scheduledTasks.name,
      set: { lockedUntil: msFromNow(leaseMs) },
      where: and(
        lt(scheduledTasks.lockedUntil, sql`now()`),
        or(
          isNull(scheduledTasks.lastSuccessAt),
          lt(scheduledTasks.lastSuccessAt, sql`now() - ${everyMs} * interval '1 millisecond'`),
        ),
      ),
    })
    .returning({ name: scheduledTasks.name });
  return claimed.length > 0;
}

export async function finishTask(db: Executor, name: string, succeeded: boolean, retryAfterMs: number) {
  await db
    .update(scheduledTasks)
    .set(succeeded ? { lastSuccessAt: sql`now()`, lockedUntil: sql`now()` } : { lockedUntil: msFromNow(retryAfterMs) })
    .where(eq(scheduledTasks.name, name));
}
