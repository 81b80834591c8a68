import { randomUUID } from 'node:crypto';
import { loadEcbRates, loadNbuRates, type RatesEmulator, startRatesEmulator } from '@kopiyka/fakes';
import type { Transaction } from '@kopiyka/shared';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ids, startTestApp, type TestApp, testConfig, waitForBaseChange } from '../../../test/app.ts';
import { buildWorld } from '../../../test/world.ts';
import { buildApp } from '../../app.ts';
import type { AppConfig } from '../../config.ts';
import { baseCurrencyChanges, customRates, transactions } from '../../db/schema.ts';

// The emulator serves the committed rate tables; expected figures are read from the same tables.
const nbu = loadNbuRates();
const ecb = loadEcbRates();
const nbuRate = (day: string, code: string) => nbu.get(day)![code]!;

let emulator: RatesEmulator;
let t: TestApp;
let rates: AppConfig['rates'];
beforeAll(async () => {
  emulator = await startRatesEmulator();
  rates = { nbuBaseUrl: emulator.url, frankfurterBaseUrl: emulator.url, timeoutMs: 5000 };
  t = await startTestApp({ rates });
});
afterAll(async () => {
  await t.close();
  await emulator.close();
});
beforeEach(() => {
  emulator.setMode('nbu', 'normal');
  emulator.setMode('frankfurter', 'normal');
});

const all = async (app: TestApp, token: string) =>
  (await app.call('GET', '/api/v1/transactions?order=asc', { token })).body.response as Transaction[];
const figures = async (token: string) =>
  (await all(t, token)).map((tx) => [tx.currencyCode, tx.time.slice(0, 10), tx.amount, tx.refAmount]);
const progress = async (token: string) =>
  (await t.call('GET', '/api/v1/user/currencies/base/change', { token })).body.response;
const putRates = (token: string, pairs: unknown) =>
  t.call('PUT', '/api/v1/user/currency/rates', { token, body: { pairs } });
const deleteRates = (token: string, pairs: unknown) =>
  t.call('DELETE', '/api/v1/user/currency/rates', { token, body: { pairs } });
const isRangeRequest = (path: string) =>
  path.startsWith('/NBU_Exchange/exchange_site?') || /^\/v1\/[\d-]+\.\./.test(path);

/** Base UAH, a UAH and a USD account, and expenses in each on the given days, recorded at the provider's rates. */
async function userWithUsdExpenses(days: string[]) {
  const w = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
  await t.call('POST', '/api/v1/user/currencies', {
    token: w.token,
    body: { currencies: [{ currencyId: ids.get('USD') }] },
  });
  const usd = (
    await t.call('POST', '/api/v1/accounts', {
      token: w.token,
      body: { name: 'USD', currencyId: ids.get('USD'), initialBalance: 100_000 },
    })
  ).body.response.id as number;
  const categoryId = w.categories[0]!.id;
  for (const day of days) {
    for (const accountId of [w.accounts[0], usd]) {
      await w.record({ amount: 1_000, transactionType: 'expense', accountId, categoryId, time: `${day}T12:00:00Z` });
    }
  }
  return { ...w, usd };
}

/** What `setup`'s transactions are worth when USD is at `usd(day)` UAH. */
const expected = (days: string[], usd: (day: string) => number) =>
  days.flatMap((day) => [
    ['UAH', day, 1_000, 1_000],
    ['USD', day, 1_000, Math.round(1_000 * usd(day))],
  ]);

describe('a custom-rate change recomputes the figures it moves', () => {
  const days = ['2024-03-04', '2024-06-03'];

  it('setting a rate moves existing figures to it; removing it moves them back to the provider rate', async () => {
    const alice = await userWithUsdExpenses(days);
    const bob = await userWithUsdExpenses(days);
    expect(await figures(alice.token)).toEqual(expected(days, (day) => nbuRate(day, 'USD')));

    expect((await putRates(alice.token, [{ baseCode: 'USD', quoteCode: 'UAH', rate: 40 }])).status).toBe(200);
    await waitForBaseChange(t, alice.token);
    expect(await figures(alice.token)).toEqual(expected(days, () => 40));
    // Another user with the same history keeps the provider's figures.
    expect(await figures(bob.token)).toEqual(expected(days, (day) => nbuRate(day, 'USD')));

    // Set from the other direction, the same rate applies.
    await putRates(alice.token, [{ baseCode: 'UAH', quoteCode: 'USD', rate: 0.02 }]);
    await waitForBaseChange(t, alice.token);
    expect(await figures(alice.token)).toEqual(expected(days, () => 50));

    expect((await deleteRates(alice.token, [{ baseCode: 'USD', quoteCode: 'UAH' }])).status).toBe(204);
    await waitForBaseChange(t, alice.token);
    expect(await figures(alice.token)).toEqual(expected(days, (day) => nbuRate(day, 'USD')));
    expect((await all(t, alice.token)).every((tx) => tx.refCurrencyCode === 'UAH')).toBe(true);
  });

  it('a rate from a day on moves only the figures from that day on', async () => {
    const w = await userWithUsdExpenses(days);
    await putRates(w.token, [{ baseCode: 'USD', quoteCode: 'UAH', rate: 40, effectiveFrom: '2024-05-01' }]);
    await waitForBaseChange(t, w.token);
    expect(await figures(w.token)).toEqual(expected(days, (day) => (day >= '2024-05-01' ? 40 : nbuRate(day, 'USD'))));
  });

  it('going back to the live rate (liveRateUpdate) recomputes too', async () => {
    const w = await userWithUsdExpenses(days);
    await putRates(w.token, [{ baseCode: 'USD', quoteCode: 'UAH', rate: 40 }]);
    await waitForBaseChange(t, w.token);
    await t.call('POST', '/api/v1/user/currencies', {
      token: w.token,
      body: { currencies: [{ currencyId: ids.get('USD'), liveRateUpdate: true }] },
    });
    await waitForBaseChange(t, w.token);
    expect(await figures(w.token)).toEqual(expected(days, (day) => nbuRate(day, 'USD')));
  });

  it('a second change while the first is being worked on: the figures end at the latest rates', async () => {
    const later = ['2021-03-01', '2021-06-01'];
    const w = await userWithUsdExpenses(later);
    emulator.resetRequests();
    const release = emulator.hold();
    try {
      await putRates(w.token, [{ baseCode: 'USD', quoteCode: 'UAH', rate: 40, effectiveFrom: '2021-05-01' }]);
      // The worker now waits for the providers' history of those days.
      await vi.waitFor(() => expect(emulator.requests('nbu').some(isRangeRequest)).toBe(true), {
        timeout: 10_000,
        interval: 20,
      });
      expect(await progress(w.token)).toMatchObject({ state: 'running', kind: 'revaluation', fromCode: 'UAH' });
      await putRates(w.token, [{ baseCode: 'USD', quoteCode: 'UAH', rate: 45 }]);
    } finally {
      release();
    }
    await waitForBaseChange(t, w.token);
    // The every-day rate reaches back before May; from May on the dated rate still wins.
    expect(await figures(w.token)).toEqual(expected(later, (day) => (day < '2021-05-01' ? 45 : 40)));
  });

  it('stops with the missing-rate message, keeping the old figures, and a new rate resumes it', async () => {
    // No provider quotes the CFA franc.
    const w = await buildWorld(t, { currencies: { XAF: 0.07 }, accounts: [{ currency: 'XAF' }] });
    await w.record({
      amount: 10_000,
      transactionType: 'expense',
      accountId: w.accounts[0],
      categoryId: w.categories[0]!.id,
      time: '2024-03-04T12:00:00Z',
    });
    await deleteRates(w.token, [{ baseCode: 'XAF', quoteCode: 'UAH' }]);
    await vi.waitFor(async () => expect((await progress(w.token)).state).toBe('failed'), {
      timeout: 20_000,
      interval: 50,
    });
    expect(await progress(w.token)).toEqual({
      state: 'failed',
      kind: 'revaluation',
      fromCode: 'UAH',
      toCode: 'UAH',
      done: 0,
      total: 1,
      error: 'No exchange rate for XAF → UAH on 2024-03-04. Set a custom rate and try again.',
      errorIssue: { code: 'baseChange.noRate', params: { from: 'XAF', to: 'UAH', date: '2024-03-04' } },
    });
    expect((await all(t, w.token)).map((tx) => tx.refAmount)).toEqual([700]);

    await putRates(w.token, [{ baseCode: 'XAF', quoteCode: 'UAH', rate: 0.08 }]);
    await waitForBaseChange(t, w.token);
    expect((await all(t, w.token)).map((tx) => tx.refAmount)).toEqual([800]);
  });
});

describe('a worker that lost its lease', () => {
  it('writes nothing once another instance took the change over, and the new owner finishes it', async () => {
    const days = ['2020-03-02', '2020-06-01'];
    const w = await userWithUsdExpenses(days);
    const before = await figures(w.token);
    // The rate changed, and its revaluation waits for a worker.
    for (const [baseCode, quoteCode, rate] of [
      ['USD', 'UAH', 40],
      ['UAH', 'USD', 1 / 40],
    ] as const) {
      await t.handle.db.insert(customRates).values({ userId: w.id, baseCode, quoteCode, rate });
    }
    await t.handle.db.insert(baseCurrencyChanges).values({
      userId: w.id,
      fromCurrencyId: ids.get('UAH')!,
      toCurrencyId: ids.get('UAH')!,
      state: 'running',
      total: 2,
      scopeCodes: ['USD'],
    });

    emulator.resetRequests();
    const release = emulator.hold();
    const stalled = await buildApp(testConfig({ backgroundJobs: true, rates }), {
      database: { ...t.handle, close: async () => {} },
    });
    const otherToken = randomUUID();
    try {
      await stalled.ready();
      // The stalled instance took the change and waits for the providers' history.
      await vi.waitFor(() => expect(emulator.requests('nbu').some(isRangeRequest)).toBe(true), {
        timeout: 10_000,
        interval: 20,
      });
      // Meanwhile its lease ran out and another instance claimed the change.
      await t.handle.db
        .update(baseCurrencyChanges)
        .set({ leaseToken: otherToken, lockedUntil: sql`now() + interval '1 hour'` })
        .where(eq(baseCurrencyChanges.userId, w.id));
    } finally {
      release();
      // Closing waits for its worker to give up.
      await stalled.close();
    }
    const [row] = await t.handle.db.select().from(baseCurrencyChanges).where(eq(baseCurrencyChanges.userId, w.id));
    expect(row).toMatchObject({ state: 'running', leaseToken: otherToken, done: 0, lastId: 0 });
    const pending = await t.handle.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.userId, w.id), isNotNull(transactions.pendingRefAmount)));
    expect(pending).toEqual([]);
    expect(await figures(w.token)).toEqual(before);

    // The other instance dies too; whoever claims the change next finishes it.
    await t.handle.db
      .update(baseCurrencyChanges)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(baseCurrencyChanges.userId, w.id));
    const next = await buildApp(testConfig({ backgroundJobs: true, rates }), {
      database: { ...t.handle, close: async () => {} },
    });
    try {
      await next.ready();
      await waitForBaseChange(t, w.token);
    } finally {
      await next.close();
    }
    expect(await figures(w.token)).toEqual(expected(days, () => 40));
  });
});

describe('a base change at provider rates', () => {
  it('converts each transaction at its day’s rate, crossing providers through a pivot where needed', async () => {
    const days = ['2025-03-03', '2025-03-04'];
    const w = await buildWorld(t, { base: 'USD' });
    await t.call('POST', '/api/v1/user/currencies', {
      token: w.token,
      body: { currencies: ['UAH', 'BRL', 'EUR'].map((code) => ({ currencyId: ids.get(code) })) },
    });
    const categoryId = w.categories[0]!.id;
    for (const code of ['USD', 'BRL', 'EUR']) {
      const account = await t.call('POST', '/api/v1/accounts', {
        token: w.token,
        body: { name: code, currencyId: ids.get(code) },
      });
      for (const day of days) {
        await w.record({
          amount: 10_000,
          transactionType: 'expense',
          accountId: account.body.response.id,
          categoryId,
          time: `${day}T12:00:00Z`,
        });
      }
    }
    emulator.resetRequests();
    await t.call('POST', '/api/v1/user/currencies/base', { token: w.token, body: { currencyId: ids.get('UAH') } });
    await waitForBaseChange(t, w.token);

    // USD and EUR at the NBU; BRL, which the NBU does not quote, to USD at the ECB, then to UAH at the NBU.
    const inUah: Record<string, (day: string) => number> = {
      USD: (day) => nbuRate(day, 'USD'),
      EUR: (day) => nbuRate(day, 'EUR'),
      BRL: (day) => (ecb.get(day)!.USD! / ecb.get(day)!.BRL!) * nbuRate(day, 'USD'),
    };
    const after = await all(t, w.token);
    expect(after.every((tx) => tx.refCurrencyCode === 'UAH')).toBe(true);
    for (const tx of after) {
      expect(tx.refAmount).toBe(Math.round(10_000 * inUah[tx.currencyCode]!(tx.time.slice(0, 10))));
    }
    // The history came as one range request per provider, not a request per day.
    expect(emulator.requests('nbu').filter(isRangeRequest)).toHaveLength(1);
    expect(emulator.requests('frankfurter').filter(isRangeRequest)).toHaveLength(1);
  });

  it('with the NBU down, uses its nearest earlier stored day (approximate)', async () => {
    // An instance of its own: the NBU's failure is remembered for a minute by the one that saw it.
    const own = await startTestApp({ rates });
    try {
      const w = await buildWorld(own, { base: 'USD' });
      await own.call('POST', '/api/v1/user/currencies', {
        token: w.token,
        body: { currencies: ['UAH', 'EUR'].map((code) => ({ currencyId: ids.get(code) })) },
      });
      // 2 September is stored: a rate against UAH was asked for that day.
      await own.call('GET', '/api/v1/user/currencies/rates?date=2024-09-02', { token: w.token });
      const eur = await own.call('POST', '/api/v1/accounts', {
        token: w.token,
        body: { name: 'EUR', currencyId: ids.get('EUR') },
      });
      for (const day of ['2024-09-02', '2024-09-16']) {
        await w.record({
          amount: 10_000,
          transactionType: 'expense',
          accountId: eur.body.response.id,
          categoryId: w.categories[0]!.id,
          time: `${day}T12:00:00Z`,
        });
      }
      emulator.setMode('nbu', 'down');
      await own.call('POST', '/api/v1/user/currencies/base', { token: w.token, body: { currencyId: ids.get('UAH') } });
      await waitForBaseChange(own, w.token);
      expect(nbuRate('2024-09-16', 'EUR')).not.toBe(nbuRate('2024-09-02', 'EUR'));
      expect((await all(own, w.token)).map((tx) => tx.refAmount)).toEqual([
        Math.round(10_000 * nbuRate('2024-09-02', 'EUR')),
        Math.round(10_000 * nbuRate('2024-09-02', 'EUR')),
      ]);
    } finally {
      await own.close();
    }
  });
});

describe('a transaction recorded while the base switches', () => {
  it('is valued in the new base, not in the one it read before its write', async () => {
    const w = await buildWorld(t, { accounts: [{ currency: 'USD' }] });
    await t.call('POST', '/api/v1/user/currencies', {
      token: w.token,
      body: { currencies: [{ currencyId: ids.get('USD') }] },
    });
    // The user's own rate from 2026 on values the switch's limits; an earlier day asks a provider.
    await putRates(w.token, [{ baseCode: 'USD', quoteCode: 'UAH', rate: 40, effectiveFrom: '2026-01-01' }]);
    await waitForBaseChange(t, w.token);
    const requests = emulator.requests('nbu').length + emulator.requests('frankfurter').length;
    const release = emulator.hold();
    let recorded: ReturnType<TestApp['call']>;
    try {
      // Valued in UAH, the request waits for the provider's rate of its day.
      recorded = t.call('POST', '/api/v1/transactions', {
        token: w.token,
        body: {
          amount: 1_000,
          transactionType: 'expense',
          accountId: w.accounts[0],
          categoryId: w.categories[0]!.id,
          time: '2019-03-05T12:00:00Z',
        },
      });
      await vi.waitFor(
        () =>
          expect(emulator.requests('nbu').length + emulator.requests('frankfurter').length).toBeGreaterThan(requests),
        { timeout: 10_000, interval: 20 },
      );
      // Every account is in USD already: the change needs no provider and switches meanwhile.
      const res = await t.call('POST', '/api/v1/user/currencies/base', {
        token: w.token,
        body: { currencyId: ids.get('USD') },
      });
      expect(res.status).toBe(200);
      await waitForBaseChange(t, w.token);
    } finally {
      release();
    }
    expect((await recorded).status).toBe(201);
    expect((await all(t, w.token)).map((tx) => [tx.amount, tx.refAmount, tx.refCurrencyCode])).toEqual([
      [1_000, 1_000, 'USD'],
    ]);
  });
});
