import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, waitForBaseChange } from '../../../test/app.ts';
import { buildWorld } from '../../../test/world.ts';
import { fixedClock } from '../../lib/clock.ts';

/**
 * Days, weeks and months of the statistics are the user's local ones (docs/decisions.md "Local
 * days"), around midnight and across daylight-saving changes, whatever zone the server runs in.
 */
const clock = fixedClock('2026-11-24T23:50:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { clock });
});
afterAll(() => t.close());

const stats = async (token: string, path: string) => {
  const res = await t.call('GET', `/api/v1/stats/${path}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.response;
};

const setZone = async (token: string, timeZone: string) => {
  const res = await t.call('PUT', '/api/v1/user/settings', { token, body: { timeZone } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.response.timeZone).toBe(timeZone);
  await waitForBaseChange(t, token);
};

/** A user in `timeZone` with one UAH card (1 000.00 at the start) and expenses at these instants, 10.00 each. */
async function userWithExpenses(timeZone: string, times: string[]) {
  const w = await buildWorld(t, { accounts: [{ name: 'Card', currency: 'UAH', initialBalance: 100_000 }] });
  await setZone(w.token, timeZone);
  for (const time of times) {
    await w.record({
      amount: 1_000,
      transactionType: 'expense',
      accountId: w.accounts[0],
      categoryId: w.category('Groceries'),
      time,
    });
  }
  return w;
}

/** Each day's balance of the range, by day. */
const balances = async (token: string, from: string, to: string) =>
  Object.fromEntries(
    (await stats(token, `balance-history?from=${from}&to=${to}`)).map((p: { date: string; balance: number }) => [
      p.date,
      p.balance,
    ]),
  );

/** Each day's expense of the range, by day. */
const dailyExpenses = async (token: string, from: string, to: string) =>
  Object.fromEntries(
    (await stats(token, `cash-flow?from=${from}&to=${to}&interval=day`)).map(
      (p: { period: string; expense: number }) => [p.period, p.expense],
    ),
  );

const spent = async (token: string, from: string, to: string) =>
  (await stats(token, `spendings-by-categories?from=${from}&to=${to}`)).reduce(
    (sum: number, c: { amount: number }) => sum + c.amount,
    0,
  );

describe('local days in Europe/Kyiv', () => {
  it('count 00:30 on 1 March (22:30 UTC on 28 February) in March: spending, cash flow, balance history, total balance', async () => {
    const w = await userWithExpenses('Europe/Kyiv', ['2026-02-28T22:30:00Z']);
    expect(await spent(w.token, '2026-02-01', '2026-02-28')).toBe(0);
    expect(await spent(w.token, '2026-03-01', '2026-03-31')).toBe(1_000);
    const months = await stats(w.token, 'cash-flow?from=2026-02-01&to=2026-03-31&interval=month');
    expect(months).toEqual([
      { period: '2026-02-01', income: 0, expense: 0, net: 0 },
      { period: '2026-03-01', income: 0, expense: 1_000, net: -1_000 },
    ]);
    expect(await balances(w.token, '2026-02-28', '2026-03-01')).toEqual({
      '2026-02-28': 100_000,
      '2026-03-01': 99_000,
    });
    const total = (date: string) => stats(w.token, `total-balance?date=${date}`);
    expect((await total('2026-02-28')).refBalance).toBe(100_000);
    expect((await total('2026-03-01')).refBalance).toBe(99_000);
  });

  it('give 29 March (clocks forward) 23 hours and 25 October (clocks back) 25 hours', async () => {
    const w = await userWithExpenses('Europe/Kyiv', [
      '2026-03-28T22:15:00Z', // 00:15 on the 29th (UTC+2)
      '2026-03-29T20:30:00Z', // 23:30 on the 29th (UTC+3 by then)
      '2026-03-29T21:30:00Z', // 00:30 on the 30th: a fixed +2 would say the 29th
      '2026-10-24T21:30:00Z', // 00:30 on the 25th (UTC+3)
      '2026-10-25T21:30:00Z', // 23:30 on the 25th (UTC+2 by then): a fixed +3 would say the 26th
    ]);
    expect(await dailyExpenses(w.token, '2026-03-28', '2026-03-30')).toEqual({
      '2026-03-28': 0,
      '2026-03-29': 2_000,
      '2026-03-30': 1_000,
    });
    expect(await dailyExpenses(w.token, '2026-10-24', '2026-10-26')).toEqual({
      '2026-10-24': 0,
      '2026-10-25': 2_000,
      '2026-10-26': 0,
    });
    expect(await spent(w.token, '2026-10-25', '2026-10-25')).toBe(2_000);
    expect(await balances(w.token, '2026-03-28', '2026-03-30')).toEqual({
      '2026-03-28': 100_000,
      '2026-03-29': 98_000,
      '2026-03-30': 97_000,
    });
    expect(await balances(w.token, '2026-10-24', '2026-10-26')).toEqual({
      '2026-10-24': 97_000,
      '2026-10-25': 95_000,
      '2026-10-26': 95_000,
    });
  });
});

describe('local days in America/New_York', () => {
  it('count 23:30 on 8 March (clocks forward) and on 1 November (clocks back) on those days, and weeks from local Mondays', async () => {
    const w = await userWithExpenses('America/New_York', [
      '2026-03-09T03:30:00Z', // 23:30 on the 8th (UTC-4 by then)
      '2026-11-02T04:30:00Z', // 23:30 on 1 November (UTC-5 by then)
      '2026-11-02T05:30:00Z', // 00:30 on Monday 2 November
    ]);
    expect(await dailyExpenses(w.token, '2026-03-08', '2026-03-09')).toEqual({ '2026-03-08': 1_000, '2026-03-09': 0 });
    expect(await dailyExpenses(w.token, '2026-11-01', '2026-11-02')).toEqual({
      '2026-11-01': 1_000,
      '2026-11-02': 1_000,
    });
    const weeks = await stats(w.token, 'cash-flow?from=2026-10-26&to=2026-11-08&interval=week');
    expect(weeks.map((p: { period: string; expense: number }) => [p.period, p.expense])).toEqual([
      ['2026-10-26', 1_000],
      ['2026-11-02', 1_000],
    ]);
    expect(await balances(w.token, '2026-03-07', '2026-03-09')).toEqual({
      '2026-03-07': 100_000,
      '2026-03-08': 99_000,
      '2026-03-09': 99_000,
    });
  });
});

describe('a time zone change', () => {
  it('regroups the stored days in the background, with progress, and the figures follow the new zone', async () => {
    // 22:30 UTC on 28 February: still February in UTC, already 1 March in Kyiv.
    const w = await userWithExpenses('UTC', ['2026-02-28T22:30:00Z']);
    expect(await balances(w.token, '2026-02-28', '2026-03-01')).toEqual({ '2026-02-28': 99_000, '2026-03-01': 99_000 });

    const res = await t.call('PUT', '/api/v1/user/settings', { token: w.token, body: { timeZone: 'Europe/Kyiv' } });
    expect(res.body.response.timeZone).toBe('Europe/Kyiv');
    const progress = (await t.call('GET', '/api/v1/user/currencies/base/change', { token: w.token })).body.response;
    // Running with one account to regroup, or already done.
    expect([
      { state: 'running', kind: 'timeZone', total: 1 },
      { state: 'idle', kind: null, total: 0 },
    ]).toContainEqual({ state: progress.state, kind: progress.kind, total: progress.total });
    await waitForBaseChange(t, w.token);

    expect(await balances(w.token, '2026-02-28', '2026-03-01')).toEqual({
      '2026-02-28': 100_000,
      '2026-03-01': 99_000,
    });
    // A write after the change lands on the new zone's day.
    await w.record({
      amount: 500,
      transactionType: 'expense',
      accountId: w.accounts[0],
      categoryId: w.category('Groceries'),
      time: '2026-03-01T22:30:00Z',
    });
    expect(await balances(w.token, '2026-03-01', '2026-03-02')).toEqual({ '2026-03-01': 99_000, '2026-03-02': 98_500 });

    // And back: the days regroup once more.
    await setZone(w.token, 'UTC');
    expect(await balances(w.token, '2026-02-28', '2026-03-02')).toEqual({
      '2026-02-28': 99_000,
      '2026-03-01': 98_500,
      '2026-03-02': 98_500,
    });
  });
});

describe('a budget over a local calendar month', () => {
  /** A budget over `month`'s local days, from its first local midnight to the last millisecond before the next. */
  const monthBudget = async (token: string, startDate: string, endDate: string) => {
    const res = await t.call('POST', '/api/v1/budgets', {
      token,
      body: { name: 'Month', limitAmount: 100_000, startDate, endDate, categoryIds: [] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (await t.call('GET', `/api/v1/budgets/${res.body.response.id}/stats`, { token })).body.response;
  };

  it('counts what was spent on its local days in Europe/Kyiv: 00:30 on 1 March in, 23:30 on 28 February out', async () => {
    const w = await userWithExpenses('Europe/Kyiv', [
      '2026-02-28T21:30:00Z', // 23:30 on 28 February
      '2026-02-28T22:30:00Z', // 00:30 on 1 March
      '2026-03-31T20:30:00Z', // 23:30 on 31 March (UTC+3 since the 29th)
      '2026-03-31T21:30:00Z', // 00:30 on 1 April
    ]);
    // March in Kyiv as the web sends it: local midnight (UTC+2) to the last millisecond of the 31st (UTC+3).
    const march = await monthBudget(w.token, '2026-03-01T00:00:00+02:00', '2026-03-31T23:59:59.999+03:00');
    expect(march).toMatchObject({ spent: 2_000, transactionsCount: 2 });
  });

  it('counts the local days of November in America/New_York, the 25-hour 1 November included', async () => {
    const w = await userWithExpenses('America/New_York', [
      '2026-11-01T03:30:00Z', // 23:30 on 31 October (UTC-4)
      '2026-11-01T04:30:00Z', // 00:30 on 1 November
      '2026-12-01T04:30:00Z', // 23:30 on 30 November (UTC-5)
      '2026-12-01T05:30:00Z', // 00:30 on 1 December
    ]);
    const november = await monthBudget(w.token, '2026-11-01T00:00:00-04:00', '2026-11-30T23:59:59.999-05:00');
    expect(november).toMatchObject({ spent: 2_000, transactionsCount: 2 });
  });
});
