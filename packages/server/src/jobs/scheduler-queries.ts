import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { scheduledTasks } from '../db/schema.ts';

const later = (now: Date, ms: number) => new Date(now.getTime() + ms);

/**
 * Takes the task's lease when it is due and nobody holds it. Exactly one of several instances
 * racing here gets a row back: the upsert's condition is checked under the row lock. The lease's
 * end (`now` + `leaseMs`) is what names its holder: a later claim always writes a later one.
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

/** The lease that ends at `held` is still the task's: this instance's claim, not a later one's. */
const heldUntil = (name: string, held: Date) =>
  and(eq(scheduledTasks.name, name), eq(scheduledTasks.lockedUntil, held));

/** Moves the lease that ends at `held` on to `until`; false when another claim holds the task now. */
export async function renewTask(db: Executor, name: string, held: Date, until: Date): Promise<boolean> {
  const renewed = await db
    .update(scheduledTasks)
    .set({ lockedUntil: until })
    .where(heldUntil(name, held))
    .returning({ name: scheduledTasks.name });
  return renewed.length > 0;
}

/**
 * Records a run under the lease that ends at `held`: a success, or a failure tried again after
 * `retryAfterMs`. A success counts from `startedAt`, the claim: the run saw the world as it was
 * then, so a run that took long (or that the clock overtook) leaves what came meanwhile to the
 * next. False, writing nothing, when the lease ran out and another instance claimed the task
 * meanwhile: its run is the one to record.
 */
export async function finishTask(
  db: Executor,
  run: { startedAt: Date; now: Date },
  name: string,
  held: Date,
  succeeded: boolean,
  retryAfterMs: number,
): Promise<boolean> {
  const { startedAt, now } = run;
  const finished = await db
    .update(scheduledTasks)
    .set(succeeded ? { lastSuccessAt: startedAt, lockedUntil: now } : { lockedUntil: later(now, retryAfterMs) })
    .where(heldUntil(name, held))
    .returning({ name: scheduledTasks.name });
  return finished.length > 0;
}

/** Lets the lease that ends at `held` go at once (any lease, without `held`: the only instance's start). */
export async function releaseTask(db: Executor, name: string, held?: Date): Promise<void> {
  await db
    .update(scheduledTasks)
    .set({ lockedUntil: new Date(0) })
    .where(held ? heldUntil(name, held) : eq(scheduledTasks.name, name));
}
