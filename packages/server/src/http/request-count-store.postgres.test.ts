import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresTestDatabase, startTestApp, type TestApp } from '../../test/app.ts';
import { requestCounts } from '../db/schema.ts';

/** Two instances on one PostgreSQL database, behind one proxy, with a limit far above what a block takes. */
const LIMIT = 500;
let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  const [first, second] = await openPostgresTestDatabase(2);
  a = await startTestApp({ trustProxy: 1, rateLimitPerMinute: LIMIT }, { database: first });
  b = await startTestApp({ trustProxy: 1, rateLimitPerMinute: LIMIT }, { database: second });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

const health = (on: TestApp, from: string) =>
  on.call('GET', '/api/v1/health', { headers: { 'x-forwarded-for': from } });

/** The shared count of the one address that has called so far. */
async function sharedCount() {
  const rows = await a.handle.db.select().from(requestCounts);
  expect(rows).toHaveLength(1);
  return rows[0]!.hits;
}

describe('the request limit shared through PostgreSQL', () => {
  it('takes numbers of the shared count in blocks while far from the limit, and counts every request', async () => {
    const from = '203.0.113.7';
    const first = await health(a, from);
    expect(first.status).toBe(200);
    expect(first.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1));
    // One statement took a fiftieth of the limit for this instance.
    expect(await sharedCount()).toBe(LIMIT / 50);
    for (let i = 2; i <= LIMIT / 50; i++) {
      expect((await health(a, from)).headers['x-ratelimit-remaining']).toBe(String(LIMIT - i));
    }
    expect(await sharedCount()).toBe(LIMIT / 50);
    // The next block is a fiftieth of what is left.
    await health(a, from);
    expect(await sharedCount()).toBe(LIMIT / 50 + Math.floor((LIMIT - LIMIT / 50) / 50));
  });

  it('never lets more through than the limit across instances, and refuses only near it', async () => {
    const from = '203.0.113.8';
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 20; i++) statuses.push((await health(i % 2 ? a : b, from)).status);
    const allowed = statuses.filter((status) => status === 200).length;
    expect(allowed).toBeLessThanOrEqual(LIMIT);
    // What the other instance took and had not used yet counts as used: a little before the limit at most.
    expect(allowed).toBeGreaterThanOrEqual(LIMIT - 20);
    expect(statuses.slice(0, LIMIT - 40).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(-10).every((status) => status === 429)).toBe(true);
  });
});
