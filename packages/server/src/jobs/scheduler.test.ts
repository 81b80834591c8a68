import { type RatesEmulator, startRatesEmulator } from '@kopiyka/fakes';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { exchangeRateDays, scheduledTasks } from '../db/schema.ts';
import { createFrankfurterProvider } from '../integrations/rates/frankfurter.ts';
import { createNbuProvider } from '../integrations/rates/nbu.ts';
import { addDays, todayIso } from '../lib/dates.ts';
import { createRatesService } from '../modules/rates/service.ts';
import { ratesSyncTask } from '../modules/rates/sync-task.ts';
import { startScheduler } from './scheduler.ts';
import { claimTask, finishTask } from './scheduler-queries.ts';

const today = todayIso();
let t: TestApp;
let emulator: RatesEmulator;
beforeAll(async () => {
  t = await startTestApp();
  const days = [addDays(today, -3), addDays(today, -2), addDays(today, -1), today];
  emulator = await startRatesEmulator({
    nbu: new Map(days.map((day) => [day, { USD: 41.5, EUR: 48.5 }])),
    ecb: new Map(days.map((day) => [day, { USD: 1.17 }])),
  });
});
afterAll(async () => {
  await t.close();
  await emulator.close();
});

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

describe('the rates sync task under the scheduler', () => {
  const task = () =>
    ratesSyncTask(
      createRatesService(
        t.handle.db,
        [createNbuProvider(emulator.url, 1000), createFrankfurterProvider(emulator.url, 1000)],
        t.app.log,
      ),
    );
  const compactToday = today.replaceAll('-', '');
  /** Runs the scheduler until both providers were asked for today's rates, then stops it (after its run ends). */
  async function runOnce() {
    emulator.resetRequests();
    const scheduler = startScheduler(t.handle.db, [task()], t.app.log);
    await vi.waitFor(
      () => {
        expect(emulator.requests('nbu').some((path) => path.endsWith(`date=${compactToday}`))).toBe(true);
        expect(emulator.requests('frankfurter')).toContain(`/v1/${today}`);
      },
      { timeout: 10_000, interval: 20 },
    );
    await scheduler.stop();
    const [row] = await t.handle.db
      .select({
        succeeded: sql<boolean>`${scheduledTasks.lastSuccessAt} is not null`,
        retryInMinutes: sql<number>`round(extract(epoch from ${scheduledTasks.lockedUntil} - now()) / 60)::int`,
      })
      .from(scheduledTasks)
      .where(eq(scheduledTasks.name, 'rates-sync'));
    return row;
  }

  it('records a failed fetch as a failure, retried in five minutes, after the other provider had its turn', async () => {
    emulator.setMode('nbu', 'down');
    expect(await runOnce()).toEqual({ succeeded: false, retryInMinutes: 5 });
    const stored = await t.handle.db
      .select()
      .from(exchangeRateDays)
      .where(and(eq(exchangeRateDays.source, 'nbu'), eq(exchangeRateDays.date, today)));
    expect(stored).toEqual([]);
  });

  it("stores today's rates and records the success once the providers answer", async () => {
    emulator.setMode('nbu', 'normal');
    await t.handle.db
      .update(scheduledTasks)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(scheduledTasks.name, 'rates-sync'));
    expect(await runOnce()).toEqual({ succeeded: true, retryInMinutes: 0 });
    const stored = await t.handle.db
      .select({ publishedDate: exchangeRateDays.publishedDate })
      .from(exchangeRateDays)
      .where(and(eq(exchangeRateDays.source, 'nbu'), eq(exchangeRateDays.date, today)));
    expect(stored).toEqual([{ publishedDate: today }]);
  });
});
