import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresTestDatabase, PASSWORD, signUp, startTestApp, type TestApp } from '../../../test/app.ts';
import { openEventStream } from '../../../test/monobank.ts';

/**
 * Two app instances on one PostgreSQL database (PostgreSQL only: the embedded database has one
 * instance): a session ended on one ends the streams opened with it on the other.
 */
let a: TestApp;
let b: TestApp;
let bUrl: string;

beforeAll(async () => {
  const [first, second] = await openPostgresTestDatabase(2);
  a = await startTestApp({}, { database: first });
  b = await startTestApp({}, { database: second });
  bUrl = await b.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
});

describe('a session ended on one instance', () => {
  it('ends its streams on the other: one by its sign-out, the rest by sign-out everywhere', async () => {
    const user = await signUp(a);
    const login = await a.call('POST', '/api/v1/auth/login', { body: { username: user.username, password: PASSWORD } });
    const second = login.body.response.token as string;
    const signedOut = await openEventStream(bUrl, user.token);
    const everywhere = await openEventStream(bUrl, second);
    try {
      expect((await a.call('POST', '/api/v1/auth/logout', { token: user.token })).status).toBe(204);
      await signedOut.ended;
      expect((await a.call('POST', '/api/v1/auth/logout-all', { token: second })).status).toBe(204);
      await everywhere.ended;
    } finally {
      await Promise.all([signedOut.close(), everywhere.close()]);
    }
  });
});
