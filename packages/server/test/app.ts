import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { BaseCurrencyChange } from '@kopiyka/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { expect, inject, vi } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app.ts';
import {
  type AppConfig,
  DEFAULT_AUTH_LIMITS,
  DEFAULT_BINANCE_ACCOUNT_FRESH_MS,
  DEFAULT_IMPORT_LIMITS,
} from '../src/config.ts';
import { type DatabaseHandle, openDatabase, openPglite } from '../src/db/client.ts';
import { testDatabaseKind, withDatabase } from './database-url.ts';

export interface TestApp {
  app: FastifyInstance;
  handle: DatabaseHandle;
  /** Sends a request through the whole HTTP stack (app.inject) and parses the JSON body. */
  call(method: InjectOptions['method'], url: string, options?: CallOptions): Promise<CallResult>;
  close(): Promise<void>;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the server answered.
  body: any;
}

/** The key credentials are sealed with in tests (the database clones have no key file). */
export const TEST_SECRET_KEY = 'a3'.repeat(32);

/** Binance's settings with its API at `apiUrl` (a test's emulator), holdings kept as in production. */
export const binanceAt = (apiUrl: string): AppConfig['binance'] => ({
  apiUrl,
  accountFreshMs: DEFAULT_BINANCE_ACCOUNT_FRESH_MS,
});

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    database: { kind: 'pglite', dataDir: null },
    logLevel: 'silent',
    logFormat: 'json',
    webDistDir: null,
    rateLimitPerMinute: 10_000,
    trustProxy: false,
    // Every test signs up users of its own from one address; the sign-up limit has its own test.
    auth: {
      ...DEFAULT_AUTH_LIMITS,
      registrationsPerAddress: { ...DEFAULT_AUTH_LIMITS.registrationsPerAddress, free: 10_000 },
    },
    imports: DEFAULT_IMPORT_LIMITS,
    // Nothing answers here unless a test starts the rates emulator and points these at it.
    rates: { nbuBaseUrl: 'http://127.0.0.1:9', frankfurterBaseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 },
    // Likewise Monobank; bank tests start its emulator and wait no interval unless they test it.
    monobank: { apiUrl: 'http://127.0.0.1:9', requestIntervalMs: 0, retryAfterFailureMs: 50 },
    // And Binance; its tests start its emulator.
    binance: binanceAt('http://127.0.0.1:9'),
    secretKey: TEST_SECRET_KEY,
    backgroundJobs: false,
    schedulerCheckMs: 60_000,
    ...overrides,
  };
}

/** A fresh database cloned from the run's migrated template, for one test file. */
async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind() === 'pglite') {
    const dump = await readFile(inject('pgliteTemplate'));
    return openPglite(new PGlite({ loadDataDir: new Blob([dump]) }));
  }
  const [handle] = await openPostgresTestDatabase(1);
  return handle!;
}

/**
 * A fresh PostgreSQL database cloned from the run's template, opened `instances` times, as several
 * app instances would open it; dropped when the last handle closes. `url` reaches it from elsewhere
 * (a server process).
 */
export async function openPostgresTestDatabase(instances: number): Promise<Array<DatabaseHandle & { url: string }>> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `kopiyka_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  let open = instances;
  const url = withDatabase(adminUrl, name);
  const handles: Array<DatabaseHandle & { url: string }> = [];
  for (let i = 0; i < instances; i++) {
    const handle = await openDatabase({ kind: 'postgres', url });
    handles.push({
      ...handle,
      url,
      async close() {
        await handle.close();
        open -= 1;
        if (open > 0) return;
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    });
  }
  return handles;
}

export interface StartOptions {
  /** Where log lines go, for tests that read them. */
  logStream?: BuildOptions['logStream'];
  /** Runs on the built app before it is ready: the place to add a route only a test needs. */
  beforeReady?: (app: FastifyInstance) => void;
  /** The server's clock, for tests whose meaning depends on the day or the hour (the system's when absent). */
  clock?: BuildOptions['clock'];
  /** An opened database instead of a fresh one (several instances on one PostgreSQL database). */
  database?: DatabaseHandle;
}

export async function startTestApp(
  overrides: Partial<AppConfig> = {},
  { logStream, beforeReady, clock, database }: StartOptions = {},
): Promise<TestApp> {
  const handle = database ?? (await openTestDatabase());
  const app = await buildApp(testConfig(overrides), { database: handle, logStream, clock });
  beforeReady?.(app);
  await app.ready();
  // The scheduler starts once the server listens, as it does in production (requests still go through inject).
  if (overrides.backgroundJobs) await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    handle,
    async call(method, url, { token, body, headers = {} } = {}) {
      const response = await app.inject({
        method,
        url,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
      });
      const text = response.body;
      return { status: response.statusCode, headers: response.headers, body: text ? JSON.parse(text) : undefined };
    },
    close: () => app.close(),
  };
}

let counter = 0;
/** A username no other test in the file uses. */
export function uniqueUsername(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}_${randomBytes(3).toString('hex')}`;
}

export const PASSWORD = 'correct horse battery';

/** Registers and signs in a new user; returns its token and id. */
export async function signUp(t: TestApp, username = uniqueUsername()) {
  const registered = await t.call('POST', '/api/v1/auth/register', { body: { username, password: PASSWORD } });
  if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const login = await t.call('POST', '/api/v1/auth/login', { body: { username, password: PASSWORD } });
  return { token: login.body.response.token as string, id: registered.body.response.user.id as number, username };
}

/** The id of each ISO currency, by code: the same in every test database, as all are clones of one template. */
export const ids: ReadonlyMap<string, number> = new Map(Object.entries(inject('currencyIds')));

/**
 * Uploads `text` as a CSV file for the account; answers the import's id and the commit body that
 * takes the file as it was detected.
 */
export async function uploadCsv(
  t: TestApp,
  token: string,
  accountId: number,
  text: string,
  fileName = 'statement.csv',
) {
  const upload = await t.app.inject({
    method: 'POST',
    url: `/api/v1/imports?accountId=${accountId}&fileName=${encodeURIComponent(fileName)}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    payload: text,
  });
  expect(upload.statusCode).toBe(201);
  const { importId, detected } = JSON.parse(upload.body).response;
  const { mapping, dateFormat, decimalSeparator } = detected;
  return { importId: importId as number, asDetected: { mapping, dateFormat, decimalSeparator } };
}

/** A signed-in user who has chosen a base currency. */
export async function signUpWithBase(t: TestApp, base = 'UAH') {
  const user = await signUp(t);
  const res = await t.call('POST', '/api/v1/user/currencies/base', {
    token: user.token,
    body: { currencyId: ids.get(base) },
  });
  if (res.status !== 200) throw new Error(`base currency failed: ${JSON.stringify(res.body)}`);
  return user;
}

type BaseChangeEnd = Exclude<BaseCurrencyChange['state'], 'running'>;

/** How a base-currency change the user started ended, once it has (it runs in the background). */
export async function baseChangeEnd(t: TestApp, token: string): Promise<BaseChangeEnd> {
  let state: BaseCurrencyChange['state'] = 'running';
  await vi.waitFor(
    async () => {
      const res = await t.call('GET', '/api/v1/user/currencies/base/change', { token });
      state = res.body.response.state;
      if (state === 'running') throw new Error('base change running');
    },
    { timeout: 20_000, interval: 50 },
  );
  // Set by the last poll, which saw it no longer running.
  return state as BaseChangeEnd;
}

/** Waits until a base-currency change the user started has finished, and not failed. */
export async function waitForBaseChange(t: TestApp, token: string) {
  expect(await baseChangeEnd(t, token)).toBe('idle');
}
