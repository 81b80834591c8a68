import { type DailyRates, type RatesEmulator, startRatesEmulator } from '@kopiyka/fakes';
import type { Rate } from '@kopiyka/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ids, signUp, startTestApp, type TestApp, waitForBaseChange } from '../../../test/app.ts';
import { buildWorld, LONG_AGO } from '../../../test/world.ts';
import { fixedClock } from '../../lib/clock.ts';
import { todayIso } from '../../lib/dates.ts';

// A working day after the ECB's publication (16:00 in Frankfurt): both providers have today's rates.
const clock = fixedClock('2026-11-24T17:30:00Z');
const today = todayIso(clock.now());

// NBU: UAH per 1 unit, every calendar day. ECB: units per 1 EUR, working days only.
const nbu: DailyRates = new Map([
  ['2023-01-02', { USD: 36.5686, EUR: 39.1, PLN: 8.35 }],
  ['2026-01-02', { USD: 41.9, EUR: 48.8, PLN: 11.4 }],
  ['2026-01-05', { USD: 42.0, EUR: 49.0, PLN: 11.5 }],
  ['2026-01-06', { USD: 42.2, EUR: 49.1, PLN: 11.6 }],
  ['2026-01-07', { USD: 42.4, EUR: 49.3, PLN: 11.7 }],
  ['2026-03-02', { USD: 43.0, EUR: 50.0, PLN: 12.0 }],
  [today, { USD: 41.5, EUR: 48.5, PLN: 11.3 }],
]);
const ecb: DailyRates = new Map([
  ['2023-01-02', { USD: 1.07, PLN: 4.68, GBP: 0.88 }],
  ['2026-01-02', { USD: 1.16, PLN: 4.21, GBP: 0.85 }],
  ['2026-01-05', { USD: 1.17, PLN: 4.22, GBP: 0.86 }],
  ['2026-01-06', { USD: 1.18, PLN: 4.23, GBP: 0.87 }],
  [today, { USD: 1.165, PLN: 4.25, GBP: 0.88 }],
]);

let emulator: RatesEmulator;
let t: TestApp;

beforeAll(async () => {
  emulator = await startRatesEmulator({ nbu, ecb, slowMs: 10_000, now: () => clock.now() });
  // Long enough for an answer on a loaded machine, well short of a slow provider's.
  t = await startTestApp(
    { rates: { nbuBaseUrl: emulator.url, frankfurterBaseUrl: emulator.url, timeoutMs: 2500 } },
    { clock },
  );
});
afterAll(async () => {
  await t.close();
  await emulator.close();
});
beforeEach(() => {
  emulator.setMode('nbu', 'normal');
  emulator.setMode('frankfurter', 'normal');
  emulator.resetRequests();
});

async function userWith(base: string, others: string[]) {
  const user = await signUp(t);
  await t.call('POST', '/api/v1/user/currencies/base', { token: user.token, body: { currencyId: ids.get(base) } });
  if (others.length > 0) {
    const res = await t.call('POST', '/api/v1/user/currencies', {
      token: user.token,
      body: { currencies: others.map((code) => ({ currencyId: ids.get(code) })) },
    });
    expect(res.status).toBe(200);
  }
  return user;
}

async function ratesOn(token: string, date?: string) {
  const res = await t.call('GET', `/api/v1/user/currencies/rates${date ? `?date=${date}` : ''}`, { token });
  expect(res.status).toBe(200);
  const byCode = new Map((res.body.response as Rate[]).map((r) => [r.baseCode, r]));
  return {
    has: (code: string) => byCode.has(code),
    get(code: string): Rate {
      const rate = byCode.get(code);
      if (!rate) throw new Error(`no rate listed for ${code}`);
      return rate;
    },
  };
}

describe('rate resolution', () => {
  it('answers the provider rate of the day against the base currency, each currency against the base', async () => {
    const { token } = await userWith('UAH', ['USD', 'EUR']);
    const rates = await ratesOn(token, '2026-01-05');
    expect(rates.get('USD')).toEqual({
      baseCode: 'USD',
      quoteCode: 'UAH',
      rate: 42,
      date: '2026-01-05',
      custom: false,
      source: 'live',
      rateDate: '2026-01-05',
      effectiveFrom: null,
    });
    expect(rates.get('EUR').rate).toBe(49);
    expect(rates.has('UAH')).toBe(false);
  });

  it('defaults to today', async () => {
    const { token } = await userWith('UAH', ['USD']);
    expect((await ratesOn(token)).get('USD')).toMatchObject({ rate: 41.5, date: today, source: 'live' });
  });

  it('uses the ECB for pairs without UAH', async () => {
    const { token } = await userWith('EUR', ['USD', 'PLN']);
    const rates = await ratesOn(token, '2026-01-05');
    expect(rates.get('USD').rate).toBeCloseTo(1 / 1.17, 12);
    expect(rates.get('PLN').rate).toBeCloseTo(1 / 4.22, 12);
  });

  it('crosses providers through a currency both quote when one lacks the pair', async () => {
    const { token } = await userWith('UAH', ['GBP']);
    const gbp = (await ratesOn(token, '2026-01-05')).get('GBP');
    // GBP → USD at the ECB, USD → UAH at the NBU.
    expect(gbp.rate).toBeCloseTo((1.17 / 0.86) * 42, 9);
    expect(gbp.source).toBe('live');
  });

  it("gives a weekend day the ECB's last working day, as a live rate of that day", async () => {
    const { token } = await userWith('EUR', ['USD']);
    const usd = (await ratesOn(token, '2026-01-04')).get('USD');
    expect(usd).toMatchObject({ source: 'live', rateDate: '2026-01-02' });
    expect(usd.rate).toBeCloseTo(1 / 1.16, 12);
  });

  it('answers days to come with the latest rates', async () => {
    const { token } = await userWith('UAH', ['USD']);
    const future = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`;
    expect((await ratesOn(token, future)).get('USD')).toMatchObject({ rate: 41.5, date: future, rateDate: today });
  });

  it('stores a fetched day and does not fetch it again', async () => {
    const { token } = await userWith('UAH', ['USD']);
    await ratesOn(token, '2026-01-06');
    const first = emulator.requests('nbu').length;
    expect(first).toBeGreaterThan(0);
    await ratesOn(token, '2026-01-06');
    const other = await userWith('UAH', ['EUR']);
    expect((await ratesOn(other.token, '2026-01-06')).get('EUR').rate).toBe(49.1);
    expect(emulator.requests('nbu').length).toBe(first);
  });

  it('shares one fetch among concurrent requests for the same day', async () => {
    const { token } = await userWith('UAH', ['USD', 'EUR', 'PLN']);
    const answers = await Promise.all(Array.from({ length: 6 }, () => ratesOn(token, '2026-01-07')));
    for (const rates of answers) expect(rates.get('USD').rate).toBe(42.4);
    expect(emulator.requests('nbu').filter((path) => path.includes('20260107'))).toHaveLength(1);
  });

  it.each(['down', 'slow', 'garbage'] as const)(
    'falls back to the nearest earlier stored day, flagged approximate, when the provider is %s',
    async (mode) => {
      const { token } = await userWith('UAH', ['USD']);
      await ratesOn(token, '2026-01-02');
      emulator.setMode('nbu', mode);
      // A day no earlier test has fetched, for every mode its own.
      const day = { down: '2026-02-10', slow: '2026-02-11', garbage: '2026-02-12' }[mode];
      const usd = (await ratesOn(token, day)).get('USD');
      expect(usd).toMatchObject({ source: 'approximate', custom: false, date: day });
      expect(usd.rateDate! < day).toBe(true);
      expect(usd.rate).toBeGreaterThan(0);
    },
  );

  // GBP against EUR: only the ECB quotes it (the NBU has no GBP), so nothing else can stand in.
  it.each([
    ['down', '2026-01-07'],
    ['slow', '2026-01-08'],
    ['garbage', '2026-01-09'],
    ['empty', '2026-01-12'],
  ] as const)('falls back to the nearest earlier stored ECB day when Frankfurter is %s', async (mode, day) => {
    const { token } = await userWith('EUR', ['GBP']);
    await ratesOn(token, '2026-01-02');
    emulator.setMode('frankfurter', mode);
    const gbp = (await ratesOn(token, day)).get('GBP');
    expect(gbp).toMatchObject({ source: 'approximate', custom: false, date: day });
    expect(gbp.rateDate! < day).toBe(true);
    expect(emulator.requests('frankfurter')).toContain(`/v1/${day}`);
  });

  it('fills a range from both providers (one range request each) for balance history', async () => {
    const user = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    await t.call('POST', '/api/v1/user/currencies', {
      token: user.token,
      body: { currencies: [{ currencyId: ids.get('USD') }, { currencyId: ids.get('GBP') }] },
    });
    const usd = await t.call('POST', '/api/v1/accounts', {
      token: user.token,
      body: { name: 'USD', currencyId: ids.get('USD'), initialBalance: 10_000, openingAt: LONG_AGO },
    });
    const gbp = await t.call('POST', '/api/v1/accounts', {
      token: user.token,
      body: { name: 'GBP', currencyId: ids.get('GBP'), initialBalance: 10_000, openingAt: LONG_AGO },
    });
    for (const id of [usd.body.response.id, gbp.body.response.id]) {
      await user.record({
        amount: 100,
        transactionType: 'income',
        accountId: id,
        categoryId: user.categories[0]!.id,
        time: '2026-01-06T12:00:00Z',
      });
    }
    emulator.resetRequests();
    const res = await t.call('GET', '/api/v1/stats/balance-history?from=2026-01-06&to=2026-01-07', {
      token: user.token,
    });
    expect(res.status).toBe(200);
    const on = (day: string, accountId: number) =>
      res.body.response.find((p: { date: string; accountId: number }) => p.date === day && p.accountId === accountId);
    // USD at the NBU; GBP crossed: GBP → USD at the ECB, USD → UAH at the NBU.
    expect(on('2026-01-06', usd.body.response.id).refBalance).toBe(Math.round(10_100 * 42.2));
    expect(on('2026-01-07', usd.body.response.id).refBalance).toBe(Math.round(10_100 * 42.4));
    expect(on('2026-01-06', gbp.body.response.id).refBalance).toBe(Math.round(10_100 * (1.18 / 0.87) * 42.2));
    // 7 January has no ECB rates of its own: the range carries 6 January's forward.
    expect(on('2026-01-07', gbp.body.response.id).refBalance).toBe(Math.round(10_100 * (1.18 / 0.87) * 42.4));
    expect(emulator.requests('nbu').filter((path) => path.startsWith('/NBU_Exchange/exchange_site?'))).toHaveLength(1);
    expect(emulator.requests('frankfurter').filter((path) => /^\/v1\/[\d-]+\.\.[\d-]+/.test(path))).toHaveLength(1);
  });

  it('goes through the user’s own rate to a currency the providers quote, for one they do not', async () => {
    // AMD is quoted by neither provider; the user rates it in USD, which the NBU quotes in UAH.
    const user = await userWith('UAH', ['AMD', 'USD']);
    const set = await t.call('PUT', '/api/v1/user/currency/rates', {
      token: user.token,
      body: { pairs: [{ baseCode: 'AMD', quoteCode: 'USD', rate: 0.0025 }] },
    });
    expect(set.status).toBe(200);
    const amd = (await ratesOn(user.token, '2026-03-02')).get('AMD');
    expect(amd).toMatchObject({ quoteCode: 'UAH', source: 'live', rateDate: '2026-03-02' });
    expect(amd.rate).toBeCloseTo(0.0025 * 43.0, 12);
  });

  it('answers no rate (never an error) when nothing at all can be had', async () => {
    emulator.setMode('nbu', 'down');
    emulator.setMode('frankfurter', 'down');
    const { token } = await userWith('UAH', ['USD']);
    const usd = (await ratesOn(token, '2019-06-03')).get('USD');
    expect(usd).toMatchObject({ rate: null, source: 'none', custom: false, rateDate: null });
  });
});

describe('a transaction in the past with no rate to be had', () => {
  it('is refused with a VALIDATION_ERROR on the account asking for a custom rate, and nothing is stored', async () => {
    const user = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    await t.call('POST', '/api/v1/user/currencies', {
      token: user.token,
      body: { currencies: [{ currencyId: ids.get('USD') }] },
    });
    const account = await t.call('POST', '/api/v1/accounts', {
      token: user.token,
      body: { name: 'USD', currencyId: ids.get('USD') },
    });
    emulator.setMode('nbu', 'down');
    emulator.setMode('frankfurter', 'down');
    const res = await t.call('POST', '/api/v1/transactions', {
      token: user.token,
      body: {
        amount: 1_000,
        transactionType: 'expense',
        accountId: account.body.response.id,
        categoryId: user.categories[0]!.id,
        time: '2020-02-03T12:00:00Z',
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.response.code).toBe('VALIDATION_ERROR');
    expect(res.body.response.details).toEqual([
      {
        path: 'accountId',
        message: 'No exchange rate for USD → UAH on 2020-02-03. Set a custom rate in Settings → Currencies.',
        code: 'rate.missing',
        params: { from: 'USD', to: 'UAH', date: '2020-02-03' },
      },
    ]);
    expect((await t.call('GET', '/api/v1/transactions', { token: user.token })).body.response).toEqual([]);
  });
});

describe('custom rates', () => {
  const put = (token: string, pairs: unknown) =>
    t.call('PUT', '/api/v1/user/currency/rates', { token, body: { pairs } });
  const remove = (token: string, pairs: unknown) =>
    t.call('DELETE', '/api/v1/user/currency/rates', { token, body: { pairs } });
  const liveFlags = async (token: string) =>
    Object.fromEntries(
      (await t.call('GET', '/api/v1/user/currencies', { token })).body.response.map(
        (c: { currency: { code: string }; liveRateUpdate: boolean }) => [c.currency.code, c.liveRateUpdate],
      ),
    );

  it('wins over the provider and turns the live rate off; removing it returns to live', async () => {
    const { token } = await userWith('UAH', ['USD']);
    const res = await put(token, [{ baseCode: 'USD', quoteCode: 'UAH', rate: 40 }]);
    expect(res.status).toBe(200);
    expect(res.body.response).toEqual([
      {
        baseCode: 'USD',
        quoteCode: 'UAH',
        rate: 40,
        date: today,
        custom: true,
        source: 'custom',
        rateDate: null,
        effectiveFrom: null,
      },
    ]);
    expect((await ratesOn(token, '2026-01-05')).get('USD')).toMatchObject({ rate: 40, custom: true, source: 'custom' });
    expect(await liveFlags(token)).toEqual({ UAH: true, USD: false });

    expect((await remove(token, [{ baseCode: 'USD', quoteCode: 'UAH' }])).status).toBe(204);
    expect((await ratesOn(token, '2026-01-05')).get('USD')).toMatchObject({ rate: 42, source: 'live' });
    expect(await liveFlags(token)).toEqual({ UAH: true, USD: true });
  });

  it('keeps the reverse pair consistent, whichever direction is set', async () => {
    const { token } = await userWith('UAH', ['USD']);
    await put(token, [{ baseCode: 'UAH', quoteCode: 'USD', rate: 0.025 }]);
    expect((await ratesOn(token, '2026-01-05')).get('USD').rate).toBeCloseTo(40, 12);
    // Seen from a USD base, the same custom rate applies the other way round.
    await t.call('POST', '/api/v1/user/currencies/base', { token, body: { currencyId: ids.get('USD') } });
    await waitForBaseChange(t, token);
    expect((await ratesOn(token, '2026-01-05')).get('UAH')).toMatchObject({ rate: 0.025, source: 'custom' });
  });

  it('applies a dated rate from its day on, over an every-day rate', async () => {
    const { token } = await userWith('UAH', ['USD']);
    await put(token, [
      { baseCode: 'USD', quoteCode: 'UAH', rate: 39 },
      { baseCode: 'USD', quoteCode: 'UAH', rate: 40, effectiveFrom: '2026-03-01' },
    ]);
    expect((await ratesOn(token, '2026-02-27')).get('USD')).toMatchObject({ rate: 39, effectiveFrom: null });
    expect((await ratesOn(token, '2026-03-01')).get('USD')).toMatchObject({ rate: 40, effectiveFrom: '2026-03-01' });
    // Setting the same start again replaces it rather than adding another.
    await put(token, [{ baseCode: 'USD', quoteCode: 'UAH', rate: 41, effectiveFrom: '2026-03-01' }]);
    expect((await ratesOn(token, '2026-03-02')).get('USD').rate).toBe(41);
  });

  it('a dated rate alone leaves earlier days to the provider', async () => {
    const { token } = await userWith('UAH', ['USD']);
    await put(token, [{ baseCode: 'USD', quoteCode: 'UAH', rate: 40, effectiveFrom: '2026-03-01' }]);
    expect((await ratesOn(token, '2026-01-05')).get('USD')).toMatchObject({ rate: 42, source: 'live' });
    expect((await ratesOn(token, '2026-03-02')).get('USD')).toMatchObject({ rate: 40, source: 'custom' });
  });

  it.each([
    [[], 'pairs'],
    [[{ baseCode: 'USD', quoteCode: 'UAH' }], 'pairs.0.rate'],
    [[{ baseCode: 'USD', quoteCode: 'UAH', rate: 0 }], 'pairs.0.rate'],
    [[{ baseCode: 'USD', quoteCode: 'UAH', rate: -3 }], 'pairs.0.rate'],
    [[{ baseCode: 'USD', quoteCode: 'UAH', rate: 1e12 }], 'pairs.0.rate'],
    [[{ baseCode: 'USD', quoteCode: 'UAH', rate: '40' }], 'pairs.0.rate'],
    [[{ baseCode: 'US', quoteCode: 'UAH', rate: 40 }], 'pairs.0.baseCode'],
    [[{ baseCode: 'USD', quoteCode: 'USD', rate: 1 }], 'pairs.0.quoteCode'],
    [[{ baseCode: 'USD', quoteCode: 'UAH', rate: 40, effectiveFrom: '2026-13-01' }], 'pairs.0.effectiveFrom'],
    [[{ baseCode: 'GBP', quoteCode: 'UAH', rate: 50 }], 'pairs.0.baseCode'],
  ])('rejects %j with VALIDATION_ERROR on %s and stores nothing', async (pairs, path) => {
    const { token } = await userWith('UAH', ['USD']);
    const res = await put(token, pairs);
    expect(res.status).toBe(422);
    expect(res.body.response.code).toBe('VALIDATION_ERROR');
    expect(res.body.response.details.map((d: { path: string }) => d.path)).toContain(path);
    expect((await ratesOn(token, '2026-01-05')).get('USD').source).toBe('live');
  });

  it("are each user's own", async () => {
    const alice = await userWith('UAH', ['USD']);
    const bob = await userWith('UAH', ['USD']);
    await put(alice.token, [{ baseCode: 'USD', quoteCode: 'UAH', rate: 40 }]);
    expect((await ratesOn(bob.token, '2026-01-05')).get('USD').source).toBe('live');
    await remove(bob.token, [{ baseCode: 'USD', quoteCode: 'UAH' }]);
    expect((await ratesOn(alice.token, '2026-01-05')).get('USD').rate).toBe(40);
  });
});

describe('user currencies', () => {
  const add = (token: string, currencies: unknown) =>
    t.call('POST', '/api/v1/user/currencies', { token, body: { currencies } });
  const removeCurrency = (token: string, currencyId: unknown) =>
    t.call('DELETE', '/api/v1/user/currency', { token, body: { currencyId } });
  const codes = async (token: string) =>
    (await t.call('GET', '/api/v1/user/currencies', { token })).body.response.map(
      (c: { currency: { code: string } }) => c.currency.code,
    );

  it('adds currencies, harmlessly twice, and answers the whole list', async () => {
    const { token } = await userWith('UAH', []);
    const res = await add(token, [{ currencyId: ids.get('USD') }, { currencyId: ids.get('EUR') }]);
    expect(res.body.response.map((c: { currency: { code: string } }) => c.currency.code)).toEqual([
      'EUR',
      'UAH',
      'USD',
    ]);
    expect((await add(token, [{ currencyId: ids.get('USD') }])).status).toBe(200);
    expect(await codes(token)).toEqual(['EUR', 'UAH', 'USD']);
  });

  it.each([
    [[], 'currencies'],
    [[{ currencyId: 999_999 }], 'currencies.0.currencyId'],
    [[{ currencyId: 'x' }], 'currencies.0.currencyId'],
    [[{ currencyId: 1, liveRateUpdate: 'yes' }], 'currencies.0.liveRateUpdate'],
    [Array.from({ length: 51 }, (_, i) => ({ currencyId: i + 1 })), 'currencies'],
  ])('rejects %j with VALIDATION_ERROR on %s and adds nothing', async (currencies, path) => {
    const { token } = await userWith('UAH', []);
    const res = await add(token, currencies);
    expect(res.status).toBe(422);
    expect(res.body.response.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await codes(token)).toEqual(['UAH']);
  });

  it('liveRateUpdate true drops the custom rate; false needs one', async () => {
    const { token } = await userWith('UAH', ['USD']);
    const refused = await add(token, [{ currencyId: ids.get('USD'), liveRateUpdate: false }]);
    expect(refused.status).toBe(422);
    expect(refused.body.response.details[0].path).toBe('currencies.0.liveRateUpdate');
    await t.call('PUT', '/api/v1/user/currency/rates', {
      token,
      body: { pairs: [{ baseCode: 'USD', quoteCode: 'UAH', rate: 40 }] },
    });
    expect((await add(token, [{ currencyId: ids.get('USD'), liveRateUpdate: false }])).status).toBe(200);
    const back = await add(token, [{ currencyId: ids.get('USD'), liveRateUpdate: true }]);
    expect(
      back.body.response.find((c: { currency: { code: string } }) => c.currency.code === 'USD').liveRateUpdate,
    ).toBe(true);
    expect((await ratesOn(token, '2026-01-05')).get('USD').source).toBe('live');
  });

  it('refuses to remove the base currency with CONFLICT naming why', async () => {
    const { token } = await userWith('UAH', ['USD']);
    const res = await removeCurrency(token, ids.get('UAH'));
    expect(res.status).toBe(409);
    expect(res.body.response).toEqual({
      code: 'CONFLICT',
      statusText: 'UAH is your base currency. Choose another base currency first.',
      details: [
        {
          path: 'currencyId',
          code: 'base.cannotRemove',
          params: { code: 'UAH' },
          message: 'UAH is your base currency. Choose another base currency first.',
        },
      ],
    });
    expect(await codes(token)).toEqual(['UAH', 'USD']);
  });

  it('removes a currency together with its custom rates', async () => {
    const { token } = await userWith('UAH', ['USD']);
    await t.call('PUT', '/api/v1/user/currency/rates', {
      token,
      body: { pairs: [{ baseCode: 'USD', quoteCode: 'UAH', rate: 40 }] },
    });
    expect((await removeCurrency(token, ids.get('USD'))).status).toBe(204);
    expect(await codes(token)).toEqual(['UAH']);
    await add(token, [{ currencyId: ids.get('USD') }]);
    expect((await ratesOn(token, '2026-01-05')).get('USD').source).toBe('live');
  });

  it("answers NOT_FOUND for a currency that is not the caller's, and leaves the owner's alone", async () => {
    const alice = await userWith('UAH', ['USD']);
    const bob = await userWith('EUR', []);
    const res = await removeCurrency(bob.token, ids.get('USD'));
    expect(res.status).toBe(404);
    expect(res.body.response.code).toBe('NOT_FOUND');
    expect(await codes(alice.token)).toEqual(['UAH', 'USD']);
  });

  it('reports no base-currency change running', async () => {
    const { token } = await userWith('UAH', []);
    const res = await t.call('GET', '/api/v1/user/currencies/base/change', { token });
    expect(res.body.response).toEqual({
      state: 'idle',
      kind: null,
      fromCode: null,
      toCode: null,
      done: 0,
      total: 0,
      error: null,
    });
  });
});

describe('a slow provider on the range path', () => {
  let slowEmulator: RatesEmulator;
  let app: TestApp;
  beforeAll(async () => {
    slowEmulator = await startRatesEmulator({ nbu, ecb, slowMs: 60_000, now: () => clock.now() });
    app = await startTestApp(
      { rates: { nbuBaseUrl: slowEmulator.url, frankfurterBaseUrl: slowEmulator.url, timeoutMs: 300 } },
      { clock },
    );
  });
  afterAll(async () => {
    await app.close();
    await slowEmulator.close();
  });

  const rangeRequests = () => ({
    nbu: slowEmulator.requests('nbu').filter((path) => path.startsWith('/NBU_Exchange/exchange_site?')).length,
    frankfurter: slowEmulator.requests('frankfurter').filter((path) => /^\/v1\/[\d-]+\.\.[\d-]+/.test(path)).length,
  });

  it('costs a request one timeout per source, however many years it spans, then answers from stored days', async () => {
    const user = await buildWorld(app, { accounts: [{ currency: 'UAH' }] });
    await app.call('POST', '/api/v1/user/currencies', {
      token: user.token,
      body: { currencies: [{ currencyId: ids.get('USD') }] },
    });
    const account = await app.call('POST', '/api/v1/accounts', {
      token: user.token,
      body: { name: 'USD', currencyId: ids.get('USD'), initialBalance: 10_000, openingAt: LONG_AGO },
    });
    // Recorded while the providers answer: 2 January 2023 is stored.
    await user.record({
      amount: 100,
      transactionType: 'income',
      accountId: account.body.response.id,
      categoryId: user.categories[0]!.id,
      time: '2023-01-02T12:00:00Z',
    });
    slowEmulator.setMode('nbu', 'slow');
    slowEmulator.setMode('frankfurter', 'slow');
    slowEmulator.resetRequests();

    // Four years of days: four range requests per source, were each year asked for on its own.
    const history = () =>
      app.call('GET', '/api/v1/stats/balance-history?from=2023-01-02&to=2026-06-30', { token: user.token });
    const res = await history();
    expect(res.status).toBe(200);
    const points = (res.body.response as Array<{ date: string; accountId: number; refBalance: number | null }>).filter(
      (p) => p.accountId === account.body.response.id,
    );
    expect(points.find((p) => p.date === '2023-01-02')?.refBalance).toBe(Math.round(10_100 * 36.5686));
    // Days without stored rates take the nearest earlier stored day's.
    expect(points.find((p) => p.date === '2024-07-01')?.refBalance).toBe(Math.round(10_100 * 36.5686));
    expect(points.every((p) => p.refBalance !== null)).toBe(true);
    expect(rangeRequests()).toEqual({ nbu: 1, frankfurter: 1 });

    // Within the minute after the failure, the source is not asked for ranges again.
    expect((await history()).status).toBe(200);
    expect(rangeRequests()).toEqual({ nbu: 1, frankfurter: 1 });
  });
});

describe('the providers’ status', () => {
  let own: TestApp;
  let providers: RatesEmulator;
  beforeAll(async () => {
    providers = await startRatesEmulator({ nbu, ecb, now: () => clock.now() });
    own = await startTestApp(
      { rates: { nbuBaseUrl: providers.url, frankfurterBaseUrl: providers.url, timeoutMs: 2500 } },
      { clock },
    );
  });
  afterAll(async () => {
    await own.close();
    await providers.close();
  });

  const status = async (token: string) =>
    (await own.call('GET', '/api/v1/user/currencies/rates/providers', { token })).body.response as Array<{
      source: string;
      state: string;
      reason: string | null;
      lastSuccessAt: string | null;
      lastFailureAt: string | null;
    }>;

  it('is unknown until asked, ok after an answer, unreachable with the reason after a failure', async () => {
    const user = await signUp(own);
    await own.call('POST', '/api/v1/user/currencies/base', { token: user.token, body: { currencyId: ids.get('UAH') } });
    expect((await status(user.token)).map((p) => [p.source, p.state])).toEqual([
      ['nbu', 'unknown'],
      ['ecb', 'unknown'],
    ]);
    await own.call('POST', '/api/v1/user/currencies', {
      token: user.token,
      body: { currencies: [{ currencyId: ids.get('USD') }] },
    });
    await own.call('GET', `/api/v1/user/currencies/rates?date=${today}`, { token: user.token });
    const ok = await status(user.token);
    expect(ok.find((p) => p.source === 'nbu')).toMatchObject({
      state: 'ok',
      lastSuccessAt: clock.now().toISOString(),
      reason: null,
    });

    providers.setMode('nbu', 'down');
    await own.call('GET', '/api/v1/user/currencies/rates?date=2026-01-06', { token: user.token });
    const down = await status(user.token);
    expect(down.find((p) => p.source === 'nbu')).toMatchObject({
      name: 'National Bank of Ukraine',
      state: 'unreachable',
      reason: 'answered 503',
      lastFailureAt: clock.now().toISOString(),
      lastSuccessAt: clock.now().toISOString(),
    });
  });
});
