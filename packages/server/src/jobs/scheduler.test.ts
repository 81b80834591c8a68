import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { scheduledTasks } from '../db/schema.ts';
import { claimTask, finishTask } from './scheduler-queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const HOUR = 3_600_000;

describe('scheduled task leases', () => {
  it('lets exactly one of several concurrent claimants run a due task', async () => {
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimTask(t.handle.db, 'race', HOUR, HOUR)));
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('is not due again until its interval has passed since the last success', async () => {
    expect(await claimTask(t.handle.db, 'daily', HOUR, HOUR)).toBe(true);
    await finishTask(t.handle.db, 'daily', true, HOUR);
    expect(await claimTask(t.handle.db, 'daily', HOUR, HOUR)).toBe(false);
    await t.handle.db
      .update(scheduledTasks)
      .set({ lastSuccessAt: sql`now() - interval '2 hours'` })
      .where(eq(scheduledTasks.name, 'daily'));
    expect(await claimTask(t.handle.db, 'daily', HOUR, HOUR)).toBe(true);
  });

  it('after a failure waits for the retry delay, and a lease left by a dead instance expires', async () => {
    expect(await claimTask(t.handle.db, 'flaky', HOUR, HOUR)).toBe(true);
    await finishTask(t.handle.db, 'flaky', false, HOUR);
    expect(await claimTask(t.handle.db, 'flaky', HOUR, HOUR)).toBe(false);
    await t.handle.db
      .update(scheduledTasks)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(scheduledTasks.name, 'flaky'));
    expect(await claimTask(t.handle.db, 'flaky', HOUR, HOUR)).toBe(true);
  });
});
