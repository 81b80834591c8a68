import { afterAll, describe, expect, it, vi } from 'vitest';
import { restartableServer } from '../../../test/server-process.ts';

/**
 * A real server process on the embedded database, killed with SIGKILL in the middle of a CSV
 * import, then started again on the same data: the job carries on from its last batch, and every
 * row is stored exactly once.
 */
const ROWS = 10_000;
// Rows of a fixed past year, one a quarter of an hour, each amount its own.
const FIRST = Date.UTC(2025, 0, 1);
const amountOf = (i: number) => -(100 + i);
const file = [
  'Date,Amount,Note',
  ...Array.from({ length: ROWS }, (_, i) => {
    const at = new Date(FIRST + i * 15 * 60_000).toISOString().slice(0, 19).replace('T', ' ');
    return `${at},${(amountOf(i) / 100).toFixed(2)},row ${i}`;
  }),
].join('\n');

const server = restartableServer('import-resume');
afterAll(() => server.remove());

describe('a CSV import survives kill -9', () => {
  it('carries on after a restart with nothing lost and nothing doubled', async () => {
    await server.start();
    const { call } = server;
    const { session, uahId } = await server.signUp('csv_resume');
    const account = await call(
      'POST',
      '/accounts',
      { name: 'Card', currencyId: uahId, openingAt: '2024-01-01T00:00:00.000Z' },
      session,
    );
    const accountId = account.body.response.id;

    const uploaded = await fetch(`${server.api}/imports?accountId=${accountId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session}`, 'content-type': 'text/csv' },
      body: file,
    });
    expect(uploaded.status).toBe(201);
    const { importId, detected } = (
      (await uploaded.json()) as { response: { importId: number; detected: Record<string, unknown> } }
    ).response;
    const { mapping, dateFormat, decimalSeparator } = detected;
    const committed = await call(
      'POST',
      `/imports/${importId}/commit`,
      { mapping, dateFormat, decimalSeparator },
      session,
    );
    expect(committed.status).toBe(202);

    const job = async () => (await call('GET', `/imports/${importId}`, undefined, session)).body.response;
    let seen: { state: string; done: number } | undefined;
    await vi.waitFor(
      async () => {
        seen = await job();
        expect(seen!.done).toBeGreaterThanOrEqual(1_000);
      },
      { timeout: 60_000, interval: 10 },
    );
    await server.kill();
    // Killed in the middle: some batches stored, not all.
    expect(seen).toMatchObject({ state: 'running' });
    expect(seen!.done).toBeLessThan(ROWS);

    await server.start();
    await vi.waitFor(async () => expect((await job()).state).toBe('done'), { timeout: 60_000, interval: 50 });
    expect(await job()).toMatchObject({ done: ROWS, total: ROWS, imported: ROWS, duplicates: 0, failedCount: 0 });

    const sum = Array.from({ length: ROWS }, (_, i) => amountOf(i)).reduce((total, amount) => total + amount, 0);
    const after = (await call('GET', `/accounts/${accountId}`, undefined, session)).body.response;
    expect(after.currentBalance).toBe(sum);
    // Exactly ROWS transactions: the last offset holds one row.
    const tail = await call('GET', `/transactions?limit=200&from=${ROWS - 1}`, undefined, session);
    expect(tail.body.response).toHaveLength(1);
  }, 120_000);
});
