import { randomBytes } from 'node:crypto';
import { type MonobankEmulator, type RatesEmulator, startMonobankEmulator, startRatesEmulator } from '@kopiyka/fakes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgresTestDatabase, PASSWORD, startTestApp, TEST_SECRET_KEY, type TestApp } from '../test/app.ts';
import { bankToken } from '../test/monobank.ts';
import { callServer, type ServerProcess, startServerProcess } from '../test/server-process.ts';
import { scheduledTasks } from './db/schema.ts';
import { addDays, todayIso } from './lib/dates.ts';

/**
 * Two instances on one PostgreSQL database, as a scaled-out deployment runs them: a real server
 * process (`a`) and one in this process (`b`), both with their background work on, behind one
 * proxy (TRUST_PROXY=1). They share throttles, limits, periodic tasks and jobs through the database.
 */
const REQUEST_LIMIT = 40;
const DAY = 86_400;
const FIRST = Date.UTC(2026, 0, 10) / 1000;
const ITEMS = 400;
/** `b` reads the time with this offset, so a test can move it past a lease `a` holds. */
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

let rates: RatesEmulator;
let bank: MonobankEmulator;
let a: ServerProcess;
let b: TestApp;
const bankUserToken = bankToken();

beforeAll(async () => {
  const today = todayIso(new Date());
  const days = [-3, -2, -1, 0, 1].map((n) => addDays(today, n));
  rates = await startRatesEmulator({
    nbu: new Map(days.map((day) => [day, { USD: 41.5, EUR: 48.5 }])),
    ecb: new Map(days.map((day) => [day, { USD: 1.17 }])),
  });
  bank = await startMonobankEmulator({ demo: false, requestIntervalMs: 0 });
  bank.addClient({
    token: bankUserToken,
    accounts: [{ id: 'card', balance: 2_000_000 }],
    statements: {
      card: Array.from({ length: ITEMS }, (_, i) => ({
        id: `item${i}`,
        time: FIRST + Math.floor((i * 180 * DAY) / ITEMS),
        amount: -(500 + i),
        mcc: 5411,
      })),
    },
  });
  const [database] = await openPostgresTestDatabase(1);
  a = await startServerProcess({
    DATABASE_URL: database!.url,
    APP_SECRET_KEY: TEST_SECRET_KEY,
    TRUST_PROXY: '1',
    RATE_LIMIT_PER_MINUTE: String(REQUEST_LIMIT),
    REGISTRATIONS_PER_HOUR: '1000',
    NBU_BASE_URL: rates.url,
    FRANKFURTER_BASE_URL: rates.url,
    MONOBANK_API_URL: bank.url,
    // Slow enough to be stopped in the middle of an import.
    MONOBANK_REQUEST_INTERVAL_MS: '300',
  });
  b = await startTestApp(
    {
      trustProxy: 1,
      rateLimitPerMinute: REQUEST_LIMIT,
      backgroundJobs: true,
      schedulerCheckMs: 100,
      rates: { nbuBaseUrl: rates.url, frankfurterBaseUrl: rates.url, timeoutMs: 2000 },
      monobank: { apiUrl: bank.url, requestIntervalMs: 300, retryAfterFailureMs: 50 },
    },
    { clock, database },
  );
}, 60_000);
afterAll(async () => {
  await a?.kill();
  await b?.close();
  await rates?.close();
  await bank?.close();
});

/** Every test comes from its own addresses, so the shared request limit counts only its own calls. */
const newAddress = () => `198.51.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

type Instance = 'a' | 'b';
function call(on: Instance, method: string, url: string, options: { body?: unknown; token?: string; from: string }) {
  const headers = { 'x-forwarded-for': options.from };
  return on === 'a'
    ? callServer(a.api, method, url, { body: options.body, token: options.token, headers })
    : b.call(method as 'GET', `/api/v1${url}`, { body: options.body, token: options.token, headers });
}

async function signUpOn(on: Instance, from: string) {
  const credentials = { username: `inst_${randomBytes(4).toString('hex')}`, password: PASSWORD };
  expect((await call(on, 'POST', '/auth/register', { body: credentials, from })).status).toBe(201);
  return credentials;
}

/** A user signed up on `a`, signed in on `b`, with its base currency chosen on `a`. */
async function readyUser(base: string) {
  const from = newAddress();
  const credentials = await signUpOn('a', from);
  const token: string = (await call('b', 'POST', '/auth/login', { body: credentials, from })).body.response.token;
  const currencies = (await call('a', 'GET', '/models/currencies', { from })).body.response as Array<{
    id: number;
    code: string;
  }>;
  const currencyId = (code: string) => currencies.find((c) => c.code === code)!.id;
  const chosen = await call('a', 'POST', '/user/currencies/base', {
    body: { currencyId: currencyId(base) },
    token,
    from,
  });
  expect(chosen.status).toBe(200);
  return { token, from, currencyId };
}

describe('two instances on one database', () => {
  it('each sees what the other wrote', async () => {
    const { token, from, currencyId } = await readyUser('USD');
    const created = await call('b', 'POST', '/accounts', {
      body: { name: 'Wallet', currencyId: currencyId('USD'), initialBalance: 1234 },
      token,
      from,
    });
    expect(created.status).toBe(201);
    const seen = await call('a', 'GET', `/accounts/${created.body.response.id}`, { token, from });
    expect(seen.body.response).toMatchObject({ name: 'Wallet', currentBalance: 1234 });
  });

  it('hold the login throttle together: failures on either count, and parallel guesses on both stop at 5', async () => {
    const from = newAddress();
    const credentials = await signUpOn('b', from);
    const wrong = { ...credentials, password: 'not the password' };
    for (const on of ['a', 'b', 'a', 'b', 'a'] as const) {
      expect((await call(on, 'POST', '/auth/login', { body: wrong, from })).status).toBe(401);
    }
    expect((await call('b', 'POST', '/auth/login', { body: credentials, from })).status).toBe(429);
    expect((await call('a', 'POST', '/auth/login', { body: credentials, from })).status).toBe(429);

    const other = newAddress();
    const target = await signUpOn('a', other);
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(i % 2 ? 'a' : 'b', 'POST', '/auth/login', { body: { ...target, password: `guess ${i}` }, from: other }),
      ),
    );
    expect(guesses.filter((res) => res.status === 401)).toHaveLength(5);
    expect(guesses.filter((res) => res.status === 429)).toHaveLength(25);
  });

  it('share one request limit per address', async () => {
    const from = newAddress();
    const answers = [];
    for (let i = 0; i < REQUEST_LIMIT + 2; i++) answers.push(await call(i % 2 ? 'a' : 'b', 'GET', '/health', { from }));
    expect(answers.slice(0, REQUEST_LIMIT).every((res) => res.status === 200)).toBe(true);
    expect(answers.slice(REQUEST_LIMIT).map((res) => res.status)).toEqual([429, 429]);
  });

  it('run each periodic task once, not once each', async () => {
    await vi.waitFor(
      async () => {
        const [task] = await b.handle.db.select().from(scheduledTasks).where(eq(scheduledTasks.name, 'rates-sync'));
        expect(task?.lastSuccessAt).toBeTruthy();
      },
      { timeout: 20_000, interval: 50 },
    );
    for (const provider of ['nbu', 'frankfurter'] as const) {
      const requests = rates.requests(provider);
      expect(requests.length).toBeGreaterThan(0);
      expect(new Set(requests).size).toBe(requests.length);
    }
  });

  it('finish a job the other was doing when it died, once its lease has run out, with every item once', async () => {
    const { token, from } = await readyUser('UAH');
    expect(
      (await call('a', 'POST', '/banks/monobank/pair-user', { body: { token: bankUserToken }, token, from })).status,
    ).toBe(201);
    // `b` runs ten minutes behind, so the job is not due there: `a` alone works on it.
    offsetMs = -10 * 60_000;
    const range = `from=${(FIRST - DAY) * 1000}&to=${(FIRST + 190 * DAY) * 1000}`;
    const queued = await call('a', 'GET', `/banks/monobank/load-transactions?${range}`, { token, from });
    expect(queued.status).toBe(202);
    const { jobId, windows } = queued.body.response;
    // Polled often: each look from an address of its own, clear of the request limit.
    const job = async () =>
      (await call('b', 'GET', `/banks/monobank/jobs/${jobId}`, { token, from: newAddress() })).body.response;
    await vi.waitFor(async () => expect((await job()).done).toBeGreaterThanOrEqual(2), {
      timeout: 20_000,
      interval: 10,
    });
    await a.kill();
    const atDeath = await job();
    expect(atDeath.state).not.toBe('done');

    // Past any lease `a` held: `b` takes the job over and finishes it.
    offsetMs = 3 * 60_000;
    await vi.waitFor(async () => expect((await job()).state).toBe('done'), { timeout: 30_000, interval: 50 });
    expect(await job()).toMatchObject({ state: 'done', done: windows, imported: ITEMS });
    const externalIds: string[] = [];
    for (let offset = 0; offset < ITEMS + 200; offset += 200) {
      const page = await call('b', 'GET', `/transactions?limit=200&from=${offset}`, { token, from });
      externalIds.push(...page.body.response.map((tx: { externalId: string }) => tx.externalId));
    }
    expect(externalIds).toHaveLength(ITEMS);
    expect(new Set(externalIds).size).toBe(ITEMS);
  }, 90_000);
});
