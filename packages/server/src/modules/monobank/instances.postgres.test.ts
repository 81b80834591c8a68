import { type MonobankEmulator, startMonobankEmulator } from '@kopiyka/fakes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgresTestDatabase, startTestApp, type TestApp } from '../../../test/app.ts';
import { addBankClient, openEventStream, pairUser, waitForJob } from '../../../test/monobank.ts';
import { fixedClock } from '../../lib/clock.ts';

/**
 * Two app instances on one PostgreSQL database (PostgreSQL only: the embedded database has one
 * instance): a token's calls take turns across them, and a user's events reach streams on either.
 */
const clock = fixedClock('2026-11-20T12:00:00Z');
const DAY = 86_400;
let bank: MonobankEmulator;
let a: TestApp;
let b: TestApp;
let bUrl: string;

beforeAll(async () => {
  // Monobank's own limit, one call a minute, as the instances keep it.
  bank = await startMonobankEmulator({ demo: false, requestIntervalMs: 60_000, now: () => clock.now() });
  const [first, second] = await openPostgresTestDatabase(2);
  const config = { monobank: { apiUrl: bank.url, requestIntervalMs: 60_000, retryAfterFailureMs: 50 } };
  a = await startTestApp(config, { clock, database: first });
  b = await startTestApp(config, { clock, database: second });
  bUrl = await b.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await bank?.close();
});

describe('several instances on one database', () => {
  it('share a token’s turns: of two refreshes at once on two instances, one calls Monobank', async () => {
    const { token } = addBankClient(bank);
    const user = await pairUser(a, token);
    bank.resetRequests();
    // Two hours on by the app's clock; the emulator's own limit counts real time, so it forgets.
    clock.advance(2 * 3_600_000);
    bank.resetRateLimits();
    const answers = await Promise.all(
      [a, b].map((instance) => instance.call('GET', '/api/v1/banks/monobank/refresh-accounts', { token: user.token })),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    expect(bank.requests().map((r) => [r.path, r.status])).toEqual([['/personal/client-info', 200]]);
  });

  it('tell a user’s stream on one instance what a job on another did', async () => {
    const start = clock.now().getTime() / 1000;
    const { token } = addBankClient(bank, {
      accounts: [{ id: 'card', balance: 0 }],
      statements: { card: [{ id: 'i1', time: start - DAY, amount: -500 }] },
    });
    const user = await pairUser(a, token);
    const stream = await openEventStream(bUrl, user.token);
    try {
      const res = await a.call('GET', `/api/v1/banks/monobank/load-transactions?from=${(start - 2 * DAY) * 1000}`, {
        token: user.token,
      });
      const job = await waitForJob(a, user.token, res.body.response.jobId);
      expect(job).toMatchObject({ state: 'done', imported: 1 });
      await vi.waitFor(() => {
        expect(stream.received).toContainEqual({ type: 'monobank.job', job });
        expect(stream.received).toContainEqual(expect.objectContaining({ type: 'monobank.transactions', count: 1 }));
      });
    } finally {
      await stream.close();
    }
  });
});
