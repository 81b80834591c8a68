import type { AddressInfo } from 'node:net';
import type { Recurring, Transaction } from '@kopiyka/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { openEventStream } from '../../../test/monobank.ts';
import { buildWorld } from '../../../test/world.ts';
import { fixedClock } from '../../lib/clock.ts';

/** A bound on a hung run, not a figure the test asserts: the job looks every few milliseconds. */
const WAIT = { timeout: 30_000, interval: 20 };
// 10 May 2026, 12:00 in Kyiv.
const clock = fixedClock('2026-05-10T09:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ backgroundJobs: true, schedulerCheckMs: 20 }, { clock });
});
afterAll(() => t.close());

describe('the recording job', () => {
  it('records each occurrence of an automatic schedule when its local day begins, once', async () => {
    const w = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const { token } = w;
    await t.call('PUT', '/api/v1/user/settings', { token, body: { timeZone: 'Europe/Kyiv' } });
    const created = await t.call('POST', '/api/v1/recurring', {
      token,
      body: {
        name: 'Coffee',
        template: {
          amount: 6_000,
          transactionType: 'expense',
          accountId: w.accounts[0],
          categoryId: w.category('Bars, cafés'),
        },
        schedule: { frequency: 'day', startDate: '2026-05-11', count: 3 },
      },
    });
    expect(created.status).toBe(201);
    const id = (created.body.response as Recurring).id;
    const recorded = async () =>
      (await t.call('GET', '/api/v1/transactions?limit=200&order=asc', { token })).body.response as Transaction[];
    const schedule = async () => (await t.call('GET', `/api/v1/recurring/${id}`, { token })).body.response as Recurring;

    // 23:30 in Kyiv on the 10th: the 11th has not begun there.
    clock.set('2026-05-10T20:30:00Z');
    await vi.waitFor(async () => expect((await t.call('GET', '/api/v1/user', { token })).status).toBe(200));
    expect(await recorded()).toEqual([]);

    // 00:30 in Kyiv on the 11th (still the 10th in UTC). An open page hears of it.
    const address = t.app.server.address() as AddressInfo;
    const stream = await openEventStream(`http://127.0.0.1:${address.port}`, token);
    clock.set('2026-05-10T21:30:00Z');
    await vi.waitFor(async () => expect(await recorded()).toHaveLength(1), WAIT);
    expect((await schedule()).nextDate).toBe('2026-05-12');
    await vi.waitFor(() =>
      expect(stream.received).toContainEqual({ type: 'recurring.recorded', recurringId: id, count: 1 }),
    );
    await stream.close();

    // Two days later at once: both occurrences, and then the rhythm has ended.
    clock.set('2026-05-13T08:00:00Z');
    await vi.waitFor(async () => expect((await schedule()).nextDate).toBeNull(), WAIT);
    const all = await recorded();
    expect(all.map((tx) => tx.time)).toEqual([
      '2026-05-11T09:00:00.000Z',
      '2026-05-12T09:00:00.000Z',
      '2026-05-13T09:00:00.000Z',
    ]);
    expect((await schedule()).recordedCount).toBe(3);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  }, 60_000);

  it('leaves schedules to confirm, archived ones and other people’s alone', async () => {
    const w = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const { token } = w;
    const template = {
      amount: 100,
      transactionType: 'expense',
      accountId: w.accounts[0],
      categoryId: w.category('Taxi'),
    };
    const start = '2026-05-14';
    for (const extra of [{ mode: 'confirm' }, { archived: true }]) {
      const res = await t.call('POST', '/api/v1/recurring', {
        token,
        body: { name: 'Taxi', template, schedule: { frequency: 'day', startDate: start }, ...extra },
      });
      expect(res.status).toBe(201);
    }
    const watcher = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const res = await t.call('POST', '/api/v1/recurring', {
      token: watcher.token,
      body: {
        name: 'Taxi',
        template: { ...template, accountId: watcher.accounts[0], categoryId: watcher.category('Taxi') },
        schedule: { frequency: 'day', startDate: start, count: 1 },
      },
    });
    expect(res.status).toBe(201);
    clock.set('2026-05-14T12:00:00Z');
    // The other user's schedule is recorded: the job has looked at the day.
    const watched = async () =>
      (await t.call('GET', '/api/v1/transactions', { token: watcher.token })).body.response as Transaction[];
    await vi.waitFor(async () => expect(await watched()).toHaveLength(1), WAIT);
    expect((await t.call('GET', '/api/v1/transactions', { token })).body.response).toEqual([]);
  }, 60_000);
});
