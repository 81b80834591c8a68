import type { Transaction } from '@kopiyka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, startTestApp, type TestApp, waitForBaseChange } from '../../../test/app.ts';
import { buildWorld } from '../../../test/world.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function world() {
  const w = await buildWorld(t, {
    currencies: { USD: 40 },
    accounts: [{ currency: 'UAH' }, { currency: 'USD' }],
  });
  const { token, category } = w;
  const [uah, usd] = w.accounts;
  const record = async (body: Record<string, unknown>) =>
    (await w.record({ transactionType: 'expense', accountId: uah, ...body }))[0]!;
  const createBudget = async (body: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/v1/budgets', { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.response as { id: number };
  };
  const stats = async (id: number) => (await t.call('GET', `/api/v1/budgets/${id}/stats`, { token })).body.response;
  const members = async (id: number) =>
    (
      (await t.call('GET', `/api/v1/transactions?budgetIds=${id}&limit=200&order=asc`, { token })).body
        .response as Transaction[]
    ).map((tx) => tx.id);
  return { token, uah, usd, category, record, createBudget, stats, members };
}

describe('budgets', () => {
  it('are created with their fields and listed, archived last', async () => {
    const w = await world();
    const food = w.category('Food & Drinks');
    const res = await t.call('POST', '/api/v1/budgets', {
      token: w.token,
      body: {
        name: '  November food ',
        limitAmount: 500_000,
        startDate: '2026-11-01',
        endDate: '2026-11-30',
        categoryIds: [food, food],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.response).toEqual({
      id: expect.any(Number),
      name: 'November food',
      limitAmount: 500_000,
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      categoryIds: [food],
      autoInclude: true,
      archived: false,
      createdAt: expect.any(String),
    });
    await w.createBudget({ name: 'Old', archived: true });
    await w.createBudget({ name: 'Trip' });
    const list = (await t.call('GET', '/api/v1/budgets', { token: w.token })).body.response;
    expect(list.map((b: { name: string }) => b.name)).toEqual(['November food', 'Trip', 'Old']);
  });

  it('count transactions by category (with subcategories) within their dates, including ones recorded later', async () => {
    const w = await world();
    const budget = await w.createBudget({
      name: 'Food in March',
      limitAmount: 100_000,
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      categoryIds: [w.category('Food & Drinks')],
    });
    const inside = await w.record({
      amount: 10_000,
      categoryId: w.category('Groceries'),
      time: '2026-03-05T10:00:00Z',
    });
    const lastDay = await w.record({
      amount: 1_000,
      categoryId: w.category('Food & Drinks'),
      time: '2026-03-31T23:30:00Z',
    });
    await w.record({ amount: 9_000, categoryId: w.category('Groceries'), time: '2026-04-01T00:00:00Z' });
    await w.record({ amount: 8_000, categoryId: w.category('Taxi'), time: '2026-03-06T10:00:00Z' });
    const dollars = await w.record({
      amount: 100,
      accountId: w.usd,
      categoryId: w.category('Bars, cafés'),
      time: '2026-03-07T10:00:00Z',
    });
    const refund = await w.record({
      amount: 2_000,
      transactionType: 'income',
      categoryId: w.category('Groceries'),
      time: '2026-03-08T10:00:00Z',
    });
    expect(await w.members(budget.id)).toEqual([inside.id, dollars.id, refund.id, lastDay.id]);
    expect(await w.stats(budget.id)).toEqual({
      spent: 10_000 + 1_000 + 4_000,
      income: 2_000,
      net: 2_000 - 15_000,
      limit: 100_000,
      remaining: 85_000,
      utilization: 15,
      transactionsCount: 4,
    });
  });

  it('take transactions added by hand, harmlessly twice, and let them go again', async () => {
    const w = await world();
    const budget = await w.createBudget({ name: 'Holiday', limitAmount: 30_000 });
    const a = await w.record({ amount: 12_000, categoryId: w.category('Taxi') });
    const b = await w.record({ amount: 500, accountId: w.usd, categoryId: w.category('Hobbies') });
    const add = () =>
      t.call('POST', `/api/v1/budgets/${budget.id}/transactions`, {
        token: w.token,
        body: { transactionIds: [a.id, b.id] },
      });
    expect((await add()).body.response).toMatchObject({ spent: 32_000, remaining: -2_000, utilization: 106.7 });
    expect((await add()).body.response).toMatchObject({ spent: 32_000, transactionsCount: 2 });
    const removed = await t.call('DELETE', `/api/v1/budgets/${budget.id}/transactions`, {
      token: w.token,
      body: { transactionIds: [b.id] },
    });
    expect(removed.body.response).toMatchObject({ spent: 12_000, transactionsCount: 1 });
    expect(await w.members(budget.id)).toEqual([a.id]);
  });

  it('count a transaction assigned to one budget for that one only, not by another budget’s category rule', async () => {
    const w = await world();
    const byRule = await w.createBudget({ name: 'Food', categoryIds: [w.category('Food & Drinks')] });
    const trip = await w.createBudget({ name: 'Trip' });
    const dinner = await w.record({
      amount: 7_000,
      categoryId: w.category('Restaurants, fast food'),
      budgetId: trip.id,
    });
    expect(dinner.budgetId).toBe(trip.id);
    expect(await w.members(byRule.id)).toEqual([]);
    expect(await w.members(trip.id)).toEqual([dinner.id]);
  });

  it('let a transaction matched by the rule be removed, and added back', async () => {
    const w = await world();
    const budget = await w.createBudget({ name: 'Food', categoryIds: [w.category('Food & Drinks')] });
    const lunch = await w.record({ amount: 3_000, categoryId: w.category('Groceries') });
    expect(await w.members(budget.id)).toEqual([lunch.id]);
    await t.call('DELETE', `/api/v1/budgets/${budget.id}/transactions`, {
      token: w.token,
      body: { transactionIds: [lunch.id] },
    });
    expect(await w.members(budget.id)).toEqual([]);
    await t.call('POST', `/api/v1/budgets/${budget.id}/transactions`, {
      token: w.token,
      body: { transactionIds: [lunch.id] },
    });
    expect(await w.members(budget.id)).toEqual([lunch.id]);
  });

  it('leave transfers out of the figures', async () => {
    const w = await world();
    const budget = await w.createBudget({ name: 'All', limitAmount: 1_000 });
    const [leg] = (
      await t.call('POST', '/api/v1/transactions', {
        token: w.token,
        body: {
          amount: 500,
          transactionType: 'expense',
          accountId: w.uah,
          transferNature: 'transfer_out_wallet',
          budgetId: budget.id,
        },
      })
    ).body.response;
    expect(leg.budgetId).toBe(budget.id);
    expect(await w.stats(budget.id)).toMatchObject({ spent: 0, transactionsCount: 0 });
  });

  it('change, and when deleted leave their transactions be', async () => {
    const w = await world();
    const budget = await w.createBudget({ name: 'Misc', categoryIds: [w.category('Taxi')] });
    const tx = await w.record({ amount: 100, categoryId: w.category('Hobbies'), budgetId: budget.id });
    const changed = await t.call('PUT', `/api/v1/budgets/${budget.id}`, {
      token: w.token,
      body: { name: 'Everything', limitAmount: null, categoryIds: [], archived: true, startDate: '2026-01-01' },
    });
    expect(changed.body.response).toMatchObject({
      name: 'Everything',
      limitAmount: null,
      categoryIds: [],
      archived: true,
      startDate: '2026-01-01',
      endDate: null,
    });
    expect((await t.call('DELETE', `/api/v1/budgets/${budget.id}`, { token: w.token })).status).toBe(204);
    const after = (await t.call('GET', `/api/v1/transactions/${tx.id}`, { token: w.token })).body.response;
    expect(after).toMatchObject({ id: tx.id, budgetId: null, amount: 100 });
  });

  it('convert their limits when the base currency changes', async () => {
    const w = await world();
    const budget = await w.createBudget({ name: 'Capped', limitAmount: 400_000 });
    await t.call('POST', '/api/v1/user/currencies/base', { token: w.token, body: { currencyId: ids.get('USD') } });
    await waitForBaseChange(t, w.token);
    const after = (await t.call('GET', `/api/v1/budgets/${budget.id}`, { token: w.token })).body.response;
    expect(after.limitAmount).toBe(10_000);
  });

  it.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: 'n'.repeat(201) }, 'name'],
    [{ name: 'B', limitAmount: 0 }, 'limitAmount'],
    [{ name: 'B', limitAmount: -5 }, 'limitAmount'],
    [{ name: 'B', limitAmount: 10.5 }, 'limitAmount'],
    [{ name: 'B', startDate: '2026-05-01', endDate: '2026-04-01' }, 'endDate'],
    [{ name: 'B', startDate: 'May' }, 'startDate'],
    [{ name: 'B', categoryIds: [999_999] }, 'categoryIds.0'],
    [{ name: 'B', categoryIds: 'food' }, 'categoryIds'],
    [{ name: 'B', archived: 'no' }, 'archived'],
  ])('reject %j with VALIDATION_ERROR on %s and create nothing', async (body, path) => {
    const w = await world();
    const res = await t.call('POST', '/api/v1/budgets', { token: w.token, body });
    expect(res.status).toBe(422);
    expect(res.body.response.details.map((d: { path: string }) => d.path)).toContain(path);
    expect((await t.call('GET', '/api/v1/budgets', { token: w.token })).body.response).toEqual([]);
  });

  it('refuse an update that puts the dates out of order, keeping the budget', async () => {
    const w = await world();
    const budget = await w.createBudget({ name: 'B', startDate: '2026-05-01', endDate: '2026-05-31' });
    const res = await t.call('PUT', `/api/v1/budgets/${budget.id}`, {
      token: w.token,
      body: { startDate: '2026-06-01' },
    });
    expect(res.status).toBe(422);
    expect((await t.call('GET', `/api/v1/budgets/${budget.id}`, { token: w.token })).body.response.startDate).toBe(
      '2026-05-01',
    );
  });

  it("answer NOT_FOUND for another user's budget on every route, and refuse it in a transaction", async () => {
    const owner = await world();
    const stranger = await world();
    const budget = await owner.createBudget({ name: 'Private', limitAmount: 1_000 });
    const mine = await stranger.record({ amount: 10, categoryId: stranger.category('Taxi') });
    const calls = [
      t.call('GET', `/api/v1/budgets/${budget.id}`, { token: stranger.token }),
      t.call('PUT', `/api/v1/budgets/${budget.id}`, { token: stranger.token, body: { name: 'X' } }),
      t.call('DELETE', `/api/v1/budgets/${budget.id}`, { token: stranger.token }),
      t.call('GET', `/api/v1/budgets/${budget.id}/stats`, { token: stranger.token }),
      t.call('POST', `/api/v1/budgets/${budget.id}/transactions`, {
        token: stranger.token,
        body: { transactionIds: [mine.id] },
      }),
      t.call('DELETE', `/api/v1/budgets/${budget.id}/transactions`, {
        token: stranger.token,
        body: { transactionIds: [mine.id] },
      }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    const own = await stranger.createBudget({ name: 'Mine' });
    const foreignTx = await owner.record({ amount: 10, categoryId: owner.category('Taxi') });
    const add = await t.call('POST', `/api/v1/budgets/${own.id}/transactions`, {
      token: stranger.token,
      body: { transactionIds: [foreignTx.id] },
    });
    expect(add.status).toBe(404);
    const res = await t.call('POST', '/api/v1/transactions', {
      token: stranger.token,
      body: {
        amount: 5,
        transactionType: 'expense',
        accountId: stranger.uah,
        categoryId: stranger.category('Taxi'),
        budgetId: budget.id,
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.response.details[0].path).toBe('budgetId');
    expect((await t.call('GET', `/api/v1/budgets/${budget.id}`, { token: owner.token })).body.response.name).toBe(
      'Private',
    );
    expect((await owner.stats(budget.id)).transactionsCount).toBe(0);
  });
});
