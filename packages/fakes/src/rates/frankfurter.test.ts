import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RatesEmulator, startRatesEmulator } from './emulator.ts';
import { frankfurterRound } from './frankfurter.ts';
import { getJson, getText, table } from './test-helpers.ts';

const ECB = table({
  '2024-02-01': { USD: 1.08, GBP: 0.8545, JPY: 160.1, PLN: 4.35 },
  '2024-03-01': { USD: 1.083, GBP: 0.85505, JPY: 162.43, PLN: 4.3135 },
  '2024-03-04': { USD: 1.0842, GBP: 0.85525, JPY: 162.65, PLN: 4.3105 },
  '2024-03-05': { USD: 1.085, GBP: 0.8553, JPY: 162.7, PLN: 4.31 },
});

let now = new Date('2024-03-05T10:00:00Z'); // Tuesday, 11:00 in Frankfurt: that day's rates are not out yet
let emulator: RatesEmulator;

beforeAll(async () => {
  emulator = await startRatesEmulator({ nbu: table({}), ecb: ECB, now: () => now });
});
afterAll(() => emulator.close());

const at = (iso: string) => {
  now = new Date(iso);
};
const v1 = (path: string) => `${emulator.url}/v1${path}`;

describe('Frankfurter v1 latest and single days', () => {
  it('answers the latest published day with EUR as base and amount 1.0', async () => {
    at('2024-03-05T10:00:00Z');
    const { status, text, contentType } = await getText(v1('/latest'));
    expect(status).toBe(200);
    expect(contentType).toMatch(/^application\/json/);
    expect(text).toBe(
      '{"amount":1.0,"base":"EUR","date":"2024-03-04","rates":{"GBP":0.85525,"JPY":162.65,"PLN":4.3105,"USD":1.0842}}',
    );
    expect((await getText(v1('/current'))).text).toBe(text);
  });

  it("includes today's rates once the ECB has published them (16:00 CET)", async () => {
    at('2024-03-05T15:30:00Z'); // 16:30 in Frankfurt
    const { body } = await getJson(v1('/latest?symbols=USD'));
    expect(body).toEqual({ amount: 1, base: 'EUR', date: '2024-03-05', rates: { USD: 1.085 } });
  });

  it('answers the nearest earlier working day for a weekend', async () => {
    at('2024-03-05T10:00:00Z');
    for (const day of ['2024-03-02', '2024-03-03']) {
      const { body } = await getJson(v1(`/${day}?symbols=USD`));
      expect(body).toEqual({ amount: 1, base: 'EUR', date: '2024-03-01', rates: { USD: 1.083 } });
    }
    expect((await getJson(v1('/2024-03-04?symbols=USD'))).body).toMatchObject({ date: '2024-03-04' });
  });

  it('carries a day forward at most 14 days, then answers 404 not found', async () => {
    at('2024-03-05T10:00:00Z');
    expect((await getJson(v1('/2024-02-15'))).body).toMatchObject({ date: '2024-02-01' });
    const tooFar = await getText(v1('/2024-02-16'));
    expect(tooFar.status).toBe(404);
    expect(tooFar.text).toBe('{"message":"not found"}');
    expect((await getText(v1('/2023-12-31'))).status).toBe(404);
  });

  it('answers the latest day for a future date', async () => {
    at('2024-03-05T10:00:00Z');
    expect((await getJson(v1('/2030-01-01'))).body).toEqual((await getJson(v1('/latest'))).body);
    expect((await getJson(v1('/2024-03-05'))).body).toMatchObject({ date: '2024-03-04' });
  });

  it('filters with symbols or to, and leaves unknown symbols out', async () => {
    at('2024-03-05T10:00:00Z');
    const expected = { amount: 1, base: 'EUR', date: '2024-03-04', rates: { GBP: 0.85525, USD: 1.0842 } };
    expect((await getJson(v1('/2024-03-04?symbols=USD,GBP'))).body).toEqual(expected);
    expect((await getJson(v1('/2024-03-04?to=usd,gbp'))).body).toEqual(expected);
    expect((await getJson(v1('/2024-03-04?symbols=USD,XYZ'))).body).toEqual({ ...expected, rates: { USD: 1.0842 } });
    const none = await getText(v1('/2024-03-04?symbols=XYZ'));
    expect([none.status, none.text]).toEqual([404, '{"message":"not found"}']);
  });

  it('rebases to another base (base or from), adding EUR and rounding', async () => {
    at('2024-03-05T10:00:00Z');
    const expected = {
      amount: 1,
      base: 'USD',
      date: '2024-03-04',
      rates: { EUR: 0.92234, GBP: 0.78883, JPY: 150.02, PLN: 3.9757 },
    };
    expect((await getJson(v1('/2024-03-04?base=USD'))).body).toEqual(expected);
    expect((await getJson(v1('/2024-03-04?from=usd'))).body).toEqual(expected);
    expect((await getJson(v1('/2024-03-04?from=GBP&to=USD'))).body).toEqual({
      amount: 1,
      base: 'GBP',
      date: '2024-03-04',
      rates: { USD: 1.2677 },
    });
  });

  it('scales by amount and rounds', async () => {
    at('2024-03-05T10:00:00Z');
    const { text } = await getText(v1('/2024-03-04?amount=10&symbols=USD,JPY'));
    expect(text).toBe('{"amount":10.0,"base":"EUR","date":"2024-03-04","rates":{"JPY":1626.5,"USD":10.842}}');
    const { body } = await getJson(v1('/2024-03-04?amount=10&from=USD&to=EUR,GBP'));
    expect(body).toEqual({ amount: 10, base: 'USD', date: '2024-03-04', rates: { EUR: 9.2234, GBP: 7.8883 } });
  });

  it('answers 404 for an unknown base currency and for UAH, which the ECB lacks', async () => {
    at('2024-03-05T10:00:00Z');
    for (const query of ['base=XYZ', 'from=UAH', 'symbols=UAH', 'from=USD&to=UAH']) {
      const { status, body } = await getJson(v1(`/2024-03-04?${query}`));
      expect([status, body]).toEqual([404, { message: 'not found' }]);
    }
  });

  it('answers 422 for the same currency on both sides, a bad amount, or a date that does not exist', async () => {
    at('2024-03-05T10:00:00Z');
    const cases: [string, string][] = [
      ['/latest?from=USD&to=USD', 'bad currency pair'],
      ['/2024-03-04?base=EUR&symbols=eur', 'bad currency pair'],
      ['/latest?amount=0', 'invalid amount'],
      ['/latest?amount=-5', 'invalid amount'],
      ['/latest?amount=abc', 'invalid amount'],
      ['/2024-02-30', 'invalid date'],
      ['/2024-01-01..2024-13-01', 'invalid date'],
    ];
    for (const [path, message] of cases) {
      const { status, text } = await getText(v1(path));
      expect([path, status, text]).toEqual([path, 422, JSON.stringify({ message })]);
    }
  });
});

describe('Frankfurter v1 ranges', () => {
  it('answers working days only, keyed by date', async () => {
    at('2024-03-05T10:00:00Z');
    const { status, text } = await getText(v1('/2024-03-01..2024-03-04?symbols=USD'));
    expect(status).toBe(200);
    expect(text).toBe(
      '{"amount":1.0,"base":"EUR","start_date":"2024-03-01","end_date":"2024-03-04",' +
        '"rates":{"2024-03-01":{"USD":1.083},"2024-03-04":{"USD":1.0842}}}',
    );
  });

  it('starts from the nearest earlier working day when the start has no rates', async () => {
    at('2024-03-05T10:00:00Z');
    const { body } = await getJson(v1('/2024-03-03..2024-03-04?symbols=GBP'));
    expect(body).toEqual({
      amount: 1,
      base: 'EUR',
      start_date: '2024-03-01',
      end_date: '2024-03-04',
      rates: { '2024-03-01': { GBP: 0.85505 }, '2024-03-04': { GBP: 0.85525 } },
    });
  });

  it('runs an open range up to the latest published day, and rebases ranges', async () => {
    at('2024-03-05T15:30:00Z');
    const { body } = await getJson(v1('/2024-03-04..?base=GBP&symbols=USD'));
    expect(body).toEqual({
      amount: 1,
      base: 'GBP',
      start_date: '2024-03-04',
      end_date: '2024-03-05',
      rates: { '2024-03-04': { USD: 1.2677 }, '2024-03-05': { USD: frankfurterRound(1.085 / 0.8553) } },
    });
  });

  it('answers 404 for a range that starts in the future or has no rates', async () => {
    at('2024-03-05T10:00:00Z');
    expect((await getText(v1('/2024-04-01..2024-04-30'))).status).toBe(404);
    expect((await getText(v1('/2024-03-04..2024-03-01'))).status).toBe(404);
    expect((await getText(v1('/2024-03-01..2024-03-04?symbols=XYZ'))).status).toBe(404);
  });
});

describe('Frankfurter v1 currencies and paths', () => {
  it('lists the currencies of the latest day plus EUR, with names', async () => {
    at('2024-03-05T10:00:00Z');
    const { text } = await getText(v1('/currencies'));
    expect(text).toBe(
      '{"EUR":"Euro","GBP":"British Pound","JPY":"Japanese Yen","PLN":"Polish Złoty","USD":"United States Dollar"}',
    );
  });

  it('answers 404 not found for other paths under /v1', async () => {
    for (const path of ['/nothing', '/2024-3-4', '/latest/', '']) {
      const { status, body } = await getJson(v1(path));
      expect([path, status, body]).toEqual([path, 404, { message: 'not found' }]);
    }
  });
});

describe('frankfurterRound', () => {
  it('rounds like Frankfurter: fewer decimals for larger numbers', () => {
    expect([123456.7, 1234.567, 45.6789, 7.123456, 0.1234567, 0.0000123456].map(frankfurterRound)).toEqual([
      123457, 1234.57, 45.679, 7.1235, 0.12346, 0.000012,
    ]);
  });
});
