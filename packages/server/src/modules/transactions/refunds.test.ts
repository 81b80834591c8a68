import type { Transaction, TransactionRefund } from '@kopiyka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { buildWorld } from '../../../test/world.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A user with two UAH accounts; USD at 40 UAH. */
async function world() {
  const w = await buildWorld(t, {
    currencies: { USD: 40 },
    accounts: [{ name: 'Card', currency: 'UAH' }, { name: 'Cash', currency: 'UAH' }, { currency: 'USD' }],
  });
  const { token } = w;
  const [card, cash, usd] = w.accounts;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
    t.call(method, `/api/v1${path}`, { token, body });
  const created = async (body: Record<string, unknown>) => {
    const res = await call('POST', '/transactions', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body.response as Transaction[])[0]!;
  };
  const groceries = w.category('Groceries');
  const salary = w.category('Wage, invoices');
  return {
    ...w,
    card: card!,
    cash: cash!,
    usd: usd!,
    groceries,
    salary,
    call,
    created,
    expense: (amount: number, extra: Record<string, unknown> = {}) =>
      created({ amount, transactionType: 'expense', accountId: card, categoryId: groceries, ...extra }),
    refundBody: (amount: number, refundOfId: unknown, extra: Record<string, unknown> = {}) => ({
      amount,
      transactionType: 'income',
      accountId: card,
      categoryId: salary,
      refundOfId,
      ...extra,
    }),
    get: async (id: number) => (await call('GET', `/transactions/${id}`)).body.response as Transaction,
    refunds: async (id: number) =>
      (await call('GET', `/transactions/${id}/refunds`)).body.response as TransactionRefund[],
  };
}

const refusal = (res: { status: number; body: { response: { details?: unknown[] } } }) => [
  res.status,
  (res.body.response.details as Array<{ path: string; code: string }> | undefined)?.map((d) => [d.path, d.code]),
];

describe('refunds', () => {
  it('links an income to the expense it gives back, and both sides show it', async () => {
    const w = await world();
    const shoes = await w.expense(10_000, { note: 'Shoes' });
    expect(shoes).toMatchObject({ refundOfId: null, refundedRefAmount: 0 });
    const back = await w.created(w.refundBody(4_000, shoes.id, { accountId: w.cash }));
    expect(back).toMatchObject({ refundOfId: shoes.id, refundedRefAmount: 0, transactionType: 'income' });
    expect(await w.get(shoes.id)).toMatchObject({ refundOfId: null, refundedRefAmount: 4_000 });
    const page = (await w.call('GET', '/transactions')).body.response as Transaction[];
    expect(page.map((tx) => [tx.id, tx.refundOfId, tx.refundedRefAmount])).toEqual([
      [back.id, shoes.id, 0],
      [shoes.id, null, 4_000],
    ]);

    const link = {
      id: back.id,
      originalTxId: shoes.id,
      refundTxId: back.id,
      originalTransaction: expect.objectContaining({ id: shoes.id, refundedRefAmount: 4_000 }),
      refundTransaction: expect.objectContaining({ id: back.id, refundOfId: shoes.id }),
    };
    expect(await w.refunds(shoes.id)).toEqual([link]);
    expect(await w.refunds(back.id)).toEqual([link]);
    const other = await w.expense(500);
    expect(await w.refunds(other.id)).toEqual([]);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });

  it('keeps the refunds of one expense within its amount, on create and on change', async () => {
    const w = await world();
    const shoes = await w.expense(10_000);
    const first = await w.created(w.refundBody(6_000, shoes.id));
    expect(refusal(await w.call('POST', '/transactions', w.refundBody(4_001, shoes.id)))).toEqual([
      422,
      [['amount', 'refund.tooMuch']],
    ]);
    // In another currency, by its base-currency figure: 100.01 USD is 4,000.40 UAH.
    expect(
      refusal(await w.call('POST', '/transactions', w.refundBody(10_001, shoes.id, { accountId: w.usd }))),
    ).toEqual([422, [['amount', 'refund.tooMuch']]]);
    const second = await w.created(w.refundBody(4_000, shoes.id));
    expect((await w.get(shoes.id)).refundedRefAmount).toBe(10_000);
    expect(refusal(await w.call('PUT', `/transactions/${first.id}`, { amount: 6_001 }))).toEqual([
      422,
      [['amount', 'refund.tooMuch']],
    ]);
    expect(refusal(await w.call('PUT', `/transactions/${shoes.id}`, { amount: 9_999 }))).toEqual([
      422,
      [['amount', 'refund.belowRefunds']],
    ]);
    expect(refusal(await w.call('PUT', `/transactions/${shoes.id}`, { transactionType: 'income' }))).toEqual([
      422,
      [['transactionType', 'refund.hasRefunds']],
    ]);
    expect(
      refusal(await w.call('PUT', `/transactions/${shoes.id}`, { transferNature: 'transfer_out_wallet' })),
    ).toEqual([422, [['transferNature', 'refund.hasRefunds']]]);
    expect(refusal(await w.call('PUT', `/transactions/${second.id}`, { transactionType: 'expense' }))).toEqual([
      422,
      [['refundOfId', 'refund.notIncome']],
    ]);
    // Lower a refund, and the expense may go down to what is left; a note changes freely.
    expect((await w.call('PUT', `/transactions/${second.id}`, { amount: 3_000 })).status).toBe(200);
    expect((await w.call('PUT', `/transactions/${shoes.id}`, { amount: 9_000, note: 'Two pairs' })).status).toBe(200);
    expect(await w.get(shoes.id)).toMatchObject({ amount: 9_000, refundedRefAmount: 9_000 });
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });

  it('refunds only an expense of the caller that is no transfer, by an income that is no transfer', async () => {
    const w = await world();
    const stranger = await world();
    const shoes = await w.expense(10_000);
    const theirs = await stranger.expense(10_000);
    const pay = await w.created({ amount: 5_000, transactionType: 'income', accountId: w.card, categoryId: w.salary });
    const [leg] = (
      await w.call('POST', '/transactions', {
        amount: 1_000,
        transactionType: 'expense',
        accountId: w.card,
        transferNature: 'transfer_between_user_accounts',
        destinationAccountId: w.cash,
      })
    ).body.response as Transaction[];
    const before = (await w.call('GET', '/transactions?limit=200')).body.response;

    const notFound = await w.call('POST', '/transactions', w.refundBody(1_000, theirs.id));
    expect([notFound.status, notFound.body.response.code]).toEqual([404, 'NOT_FOUND']);
    expect(refusal(await w.call('POST', '/transactions', w.refundBody(1_000, pay.id)))).toEqual([
      422,
      [['refundOfId', 'refund.notExpense']],
    ]);
    expect(refusal(await w.call('POST', '/transactions', w.refundBody(1_000, leg!.id)))).toEqual([
      422,
      [['refundOfId', 'refund.notExpense']],
    ]);
    expect(
      refusal(await w.call('POST', '/transactions', w.refundBody(1_000, shoes.id, { transactionType: 'expense' }))),
    ).toEqual([422, [['refundOfId', 'refund.notIncome']]]);
    expect(
      refusal(
        await w.call('POST', '/transactions', {
          ...w.refundBody(1_000, shoes.id),
          transferNature: 'transfer_out_wallet',
        }),
      ),
    ).toEqual([422, [['refundOfId', 'refund.transfer']]]);
    expect((await w.call('PUT', `/transactions/${pay.id}`, { refundOfId: theirs.id })).status).toBe(404);
    expect(refusal(await w.call('PUT', `/transactions/${pay.id}`, { refundOfId: pay.id }))).toEqual([
      422,
      [['refundOfId', 'refund.notExpense']],
    ]);
    expect((await w.call('GET', '/transactions?limit=200')).body.response).toEqual(before);
    expect((await w.call('GET', `/transactions/${theirs.id}/refunds`)).status).toBe(404);
    expect(await stranger.get(theirs.id)).toMatchObject({ refundedRefAmount: 0 });
  });

  it('links and unlinks an existing income by PUT; deleting either side unlinks', async () => {
    const w = await world();
    const shoes = await w.expense(10_000);
    const pay = await w.created({ amount: 2_000, transactionType: 'income', accountId: w.card, categoryId: w.salary });
    expect((await w.call('PUT', `/transactions/${pay.id}`, { refundOfId: shoes.id })).body.response).toMatchObject([
      { id: pay.id, refundOfId: shoes.id },
    ]);
    expect((await w.get(shoes.id)).refundedRefAmount).toBe(2_000);
    expect((await w.call('PUT', `/transactions/${pay.id}`, { refundOfId: null })).status).toBe(200);
    expect(await w.refunds(shoes.id)).toEqual([]);
    expect((await w.get(pay.id)).refundOfId).toBeNull();

    const back = await w.created(w.refundBody(3_000, shoes.id));
    expect((await w.call('DELETE', `/transactions/${back.id}`)).status).toBe(204);
    expect(await w.get(shoes.id)).toMatchObject({ refundedRefAmount: 0 });
    const again = await w.created(w.refundBody(3_000, shoes.id));
    expect((await w.call('DELETE', `/transactions/${shoes.id}`)).status).toBe(204);
    expect(await w.get(again.id)).toMatchObject({ refundOfId: null, amount: 3_000 });
    expect(await w.refunds(again.id)).toEqual([]);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });

  it('pairing a refund or a refunded expense into a transfer unlinks them', async () => {
    const w = await world();
    const shoes = await w.expense(10_000);
    const back = await w.created(w.refundBody(3_000, shoes.id));
    const income = await w.created({
      amount: 10_000,
      transactionType: 'income',
      accountId: w.cash,
      categoryId: w.salary,
    });
    expect((await w.call('PUT', '/transactions/link', { ids: [[shoes.id, income.id]] })).status).toBe(200);
    expect(await w.get(back.id)).toMatchObject({ refundOfId: null });
    expect(await w.get(shoes.id)).toMatchObject({ refundedRefAmount: 0 });
  });
});

describe('refunds in statistics and budgets', () => {
  it('lower the spending of the expense’s category on the refund’s day, as less expense, not income', async () => {
    const w = await world();
    const shoes = await w.expense(10_000, { time: '2026-03-10T12:00:00Z' });
    // The refund lands on the other account and in April, filed under the salary category.
    await w.created(w.refundBody(4_000, shoes.id, { accountId: w.cash, time: '2026-04-02T12:00:00Z' }));
    await w.created({
      amount: 50_000,
      transactionType: 'income',
      accountId: w.card,
      categoryId: w.salary,
      time: '2026-04-01T12:00:00Z',
    });
    const stats = async (path: string) => (await w.call('GET', `/stats/${path}`)).body.response;
    expect(await stats('cash-flow?from=2026-03-01&to=2026-04-30')).toEqual([
      { period: '2026-03-01', income: 0, expense: 10_000, net: -10_000 },
      { period: '2026-04-01', income: 50_000, expense: -4_000, net: 54_000 },
    ]);
    const spending = async (from: string, to: string, query = '') =>
      (
        (await stats(`spendings-by-categories?from=${from}&to=${to}${query}`)) as Array<{
          name: string;
          amount: number;
        }>
      ).map((c) => [c.name, c.amount]);
    expect(await spending('2026-03-01', '2026-04-30')).toEqual([['Food & Drinks', 6_000]]);
    expect(await spending('2026-04-01', '2026-04-30')).toEqual([['Food & Drinks', -4_000]]);
    // By the refund's account: the card saw the expense, the cash account the refund.
    expect(await spending('2026-03-01', '2026-04-30', `&accountId=${w.card}`)).toEqual([['Food & Drinks', 10_000]]);
    expect(await spending('2026-03-01', '2026-04-30', `&accountId=${w.cash}`)).toEqual([['Food & Drinks', -4_000]]);

    // Left out with the expense's category, the refund goes with it (and is still no income).
    await w.call('PUT', '/user/settings', { stats: { excludedCategoryIds: [w.category('Food & Drinks')] } });
    expect(await spending('2026-03-01', '2026-04-30')).toEqual([]);
    expect(await stats('cash-flow?from=2026-04-01&to=2026-04-30')).toEqual([
      { period: '2026-04-01', income: 50_000, expense: 0, net: 50_000 },
    ]);
  });

  it('lower the spending of a budget the expense is in, by category or assigned, and are no income of it', async () => {
    const w = await world();
    const budget = async (body: Record<string, unknown>) =>
      ((await w.call('POST', '/budgets', { name: 'Budget', ...body })).body.response as { id: number }).id;
    const byCategory = await budget({ categoryIds: [w.category('Food & Drinks')] });
    const assigned = await budget({ autoInclude: false });
    const shoes = await w.expense(10_000, { time: '2026-03-10T12:00:00Z' });
    const dinner = await w.expense(8_000, { time: '2026-03-11T12:00:00Z', budgetId: assigned });
    // A refund filed under Groceries too: still not the budget's income.
    await w.created(w.refundBody(4_000, shoes.id, { categoryId: w.groceries, time: '2026-03-20T12:00:00Z' }));
    await w.created(w.refundBody(8_000, dinner.id, { time: '2026-04-20T12:00:00Z' }));
    const stats = async (id: number) => (await w.call('GET', `/budgets/${id}/stats`)).body.response;
    expect(await stats(byCategory)).toMatchObject({ spent: 6_000, income: 0 });
    expect(await stats(assigned)).toMatchObject({ spent: 0, income: 0 });
  });
});
