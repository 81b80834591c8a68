import { type RatesEmulator, startRatesEmulator } from '@kopiyka/fakes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { exchangeRateDays, scheduledTasks } from '../db/schema.ts';
import { createFrankfurterProvider } from '../integrations/rates/frankfurter.ts';
import { createNbuProvider } from '../integrations/rates/nbu.ts';
import { fixedClock } from '../lib/clock.ts';
import { addDays, todayIso } from '../lib/dates.ts';
import { createRatesService } from '../modules/rates/service.ts';
import { ratesSyncTask } from '../modules/rates/sync-task.ts';
import { startScheduler } from './scheduler.ts';
import { claimTask, finishTask, renewTask } from './scheduler-queries.ts';

// A Monday evening: the ECB has published today's rates (after 16:00 in Frankfurt), the NBU too.
const clock = fixedClock('2026-11-23T20:20:00Z');
const today = todayIso(clock.now());
let t: TestApp;
let emulator: RatesEmulator;
beforeAll(async () => {
  t = await startTestApp({}, { clock });
  const days = [addDays(today, -3), addDays(today, -2), addDays(today, -1), today];
  emulator = await startRatesEmulator({
    nbu: new Map(days.map((day) => [day, { USD: 41.5, EUR: 48.5 }])),
    ecb: new Map(days.map((day) => [day, { USD: 1.17 }])),
    now: () => clock.now(),
  });
});
afterAll(async () => {
  await t.close();
  await emulator.close();
});

const HOUR = 3_600_000;
/** The end of a lease of `ms` claimed now: what names its holder. */
const leaseFromNow = (ms: number) => new Date(clock.now().getTime() + ms);
/** A run that started and ended now. */
const ranNow = () => ({ startedAt: clock.now(), now: clock.now() });

describe('scheduled task leases', () => {
  it('lets exactly one of several concurrent claimants run a due task', async () => {
    const claims = await Promise.all(
      Array.from({ length: 5 }, () => claimTask(t.handle.db, clock.now(), 'race', HOUR, HOUR)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('is not due again until its interval has passed since the last success', async () => {
    const claim = () => claimTask(t.handle.db, clock.now(), 'daily', HOUR, HOUR);
    expect(await claim()).toBe(true);
    await finishTask(t.handle.db, ranNow(), 'daily', leaseFromNow(HOUR), true, HOUR);
    expect(await claim()).toBe(false);
    clock.advance(HOUR - 1000);
    expect(await claim()).toBe(false);
    clock.advance(2000);
    expect(await claim()).toBe(true);
  });

  it('after a failure waits for the retry delay, and a lease left by a dead instance expires', async () => {
    const claim = () => claimTask(t.handle.db, clock.now(), 'flaky', 10 * HOUR, HOUR);
    expect(await claim()).toBe(true);
    await finishTask(t.handle.db, ranNow(), 'flaky', leaseFromNow(HOUR), false, HOUR);
    expect(await claim()).toBe(false);
    clock.advance(HOUR + 1000);
    expect(await claim()).toBe(true);
    // This instance "dies" holding the lease: nobody gets the task until the lease has run out.
    clock.advance(HOUR - 1000);
    expect(await claim()).toBe(false);
    clock.advance(2000);
    expect(await claim()).toBe(true);
  });
});

describe('the rates sync task under the scheduler', () => {
  const task = () =>
    ratesSyncTask(
      createRatesService(
        t.handle.db,
        [createNbuProvider(emulator.url, 1000), createFrankfurterProvider(emulator.url, 1000)],
        t.app.log,
        clock,
      ),
    );
  const compactToday = today.replaceAll('-', '');
  const askedForToday = () => ({
    nbu: emulator.requests('nbu').some((path) => path.endsWith(`date=${compactToday}`)),
    frankfurter: emulator.requests('frankfurter').includes(`/v1/${today}`),
  });

  /** Lets the scheduler run the rates task once, stops it, and answers how the run was recorded. */
  async function runOnce() {
    emulator.resetRequests();
    let ran!: () => void;
    const finished = new Promise<void>((resolve) => {
      ran = resolve;
    });
    const sync = task();
    const scheduler = startScheduler(
      t.handle.db,
      [{ ...sync, run: () => sync.run().finally(ran) }],
      t.app.log,
      clock,
      60_000,
    );
    await finished;
    // Stopping waits for the run to be recorded.
    await scheduler.stop();
    const [row] = await t.handle.db
      .select({ lastSuccessAt: scheduledTasks.lastSuccessAt, lockedUntil: scheduledTasks.lockedUntil })
      .from(scheduledTasks)
      .where(eq(scheduledTasks.name, 'rates-sync'));
    return {
      succeeded: row?.lastSuccessAt != null,
      retryInMinutes: Math.round((row!.lockedUntil.getTime() - clock.now().getTime()) / 60_000),
    };
  }

  const storedToday = (source: 'nbu' | 'ecb') =>
    t.handle.db
      .select({ publishedDate: exchangeRateDays.publishedDate })
      .from(exchangeRateDays)
      .where(and(eq(exchangeRateDays.source, source), eq(exchangeRateDays.date, today)));

  it('records a failed fetch as a failure, retried in five minutes, after the other provider had its turn', async () => {
    emulator.setMode('nbu', 'down');
    expect(await runOnce()).toEqual({ succeeded: false, retryInMinutes: 5 });
    expect(askedForToday()).toEqual({ nbu: true, frankfurter: true });
    expect(await storedToday('nbu')).toEqual([]);
    expect(await storedToday('ecb')).toEqual([{ publishedDate: today }]);
  });

  it("once the retry is due, fetches only what is still missing, stores today's rates and records the success", async () => {
    emulator.setMode('nbu', 'normal');
    clock.advance(5 * 60_000 + 1000);
    expect(await runOnce()).toEqual({ succeeded: true, retryInMinutes: 0 });
    // The ECB's rates for today were stored by the failed run and are final: they are not asked for again.
    expect(askedForToday()).toEqual({ nbu: true, frankfurter: false });
    expect(await storedToday('nbu')).toEqual([{ publishedDate: today }]);
  });
});

// Last: these move the clock past a lease, which the rates sync above must not see.
describe('a scheduled task whose lease ran out', () => {
  it('records a run only under the lease it ran under: one that ran out and was claimed again is not overwritten', async () => {
    const claim = () => claimTask(t.handle.db, clock.now(), 'slow', 10 * HOUR, HOUR);
    expect(await claim()).toBe(true);
    const stalled = leaseFromNow(HOUR);
    // The first instance stalls past its lease; another claims the task and works on it.
    clock.advance(HOUR + 1000);
    expect(await claim()).toBe(true);
    const current = leaseFromNow(HOUR);
    expect(await renewTask(t.handle.db, 'slow', stalled, leaseFromNow(2 * HOUR))).toBe(false);
    expect(await finishTask(t.handle.db, ranNow(), 'slow', stalled, true, HOUR)).toBe(false);
    const record = () =>
      t.handle.db
        .select({ lockedUntil: scheduledTasks.lockedUntil, lastSuccessAt: scheduledTasks.lastSuccessAt })
        .from(scheduledTasks)
        .where(eq(scheduledTasks.name, 'slow'));
    expect(await record()).toEqual([{ lockedUntil: current, lastSuccessAt: null }]);
    // The holder of the current lease records its run.
    expect(await finishTask(t.handle.db, ranNow(), 'slow', current, true, HOUR)).toBe(true);
    expect(await record()).toEqual([{ lockedUntil: clock.now(), lastSuccessAt: clock.now() }]);
  });
});

describe('a scheduled task the clock overtook', () => {
  it('counts the interval from the start of a successful run: a run the clock overtook is due again', async () => {
    const claim = () => claimTask(t.handle.db, clock.now(), 'overtaken', HOUR, HOUR);
    expect(await claim()).toBe(true);
    const startedAt = clock.now();
    const held = leaseFromNow(HOUR);
    // The run looked at the world as it was at its start; a day passed before it was recorded.
    clock.advance(24 * HOUR);
    expect(await finishTask(t.handle.db, { startedAt, now: clock.now() }, 'overtaken', held, true, HOUR)).toBe(true);
    clock.advance(1000);
    expect(await claim()).toBe(true);
  });
});
