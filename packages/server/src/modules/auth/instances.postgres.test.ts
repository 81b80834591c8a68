import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresTestDatabase, PASSWORD, signUp, startTestApp, type TestApp } from '../../../test/app.ts';
import { openEventStream } from '../../../test/monobank.ts';
import { fixedClock } from '../../lib/clock.ts';
import { SESSION_MEMORY_MS } from './service.ts';

/**
 * Two app instances on one PostgreSQL database (PostgreSQL only: the embedded database has one
 * instance). A session ended on one ends on the other: its requests are refused and the streams
 * opened with it end, though each instance remembers the live sessions it has read while it hears
 * every session's end.
 */
// Both instances read one clock, which a test moves on.
const clock = fixedClock('2026-11-30T12:00:00Z');
let a: TestApp;
let b: TestApp;
let bUrl: string;

beforeAll(async () => {
  const [first, second] = await openPostgresTestDatabase(2);
  a = await startTestApp({}, { database: first, clock });
  b = await startTestApp({}, { database: second, clock });
  bUrl = await b.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

const userOn = (t: TestApp, token: string) => t.call('GET', '/api/v1/user', { token });

async function secondSession(username: string) {
  const login = await a.call('POST', '/api/v1/auth/login', { body: { username, password: PASSWORD } });
  return login.body.response.token as string;
}

/**
 * A session instance b has read (and so remembers), its row then removed with no notice, as when a
 * sign-out's NOTIFY fails after its delete committed: b hears of no end and answers from memory.
 * `check` goes on from there with the session's token.
 */
async function withSessionRemovedUnheard(check: (token: string) => Promise<void>) {
  const user = await signUp(a);
  // Opened once b hears every end, so b remembers what it reads from here on.
  const stream = await openEventStream(bUrl, user.token);
  try {
    expect((await userOn(b, user.token)).status).toBe(200);
    await a.handle.db.execute(sql`delete from sessions where user_id = ${user.id}`);
    expect((await userOn(b, user.token)).status).toBe(200);
    await check(user.token);
  } finally {
    await stream.close();
  }
}

describe('a session remembered by one instance', () => {
  it('is refused there, and its streams end, once it ends on the other: by its sign-out, or by sign-out everywhere', async () => {
    const user = await signUp(a);
    const other = await secondSession(user.username);
    // A stream is opened once the instance hears every end; its end says the notice arrived.
    const signedOut = await openEventStream(bUrl, user.token);
    const everywhere = await openEventStream(bUrl, other);
    try {
      expect((await userOn(b, user.token)).status).toBe(200);
      expect((await userOn(b, other)).status).toBe(200);

      expect((await a.call('POST', '/api/v1/auth/logout', { token: user.token })).status).toBe(204);
      await signedOut.ended;
      expect((await userOn(b, user.token)).status).toBe(401);
      expect((await userOn(b, other)).status).toBe(200);

      expect((await a.call('POST', '/api/v1/auth/logout-all', { token: other })).status).toBe(204);
      await everywhere.ended;
      expect((await userOn(b, other)).status).toBe(401);
    } finally {
      await Promise.all([signedOut.close(), everywhere.close()]);
    }
  });

  it('is read from the table again after SESSION_MEMORY_MS, so an end whose notice was lost is missed no longer', async () => {
    await withSessionRemovedUnheard(async (token) => {
      clock.advance(SESSION_MEMORY_MS - 1);
      expect((await userOn(b, token)).status).toBe(200);
      clock.advance(1);
      expect((await userOn(b, token)).status).toBe(401);
    });
  });

  it('is read from the table again once the instance may have missed an end (its listening connection broke)', async () => {
    await withSessionRemovedUnheard(async (token) => {
      await a.handle.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query like 'LISTEN %'`,
      );
      // The broken connection is reported a moment later: until then the instance may answer from memory.
      let status = 200;
      for (let tries = 0; status === 200 && tries < 200; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        status = (await userOn(b, token)).status;
      }
      expect(status).toBe(401);
    });
  });
});
