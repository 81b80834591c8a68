import type { Recurring, Transaction, Upcoming } from '@kopiyka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { buildWorld } from '../../../test/world.ts';
import { fixedClock } from '../../lib/clock.ts';

// 10 May 2026, 12:00 in Kyiv: every date below is read against it.
const clock = fixedClock('2026-05-10T09:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { clock });
});
afterAll(() => t.close());

async function world(timeZone = 'Europe/Kyiv') {
  const w = await buildWorld(t, {
    currencies: { USD: 40 },
    accounts: [{ currency: 'UAH', initialBalance: 1_000_000 }, { currency: 'USD' }],
  });
  const { token } = w;
  expect((await t.call('PUT', '/api/v1/user/settings', { token, body: { timeZone } })).status).toBe(200);
  const [uah, usd] = w.accounts;
  const create = (body: Record<string, unknown>) => t.call('POST', '/api/v1/recurring', { token, body });
  const created = async (body: Record<string, unknown>) => {
    const res = await create(body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.response as Recurring;
  };
  const rent = (schedule: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    name: 'Rent',
    template: { amount: 1_500_000, transactionType: 'expense', accountId: uah, categoryId: w.category('Rent') },
    schedule: { frequency: 'month', ...schedule },
    ...extra,
  });
  const transactions = async () =>
    (await t.call('GET', '/api/v1/transactions?limit=200&order=asc', { token })).body.response as Transaction[];
  const upcoming = async (days = 30) =>
    (await t.call('GET', `/api/v1/recurring/upcoming?days=${days}`, { token })).body.response as Upcoming;
  const list = async () => (await t.call('GET', '/api/v1/recurring', { token })).body.response as Recurring[];
  return { ...w, uah: uah!, usd: usd!, create, created, rent, transactions, upcoming, list };
}

describe('an automatic schedule', () => {
  it('records every occurrence from a past start up to today at once, month ends on the last day', async () => {
    const w = await world();
    const rent = await w.created(w.rent({ startDate: '2026-01-31' }));
    expect(rent).toMatchObject({
      kind: 'schedule',
      mode: 'auto',
      schedule: { frequency: 'month', interval: 1, startDate: '2026-01-31', endDate: null, count: null },
      nextDate: '2026-05-31',
      lastRecordedDate: '2026-04-30',
      recordedCount: 4,
      total: null,
    });
    const recorded = await w.transactions();
    // Noon of each local day in Kyiv (UTC+2 in winter, +3 in summer).
    expect(recorded.map((tx) => tx.time)).toEqual([
      '2026-01-31T10:00:00.000Z',
      '2026-02-28T10:00:00.000Z',
      '2026-03-31T09:00:00.000Z',
      '2026-04-30T09:00:00.000Z',
    ]);
    expect(recorded.every((tx) => tx.amount === 1_500_000 && tx.categoryId === w.category('Rent'))).toBe(true);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
    const account = (await t.call('GET', `/api/v1/accounts/${w.uah}`, { token: w.token })).body.response;
    expect(account.currentBalance).toBe(1_000_000 - 4 * 1_500_000);
  });

  it('with a count or an end date stops there, and one starting later records nothing yet', async () => {
    const w = await world();
    const counted = await w.created(w.rent({ frequency: 'week', startDate: '2026-04-01', count: 3 }));
    expect(counted).toMatchObject({ recordedCount: 3, nextDate: null, lastRecordedDate: '2026-04-15' });
    const ended = await w.created(
      w.rent({ frequency: 'day', interval: 10, startDate: '2026-04-01', endDate: '2026-04-25' }),
    );
    expect(ended).toMatchObject({ recordedCount: 3, nextDate: null, lastRecordedDate: '2026-04-21' });
    const later = await w.created(w.rent({ startDate: '2026-06-01' }));
    expect(later).toMatchObject({ recordedCount: 0, nextDate: '2026-06-01', lastRecordedDate: null });
    expect(await w.transactions()).toHaveLength(6);
  });

  it('keeps the local day of its occurrences across clock changes in Kyiv and New York', async () => {
    for (const [zone, times] of [
      ['Europe/Kyiv', ['2026-03-22T10:00:00.000Z', '2026-03-29T09:00:00.000Z', '2026-04-05T09:00:00.000Z']],
      ['America/New_York', ['2026-03-01T17:00:00.000Z', '2026-03-08T16:00:00.000Z', '2026-03-15T16:00:00.000Z']],
    ] as const) {
      const w = await world(zone);
      const start = zone === 'Europe/Kyiv' ? '2026-03-22' : '2026-03-01';
      await w.created(w.rent({ frequency: 'week', startDate: start, count: 3 }));
      expect((await w.transactions()).map((tx) => tx.time)).toEqual(times);
    }
  });

  it('moves money between own accounts in two currencies, and puts its tags on what it records', async () => {
    const w = await world();
    const tag = (await t.call('POST', '/api/v1/tags', { token: w.token, body: { name: 'Savings' } })).body.response;
    const savings = await w.created({
      name: 'Savings',
      template: {
        amount: 400_000,
        transactionType: 'expense',
        accountId: w.uah,
        destinationAccountId: w.usd,
        destinationAmount: 10_000,
        tagIds: [tag.id],
      },
      schedule: { frequency: 'month', startDate: '2026-05-01' },
    });
    expect(savings.template).toMatchObject({
      destinationAccountId: w.usd,
      destinationAmount: 10_000,
      tagIds: [tag.id],
    });
    const legs = await w.transactions();
    expect(legs.map((tx) => [tx.accountId, tx.amount, tx.transactionType, tx.tagIds])).toEqual([
      [w.uah, 400_000, 'expense', [tag.id]],
      [w.usd, 10_000, 'income', [tag.id]],
    ]);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });
});

describe('a schedule to confirm', () => {
  it('lists due occurrences until each is confirmed (changed first if need be) or skipped, once', async () => {
    const w = await world();
    const internet = await w.created(
      w.rent({ frequency: 'week', startDate: '2026-04-26' }, { name: 'Internet', mode: 'confirm' }),
    );
    expect(internet).toMatchObject({ recordedCount: 0, nextDate: '2026-04-26' });
    expect(await w.transactions()).toEqual([]);
    const before = await w.upcoming(7);
    expect(before.items.map((item) => [item.date, item.state, item.number])).toEqual([
      ['2026-04-26', 'due', 1],
      ['2026-05-03', 'due', 2],
      ['2026-05-10', 'due', 3],
      ['2026-05-17', 'upcoming', 4],
    ]);

    const path = (date: string, what: string) => `/api/v1/recurring/${internet.id}/occurrences/${date}/${what}`;
    const confirmed = await t.call('POST', path('2026-04-26', 'confirm'), {
      token: w.token,
      body: { amount: 1_600_000, note: 'A dearer month' },
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(201);
    expect(confirmed.body.response).toMatchObject([
      { amount: 1_600_000, note: 'A dearer month', time: '2026-04-26T09:00:00.000Z' },
    ]);
    const again = await t.call('POST', path('2026-04-26', 'confirm'), { token: w.token, body: {} });
    expect(again.status).toBe(409);
    expect(again.body.response.code).toBe('CONFLICT');

    expect((await t.call('POST', path('2026-05-03', 'skip'), { token: w.token })).status).toBe(204);
    expect((await t.call('POST', path('2026-05-03', 'skip'), { token: w.token })).status).toBe(409);
    expect((await t.call('POST', path('2026-05-03', 'confirm'), { token: w.token, body: {} })).status).toBe(409);
    const notOne = await t.call('POST', path('2026-05-04', 'confirm'), { token: w.token, body: {} });
    expect(notOne.status).toBe(422);
    expect(notOne.body.response.details).toEqual([
      expect.objectContaining({ path: 'date', code: 'recurring.notOccurrence' }),
    ]);

    const after = await w.upcoming(7);
    expect(after.items.map((item) => [item.date, item.state])).toEqual([
      ['2026-05-10', 'due'],
      ['2026-05-17', 'upcoming'],
    ]);
    const [view] = await w.list();
    expect(view).toMatchObject({ nextDate: '2026-05-10', recordedCount: 1, lastRecordedDate: '2026-04-26' });
    expect(await w.transactions()).toHaveLength(1);
  });
});

describe('instalments', () => {
  it('pay a total in monthly parts that add up to it exactly, the remainder in the last', async () => {
    const w = await world();
    const laptop = await w.created({
      name: 'Laptop',
      kind: 'instalments',
      total: 1_000_001,
      count: 3,
      template: { transactionType: 'expense', accountId: w.uah, categoryId: w.category('Rent') },
      schedule: { startDate: '2026-03-15' },
    });
    expect(laptop).toMatchObject({
      kind: 'instalments',
      total: 1_000_001,
      recordedCount: 2,
      nextDate: '2026-05-15',
      schedule: { frequency: 'month', interval: 1, count: 3 },
      template: { amount: 333_333 },
    });
    const soon = await w.upcoming(10);
    expect(soon.items).toEqual([
      expect.objectContaining({ recurringId: laptop.id, date: '2026-05-15', amount: 333_335, number: 3, of: 3 }),
    ]);
    const path = `/api/v1/recurring/${laptop.id}/occurrences/2026-05-15/confirm`;
    expect((await t.call('POST', path, { token: w.token, body: {} })).status).toBe(201);
    const amounts = (await w.transactions()).map((tx) => tx.amount);
    expect(amounts).toEqual([333_333, 333_333, 333_335]);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(1_000_001);
    const [done] = await w.list();
    expect(done).toMatchObject({ recordedCount: 3, nextDate: null });
  });
});

describe('changes', () => {
  it('change what comes next, never what was recorded; deleting keeps what was recorded', async () => {
    const w = await world();
    const rent = await w.created(w.rent({ startDate: '2026-03-05' }));
    expect(rent.recordedCount).toBe(3);
    const changed = await t.call('PUT', `/api/v1/recurring/${rent.id}`, {
      token: w.token,
      body: {
        template: { ...rent.template, amount: 1_700_000 },
        schedule: { frequency: 'month', startDate: '2026-03-20' },
      },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // The new rhythm from today: its 20 May, not 20 March or April (those months were paid on the 5th).
    expect(changed.body.response).toMatchObject({
      nextDate: '2026-05-20',
      recordedCount: 3,
      template: { amount: 1_700_000 },
    });
    expect((await w.transactions()).map((tx) => tx.amount)).toEqual([1_500_000, 1_500_000, 1_500_000]);

    expect((await t.call('DELETE', `/api/v1/recurring/${rent.id}`, { token: w.token })).status).toBe(204);
    expect(await w.list()).toEqual([]);
    expect(await w.transactions()).toHaveLength(3);
  });

  it('switched to automatic, records what was due', async () => {
    const w = await world();
    const bill = await w.created(w.rent({ frequency: 'week', startDate: '2026-04-28' }, { mode: 'confirm' }));
    const res = await t.call('PUT', `/api/v1/recurring/${bill.id}`, { token: w.token, body: { mode: 'auto' } });
    expect(res.body.response).toMatchObject({ mode: 'auto', recordedCount: 2, nextDate: '2026-05-12' });
    expect(await w.transactions()).toHaveLength(2);
  });
});

describe('the forecast', () => {
  it('is today’s total plus what is scheduled, in the base currency, due occurrences today', async () => {
    const w = await world();
    await w.created({
      name: 'Salary',
      mode: 'confirm',
      template: {
        amount: 5_000,
        transactionType: 'income',
        accountId: w.usd,
        categoryId: w.category('Wage, invoices'),
      },
      schedule: { frequency: 'month', startDate: '2026-05-05' },
    });
    await w.created(w.rent({ startDate: '2026-05-12' }));
    const { forecast } = await w.upcoming(3);
    // 10,000.00 UAH today; the salary of the 5th is due (50.00 USD at 40), the rent comes on the 12th.
    expect(forecast).toEqual([
      { date: '2026-05-10', refBalance: 1_000_000 + 200_000 },
      { date: '2026-05-11', refBalance: 1_200_000 },
      { date: '2026-05-12', refBalance: 1_200_000 - 1_500_000 },
      { date: '2026-05-13', refBalance: -300_000 },
    ]);
  });
});

describe('bad input', () => {
  it('refuses bad rhythms and templates naming the field, and stores nothing', async () => {
    const w = await world();
    const refused = async (body: Record<string, unknown>, path: string, status = 422) => {
      const res = await w.create(body);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(res.body.response.details.map((d: { path: string }) => d.path)).toContain(path);
    };
    await refused(w.rent({ frequency: 'fortnight', startDate: '2026-01-01' }), 'schedule.frequency');
    await refused(w.rent({ interval: 0, startDate: '2026-01-01' }), 'schedule.interval');
    await refused(w.rent({ interval: 1.5, startDate: '2026-01-01' }), 'schedule.interval');
    await refused(w.rent({ startDate: '2026-02-30' }), 'schedule.startDate');
    await refused(w.rent({ startDate: '2026-01-01', count: 0 }), 'schedule.count');
    await refused(w.rent({ startDate: '2026-03-01', endDate: '2026-02-01' }), 'schedule.endDate');
    await refused({ ...w.rent({ startDate: '2026-01-01' }), name: '' }, 'name');
    await refused({ ...w.rent({ startDate: '2026-01-01' }), mode: 'sometimes' }, 'mode');
    await refused(
      { ...w.rent({ startDate: '2026-01-01' }), template: { amount: 0, transactionType: 'expense', accountId: w.uah } },
      'template.amount',
    );
    await refused(
      {
        ...w.rent({ startDate: '2026-01-01' }),
        template: { amount: 10, transactionType: 'expense', accountId: w.uah },
      },
      'template.categoryId',
    );
    await refused(
      {
        name: 'Laptop',
        kind: 'instalments',
        total: 2,
        count: 3,
        template: { transactionType: 'expense', accountId: w.uah, categoryId: w.category('Rent') },
        schedule: { startDate: '2026-01-01' },
      },
      'total',
    );
    await refused(
      {
        name: 'Laptop',
        kind: 'instalments',
        total: 300,
        count: 3,
        template: { amount: 100, transactionType: 'expense', accountId: w.uah, categoryId: w.category('Rent') },
        schedule: { startDate: '2026-01-01' },
      },
      'template.amount',
    );
    const days = await t.call('GET', '/api/v1/recurring/upcoming?days=0', { token: w.token });
    expect(days.status).toBe(422);
    expect(await w.list()).toEqual([]);
    expect(await w.transactions()).toEqual([]);
  });
});

describe('isolation', () => {
  it("answers 404 for another user's schedule on every route and for their accounts and tags, changing nothing", async () => {
    const owner = await world();
    const rent = await owner.created(owner.rent({ frequency: 'week', startDate: '2026-05-10' }, { mode: 'confirm' }));
    const other = await world();
    const as = { token: other.token };
    const base = `/api/v1/recurring/${rent.id}`;
    expect((await t.call('GET', base, as)).status).toBe(404);
    expect((await t.call('PUT', base, { ...as, body: { name: 'Mine' } })).status).toBe(404);
    expect((await t.call('POST', `${base}/occurrences/2026-05-10/confirm`, { ...as, body: {} })).status).toBe(404);
    expect((await t.call('POST', `${base}/occurrences/2026-05-10/skip`, as)).status).toBe(404);
    expect((await t.call('DELETE', base, as)).status).toBe(404);
    expect(await other.list()).toEqual([]);
    expect((await other.upcoming()).items).toEqual([]);

    const foreignAccount = await other.create(owner.rent({ startDate: '2026-05-01' }));
    expect(foreignAccount.status).toBe(404);
    expect(foreignAccount.body.response.details[0].path).toBe('template.accountId');
    const tag = (await t.call('POST', '/api/v1/tags', { token: owner.token, body: { name: 'Mine' } })).body.response;
    const foreignTag = await other.create({
      ...other.rent({ startDate: '2026-05-01' }),
      template: { ...other.rent({}).template, tagIds: [tag.id] },
    });
    expect(foreignTag.status).toBe(404);
    expect(await other.list()).toEqual([]);
    expect(await other.transactions()).toEqual([]);

    const [still] = await owner.list();
    expect(still).toEqual(rent);
    expect(await owner.transactions()).toEqual([]);
  });
});
