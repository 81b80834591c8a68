import type { BudgetStats } from '@kopiyka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { buildWorld } from '../../../test/world.ts';
import { fixedClock } from '../../lib/clock.ts';

// 10 May 2026 in Kyiv.
const clock = fixedClock('2026-05-10T09:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { clock });
});
afterAll(() => t.close());

async function world() {
  const w = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
  await t.call('PUT', '/api/v1/user/settings', { token: w.token, body: { timeZone: 'Europe/Kyiv' } });
  const spend = async (time: string, amount: number) =>
    (
      await w.record({
        transactionType: 'expense',
        accountId: w.accounts[0],
        categoryId: w.category('Groceries'),
        time,
        amount,
      })
    )[0]!;
  const budget = async (body: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/v1/budgets', {
      token: w.token,
      body: {
        name: 'Groceries',
        limitAmount: 100_000,
        period: 'month',
        startDate: '2026-02-01T00:00:00+02:00',
        categoryIds: [w.category('Groceries')],
        ...body,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.response as { id: number; period: string; rollover: boolean };
  };
  const stats = async (id: number, month?: string) =>
    (await t.call('GET', `/api/v1/budgets/${id}/stats${month ? `?month=${month}` : ''}`, { token: w.token })).body
      .response as BudgetStats;
  return { ...w, spend, budget, stats };
}

describe('a monthly budget', () => {
  it('with rollover carries what each month left, or overspent, into the next', async () => {
    const w = await world();
    await w.spend('2026-02-10T10:00:00Z', 60_000);
    // 00:30 on 1 March in Kyiv: March's.
    const march = await w.spend('2026-02-28T22:30:00Z', 130_000);
    await w.spend('2026-04-15T10:00:00Z', 100_000);
    // A refund in April of March's expense: less spending in April.
    await w.record({
      transactionType: 'income',
      accountId: w.accounts[0],
      categoryId: w.category('Groceries'),
      time: '2026-04-20T10:00:00Z',
      amount: 10_000,
      refundOfId: march.id,
    });
    await w.spend('2026-05-02T10:00:00Z', 20_000);
    const budget = await w.budget({ rollover: true });
    expect(budget).toMatchObject({ period: 'month', rollover: true });

    const month = (stats: BudgetStats) => [stats.month, stats.limit, stats.carried, stats.spent, stats.remaining];
    expect(month(await w.stats(budget.id, '2026-02'))).toEqual(['2026-02', 100_000, 0, 60_000, 40_000]);
    expect(month(await w.stats(budget.id, '2026-03'))).toEqual(['2026-03', 100_000, 40_000, 130_000, 10_000]);
    expect(month(await w.stats(budget.id, '2026-04'))).toEqual(['2026-04', 100_000, 10_000, 90_000, 20_000]);
    // This month unless asked.
    expect(month(await w.stats(budget.id))).toEqual(['2026-05', 100_000, 20_000, 20_000, 100_000]);
    expect((await w.stats(budget.id, '2026-03')).utilization).toBe(130);
  });

  it('without rollover starts every month afresh, and a month before it counts nothing carried', async () => {
    const w = await world();
    await w.spend('2026-03-10T10:00:00Z', 130_000);
    await w.spend('2026-04-10T10:00:00Z', 30_000);
    const budget = await w.budget({});
    expect(budget.rollover).toBe(false);
    const april = await w.stats(budget.id, '2026-04');
    expect(april).toMatchObject({
      month: '2026-04',
      carried: 0,
      spent: 30_000,
      remaining: 70_000,
      transactionsCount: 1,
    });
    expect(await w.stats(budget.id, '2026-01')).toMatchObject({ carried: 0, spent: 0, remaining: 100_000 });
  });

  it('refuses a month that is not YYYY-MM, and a budget for once answers no month', async () => {
    const w = await world();
    const budget = await w.budget({});
    for (const month of ['2026-13', '2026-1', '26-01', 'May']) {
      const res = await t.call('GET', `/api/v1/budgets/${budget.id}/stats?month=${month}`, { token: w.token });
      expect(res.status).toBe(422);
      expect(res.body.response.details[0].path).toBe('month');
    }
    const once = await t.call('POST', '/api/v1/budgets', {
      token: w.token,
      body: { name: 'Trip', limitAmount: 5_000 },
    });
    expect(once.body.response).toMatchObject({ period: 'once', rollover: false });
    expect(await w.stats(once.body.response.id)).toMatchObject({ month: null, carried: null, remaining: 5_000 });
    const other = await world();
    const foreign = await t.call('GET', `/api/v1/budgets/${budget.id}/stats?month=2026-04`, { token: other.token });
    expect(foreign.status).toBe(404);
  });
});
