import { MAX_MINOR_AMOUNT } from '@kopiyka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, startTestApp, type TestApp, waitForBaseChange } from '../../../test/app.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { type AccountSpec, buildWorld, type World } from '../../../test/world.ts';

/**
 * docs/decisions.md "Figures stay within MAX_MINOR_AMOUNT": no stored figure and no sum an answer
 * holds can pass the limit, so every answer stays within Number.MAX_SAFE_INTEGER.
 */
const MAX = MAX_MINOR_AMOUNT;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Every read a person's screens make answers 200 with safe integers only. */
async function expectSafeReads(token: string, accountIds: number[]) {
  const urls = [
    '/api/v1/accounts',
    ...accountIds.map((id) => `/api/v1/accounts/${id}`),
    '/api/v1/transactions',
    '/api/v1/stats/total-balance?date=2026-06-30',
    '/api/v1/stats/balance-history?from=2026-01-01&to=2026-06-30',
    '/api/v1/stats/spendings-by-categories?from=2026-01-01&to=2026-06-30',
    '/api/v1/stats/cash-flow?from=2026-01-01&to=2026-06-30&interval=month',
  ];
  for (const url of urls) {
    const res = await t.call('GET', url, { token });
    expect(res.status, url).toBe(200);
    const unsafe: unknown[] = [];
    JSON.stringify(res.body, (_key, value) => {
      if (typeof value === 'number' && !Number.isSafeInteger(value) && Number.isInteger(value)) unsafe.push(value);
      return value;
    });
    expect(unsafe, url).toEqual([]);
  }
}

function expectRefusedOn(res: { status: number; body: { response: unknown } }, path: string) {
  expect(res.status).toBe(422);
  expect(res.body.response).toMatchObject({
    code: 'VALIDATION_ERROR',
    details: [{ path, message: expect.any(String) }],
  });
}

/** Records an expense in Food & Drinks, failing unless it is created. */
function expenseOn(w: World<readonly AccountSpec[]>, accountId: number, amount: number, time: string) {
  return w.record({ accountId, categoryId: w.category('Food & Drinks'), amount, transactionType: 'expense', time });
}

async function transactionsOf(w: { token: string }) {
  return (await t.call('GET', '/api/v1/transactions', { token: w.token })).body.response as unknown[];
}

describe('an account’s figures', () => {
  it('refuses an income that takes the account past the limit; every read still answers', async () => {
    const w = await buildWorld(t, { accounts: [{ currency: 'UAH', initialBalance: MAX }] });
    const [account] = w.accounts;
    const food = w.category('Food & Drinks');
    const res = await t.call('POST', '/api/v1/transactions', {
      token: w.token,
      body: {
        accountId: account,
        amount: MAX,
        transactionType: 'income',
        categoryId: food,
        time: '2026-03-01T12:00:00Z',
      },
    });
    expectRefusedOn(res, 'amount');
    expect(await transactionsOf(w)).toEqual([]);
    expect((await t.call('GET', `/api/v1/accounts/${account}`, { token: w.token })).body.response).toMatchObject({
      currentBalance: MAX,
    });
    await expectSafeReads(w.token, [account]);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });

  it('bounds the history too: a backdated income and a later expense that cancel out are refused together', async () => {
    const w = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const [account] = w.accounts;
    const food = w.category('Food & Drinks');
    const body = { accountId: account, categoryId: food };
    await w.record({ ...body, amount: MAX / 2 + 1, transactionType: 'income', time: '2026-02-01T12:00:00Z' });
    const res = await t.call('POST', '/api/v1/transactions', {
      token: w.token,
      body: { ...body, amount: MAX / 2, transactionType: 'expense', time: '2026-03-01T12:00:00Z' },
    });
    expectRefusedOn(res, 'amount');
    expect(await transactionsOf(w)).toHaveLength(1);
    await expectSafeReads(w.token, [account]);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });

  it('refuses a balance edit that takes the account past the limit, naming the field', async () => {
    const w = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const [account] = w.accounts;
    await expenseOn(w, account, MAX / 2, '2026-02-01T12:00:00Z');
    for (const field of ['initialBalance', 'currentBalance', 'openingBalance'] as const) {
      const res = await t.call('PUT', `/api/v1/accounts/${account}`, { token: w.token, body: { [field]: MAX } });
      expectRefusedOn(res, field);
    }
    const after = (await t.call('GET', `/api/v1/accounts/${account}`, { token: w.token })).body.response;
    expect(after).toMatchObject({ initialBalance: 0, currentBalance: -MAX / 2 });
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });
});

describe('base-currency figures', () => {
  it('refuses an expense whose figure in the base passes the limit, before anything is stored', async () => {
    const w = await buildWorld(t, { currencies: { EUR: 1_000_000_000 }, accounts: [{ currency: 'EUR' }] });
    const [eur] = w.accounts;
    const food = w.category('Food & Drinks');
    for (const amount of [1_000_000_000, MAX]) {
      const res = await t.call('POST', '/api/v1/transactions', {
        token: w.token,
        body: { accountId: eur, amount, transactionType: 'expense', categoryId: food, time: '2026-03-01T12:00:00Z' },
      });
      expectRefusedOn(res, 'amount');
    }
    expect(await transactionsOf(w)).toEqual([]);
    await expectSafeReads(w.token, [eur]);
  });

  it('refuses a write that takes the sum of all the user’s base figures past the limit', async () => {
    const w = await buildWorld(t, {
      currencies: { EUR: 1_000 },
      accounts: [{ currency: 'EUR' }, { currency: 'EUR' }],
    });
    const [first, second] = w.accounts;
    const body = { categoryId: w.category('Food & Drinks'), transactionType: 'expense', time: '2026-03-01T12:00:00Z' };
    await w.record({ ...body, accountId: first, amount: (MAX / 1_000) * 0.6 });
    const res = await t.call('POST', '/api/v1/transactions', {
      token: w.token,
      body: { ...body, accountId: second, amount: (MAX / 1_000) * 0.6 },
    });
    expectRefusedOn(res, 'amount');
    expect(await transactionsOf(w)).toHaveLength(1);
    await expectSafeReads(w.token, w.accounts);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });

  it('refuses a custom rate that would take the recomputed figures past the limit, keeping the old rate', async () => {
    const w = await buildWorld(t, { currencies: { EUR: 40 }, accounts: [{ currency: 'EUR' }] });
    const [eur] = w.accounts;
    await expenseOn(w, eur, 1_000_000_000, '2026-03-01T12:00:00Z');
    const res = await t.call('PUT', '/api/v1/user/currency/rates', {
      token: w.token,
      body: { pairs: [{ baseCode: 'EUR', quoteCode: 'UAH', rate: 1_000_000_000 }] },
    });
    expectRefusedOn(res, 'pairs.0.rate');
    const rates = (await t.call('GET', '/api/v1/user/currencies/rates', { token: w.token })).body.response;
    expect(rates).toMatchObject([{ baseCode: 'EUR', rate: 40 }]);
    await waitForBaseChange(t, w.token);
    const [row] = await transactionsOf(w);
    expect(row).toMatchObject({ refAmount: 40_000_000_000 });
  });

  it('refuses a base currency in which the figures would pass the limit, keeping the old base', async () => {
    // 1 EUR = 0.001 UAH: in EUR every hryvnia is worth a thousand.
    const w = await buildWorld(t, { currencies: { EUR: 0.001 }, accounts: [{ currency: 'UAH' }] });
    const [uah] = w.accounts;
    await expenseOn(w, uah, MAX / 100, '2026-03-01T12:00:00Z');
    const res = await t.call('POST', '/api/v1/user/currencies/base', {
      token: w.token,
      body: { currencyId: ids.get('EUR') },
    });
    expectRefusedOn(res, 'currencyId');
    await waitForBaseChange(t, w.token);
    const base = (await t.call('GET', '/api/v1/user/currencies/base', { token: w.token })).body.response;
    expect(base.currency.code).toBe('UAH');
  });

  it('refuses an account whose balance or credit limit in the base would pass the limit, naming the field', async () => {
    const w = await buildWorld(t, { currencies: { EUR: 1_000_000_000 } });
    const body = { name: 'Vault', currencyId: ids.get('EUR') };
    // 100,000.00 EUR at a billion: 10^16 minor units of hryvnia.
    for (const field of ['initialBalance', 'creditLimit']) {
      const res = await t.call('POST', '/api/v1/accounts', { token: w.token, body: { ...body, [field]: 10_000_000 } });
      expectRefusedOn(res, field);
      expect(res.body.response.details[0].code).toBe('amount.tooLargeInBase');
    }
    expect((await t.call('GET', '/api/v1/accounts', { token: w.token })).body.response).toEqual([]);

    const created = await t.call('POST', '/api/v1/accounts', {
      token: w.token,
      body: { ...body, initialBalance: 100 },
    });
    expect(created.status).toBe(201);
    const account = created.body.response.id;
    for (const field of ['initialBalance', 'currentBalance', 'openingBalance', 'creditLimit']) {
      const res = await t.call('PUT', `/api/v1/accounts/${account}`, { token: w.token, body: { [field]: 10_000_000 } });
      expectRefusedOn(res, field);
    }
    const after = (await t.call('GET', `/api/v1/accounts/${account}`, { token: w.token })).body.response;
    expect(after).toMatchObject({ currentBalance: 100, creditLimit: 0, refCurrentBalance: 100_000_000_000 });
  });

  it('answers every read when a balance is worth more than the limit at today’s rate: that value is left out', async () => {
    const w = await buildWorld(t, { currencies: { EUR: 1 } });
    const res = await t.call('POST', '/api/v1/accounts', {
      token: w.token,
      body: { name: 'Vault', currencyId: ids.get('EUR'), initialBalance: MAX, creditLimit: MAX / 2 },
    });
    expect(res.status).toBe(201);
    // A rate that changes after the account was made (a provider's, or a custom one) can still do it.
    const rate = await t.call('PUT', '/api/v1/user/currency/rates', {
      token: w.token,
      body: { pairs: [{ baseCode: 'EUR', quoteCode: 'UAH', rate: 1_000_000_000 }] },
    });
    expect(rate.status).toBe(200);
    await waitForBaseChange(t, w.token);
    const account = (await t.call('GET', `/api/v1/accounts/${res.body.response.id}`, { token: w.token })).body.response;
    expect(account).toMatchObject({
      currentBalance: MAX,
      refCurrentBalance: null,
      refInitialBalance: null,
      refCreditLimit: null,
    });
    await expectSafeReads(w.token, [account.id]);
    const total = await t.call('GET', '/api/v1/stats/total-balance?date=2026-06-30', { token: w.token });
    expect(total.body.response).toMatchObject({ refBalance: 0, unvaluedAccountIds: [account.id] });
  });
});
