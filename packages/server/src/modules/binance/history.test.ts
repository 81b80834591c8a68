import { type BinanceEmulator, startBinanceEmulator } from '@kopiyka/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binanceAt, ids, startTestApp, type TestApp } from '../../../test/app.ts';
import { buildWorld } from '../../../test/world.ts';
import { fixedClock } from '../../lib/clock.ts';
import { daysBetween } from '../../lib/dates.ts';

// Binance and the server on one clock: the snapshots reach back 30 UTC days from here.
const clock = fixedClock('2026-11-29T10:00:00Z');
const today = '2026-11-29';
const KEYS = { apiKey: 'H'.repeat(64), secretKey: 'h'.repeat(64) };
const USD_RATE = 40;
let binance: BinanceEmulator;
let t: TestApp;

beforeAll(async () => {
  binance = await startBinanceEmulator({
    demo: false,
    now: () => clock.now(),
    accounts: [
      {
        ...KEYS,
        // 0.01 BTC all along; 500 USDT until ten days ago, 800 since; 100 USDT in Simple Earn now.
        balances: [
          { asset: 'BTC', free: '0.01' },
          { asset: 'USDT', free: '800' },
        ],
        earlier: [
          {
            untilDaysAgo: 10,
            balances: [
              { asset: 'BTC', free: '0.01' },
              { asset: 'USDT', free: '500' },
            ],
          },
        ],
        flexible: [{ asset: 'USDT', totalAmount: '100' }],
      },
    ],
  });
  t = await startTestApp({ binance: binanceAt(binance.url) }, { clock });
});
afterAll(async () => {
  await t.close();
  await binance.close();
});

/** BTCUSDT's close of each UTC day of the last month, as Binance's day candles say. */
async function btcCloses(): Promise<Map<string, number>> {
  const candles = (await (await fetch(`${binance.url}/api/v3/klines?symbol=BTCUSDT&interval=1d&limit=40`)).json()) as [
    number,
    string,
    string,
    string,
    string,
  ][];
  return new Map(
    candles.map(([openTime, , , , close]) => [new Date(openTime).toISOString().slice(0, 10), Number(close)]),
  );
}

describe('connecting Binance', () => {
  it('back-fills a month of daily values from the snapshots at each day’s closes: no step on the day of connection', async () => {
    const { token } = await buildWorld(t, { currencies: { USD: USD_RATE } });
    binance.resetRequests();
    expect((await t.call('PUT', '/api/v1/crypto/binance/keys', { token, body: KEYS })).status).toBe(200);
    // One snapshot call (weight 2400) and one day-candle call for the one priced coin (weight 2).
    const asked = binance.requests().filter((request) => /snapshot|klines/i.test(request.path));
    expect(asked.map((request) => [request.path.split('?')[0], request.weight])).toEqual([
      ['/sapi/v1/accountSnapshot', 2400],
      ['/api/v3/klines', 2],
    ]);

    const history = await t.call('GET', `/api/v1/stats/crypto-balance-history?from=2026-10-20&to=${today}`, { token });
    expect(history.status).toBe(200);
    const values = new Map<string, number>(
      history.body.response.map((point: { date: string; refBalance: number }) => [point.date, point.refBalance]),
    );
    expect([...values.keys()]).toEqual(daysBetween('2026-10-20', today));
    const closes = await btcCloses();
    // Each snapshot day (30, ending yesterday): BTC at that day's close, USDT held then, and today's Earn.
    const expected = (day: string) => {
      const usdt = day >= '2026-11-19' ? 800 : 500;
      const cents = Math.round(0.01 * closes.get(day)! * 100) + (usdt + 100) * 100;
      return cents * USD_RATE;
    };
    for (const day of daysBetween('2026-10-30', '2026-11-28')) expect(values.get(day), day).toBe(expected(day));
    // Before the first snapshot the holdings count at its value, as an account at its opening balance.
    for (const day of daysBetween('2026-10-20', '2026-10-29'))
      expect(values.get(day), day).toBe(expected('2026-10-30'));
    // Today's read: the current price; the step from yesterday is only the day's price move.
    const now = (await t.call('GET', '/api/v1/crypto/binance/account', { token })).body.response.totalRefValue;
    expect(values.get(today)).toBe(now);
    expect(Math.abs(now - expected('2026-11-28'))).toBeLessThan(0.01 * closes.get(today)! * 0.15 * 100 * USD_RATE);
  });
});

describe('GET /stats/total-balance-change', () => {
  it('counts growth of what was known on both days, and new money (an account opened, Binance connected) apart', async () => {
    const world = await buildWorld(t, {
      currencies: { USD: USD_RATE },
      accounts: [{ name: 'Card', currency: 'UAH', initialBalance: 500_000 }],
    });
    const { token } = world;
    expect((await t.call('PUT', '/api/v1/crypto/binance/keys', { token, body: KEYS })).status).toBe(200);
    // Opened today with 10,000 ₴: money the person had, not growth.
    const cash = await t.call('POST', '/api/v1/accounts', {
      token,
      body: { name: 'Cash', currencyId: ids.get('UAH'), initialBalance: 1_000_000 },
    });
    expect(cash.status).toBe(201);
    const change = async (from: string, to: string) =>
      (await t.call('GET', `/api/v1/stats/total-balance-change?from=${from}&to=${to}`, { token })).body.response;
    const total = async (date: string) =>
      (await t.call('GET', `/api/v1/stats/total-balance?date=${date}`, { token })).body.response;

    // Since the end of October: Binance's history reaches it (known on both days); the cash account is new.
    const [now, endOfOctober] = [await total(today), await total('2026-10-31')];
    const sinceOctober = await change('2026-10-31', today);
    expect(sinceOctober).toEqual({
      from: '2026-10-31',
      to: today,
      refBalance: now.refBalance,
      previousRefBalance: endOfOctober.refBalance - 1_000_000,
      change: now.cryptoRefBalance - endOfOctober.cryptoRefBalance,
      added: 1_000_000,
    });
    // Only the price moves of the coins and the USDT bought: no connection, no opening counted as growth.
    expect(Math.abs(sinceOctober.change)).toBeLessThan(now.cryptoRefBalance / 2);

    // October itself: Binance came to be known on 30 October, so what it held is new in that month.
    const [endOfSeptember, october] = [await total('2026-09-30'), await change('2026-09-30', '2026-10-31')];
    expect(october).toMatchObject({
      added: endOfSeptember.cryptoRefBalance,
      change: endOfOctober.refBalance - endOfSeptember.refBalance,
    });
    expect(october.previousRefBalance).toBe(500_000 + 1_000_000);

    // Spending from the new account is a real change; its opening stays new money.
    const spent = await world.record({
      transactionType: 'expense',
      accountId: cash.body.response.id,
      amount: 200_000,
      categoryId: world.category('Food & Drinks'),
    });
    expect(spent).toHaveLength(1);
    const afterSpending = await change('2026-10-31', today);
    expect(afterSpending).toMatchObject({ added: 1_000_000, change: sinceOctober.change - 200_000 });
  });

  it('refuses a range out of order, and answers only the caller’s figures', async () => {
    const { token } = await buildWorld(t);
    const wrong = await t.call('GET', '/api/v1/stats/total-balance-change?from=2026-11-29&to=2026-11-01', { token });
    expect(wrong.status).toBe(422);
    expect(wrong.body.response.details[0].path).toBe('from');
    const empty = await t.call('GET', `/api/v1/stats/total-balance-change?from=2026-10-31&to=${today}`, { token });
    expect(empty.body.response).toEqual({
      from: '2026-10-31',
      to: today,
      refBalance: 0,
      previousRefBalance: 0,
      change: 0,
      added: 0,
    });
  });
});
