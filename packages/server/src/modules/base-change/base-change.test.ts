import type { Transaction } from '@kopiyka/shared';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ids, signUp, startTestApp, type TestApp, testConfig, waitForBaseChange } from '../../../test/app.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { buildWorld } from '../../../test/world.ts';
import { buildApp } from '../../app.ts';
import { baseCurrencyChanges, customRates, transactions } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function setup() {
  const w = await buildWorld(t, {
    currencies: { USD: { rate: 40, from: { '2026-06-01': 50 } } },
    accounts: [
      { currency: 'UAH', initialBalance: 1_000_000 },
      { currency: 'USD', initialBalance: 10_000 },
    ],
  });
  const [uah, usd] = w.accounts;
  const food = w.categories[0]!.id;
  const record = (body: Record<string, unknown>) => w.record({ categoryId: food, ...body });
  await record({ amount: 40_000, transactionType: 'expense', accountId: uah, time: '2026-03-01T12:00:00Z' });
  await record({ amount: 50_000, transactionType: 'income', accountId: uah, time: '2026-07-01T12:00:00Z' });
  await record({ amount: 1_234, transactionType: 'expense', accountId: usd, time: '2026-03-02T12:00:00Z' });
  await record({
    amount: 80_000,
    transactionType: 'expense',
    accountId: uah,
    transferNature: 'transfer_between_user_accounts',
    destinationAccountId: usd,
    destinationAmount: 1_900,
    time: '2026-04-01T12:00:00Z',
  });
  return { token: w.token, id: w.id, uah, usd };
}

const progress = async (token: string) =>
  (await t.call('GET', '/api/v1/user/currencies/base/change', { token })).body.response;
const all = async (token: string) =>
  (await t.call('GET', '/api/v1/transactions?order=asc', { token })).body.response as Transaction[];
const waitUntilIdle = (token: string) => waitForBaseChange(t, token);
/** A change of the base to EUR, which no rate reaches in `setup`: it fails. */
async function failToEuro(token: string) {
  await t.call('POST', '/api/v1/user/currencies/base', { token, body: { currencyId: ids.get('EUR') } });
  await vi.waitFor(async () => expect((await progress(token)).state).toBe('failed'), { timeout: 20_000, interval: 50 });
}
/** A change from UAH to USD of five transactions under way, its worker's lock an hour off unless told. */
const insertRunningChange = (userId: number, worker: { done?: number; lastId?: number; lockedUntil?: SQL } = {}) =>
  t.handle.db.insert(baseCurrencyChanges).values({
    userId,
    fromCurrencyId: ids.get('UAH')!,
    toCurrencyId: ids.get('USD')!,
    state: 'running',
    total: 5,
    lockedUntil: sql`now() + interval '1 hour'`,
    ...worker,
  });

/** What every transaction of `setup` is worth in USD: UAH at the custom rate of its day, transfers neutral. */
const expectedUsd = [
  ['UAH', 40_000, 1_000],
  ['USD', 1_234, 1_234],
  ['UAH', 80_000, 1_900],
  ['USD', 1_900, 1_900],
  ['UAH', 50_000, 1_000],
];

describe('changing the base currency', () => {
  it('recomputes every base-currency figure at each transaction’s date rate, then switches', async () => {
    const user = await setup();
    const before = await all(user.token);
    expect(before.map((tx) => tx.refCurrencyCode)).toEqual(['UAH', 'UAH', 'UAH', 'UAH', 'UAH']);
    const res = await t.call('POST', '/api/v1/user/currencies/base', {
      token: user.token,
      body: { currencyId: ids.get('USD') },
    });
    expect(res.status).toBe(200);
    await waitUntilIdle(user.token);
    const base = (await t.call('GET', '/api/v1/user/currencies/base', { token: user.token })).body.response;
    expect(base.currency.code).toBe('USD');
    const after = await all(user.token);
    expect(after.map((tx) => [tx.currencyCode, tx.amount, tx.refAmount])).toEqual(expectedUsd);
    expect(after.every((tx) => tx.refCurrencyCode === 'USD')).toBe(true);
    const accounts = (await t.call('GET', '/api/v1/accounts', { token: user.token })).body.response;
    const uahAccount = accounts.find((a: { id: number }) => a.id === user.uah);
    // Account figures are valued at the latest rate: 1 UAH = 1/50 USD.
    expect(uahAccount.refCurrentBalance).toBe(Math.round(uahAccount.currentBalance / 50));
    expect(await ledgerProblems(t, user.id)).toEqual([]);
  });

  it('is a no-op for the current base and refuses a second change while one runs', async () => {
    const user = await setup();
    const same = await t.call('POST', '/api/v1/user/currencies/base', {
      token: user.token,
      body: { currencyId: ids.get('UAH') },
    });
    expect(same.body.response.currency.code).toBe('UAH');
    expect((await progress(user.token)).state).toBe('idle');
    await insertRunningChange(user.id);
    const refused = await t.call('POST', '/api/v1/user/currencies/base', {
      token: user.token,
      body: { currencyId: ids.get('USD') },
    });
    expect(refused.status).toBe(409);
    expect(await progress(user.token)).toEqual({
      state: 'running',
      kind: 'base',
      fromCode: 'UAH',
      toCode: 'USD',
      done: 0,
      total: 5,
      error: null,
    });
    await t.handle.db.delete(baseCurrencyChanges).where(eq(baseCurrencyChanges.userId, user.id));
  });

  it('stops with a message asking for a custom rate when one is missing, keeping the old base and figures', async () => {
    const user = await setup();
    const before = await all(user.token);
    await failToEuro(user.token);
    expect((await progress(user.token)).error).toMatch(/No exchange rate for (UAH|USD) → EUR on .*custom rate/);
    expect(
      (await t.call('GET', '/api/v1/user/currencies/base', { token: user.token })).body.response.currency.code,
    ).toBe('UAH');
    expect(await all(user.token)).toEqual(before);

    // With the rates set, trying again completes.
    await t.call('PUT', '/api/v1/user/currency/rates', {
      token: user.token,
      body: {
        pairs: [
          { baseCode: 'UAH', quoteCode: 'EUR', rate: 0.02 },
          { baseCode: 'USD', quoteCode: 'EUR', rate: 0.9 },
        ],
      },
    });
    await t.call('POST', '/api/v1/user/currencies/base', { token: user.token, body: { currencyId: ids.get('EUR') } });
    await waitUntilIdle(user.token);
    const after = await all(user.token);
    // No leg of the transfer is in EUR: both legs carry the outgoing (UAH) leg's figure.
    expect(after.map((tx) => tx.refAmount)).toEqual([800, Math.round(1_234 * 0.9), 1_600, 1_600, 1_000]);
  });

  it('changes the base offline through the user’s own rates: EUR and USD rated in UAH give EUR in USD', async () => {
    // The providers are unreachable here (the test config points them at a closed port).
    const w = await buildWorld(t, {
      currencies: { EUR: 48, USD: 40 },
      accounts: [{ currency: 'UAH' }, { currency: 'EUR' }, { currency: 'USD' }],
    });
    const [uah, eur, usd] = w.accounts;
    const food = w.categories[0]!.id;
    for (const [accountId, amount] of [
      [uah, 4_000],
      [eur, 1_000],
      [usd, 700],
    ] as const) {
      await w.record({ amount, accountId, categoryId: food, transactionType: 'expense', time: '2026-05-01T10:00:00Z' });
    }
    const res = await t.call('POST', '/api/v1/user/currencies/base', {
      token: w.token,
      body: { currencyId: ids.get('USD') },
    });
    expect(res.status).toBe(200);
    await waitUntilIdle(w.token);
    expect((await progress(w.token)).error ?? null).toBeNull();
    const after = await all(w.token);
    expect(after.map((tx) => [tx.currencyCode, tx.refAmount, tx.refCurrencyCode])).toEqual([
      ['UAH', 100, 'USD'],
      ['EUR', 1_200, 'USD'],
      ['USD', 700, 'USD'],
    ]);
    const rates = (await t.call('GET', '/api/v1/user/currencies/rates?date=2026-05-01', { token: w.token })).body
      .response as Array<{ baseCode: string; quoteCode: string; rate: number; source: string }>;
    expect(rates.find((r) => r.baseCode === 'EUR')).toMatchObject({ quoteCode: 'USD', source: 'custom' });
    expect(rates.find((r) => r.baseCode === 'EUR')!.rate).toBeCloseTo(1.2, 12);
  });

  it('keeps a transfer between two foreign currencies neutral in the new base: both legs take the outgoing one’s figure', async () => {
    const w = await buildWorld(t, {
      currencies: { USD: 41.4378, EUR: 44.8611, PLN: 10.5 },
      accounts: [{ currency: 'USD' }, { currency: 'EUR' }],
    });
    const [usd, eur] = w.accounts;
    await w.record({
      amount: 33_333,
      transactionType: 'expense',
      accountId: usd,
      transferNature: 'transfer_between_user_accounts',
      destinationAccountId: eur,
      destinationAmount: 30_791,
      time: '2026-05-01T10:00:00Z',
    });
    const res = await t.call('POST', '/api/v1/user/currencies/base', {
      token: w.token,
      body: { currencyId: ids.get('PLN') },
    });
    expect(res.status).toBe(200);
    await waitUntilIdle(w.token);
    expect((await progress(w.token)).error ?? null).toBeNull();
    const legs = await all(w.token);
    // 33,333 USD cents at 41.4378 / 10.5 PLN.
    expect(legs.map((leg) => [leg.currencyCode, leg.transactionType, leg.refAmount, leg.refCurrencyCode])).toEqual([
      ['USD', 'expense', 131_547, 'PLN'],
      ['EUR', 'income', 131_547, 'PLN'],
    ]);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });

  it('gives two linked legs in the base that differ (a fee on the way) the outgoing one’s figure, linked and at every change', async () => {
    const w = await buildWorld(t, {
      currencies: { USD: 40 },
      accounts: [{ currency: 'UAH' }, { currency: 'UAH' }],
    });
    const [from, to] = w.accounts;
    const categoryId = w.categories[0]!.id;
    const time = '2026-05-01T10:00:00Z';
    const [received] = await w.record({ amount: 9_900, transactionType: 'income', accountId: to, categoryId, time });
    const [sent] = await w.record({ amount: 10_000, transactionType: 'expense', accountId: from, categoryId, time });
    // The incoming leg named first: the outgoing one gives the figure all the same.
    const linked = await t.call('PUT', '/api/v1/transactions/link', {
      token: w.token,
      body: { ids: [[received!.id, sent!.id]] },
    });
    expect(linked.status).toBe(200);
    const figures = async () =>
      (await all(w.token)).map((leg) => [leg.transactionType, leg.amount, leg.refAmount, leg.refCurrencyCode]);
    const inUah = [
      ['income', 9_900, 10_000, 'UAH'],
      ['expense', 10_000, 10_000, 'UAH'],
    ];
    expect(await figures()).toEqual(inUah);
    for (const [code, expected] of [
      // Neither leg in USD: the outgoing one at 40.
      [
        'USD',
        [
          ['income', 9_900, 250, 'USD'],
          ['expense', 10_000, 250, 'USD'],
        ],
      ],
      ['UAH', inUah],
    ] as const) {
      const res = await t.call('POST', '/api/v1/user/currencies/base', {
        token: w.token,
        body: { currencyId: ids.get(code) },
      });
      expect(res.status).toBe(200);
      await waitUntilIdle(w.token);
      expect(await figures()).toEqual(expected);
    }
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });

  it('lets a failed change be put aside: back to idle, the old base and figures as they were', async () => {
    const user = await setup();
    const before = await all(user.token);
    await failToEuro(user.token);
    const res = await t.call('DELETE', '/api/v1/user/currencies/base/change', { token: user.token });
    expect(res.status).toBe(204);
    expect(await progress(user.token)).toMatchObject({ state: 'idle', error: null });
    expect(await all(user.token)).toEqual(before);
    const pending = await t.handle.db
      .select({ pending: transactions.pendingRefAmount })
      .from(transactions)
      .where(eq(transactions.userId, user.id));
    expect(pending.every((row) => row.pending === null)).toBe(true);
    // Idle: nothing to put aside, and nothing happens.
    expect((await t.call('DELETE', '/api/v1/user/currencies/base/change', { token: user.token })).status).toBe(204);
  });

  it('refuses to put aside a change that is running', async () => {
    const user = await setup();
    await insertRunningChange(user.id);
    const res = await t.call('DELETE', '/api/v1/user/currencies/base/change', { token: user.token });
    expect(res.status).toBe(409);
    expect((await progress(user.token)).state).toBe('running');
  });

  it('values transactions recorded while the change runs before switching', async () => {
    const user = await setup();
    await insertRunningChange(user.id);
    // Recorded in the old base while the change is under way.
    await t.call('POST', '/api/v1/transactions', {
      token: user.token,
      body: {
        amount: 4_000,
        transactionType: 'expense',
        accountId: user.uah,
        categoryId: (await t.call('GET', '/api/v1/categories', { token: user.token })).body.response[0].id,
        time: '2026-03-05T12:00:00Z',
      },
    });
    expect((await all(user.token)).find((tx) => tx.amount === 4_000)).toMatchObject({
      refAmount: 4_000,
      refCurrencyCode: 'UAH',
    });
    await t.handle.db
      .update(baseCurrencyChanges)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(baseCurrencyChanges.userId, user.id));
    await restartAndWait(user.token);
    expect((await all(user.token)).map((tx) => tx.refAmount)).toEqual([1_000, 1_234, 100, 1_900, 1_900, 1_000]);
  });

  it('resumes after a restart from the last batch an interrupted worker finished', async () => {
    const user = await setup();
    const rows = await t.handle.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.userId, user.id))
      .orderBy(transactions.id);
    // A worker died after its first batch of two: their new figures are stored, the rest are not.
    // They are told apart from what a recomputation would give, so redoing the batch would show.
    for (const [row, pendingRefAmount] of [
      [rows[0]!, 7_777],
      [rows[1]!, 8_888],
    ] as const) {
      await t.handle.db
        .update(transactions)
        .set({ pendingRefAmount, pendingRate: 0.5 })
        .where(eq(transactions.id, row.id));
    }
    await insertRunningChange(user.id, { done: 2, lastId: rows[1]!.id, lockedUntil: sql`now() - interval '1 second'` });
    await restartAndWait(user.token);
    const kept = new Map([
      [rows[0]!.id, 7_777],
      [rows[1]!.id, 8_888],
    ]);
    const after = await all(user.token);
    expect(after.map((tx) => [tx.currencyCode, tx.amount, tx.refAmount])).toEqual(
      expectedUsd.map(([code, amount, refAmount], i) => [code, amount, kept.get(after[i]!.id) ?? refAmount]),
    );
    expect(after.filter((tx) => kept.has(tx.id)).map((tx) => tx.refAmount)).toEqual([7_777, 8_888]);
    expect(await ledgerProblems(t, user.id)).toEqual([]);
  });
});

describe('a base change and other users', () => {
  it("leaves every other user's figures and base currency alone", async () => {
    const alice = await setup();
    const bob = await setup();
    const bobBefore = await all(bob.token);
    await t.call('POST', '/api/v1/user/currencies/base', { token: alice.token, body: { currencyId: ids.get('USD') } });
    await waitUntilIdle(alice.token);
    expect((await all(alice.token)).map((tx) => tx.refCurrencyCode)).toEqual(['USD', 'USD', 'USD', 'USD', 'USD']);
    expect(await all(bob.token)).toEqual(bobBefore);
    expect(
      (await t.call('GET', '/api/v1/user/currencies/base', { token: bob.token })).body.response.currency.code,
    ).toBe('UAH');
    expect(await progress(bob.token)).toMatchObject({ state: 'idle' });
  });
});

describe('currencies while a base change runs', () => {
  it('refuses a base change while figures are recomputed after a rate change', async () => {
    const w = await buildWorld(t, { currencies: { USD: 40 } });
    await t.handle.db.insert(baseCurrencyChanges).values({
      userId: w.id,
      fromCurrencyId: ids.get('UAH')!,
      toCurrencyId: ids.get('UAH')!,
      state: 'running',
      scopeCodes: ['USD'],
      lockedUntil: sql`now() + interval '1 hour'`,
    });
    const res = await t.call('POST', '/api/v1/user/currencies/base', {
      token: w.token,
      body: { currencyId: ids.get('USD') },
    });
    expect(res.status).toBe(409);
    expect(res.body.response.statusText).toBe(
      'Figures are being recomputed after a rate change. Change the base currency when that has finished.',
    );
    expect(await progress(w.token)).toMatchObject({ state: 'running', kind: 'revaluation', toCode: 'UAH' });
    await t.handle.db.delete(baseCurrencyChanges).where(eq(baseCurrencyChanges.userId, w.id));
  });

  it('refuses to remove the currency being switched to, naming why', async () => {
    const w = await buildWorld(t, { currencies: { USD: 40 }, accounts: [{ currency: 'UAH' }] });
    await insertRunningChange(w.id);
    const res = await t.call('DELETE', '/api/v1/user/currency', {
      token: w.token,
      body: { currencyId: ids.get('USD') },
    });
    expect(res.status).toBe(409);
    expect(res.body.response).toEqual({
      code: 'CONFLICT',
      statusText:
        'USD is becoming your base currency: figures are being recalculated in it. Wait until that has finished.',
      details: [
        {
          path: 'currencyId',
          code: 'base.becoming',
          params: { code: 'USD' },
          message:
            'USD is becoming your base currency: figures are being recalculated in it. Wait until that has finished.',
        },
      ],
    });
    const codes = (await t.call('GET', '/api/v1/user/currencies', { token: w.token })).body.response.map(
      (c: { currency: { code: string } }) => c.currency.code,
    );
    expect(codes).toEqual(['UAH', 'USD']);
    await t.handle.db.delete(baseCurrencyChanges).where(eq(baseCurrencyChanges.userId, w.id));
  });
});

describe('concurrent requests', () => {
  it('several first choices of a base currency at once: one wins, none answers 500', async () => {
    const { token } = await signUp(t);
    const codes = ['UAH', 'USD', 'EUR', 'PLN', 'GBP'];
    const answers = await Promise.all(
      codes.map((code) =>
        t.call('POST', '/api/v1/user/currencies/base', { token, body: { currencyId: ids.get(code) } }),
      ),
    );
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    await waitUntilIdle(token);
    const mine = (await t.call('GET', '/api/v1/user/currencies', { token })).body.response;
    expect(mine.filter((c: { isBase: boolean }) => c.isBase)).toHaveLength(1);
  });

  it('the same custom rate set several times at once: every request succeeds, one rate is kept', async () => {
    const w = await buildWorld(t, { currencies: { USD: 40 } });
    const rates = [41, 42, 43, 44, 45];
    const answers = await Promise.all(
      rates.map((rate) =>
        t.call('PUT', '/api/v1/user/currency/rates', {
          token: w.token,
          body: {
            pairs: [
              { baseCode: 'USD', quoteCode: 'UAH', rate },
              { baseCode: 'USD', quoteCode: 'UAH', rate, effectiveFrom: '2026-03-01' },
            ],
          },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    await waitUntilIdle(w.token);
    const stored = await t.handle.db
      .select({ baseCode: customRates.baseCode, effectiveFrom: customRates.effectiveFrom, rate: customRates.rate })
      .from(customRates)
      .where(eq(customRates.userId, w.id));
    expect(stored).toHaveLength(4);
    const usd = stored.filter((r) => r.baseCode === 'USD');
    expect(usd.map((r) => r.effectiveFrom).sort()).toEqual(['2026-03-01', null]);
    expect(rates).toContain(usd[0]!.rate);
  });
});

/** Another app instance on the same database, as after a restart: it takes over expired work at start. */
async function restartAndWait(token: string) {
  const restarted = await buildApp(testConfig({ backgroundJobs: true }), {
    database: { ...t.handle, close: async () => {} },
  });
  await restarted.ready();
  try {
    await waitUntilIdle(token);
  } finally {
    await restarted.close();
  }
}
