import type { Recurring } from '@kopiyka/shared';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { restartableServer } from '../../../test/server-process.ts';
import { addDays, daysBetween } from '../../lib/dates.ts';

/**
 * A real server process on the embedded database, killed with SIGKILL while it records the past
 * occurrences of a daily schedule started years ago, then started again on the same data: the job
 * records the rest, and every occurrence is recorded exactly once.
 */
const AMOUNT = 1_000;
const server = restartableServer('recurring-kill');
afterAll(() => server.remove());

describe('recording survives kill -9', () => {
  it('carries on after a restart with nothing missing and nothing doubled', async () => {
    await server.start();
    const { call } = server;
    const { session, uahId } = await server.signUp('recurring_kill');
    await call('PUT', '/user/settings', { timeZone: 'UTC' }, session);
    const account = await call(
      'POST',
      '/accounts',
      { name: 'Cash', currencyId: uahId, openingAt: '2020-01-01T00:00:00.000Z' },
      session,
    );
    const accountId = account.body.response.id;
    const categories = (await call('GET', '/categories', undefined, session)).body.response;
    const categoryId = categories.find((c: { name: string }) => c.name === 'Taxi').id;

    const today = new Date().toISOString().slice(0, 10);
    const startDate = addDays(today, -1_000);
    // Not awaited: the request records 1,000 occurrences, and the server dies in the middle.
    const creating = call(
      'POST',
      '/recurring',
      {
        name: 'Taxi home',
        template: { amount: AMOUNT, transactionType: 'expense', accountId, categoryId },
        schedule: { frequency: 'day', startDate },
      },
      session,
    ).catch(() => undefined);
    const schedules = async () => (await call('GET', '/recurring', undefined, session)).body.response as Recurring[];
    let seen: Recurring | undefined;
    await vi.waitFor(
      async () => {
        [seen] = await schedules();
        expect(seen?.recordedCount).toBeGreaterThanOrEqual(50);
      },
      { timeout: 60_000, interval: 10 },
    );
    await server.kill();
    await creating;
    expect(seen!.recordedCount).toBeLessThan(900);

    await server.start();
    await vi.waitFor(
      async () => {
        const [schedule] = await schedules();
        expect(schedule!.nextDate! > schedule!.lastRecordedDate!).toBe(true);
        expect(schedule!.nextDate! > new Date().toISOString().slice(0, 10)).toBe(true);
      },
      { timeout: 90_000, interval: 100 },
    );
    const [done] = await schedules();
    const days = daysBetween(startDate, done!.lastRecordedDate!);
    expect(done!.recordedCount).toBe(days.length);
    const after = (await call('GET', `/accounts/${accountId}`, undefined, session)).body.response;
    expect(after.currentBalance).toBe(-AMOUNT * days.length);
    // One transaction a day: the last offset holds the last one, and none is beyond it.
    const tail = await call('GET', `/transactions?limit=200&from=${days.length - 1}`, undefined, session);
    expect(tail.body.response).toHaveLength(1);
  }, 180_000);
});
