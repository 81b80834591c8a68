import { MAX_MINOR_AMOUNT, type Transaction } from '@kopiyka/shared';
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
  const budget = async (id: number) => (await t.call('GET', `/api/v1/budgets/${id}`, { token })).body.response;
  return { token, uah, usd, category, record, createBudget, stats, members, budget };
}

/** The whole of March 2026 in UTC: its first instant, and its last millisecond (the end is included). */
const MARCH = { startDate: '2026-03-01T00:00:00.000Z', endDate: '2026-03-31T23:59:59.999Z' };

describe('budgets', () => {
  it('are created with their fields and listed, archived last', async () => {
    const w = await world();
    const food = w.category('Food & Drinks');
    const res = await t.call('POST', '/api/v1/budgets', {
      token: w.token,
      body: {
        name: '  November food ',
        limitAmount: 500_000,
        // November in Kyiv (UTC+2): the client sends its own day boundaries as timestamps.
        startDate: '2026-11-01T00:00:00+02:00',
        endDate: '2026-11-30T23:59:59.999+02:00',
        categoryIds: [food, food],
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.response).toEqual({
      id: expect.any(Number),
      name: 'November food',
      limitAmount: 500_000,
      startDate: '2026-10-31T22:00:00.000Z',
      endDate: '2026-11-30T21:59:59.999Z',
      categoryIds: [food],
      autoInclude: true,
      archived: false,
      period: 'once',
      rollover: false,
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
      ...MARCH,
      categoryIds: [w.category('Food & Drinks')],
    });
    const firstInstant = await w.record({
      amount: 10_000,
      categoryId: w.category('Groceries'),
      time: MARCH.startDate,
    });
    const lastInstant = await w.record({
      amount: 1_000,
      categoryId: w.category('Food & Drinks'),
      time: MARCH.endDate,
    });
    await w.record({ amount: 9_000, categoryId: w.category('Groceries'), time: '2026-04-01T00:00:00.000Z' });
    await w.record({ amount: 9_500, categoryId: w.category('Groceries'), time: '2026-02-28T23:59:59.999Z' });
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
    expect(await w.members(budget.id)).toEqual([firstInstant.id, dollars.id, refund.id, lastInstant.id]);
    expect(await w.stats(budget.id)).toEqual({
      month: null,
      carried: null,
      spent: 10_000 + 1_000 + 4_000,
      income: 2_000,
      net: 2_000 - 15_000,
      limit: 100_000,
      remaining: 85_000,
      utilization: 15,
      transactionsCount: 4,
    });
  });

  it('with dates and no categories, count every expense of the period: a spending limit (not income, not transfers)', async () => {
    const w = await world();
    const budget = await w.createBudget({ name: 'March spending', limitAmount: 50_000, ...MARCH });
    const groceries = await w.record({ amount: 10_000, categoryId: w.category('Groceries'), time: MARCH.startDate });
    const taxi = await w.record({ amount: 3_000, categoryId: w.category('Taxi'), time: '2026-03-10T08:00:00Z' });
    const dollars = await w.record({
      amount: 100,
      accountId: w.usd,
      categoryId: w.category('Electronics'),
      time: MARCH.endDate,
    });
    await w.record({
      amount: 90_000,
      transactionType: 'income',
      categoryId: w.category('Wage, invoices'),
      time: '2026-03-10T09:00:00Z',
    });
    await w.record({ amount: 5_000, transferNature: 'transfer_out_wallet', time: '2026-03-11T09:00:00Z' });
    await w.record({
      amount: 2_000,
      transferNature: 'transfer_between_user_accounts',
      destinationAccountId: w.usd,
      destinationAmount: 50,
      time: '2026-03-12T09:00:00Z',
    });
    await w.record({ amount: 7_000, categoryId: w.category('Groceries'), time: '2026-04-01T00:00:00.000Z' });
    expect(await w.members(budget.id)).toEqual([groceries.id, taxi.id, dollars.id]);
    expect(await w.stats(budget.id)).toMatchObject({
      spent: 17_000,
      income: 0,
      remaining: 33_000,
      transactionsCount: 3,
    });

    // Without dates and categories a budget counts only what is added to it by hand.
    const open = await w.createBudget({ name: 'Loose ends' });
    expect(await w.members(open.id)).toEqual([]);
  });

  it('follow their dates to the millisecond when the dates change', async () => {
    const w = await world();
    const budget = await w.createBudget({ name: 'Taxi', ...MARCH, categoryIds: [w.category('Taxi')] });
    const ride = await w.record({ amount: 700, categoryId: w.category('Taxi'), time: '2026-03-15T12:00:00.000Z' });
    expect(await w.members(budget.id)).toEqual([ride.id]);
    await t.call('PUT', `/api/v1/budgets/${budget.id}`, {
      token: w.token,
      body: { endDate: '2026-03-15T11:59:59.999Z' },
    });
    expect(await w.members(budget.id)).toEqual([]);
    expect((await w.stats(budget.id)).transactionsCount).toBe(0);
    await t.call('PUT', `/api/v1/budgets/${budget.id}`, { token: w.token, body: { endDate: null } });
    expect(await w.members(budget.id)).toEqual([ride.id]);
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

  it('never count or list a transfer, by rule or assigned, and refuse to add one', async () => {
    const w = await world();
    const taxi = w.category('Taxi');
    const budget = await w.createBudget({ name: 'Rides', limitAmount: 1_000, categoryIds: [taxi] });
    const ride = await w.record({ amount: 300, categoryId: taxi });
    const [outOfWallet] = await (async () => {
      const res = await t.call('POST', '/api/v1/transactions', {
        token: w.token,
        body: {
          amount: 500,
          transactionType: 'expense',
          accountId: w.uah,
          transferNature: 'transfer_out_wallet',
          categoryId: taxi,
          budgetId: budget.id,
        },
      });
      return res.body.response as Transaction[];
    })();
    // An assigned transfer keeps its budgetId (it counts again if it becomes ordinary), but is no member.
    expect(outOfWallet!.budgetId).toBe(budget.id);
    const between = (
      await t.call('POST', '/api/v1/transactions', {
        token: w.token,
        body: {
          amount: 4_000,
          transactionType: 'expense',
          accountId: w.uah,
          transferNature: 'transfer_between_user_accounts',
          destinationAccountId: w.usd,
          destinationAmount: 100,
          categoryId: taxi,
        },
      })
    ).body.response as Transaction[];
    expect(await w.members(budget.id)).toEqual([ride.id]);
    expect(await w.stats(budget.id)).toMatchObject({ spent: 300, transactionsCount: 1 });

    const add = await t.call('POST', `/api/v1/budgets/${budget.id}/transactions`, {
      token: w.token,
      body: { transactionIds: [ride.id, between[0]!.id] },
    });
    expect(add.status).toBe(422);
    expect(add.body.response.details).toEqual([
      {
        path: 'transactionIds.1',
        message: 'A transfer cannot be part of a budget',
        code: 'budget.noTransfers',
        params: {},
      },
    ]);
    const leg = (await t.call('GET', `/api/v1/transactions/${between[0]!.id}`, { token: w.token })).body.response;
    expect(leg.budgetId).toBeNull();
    expect(await w.members(budget.id)).toEqual([ride.id]);
  });

  it('change, and when deleted leave their transactions be', async () => {
    const w = await world();
    const budget = await w.createBudget({ name: 'Misc', categoryIds: [w.category('Taxi')] });
    const tx = await w.record({ amount: 100, categoryId: w.category('Hobbies'), budgetId: budget.id });
    const changed = await t.call('PUT', `/api/v1/budgets/${budget.id}`, {
      token: w.token,
      body: {
        name: 'Everything',
        limitAmount: null,
        categoryIds: [],
        archived: true,
        autoInclude: false,
        startDate: '2026-01-01T00:00:00-05:00',
      },
    });
    expect(changed.body.response).toMatchObject({
      name: 'Everything',
      limitAmount: null,
      categoryIds: [],
      archived: true,
      autoInclude: false,
      startDate: '2026-01-01T05:00:00.000Z',
      endDate: null,
    });
    expect((await t.call('DELETE', `/api/v1/budgets/${budget.id}`, { token: w.token })).status).toBe(204);
    const after = (await t.call('GET', `/api/v1/transactions/${tx.id}`, { token: w.token })).body.response;
    expect(after).toMatchObject({ id: tx.id, budgetId: null, amount: 100 });
  });

  it('convert their limits when the base currency changes', async () => {
    const w = await world();
    const budget = await w.createBudget({ name: 'Capped', limitAmount: 400_000 });
    // 0.01 UAH is 0.00025 USD: a limit never rounds away to nothing, it keeps one minor unit.
    const tiny = await w.createBudget({ name: 'Tiny', limitAmount: 1 });
    await t.call('POST', '/api/v1/user/currencies/base', { token: w.token, body: { currencyId: ids.get('USD') } });
    await waitForBaseChange(t, w.token);
    expect((await w.budget(budget.id)).limitAmount).toBe(10_000);
    expect((await w.budget(tiny.id)).limitAmount).toBe(1);
  });

  it.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'n'.repeat(201) }, 'name'],
    [{ name: 'B', limitAmount: 0 }, 'limitAmount'],
    [{ name: 'B', limitAmount: -5 }, 'limitAmount'],
    [{ name: 'B', limitAmount: 10.5 }, 'limitAmount'],
    [{ name: 'B', limitAmount: MAX_MINOR_AMOUNT + 1 }, 'limitAmount'],
    [{ name: 'B', limitAmount: '100' }, 'limitAmount'],
    [{ name: 'B', startDate: '2026-05-01T00:00:00Z', endDate: '2026-04-30T23:59:59.999Z' }, 'endDate'],
    // In order as text, not as instants: 01:00 in UTC+3 is 22:00 UTC the day before.
    [{ name: 'B', startDate: '2026-05-01T00:00:00Z', endDate: '2026-05-01T01:00:00+03:00' }, 'endDate'],
    [{ name: 'B', startDate: 'May' }, 'startDate'],
    [{ name: 'B', startDate: '2026-05-01' }, 'startDate'],
    [{ name: 'B', endDate: '2026-02-30T00:00:00Z' }, 'endDate'],
    [{ name: 'B', startDate: '0000-01-01T00:00:00Z' }, 'startDate'],
    [{ name: 'B', categoryIds: 'food' }, 'categoryIds'],
    [{ name: 'B', categoryIds: [1.5] }, 'categoryIds.0'],
    [{ name: 'B', archived: 'no' }, 'archived'],
    [{ name: 'B', autoInclude: 'yes' }, 'autoInclude'],
    [{ name: 'B', autoInclude: null }, 'autoInclude'],
  ])('reject %j with VALIDATION_ERROR on %s and create nothing', async (body, path) => {
    const w = await world();
    const res = await t.call('POST', '/api/v1/budgets', { token: w.token, body });
    expect(res.status).toBe(422);
    expect(res.body.response.details.map((d: { path: string }) => d.path)).toContain(path);
    expect((await t.call('GET', '/api/v1/budgets', { token: w.token })).body.response).toEqual([]);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: '  \t ' }, 'name'],
    [{ name: 'n'.repeat(201) }, 'name'],
    [{ limitAmount: 0 }, 'limitAmount'],
    [{ limitAmount: -1 }, 'limitAmount'],
    [{ limitAmount: 99.5 }, 'limitAmount'],
    [{ limitAmount: MAX_MINOR_AMOUNT + 1 }, 'limitAmount'],
    [{ startDate: '2026-06-01T00:00:00Z', endDate: '2026-05-31T00:00:00Z' }, 'endDate'],
    [{ startDate: 'tomorrow' }, 'startDate'],
    [{ endDate: '2026-05-31' }, 'endDate'],
    [{ endDate: '2026-05-31T24:30:00Z' }, 'endDate'],
    [{ categoryIds: [0] }, 'categoryIds.0'],
    [{ archived: 1 }, 'archived'],
    [{ autoInclude: 'false' }, 'autoInclude'],
  ])('refuse the update %j with VALIDATION_ERROR on %s, keeping the budget', async (body, path) => {
    const w = await world();
    const budget = await w.createBudget({
      name: 'Kept',
      limitAmount: 5_000,
      startDate: '2026-05-01T00:00:00.000Z',
      endDate: '2026-05-31T23:59:59.999Z',
      categoryIds: [w.category('Taxi')],
    });
    const before = await w.budget(budget.id);
    const res = await t.call('PUT', `/api/v1/budgets/${budget.id}`, { token: w.token, body });
    expect(res.status).toBe(422);
    expect(res.body.response.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await w.budget(budget.id)).toEqual(before);
  });

  it('refuse an update that puts the dates out of order with the stored ones, keeping the budget', async () => {
    const w = await world();
    const budget = await w.createBudget({
      name: 'B',
      startDate: '2026-05-01T00:00:00.000Z',
      endDate: '2026-05-31T23:59:59.999Z',
    });
    const res = await t.call('PUT', `/api/v1/budgets/${budget.id}`, {
      token: w.token,
      body: { startDate: '2026-06-01T00:00:00.000Z' },
    });
    expect(res.status).toBe(422);
    expect(res.body.response.details).toEqual([
      {
        path: 'endDate',
        message: 'The start date must not be after the end date',
        code: 'budget.dateOrder',
        params: {},
      },
    ]);
    expect((await w.budget(budget.id)).startDate).toBe('2026-05-01T00:00:00.000Z');
  });

  it.each([
    ['no field', {}, 'transactionIds'],
    ['an empty list', { transactionIds: [] }, 'transactionIds'],
    ['501 ids', { transactionIds: Array.from({ length: 501 }, (_, i) => i + 1) }, 'transactionIds'],
    ['a fraction', { transactionIds: [1.5] }, 'transactionIds.0'],
    ['text', { transactionIds: ['x'] }, 'transactionIds.0'],
    ['a number, not a list', { transactionIds: 7 }, 'transactionIds'],
  ])('refuse adding or removing %s with VALIDATION_ERROR on %s', async (_label, body, path) => {
    const w = await world();
    const budget = await w.createBudget({ name: 'B' });
    const mine = await w.record({ amount: 10, categoryId: w.category('Taxi') });
    await t.call('POST', `/api/v1/budgets/${budget.id}/transactions`, {
      token: w.token,
      body: { transactionIds: [mine.id] },
    });
    for (const method of ['POST', 'DELETE'] as const) {
      const res = await t.call(method, `/api/v1/budgets/${budget.id}/transactions`, { token: w.token, body });
      expect(res.status).toBe(422);
      expect(res.body.response.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect(await w.members(budget.id)).toEqual([mine.id]);
  });

  it('leave out the members of a budget from GET /transactions with excludeBudgetId', async () => {
    const w = await world();
    const budget = await w.createBudget({ name: 'Food', ...MARCH, categoryIds: [w.category('Food & Drinks')] });
    const byRule = await w.record({ amount: 100, categoryId: w.category('Groceries'), time: '2026-03-02T10:00:00Z' });
    const removed = await w.record({ amount: 200, categoryId: w.category('Groceries'), time: '2026-03-03T10:00:00Z' });
    const outside = await w.record({ amount: 300, categoryId: w.category('Groceries'), time: '2026-04-03T10:00:00Z' });
    const assigned = await w.record({ amount: 400, categoryId: w.category('Taxi'), budgetId: budget.id });
    const other = await w.record({ amount: 500, categoryId: w.category('Taxi'), time: '2026-03-04T10:00:00Z' });
    await t.call('DELETE', `/api/v1/budgets/${budget.id}/transactions`, {
      token: w.token,
      body: { transactionIds: [removed.id] },
    });
    expect(await w.members(budget.id)).toEqual([byRule.id, assigned.id]);
    const offered = await t.call('GET', `/api/v1/transactions?excludeBudgetId=${budget.id}&order=asc&limit=200`, {
      token: w.token,
    });
    expect(offered.status).toBe(200);
    expect(offered.body.response.map((tx: Transaction) => tx.id)).toEqual([removed.id, other.id, outside.id]);
    // Another user's budget hides nothing of the caller's (and reveals nothing of its owner's).
    const stranger = await world();
    const theirs = await stranger.record({ amount: 1, categoryId: stranger.category('Taxi') });
    const foreign = await t.call('GET', `/api/v1/transactions?excludeBudgetId=${budget.id}`, { token: stranger.token });
    expect(foreign.body.response.map((tx: Transaction) => tx.id)).toEqual([theirs.id]);
    const bad = await t.call('GET', '/api/v1/transactions?excludeBudgetId=abc', { token: w.token });
    expect(bad.status).toBe(422);
    expect(bad.body.response.details[0].path).toBe('excludeBudgetId');
  });

  it("answer NOT_FOUND naming the field for another user's real category, changing nothing", async () => {
    const owner = await world();
    const stranger = await world();
    const theirs = stranger.category('Taxi');
    const created = await t.call('POST', '/api/v1/budgets', {
      token: owner.token,
      body: { name: 'B', categoryIds: [owner.category('Taxi'), theirs] },
    });
    expect(created.status).toBe(404);
    expect(created.body.response.code).toBe('NOT_FOUND');
    expect(created.body.response.details.map((d: { path: string }) => d.path)).toEqual(['categoryIds.1']);
    expect((await t.call('GET', '/api/v1/budgets', { token: owner.token })).body.response).toEqual([]);

    const budget = await owner.createBudget({ name: 'Mine', categoryIds: [owner.category('Taxi')] });
    const before = await owner.budget(budget.id);
    const updated = await t.call('PUT', `/api/v1/budgets/${budget.id}`, {
      token: owner.token,
      body: { name: 'Renamed', categoryIds: [theirs] },
    });
    expect(updated.status).toBe(404);
    expect(updated.body.response.details.map((d: { path: string }) => d.path)).toEqual(['categoryIds.0']);
    expect(await owner.budget(budget.id)).toEqual(before);
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
      body: { transactionIds: [mine.id, foreignTx.id] },
    });
    expect(add.status).toBe(404);
    expect(add.body.response.details.map((d: { path: string }) => d.path)).toEqual(['transactionIds.1']);
    expect(await stranger.members(own.id)).toEqual([]);
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
    expect(res.status).toBe(404);
    expect(res.body.response.details).toEqual([
      { path: 'budgetId', message: 'Budget not found', code: 'record.notFound', params: { what: 'Budget' } },
    ]);
    const before = (await t.call('GET', `/api/v1/transactions/${mine.id}`, { token: stranger.token })).body.response;
    const update = await t.call('PUT', `/api/v1/transactions/${mine.id}`, {
      token: stranger.token,
      body: { note: 'changed', budgetId: budget.id },
    });
    expect(update.status).toBe(404);
    expect(update.body.response.details).toEqual([
      { path: 'budgetId', message: 'Budget not found', code: 'record.notFound', params: { what: 'Budget' } },
    ]);
    expect((await t.call('GET', `/api/v1/transactions/${mine.id}`, { token: stranger.token })).body.response).toEqual(
      before,
    );
    expect((await owner.budget(budget.id)).name).toBe('Private');
    expect((await owner.stats(budget.id)).transactionsCount).toBe(0);
  });
});
