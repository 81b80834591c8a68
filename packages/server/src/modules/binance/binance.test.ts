import { randomBytes } from 'node:crypto';
import { type BinanceEmulator, DEMO_BINANCE_KEYS, startBinanceEmulator, TRADING_BINANCE_KEYS } from '@kopiyka/fakes';
import { BINANCE_KEY_ERRORS } from '@kopiyka/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { binanceAt, signUpWithBase, startTestApp, type TestApp } from '../../../test/app.ts';
import { buildWorld } from '../../../test/world.ts';
import { DEFAULT_BINANCE_ACCOUNT_FRESH_MS } from '../../config.ts';
import { binanceKeys } from '../../db/schema.ts';
import { fixedClock } from '../../lib/clock.ts';

// Two days before the emulator's (real) clock: signed calls must go out on Binance's time, not ours.
const clock = fixedClock('2026-11-24T23:50:00Z');
const today = '2026-11-24';
let binance: BinanceEmulator;
let t: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  binance = await startBinanceEmulator();
  t = await startTestApp(
    { binance: binanceAt(binance.url), logLevel: 'info' },
    { clock, logStream: { write: (line) => logLines.push(line) } },
  );
});
afterAll(async () => {
  await t.close();
  await binance.close();
});
afterEach(() => binance.setMode('normal'));

/** A key as Binance makes them: 64 letters and digits. */
const newKey = () => randomBytes(32).toString('hex');

const putKeys = (token: string, body: unknown) => t.call('PUT', '/api/v1/crypto/binance/keys', { token, body });
const account = (token: string) => t.call('GET', '/api/v1/crypto/binance/account', { token });

/** A user with base UAH and USD at 40 UAH. */
const userWithDollarRate = async () => (await buildWorld(t, { currencies: { USD: 40 } })).token;

describe('PUT /crypto/binance/keys', () => {
  it('answers 10101, 10102 and 10103 for missing keys, blank counting as missing', async () => {
    const { token } = await signUpWithBase(t);
    const cases: Array<[unknown, number, string]> = [
      [{}, BINANCE_KEY_ERRORS.BOTH_KEYS_MISSING, 'Both crypto exchange API keys are missing'],
      [
        { apiKey: '', secretKey: '   ' },
        BINANCE_KEY_ERRORS.BOTH_KEYS_MISSING,
        'Both crypto exchange API keys are missing',
      ],
      [
        { secretKey: DEMO_BINANCE_KEYS.secretKey },
        BINANCE_KEY_ERRORS.PUBLIC_KEY_MISSING,
        'The crypto exchange public (API) key is missing',
      ],
      [
        { apiKey: DEMO_BINANCE_KEYS.apiKey },
        BINANCE_KEY_ERRORS.SECRET_KEY_MISSING,
        'The crypto exchange secret key is missing',
      ],
    ];
    for (const [body, code, statusText] of cases) {
      const res = await putKeys(token, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.response).toEqual({ code, statusText });
    }
  });

  it('refuses ill-formed keys naming the field, and never echoes a key', async () => {
    const { token } = await signUpWithBase(t);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ apiKey: 'abc def', secretKey: newKey() }, 'apiKey'],
      [{ apiKey: newKey(), secretKey: 'x'.repeat(257) }, 'secretKey'],
      [{ apiKey: 42, secretKey: newKey() }, 'apiKey'],
      [{ apiKey: newKey(), secretKey: 'ключ' }, 'secretKey'],
    ];
    for (const [body, path] of cases) {
      const res = await putKeys(token, body);
      expect(res.status).toBe(422);
      expect(res.body.response.code).toBe('VALIDATION_ERROR');
      expect(res.body.response.details.map((d: { path: string }) => d.path)).toEqual([path]);
      if (typeof body.apiKey === 'string' && body.apiKey.length === 64) {
        expect(JSON.stringify(res.body)).not.toContain(body.apiKey);
      }
    }
  });

  it('refuses keys Binance rejects, naming the wrong one, and stores nothing', async () => {
    const { token } = await signUpWithBase(t);
    const unknownKey = await putKeys(token, { apiKey: newKey(), secretKey: newKey() });
    expect(unknownKey.status).toBe(422);
    expect(unknownKey.body.response.details[0].path).toBe('apiKey');
    const wrongSecret = await putKeys(token, { apiKey: DEMO_BINANCE_KEYS.apiKey, secretKey: newKey() });
    expect(wrongSecret.status).toBe(422);
    expect(wrongSecret.body.response.details[0].path).toBe('secretKey');
    expect(JSON.stringify(wrongSecret.body)).not.toContain(DEMO_BINANCE_KEYS.apiKey);
    const none = await account(token);
    expect(none.status).toBe(200);
    expect(none.body.response).toBeNull();
  });

  it('answers 502 while Binance cannot be reached, and stores nothing', async () => {
    const { token } = await signUpWithBase(t);
    binance.setMode('down');
    const res = await putKeys(token, DEMO_BINANCE_KEYS);
    expect(res.status).toBe(502);
    expect(res.body.response.code).toBe('BAD_GATEWAY');
    binance.setMode('normal');
    expect((await account(token)).body.response).toBeNull();
  });

  it('stores accepted keys sealed, answers them masked with what they may do, and replaces them', async () => {
    const { token, id } = await signUpWithBase(t);
    const readOnly = await putKeys(token, {
      apiKey: ` ${DEMO_BINANCE_KEYS.apiKey} `,
      secretKey: DEMO_BINANCE_KEYS.secretKey,
    });
    expect(readOnly.status).toBe(200);
    expect(readOnly.body.response).toEqual({
      apiKeyMasked: `${DEMO_BINANCE_KEYS.apiKey.slice(0, 4)}…${DEMO_BINANCE_KEYS.apiKey.slice(-4)}`,
      canTrade: false,
      canWithdraw: false,
    });
    const [row] = await t.handle.db.select().from(binanceKeys).where(eq(binanceKeys.userId, id));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(DEMO_BINANCE_KEYS.apiKey);
    expect(stored).not.toContain(DEMO_BINANCE_KEYS.secretKey);
    // The holdings read to check the keys are kept: an outage right after connecting still has figures.
    const connectedAt = clock.now().toISOString();
    clock.advance(DEFAULT_BINANCE_ACCOUNT_FRESH_MS);
    binance.setMode('down');
    expect((await account(token)).body.response).toMatchObject({ stale: true, updatedAt: connectedAt });
    binance.setMode('normal');

    const trading = await putKeys(token, TRADING_BINANCE_KEYS);
    expect(trading.body.response).toMatchObject({ canTrade: true, canWithdraw: false });
    const now = await account(token);
    expect(now.body.response.apiKeyMasked).toBe(trading.body.response.apiKeyMasked);
    expect(now.body.response.balances.map((b: { asset: string }) => b.asset)).toEqual(['BTC', 'USDT']);
  });

  it('keeps keys out of the logs', () => {
    const logged = logLines.join('\n');
    for (const key of [...Object.values(DEMO_BINANCE_KEYS), ...Object.values(TRADING_BINANCE_KEYS)]) {
      expect(logged).not.toContain(key);
    }
  });
});

describe('GET /crypto/binance/account', () => {
  it('values spot and Simple Earn once each, priced in USDT, through BTC, stablecoins at 1', async () => {
    const token = await userWithDollarRate();
    await putKeys(token, DEMO_BINANCE_KEYS);
    const res = await account(token);
    expect(res.status).toBe(200);
    const figures = res.body.response;
    const usd = (asset: string) => figures.balances.find((b: { asset: string }) => b.asset === asset);
    // LDUSDT and LDBNB are the flexible positions again: left out. LDO is a coin of its own. Zeros left out.
    expect(figures.balances.map((b: { asset: string }) => b.asset)).toEqual([
      'ETH',
      'SOL',
      'BNB',
      'BTC',
      'USDT',
      'ARDR',
      'LDO',
      'USDC',
    ]);
    // 0.42 free + 0.1 locked + 0.5 locked Earn, × 3412.55 = 3480.801 USD.
    expect(usd('ETH')).toEqual({
      asset: 'ETH',
      free: '0.42000000',
      locked: '0.10000000',
      earn: '0.5',
      total: '1.02',
      price: '3412.55000000',
      value: 348_080,
      refValue: 348_080 * 40,
    });
    // 310.55 + 20 locked + 100 flexible, at 1.
    expect(usd('USDT')).toMatchObject({ total: '430.55', earn: '100', price: '1', value: 43_055 });
    expect(usd('USDC')).toMatchObject({ price: '1', value: 5_000 });
    expect(usd('BNB')).toMatchObject({ free: '1.50000000', earn: '0.5', total: '2', value: 122_480 });
    // Only an ARDRBTC pair: 0.00000112 × 96250.01 = 0.1078000112 USD; × 1500 = 161.7000168.
    expect(usd('ARDR')).toMatchObject({ price: '0.1078000112', value: 16_170 });
    expect(usd('LDO')).toMatchObject({ total: '40', value: 7_292 });
    const total = 348_080 + 224_315 + 122_480 + 120_313 + 43_055 + 16_170 + 7_292 + 5_000;
    expect(figures).toMatchObject({
      totalValue: total,
      totalRefValue: total * 40,
      baseCurrencyCode: 'UAH',
      updatedAt: clock.now().toISOString(),
      stale: false,
      keysRefused: false,
      canTrade: false,
      canWithdraw: false,
    });
  });

  it('lists an asset Binance has no price for last, without a value', async () => {
    const keys = { apiKey: newKey(), secretKey: newKey() };
    binance.addAccount({
      ...keys,
      balances: [
        { asset: 'ZZZ', free: '5' },
        { asset: 'BTC', free: '0.001' },
        { asset: 'ETH', free: '0' },
      ],
    });
    const token = await userWithDollarRate();
    expect((await putKeys(token, keys)).status).toBe(200);
    const { balances } = (await account(token)).body.response;
    expect(balances).toEqual([
      expect.objectContaining({ asset: 'BTC', value: 9_625 }),
      expect.objectContaining({ asset: 'ZZZ', price: null, value: null, refValue: null }),
    ]);
  });

  it("is the caller's own: another user's keys are never used, and deleting forgets only one's own", async () => {
    const owner = await userWithDollarRate();
    const other = await userWithDollarRate();
    await putKeys(owner, DEMO_BINANCE_KEYS);
    expect((await account(other)).body.response).toBeNull();
    expect((await t.call('DELETE', '/api/v1/crypto/binance/keys', { token: other })).status).toBe(204);
    expect((await account(owner)).body.response.apiKeyMasked).toBeTruthy();
    expect((await t.call('DELETE', '/api/v1/crypto/binance/keys', { token: owner })).status).toBe(204);
    expect((await account(owner)).body.response).toBeNull();
  });

  it('answers the last figures as stale while Binance is down', async () => {
    const token = await userWithDollarRate();
    await putKeys(token, DEMO_BINANCE_KEYS);
    const fresh = (await account(token)).body.response;
    clock.advance(60_000);
    for (const mode of ['down', 'error', 'unreachable'] as const) {
      binance.setMode(mode);
      const res = await account(token);
      expect(res.status, mode).toBe(200);
      expect(res.body.response).toEqual({ ...fresh, stale: true });
    }
  });

  it('says when Binance refuses keys it took before, keeping the last figures until new keys come', async () => {
    const keys = { apiKey: newKey(), secretKey: newKey() };
    binance.addAccount({ ...keys, balances: [{ asset: 'BTC', free: '0.002' }] });
    const token = await userWithDollarRate();
    await putKeys(token, keys);
    const fresh = (await account(token)).body.response;
    binance.revokeKey(keys.apiKey);
    clock.advance(60_000);
    const refused = await account(token);
    expect(refused.status).toBe(200);
    expect(refused.body.response).toEqual({ ...fresh, stale: true, keysRefused: true });

    expect((await putKeys(token, DEMO_BINANCE_KEYS)).status).toBe(200);
    expect((await account(token)).body.response).toMatchObject({
      stale: false,
      keysRefused: false,
      updatedAt: clock.now().toISOString(),
    });
  });
});

describe("Binance's request weight", () => {
  /** The weight Binance counted for the requests since the last reset. */
  const weightSpent = () => binance.requests().reduce((sum, request) => sum + request.weight, 0);

  it('asks nothing after a 429 until its Retry-After has passed, answering the last figures meanwhile', async () => {
    const token = await userWithDollarRate();
    await putKeys(token, DEMO_BINANCE_KEYS);
    expect((await account(token)).body.response.stale).toBe(false);
    clock.advance(DEFAULT_BINANCE_ACCOUNT_FRESH_MS);
    binance.setWeightLimits({ api: 1 });
    try {
      expect((await account(token)).body.response.stale).toBe(true);
      binance.resetRequests();
      expect((await account(token)).body.response.stale).toBe(true);
      expect(binance.requests()).toEqual([]);
    } finally {
      binance.setWeightLimits({ api: 6000 });
      binance.resetWeights();
    }
    clock.advance(61_000);
    expect((await account(token)).body.response.stale).toBe(false);
  });

  it('lets one person check keys five times, then answers 429 with Retry-After and asks Binance nothing', async () => {
    const { token } = await signUpWithBase(t);
    binance.resetRequests();
    for (let i = 0; i < 5; i++) {
      expect((await putKeys(token, { apiKey: newKey(), secretKey: newKey() })).status).toBe(422);
    }
    const spent = weightSpent();
    expect(spent).toBeGreaterThan(0);
    for (let i = 0; i < 3; i++) {
      const res = await putKeys(token, DEMO_BINANCE_KEYS);
      expect(res.status).toBe(429);
      expect(res.body.response.code).toBe('TOO_MANY_REQUESTS');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(weightSpent()).toBe(spent);
    expect((await account(token)).body.response).toBeNull();
    // Another person's checks are their own.
    const other = await signUpWithBase(t);
    expect((await putKeys(other.token, DEMO_BINANCE_KEYS)).status).toBe(200);
    // Once the wait is over, the next check goes through.
    clock.advance(Number((await putKeys(token, DEMO_BINANCE_KEYS)).headers['retry-after']) * 1000);
    expect((await putKeys(token, DEMO_BINANCE_KEYS)).status).toBe(200);
  });

  it('reads the holdings once a minute however often the page asks', async () => {
    const token = await userWithDollarRate();
    await putKeys(token, DEMO_BINANCE_KEYS);
    binance.resetRequests();
    // The keys' check read the holdings just now: that reading is the answer.
    const first = (await account(token)).body.response;
    expect(binance.requests()).toEqual([]);
    clock.advance(DEFAULT_BINANCE_ACCOUNT_FRESH_MS);
    // Answered reads: our clock moved, not Binance's, so a signed call may be sent again on its time.
    const reads = () =>
      binance.requests().filter((request) => request.path.startsWith('/api/v3/account') && request.status === 200)
        .length;
    for (let i = 0; i < 3; i++) {
      expect((await account(token)).body.response).toEqual({ ...first, updatedAt: clock.now().toISOString() });
    }
    expect(reads()).toBe(1);
    clock.advance(DEFAULT_BINANCE_ACCOUNT_FRESH_MS);
    await account(token);
    expect(reads()).toBe(2);
  });
});

describe('the daily value snapshot', () => {
  it('is taken by the periodic task for every linked account, with no page open', async () => {
    const taskClock = fixedClock('2026-11-24T12:00:00Z');
    const withJobs = await startTestApp(
      { binance: binanceAt(binance.url), backgroundJobs: true, schedulerCheckMs: 20 },
      { clock: taskClock },
    );
    try {
      const { token } = await buildWorld(withJobs, { currencies: { USD: 40 } });
      const keys = { apiKey: newKey(), secretKey: newKey() };
      binance.addAccount({ ...keys, balances: [{ asset: 'USDT', free: '100' }] });
      const put = await withJobs.call('PUT', '/api/v1/crypto/binance/keys', { token, body: keys });
      expect(put.status).toBe(200);
      const crypto = async () =>
        (await withJobs.call('GET', '/api/v1/stats/total-balance?date=2026-11-24', { token })).body.response
          .cryptoRefBalance;
      // Connecting took the day's first value.
      expect(await crypto()).toBe(100_00 * 40);
      // The task ran once at start, before the keys; its next turn, six hours on, reads the new holdings.
      binance.setHoldings(keys.apiKey, { balances: [{ asset: 'USDT', free: '250' }] });
      taskClock.advance(6 * 60 * 60_000 + 60_000);
      await vi.waitFor(async () => expect(await crypto()).toBe(250_00 * 40), { timeout: 20_000, interval: 50 });
    } finally {
      await withJobs.close();
    }
  });
});

describe('the crypto total on the dashboard', () => {
  it('counts in GET /stats/total-balance and its trend unless includeCryptoInTotal is off', async () => {
    const { token } = await buildWorld(t, {
      currencies: { USD: 40 },
      accounts: [{ name: 'Card', currency: 'UAH', initialBalance: 100_000 }],
    });
    const totalBalance = async () =>
      (await t.call('GET', `/api/v1/stats/total-balance?date=${today}`, { token })).body.response;
    expect(await totalBalance()).toMatchObject({ refBalance: 100_000, cryptoRefBalance: null });

    binance.resetWeights();
    await putKeys(token, TRADING_BINANCE_KEYS);
    // 0.05 BTC × 96250.01 = 4812.5005 USD and 1000 USDT: 581 250 cents, at 40 UAH.
    const crypto = 581_250 * 40;
    expect((await account(token)).body.response.totalRefValue).toBe(crypto);
    expect(await totalBalance()).toMatchObject({ refBalance: 100_000 + crypto, cryptoRefBalance: crypto });
    // The days before come from Binance's daily snapshots (history.test.ts checks their values).
    const history = await t.call('GET', `/api/v1/stats/crypto-balance-history?from=2026-11-22&to=${today}`, { token });
    expect(history.body.response).toEqual([
      { date: '2026-11-22', refBalance: expect.any(Number) },
      { date: '2026-11-23', refBalance: expect.any(Number) },
      { date: today, refBalance: crypto },
    ]);

    const off = await t.call('PUT', '/api/v1/user/settings', { token, body: { includeCryptoInTotal: false } });
    expect(off.body.response.includeCryptoInTotal).toBe(false);
    expect(await totalBalance()).toMatchObject({ refBalance: 100_000, cryptoRefBalance: null });
    const none = await t.call('GET', `/api/v1/stats/crypto-balance-history?from=2026-11-22&to=${today}`, { token });
    expect(none.body.response).toEqual([]);
  });
});
