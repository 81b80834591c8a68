import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type MonobankEmulator, startMonobankEmulator } from '@kopiyka/fakes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bankToken } from '../../../test/monobank.ts';
import { callServer, type ServerProcess, startEmbeddedServer } from '../../../test/server-process.ts';

/**
 * A real server process on the embedded database, killed with SIGKILL in the middle of an import,
 * then started again on the same data: the job carries on where it stood, and every statement
 * item is stored exactly once.
 */
const DAY = 86_400;
// Items of a fixed past half-year, so the server's clock and this process's (which the odd-moment
// run shifts) both see all of them as past.
const FIRST = Date.UTC(2026, 0, 10) / 1000;
const ITEMS = 600;

let bank: MonobankEmulator;
let dataDir: string;
let server: ServerProcess | undefined;
const token = bankToken();

beforeAll(async () => {
  bank = await startMonobankEmulator({ demo: false, requestIntervalMs: 0 });
  bank.addClient({
    token,
    accounts: [{ id: 'card', balance: 2_000_000 }],
    statements: {
      card: Array.from({ length: ITEMS }, (_, i) => ({
        id: `item${i}`,
        time: FIRST + Math.floor((i * 180 * DAY) / ITEMS),
        amount: i % 10 === 0 ? 250_000 : -(500 + i),
        mcc: i % 10 === 0 ? 4829 : 5411,
      })),
    },
  });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kopiyka-resume-'));
});

afterAll(async () => {
  await server?.kill();
  await bank.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Starts the server on the data folder. */
async function startServer(): Promise<string> {
  server = await startEmbeddedServer(dataDir, {
    MONOBANK_API_URL: bank.url,
    // Slow enough to be stopped in the middle, one window every 200 ms.
    MONOBANK_REQUEST_INTERVAL_MS: '200',
    RATE_LIMIT_PER_MINUTE: '100000',
  });
  return server.api;
}

const call = (base: string, method: string, url: string, body?: unknown, token?: string) =>
  callServer(base, method, url, { body, token });

describe('an import survives kill -9', () => {
  it('carries on after a restart with nothing lost and nothing doubled', async () => {
    let base = await startServer();
    const credentials = { username: `resume_${Date.now()}`, password: 'correct horse battery' };
    await call(base, 'POST', '/auth/register', credentials);
    const session = (await call(base, 'POST', '/auth/login', credentials)).body.response.token as string;
    const uah = (await call(base, 'GET', '/models/currencies')).body.response.find(
      (c: { code: string }) => c.code === 'UAH',
    );
    await call(base, 'POST', '/user/currencies/base', { currencyId: uah.id }, session);
    const paired = await call(base, 'POST', '/banks/monobank/pair-user', { token }, session);
    expect(paired.status).toBe(201);
    const accountId = paired.body.response.accounts[0].id;
    const from = (FIRST - DAY) * 1000;
    const to = (FIRST + 190 * DAY) * 1000;
    const queued = await call(
      base,
      'GET',
      `/banks/monobank/load-transactions?from=${from}&to=${to}`,
      undefined,
      session,
    );
    expect(queued.status).toBe(202);
    const { jobId, windows } = queued.body.response;
    expect(windows).toBe(7);

    const job = async () =>
      (await call(base, 'GET', `/banks/monobank/jobs/${jobId}`, undefined, session)).body.response;
    await vi.waitFor(async () => expect((await job()).done).toBeGreaterThanOrEqual(2), {
      timeout: 20_000,
      interval: 10,
    });
    await server!.kill();
    const killedAt = bank.requests().length;

    base = await startServer();
    let finished: { state: string; imported: number; done: number } | undefined;
    await vi.waitFor(
      async () => {
        finished = await job();
        expect(finished!.state).toBe('done');
      },
      { timeout: 30_000, interval: 50 },
    );
    expect(bank.requests().length).toBeGreaterThan(killedAt);
    expect(finished).toMatchObject({ state: 'done', done: 7, imported: ITEMS });

    const ids = new Set<string>();
    for (let offset = 0; ; offset += 200) {
      const page = (await call(base, 'GET', `/transactions?limit=200&from=${offset}`, undefined, session)).body
        .response;
      for (const tx of page) ids.add(tx.externalId);
      if (page.length < 200) {
        expect(offset + page.length).toBe(ITEMS);
        break;
      }
    }
    expect(ids.size).toBe(ITEMS);
    const account = (await call(base, 'GET', `/accounts/${accountId}`, undefined, session)).body.response;
    const statement = bank.statement(token, 'card');
    const sum = statement.reduce((total, item) => total + item.amount, 0);
    expect(account.currentBalance).toBe(2_000_000);
    expect(account.initialBalance).toBe(2_000_000 - sum);
  }, 90_000);
});
