import type { Transaction } from '@kopiyka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, startTestApp, type TestApp, waitForBaseChange } from '../../../test/app.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { buildWorld } from '../../../test/world.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A user with base UAH, a UAH card and a USD account at a custom 41.13 UAH. */
async function world() {
  const w = await buildWorld(t, {
    currencies: { USD: 41.13 },
    accounts: [
      { name: 'Card', currency: 'UAH', initialBalance: 1_000_000 },
      { name: 'Dollars', currency: 'USD', initialBalance: 100_000 },
    ],
  });
  const [uah, usd] = w.accounts;
  return {
    ...w,
    uah,
    usd,
    groceries: w.category('Groceries'),
    fuel: w.category('Fuel'),
    taxes: w.category('Taxes'),
    salary: w.category('Wage, invoices'),
  };
}
type World = Awaited<ReturnType<typeof world>>;

const MARCH_DAY = '2026-03-10T12:00:00.000Z';
const post = (w: World, body: Record<string, unknown>) =>
  t.call('POST', '/api/v1/transactions', { token: w.token, body });
const put = (w: World, id: number, body: Record<string, unknown>) =>
  t.call('PUT', `/api/v1/transactions/${id}`, { token: w.token, body });
const getTx = async (w: World, id: number) =>
  (await t.call('GET', `/api/v1/transactions/${id}`, { token: w.token })).body.response as Transaction;
/** A March expense on the card split into `parts` ([categoryId, amount, note?]). */
async function splitExpense(w: World, parts: Array<[number, number, string?]>, extra: Record<string, unknown> = {}) {
  const res = await post(w, {
    amount: parts.reduce((sum, [, amount]) => sum + amount, 0),
    transactionType: 'expense',
    accountId: w.uah,
    time: MARCH_DAY,
    splits: parts.map(([categoryId, amount, note]) => ({ categoryId, amount, ...(note ? { note } : {}) })),
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body.response as Transaction[])[0]!;
}
const refSum = (tx: Transaction) => tx.splits.reduce((sum, part) => sum + part.refAmount, 0);
const spending = async (w: World) =>
  (
    (await t.call('GET', '/api/v1/stats/spendings-by-categories?from=2026-03-01&to=2026-03-31', { token: w.token }))
      .body.response as Array<{ name: string; amount: number }>
  ).map((c) => [c.name, c.amount]);
const issuesOf = (res: { body: { response: { details?: Array<{ path: string; code: string }> } } }) =>
  res.body.response.details?.map((d) => [d.path, d.code]);

describe('split transactions', () => {
  it('are stored with their parts; the category is the largest part’s and the figures add up exactly', async () => {
    const w = await world();
    const tx = await splitExpense(w, [
      [w.groceries, 30_000, 'bread'],
      [w.fuel, 50_000],
      [w.taxes, 20_000],
    ]);
    expect(tx.categoryId).toBe(w.fuel);
    expect(tx.splits.map((p) => [p.categoryId, p.amount, p.refAmount, p.note])).toEqual([
      [w.groceries, 30_000, 30_000, 'bread'],
      [w.fuel, 50_000, 50_000, ''],
      [w.taxes, 20_000, 20_000, ''],
    ]);
    expect(await getTx(w, tx.id)).toEqual(tx);
    // In dollars the figure does not divide evenly: the left-over units go to the largest remainders.
    const [dollars] = (
      await post(w, {
        amount: 1_000,
        transactionType: 'expense',
        accountId: w.usd,
        time: MARCH_DAY,
        splits: [
          { categoryId: w.groceries, amount: 333 },
          { categoryId: w.fuel, amount: 333 },
          { categoryId: w.taxes, amount: 334 },
        ],
      })
    ).body.response as Transaction[];
    expect(dollars!.refAmount).toBe(41_130);
    // Equal amounts take the first part's category.
    expect(dollars!.categoryId).toBe(w.taxes);
    expect(dollars!.splits.map((p) => p.refAmount)).toEqual([13_696, 13_696, 13_738]);
    const plain = (
      await w.record({ amount: 5_000, transactionType: 'expense', accountId: w.uah, categoryId: w.fuel })
    )[0]!;
    expect(plain.splits).toEqual([]);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });

  it('count in their own categories in spending, budgets and the category filter', async () => {
    const w = await world();
    const tx = await splitExpense(w, [
      [w.groceries, 30_000],
      [w.fuel, 70_000],
    ]);
    await w.record({
      amount: 1_000,
      transactionType: 'expense',
      accountId: w.uah,
      time: MARCH_DAY,
      categoryId: w.taxes,
    });
    expect(await spending(w)).toEqual([
      ['Vehicle', 70_000],
      ['Food & Drinks', 30_000],
      ['Financial expenses', 1_000],
    ]);
    const res = await t.call('POST', '/api/v1/budgets', {
      token: w.token,
      body: {
        name: 'Food',
        limitAmount: 100_000,
        startDate: '2026-03-01T00:00:00.000Z',
        endDate: '2026-03-31T23:59:59.999Z',
        categoryIds: [w.groceries],
      },
    });
    const budget = res.body.response as { id: number };
    const stats = (await t.call('GET', `/api/v1/budgets/${budget.id}/stats`, { token: w.token })).body.response;
    expect(stats).toMatchObject({ spent: 30_000, transactionsCount: 1 });
    const listed = async (query: string) =>
      ((await t.call('GET', `/api/v1/transactions?${query}`, { token: w.token })).body.response as Transaction[]).map(
        (row) => row.id,
      );
    expect(await listed(`categoryIds=${w.groceries}`)).toEqual([tx.id]);
    expect(await listed(`categoryIds=${w.category('Food & Drinks')}`)).toEqual([tx.id]);
    expect(await listed(`budgetIds=${budget.id}`)).toEqual([tx.id]);
    // A category excluded from statistics leaves out its parts only.
    await t.call('PUT', '/api/v1/user/settings', {
      token: w.token,
      body: { stats: { excludedCategoryIds: [w.category('Vehicle')] } },
    });
    expect(await spending(w)).toEqual([
      ['Food & Drinks', 30_000],
      ['Financial expenses', 1_000],
    ]);
  });

  it('are changed, joined again, and refused when they do not fit', async () => {
    const w = await world();
    const tx = await splitExpense(w, [
      [w.groceries, 30_000],
      [w.fuel, 70_000],
    ]);
    const refused = async (body: Record<string, unknown>, issue: [string, string]) => {
      const res = await put(w, tx.id, body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(issuesOf(res)).toEqual([issue]);
    };
    await refused({ amount: 90_000 }, ['splits', 'splits.amountChanged']);
    await refused({ categoryId: w.taxes }, ['splits', 'splits.categoryChanged']);
    await refused({ splits: [] }, ['categoryId', 'transaction.categoryRequired']);
    await refused({ splits: [{ categoryId: w.groceries, amount: 100_000 }] }, ['splits', 'splits.tooFew']);
    await refused(
      {
        splits: [
          { categoryId: w.groceries, amount: 50_000 },
          { categoryId: w.fuel, amount: 40_000 },
        ],
      },
      ['splits', 'splits.sum'],
    );
    await refused(
      {
        splits: [
          { categoryId: w.groceries, amount: 0 },
          { categoryId: w.fuel, amount: 100_000 },
        ],
      },
      ['splits.0.amount', 'value.positive'],
    );
    await refused({ transferNature: 'transfer_out_wallet', categoryId: null }, ['splits', 'splits.transfer']);
    expect(await getTx(w, tx.id)).toEqual(tx);

    // New parts with a new amount.
    const [changed] = (
      await put(w, tx.id, {
        amount: 120_000,
        splits: [
          { categoryId: w.groceries, amount: 80_000, note: 'week' },
          { categoryId: w.taxes, amount: 40_000 },
        ],
      })
    ).body.response as Transaction[];
    expect(changed!.categoryId).toBe(w.groceries);
    expect(changed!.splits.map((p) => [p.categoryId, p.amount, p.refAmount, p.note])).toEqual([
      [w.groceries, 80_000, 80_000, 'week'],
      [w.taxes, 40_000, 40_000, ''],
    ]);
    expect(await spending(w)).toEqual([
      ['Food & Drinks', 80_000],
      ['Financial expenses', 40_000],
    ]);
    // A note alone keeps the parts.
    expect(((await put(w, tx.id, { note: 'Silpo' })).body.response as Transaction[])[0]!.splits).toHaveLength(2);
    // Joined again.
    const [joined] = (await put(w, tx.id, { splits: [], categoryId: w.fuel })).body.response as Transaction[];
    expect(joined).toMatchObject({ categoryId: w.fuel, splits: [], amount: 120_000 });
    expect(await spending(w)).toEqual([['Vehicle', 120_000]]);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });

  it('refuse bad parts on create, other users’ categories and transactions', async () => {
    const w = await world();
    const other = await world();
    const body = (splits: unknown, extra: Record<string, unknown> = {}) => ({
      amount: 10_000,
      transactionType: 'expense',
      accountId: w.uah,
      splits,
      ...extra,
    });
    const cases: Array<[Record<string, unknown>, number, Array<[string, string]>]> = [
      [body([{ categoryId: w.fuel, amount: 10_000 }]), 422, [['splits', 'splits.tooFew']]],
      [
        body([
          { categoryId: w.fuel, amount: 5_000 },
          { categoryId: w.taxes, amount: 4_000 },
        ]),
        422,
        [['splits', 'splits.sum']],
      ],
      [
        body(
          [
            { categoryId: w.fuel, amount: 5_000 },
            { categoryId: w.taxes, amount: 5_000 },
          ],
          { transferNature: 'transfer_out_wallet' },
        ),
        422,
        [['splits', 'splits.transfer']],
      ],
      [
        body([
          { categoryId: w.fuel, amount: 5_000 },
          { categoryId: other.fuel, amount: 5_000 },
        ]),
        404,
        [['splits.1.categoryId', 'resource.notFound']],
      ],
      [body('two'), 422, [['splits', 'input.invalidType']]],
    ];
    for (const [request, status, issues] of cases) {
      const res = await post(w, request);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      if (status === 422) expect(issuesOf(res)).toEqual(issues);
      else expect(res.body.response.details?.[0]?.path).toBe(issues[0]![0]);
    }
    expect((await t.call('GET', '/api/v1/transactions', { token: w.token })).body.response).toEqual([]);
    const mine = await splitExpense(w, [
      [w.groceries, 1_000],
      [w.fuel, 2_000],
    ]);
    const res = await t.call('PUT', `/api/v1/transactions/${mine.id}`, {
      token: other.token,
      body: { splits: [], categoryId: other.fuel },
    });
    expect(res.status).toBe(404);
    expect(await getTx(w, mine.id)).toEqual(mine);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });

  it('share the figure again after a base change and a custom-rate change', async () => {
    const w = await world();
    const parts = [
      { categoryId: w.groceries, amount: 333 },
      { categoryId: w.fuel, amount: 333 },
      { categoryId: w.taxes, amount: 335 },
    ];
    const body = { amount: 1_001, transactionType: 'expense', time: MARCH_DAY, splits: parts };
    const dollars = (await post(w, { ...body, accountId: w.usd })).body.response[0] as Transaction;
    const hryvnias = (await post(w, { ...body, accountId: w.uah })).body.response[0] as Transaction;
    await t.call('PUT', '/api/v1/user/currency/rates', {
      token: w.token,
      body: { pairs: [{ baseCode: 'USD', quoteCode: 'UAH', rate: 39.77 }] },
    });
    await waitForBaseChange(t, w.token);
    const revalued = await getTx(w, dollars.id);
    expect(revalued.refAmount).toBe(39_810);
    expect(refSum(revalued)).toBe(39_810);
    expect(await ledgerProblems(t, w.id)).toEqual([]);

    await t.call('POST', '/api/v1/user/currencies/base', { token: w.token, body: { currencyId: ids.get('USD') } });
    await waitForBaseChange(t, w.token);
    for (const id of [dollars.id, hryvnias.id]) {
      const tx = await getTx(w, id);
      expect(tx.refCurrencyCode).toBe('USD');
      expect(refSum(tx)).toBe(tx.refAmount);
    }
    expect((await getTx(w, dollars.id)).splits.map((p) => p.refAmount)).toEqual([333, 333, 335]);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });

  it('move with their category when it is deleted, and go with their transaction', async () => {
    const w = await world();
    const tx = await splitExpense(w, [
      [w.groceries, 30_000],
      [w.fuel, 70_000],
    ]);
    const res = await t.call('DELETE', `/api/v1/categories/${w.fuel}?moveTo=${w.taxes}`, { token: w.token });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    const moved = await getTx(w, tx.id);
    expect(moved.splits.map((p) => p.categoryId)).toEqual([w.groceries, w.taxes]);
    expect(moved.categoryId).toBe(w.taxes);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
    expect((await t.call('DELETE', `/api/v1/transactions/${tx.id}`, { token: w.token })).status).toBe(204);
    expect(await spending(w)).toEqual([]);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });

  it('an income can be split too', async () => {
    const w = await world();
    const [tx] = await w.record({
      amount: 3_000,
      transactionType: 'income',
      accountId: w.uah,
      splits: [
        { categoryId: w.salary, amount: 2_000 },
        { categoryId: w.category('Gifts'), amount: 1_000 },
      ],
    });
    expect(tx!.splits.map((p) => p.refAmount)).toEqual([2_000, 1_000]);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });
});
