import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Recurring } from '@kopiyka/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callServer, type ServerProcess, startEmbeddedServer } from '../../../test/server-process.ts';
import { addDays, daysBetween } from '../../lib/dates.ts';

/**
 * A real server process on the embedded database, killed with SIGKILL while it records the past
 * occurrences of a daily schedule started years ago, then started again on the same data: the job
 * records the rest, and every occurrence is recorded exactly once.
 */
const AMOUNT = 1_000;
let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kopiyka-recurring-kill-'));
});

afterAll(async () => {
  await server?.kill();
  await rm(dataDir, { recursive: true, force: true });
});

async function startServer(): Promise<string> {
  server = await startEmbeddedServer(dataDir, { RATE_LIMIT_PER_MINUTE: '100000' });
  return server.api;
}

describe('recording survives kill -9', () => {
  it('carries on after a restart with nothing missing and nothing doubled', async () => {
    let base = await startServer();
    const call = (method: string, url: string, body?: unknown, token?: string) =>
      callServer(base, method, url, { body, token });
    const credentials = { username: `recurring_kill_${Date.now()}`, password: 'correct horse battery' };
    await call('POST', '/auth/register', credentials);
    const session = (await call('POST', '/auth/login', credentials)).body.response.token as string;
    await call('PUT', '/user/settings', { timeZone: 'UTC' }, session);
    const uah = (await call('GET', '/models/currencies')).body.response.find((c: { code: string }) => c.code === 'UAH');
    await call('POST', '/user/currencies/base', { currencyId: uah.id }, session);
    const account = await call(
      'POST',
      '/accounts',
      { name: 'Cash', currencyId: uah.id, openingAt: '2020-01-01T00:00:00.000Z' },
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
    await server!.kill();
    await creating;
    expect(seen!.recordedCount).toBeLessThan(900);

    base = await startServer();
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
