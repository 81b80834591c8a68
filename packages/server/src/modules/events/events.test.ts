import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ids, PASSWORD, signUpWithBase, startTestApp, type TestApp, uploadCsv } from '../../../test/app.ts';
import { openEventStream } from '../../../test/monobank.ts';
import { fixedClock } from '../../lib/clock.ts';
import { MAX_STREAMS_PER_USER } from './service.ts';

/** Streams over a real connection: one stays open as long as its session, and no longer. */
const clock = fixedClock('2026-11-20T12:00:00Z');
const DAY = 86_400_000;
const HOLD_HEADER = 'x-test-hold-until-gone';
let t: TestApp;
let url: string;
/** Requests a test holds before the sign-in check until their client has gone. */
const held: Array<() => void> = [];

beforeAll(async () => {
  t = await startTestApp(
    {},
    {
      clock,
      beforeReady: (app) =>
        app.addHook('onRequest', async (request) => {
          if (request.headers[HOLD_HEADER] === undefined) return;
          const gone = new Promise((resolve) => request.raw.socket.once('close', resolve));
          held.shift()?.();
          await gone;
        }),
    },
  );
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const API = '/api/v1';

async function signIn(username: string) {
  const res = await t.call('POST', `${API}/auth/login`, { body: { username, password: PASSWORD } });
  return res.body.response.token as string;
}

/** A user with a base currency and an account, signed in twice: two sessions. */
async function userWithTwoSessions() {
  const user = await signUpWithBase(t);
  const account = await t.call('POST', `${API}/accounts`, {
    token: user.token,
    body: { name: 'Cash', currencyId: ids.get('UAH'), initialBalance: 0 },
  });
  return { ...user, accountId: account.body.response.id as number, second: await signIn(user.username) };
}

/** Uploads a CSV and commits it as detected: its import sends `import` events to the user's streams. */
async function importCsv(token: string, accountId: number, text: string, fileName = 'statement.csv') {
  const { importId, asDetected } = await uploadCsv(t, token, accountId, text, fileName);
  const commit = await t.call('POST', `${API}/imports/${importId}/commit`, { token, body: asDetected });
  expect(commit.status).toBe(202);
  return importId;
}

type Stream = Awaited<ReturnType<typeof openEventStream>>;

const ONE_ROW = 'Date,Amount,Note\r\n2026-11-19,-10.00,Coffee\r\n';

/** Imports a row and waits until `stream` has heard that the import finished. */
async function heardImport(stream: Stream, token: string, accountId: number) {
  const id = await importCsv(token, accountId, ONE_ROW);
  await vi.waitFor(() =>
    expect(stream.received).toContainEqual({ type: 'import', import: expect.objectContaining({ id, state: 'done' }) }),
  );
}

const importEvents = (stream: Stream) => stream.received.filter((event) => event.type === 'import');

describe('an event stream', () => {
  it('ends when its session signs out, and hears nothing after; the user’s other session and other users go on', async () => {
    const user = await userWithTwoSessions();
    const other = await userWithTwoSessions();
    const signedOut = await openEventStream(url, user.token);
    const staying = await openEventStream(url, user.second);
    const stranger = await openEventStream(url, other.token);
    try {
      expect((await t.call('POST', `${API}/auth/logout`, { token: user.token })).status).toBe(204);
      await signedOut.ended;
      await heardImport(staying, user.second, user.accountId);
      await heardImport(stranger, other.token, other.accountId);
      expect(signedOut.received).toEqual([]);
    } finally {
      await Promise.all([signedOut, staying, stranger].map((stream) => stream.close()));
    }
  });

  it('ends for every other session when the password changes; the session that changed it keeps its stream', async () => {
    const user = await userWithTwoSessions();
    const asking = await openEventStream(url, user.token);
    const revoked = await openEventStream(url, user.second);
    try {
      const change = await t.call('PUT', `${API}/user/password`, {
        token: user.token,
        body: { currentPassword: PASSWORD, newPassword: 'a brand new secret' },
      });
      expect(change.status).toBe(204);
      await revoked.ended;
      await heardImport(asking, user.token, user.accountId);
      expect(revoked.received).toEqual([]);
    } finally {
      await Promise.all([asking.close(), revoked.close()]);
    }
  });

  it('ends everywhere on sign-out everywhere and when the account is deleted', async () => {
    const user = await userWithTwoSessions();
    const other = await userWithTwoSessions();
    const streams = [await openEventStream(url, user.token), await openEventStream(url, user.second)];
    const deleted = [await openEventStream(url, other.token), await openEventStream(url, other.second)];
    try {
      expect((await t.call('POST', `${API}/auth/logout-all`, { token: user.token })).status).toBe(204);
      await Promise.all(streams.map((stream) => stream.ended));

      const removal = await t.call('DELETE', `${API}/user`, { token: other.second, body: { password: PASSWORD } });
      expect(removal.status).toBe(204);
      await Promise.all(deleted.map((stream) => stream.ended));
      expect([...streams, ...deleted].flatMap((stream) => stream.received)).toEqual([]);
    } finally {
      await Promise.all([...streams, ...deleted].map((stream) => stream.close()));
    }
  });

  it('ends once its session has expired, before the next event', async () => {
    const user = await userWithTwoSessions();
    const expiring = await openEventStream(url, user.token);
    try {
      clock.advance(31 * DAY);
      const fresh = await signIn(user.username);
      const listening = await openEventStream(url, fresh);
      await heardImport(listening, fresh, user.accountId);
      await expiring.ended;
      expect(expiring.received).toEqual([]);
      await listening.close();
    } finally {
      await expiring.close();
    }
  });
});

describe('a user’s streams', () => {
  /** Asks for a stream and goes away while the request waits before the sign-in check. */
  async function goneBeforeSignIn(token: string) {
    const reached = new Promise<void>((resolve) => held.push(resolve));
    const request = http.get(`${url}${API}/events`, {
      headers: { authorization: `Bearer ${token}`, [HOLD_HEADER]: '1' },
    });
    request.on('error', () => undefined);
    await reached;
    request.destroy();
  }

  it(`are at most ${MAX_STREAMS_PER_USER} at once, and a client gone before its sign-in check holds none of them`, async () => {
    const user = await userWithTwoSessions();
    for (let i = 0; i < MAX_STREAMS_PER_USER; i++) await goneBeforeSignIn(user.token);
    // Each held request goes on to the sign-in check and its handler once its client has gone.
    const streams: Stream[] = [];
    try {
      await vi.waitFor(async () => {
        const stream = await openEventStream(url, user.token);
        streams.push(stream);
        expect(stream.response.status).toBe(200);
      });
      for (let i = 1; i < MAX_STREAMS_PER_USER; i++) {
        const stream = await openEventStream(url, user.second);
        streams.push(stream);
        expect(stream.response.status).toBe(200);
      }
      const refused = await fetch(`${url}${API}/events`, { headers: { authorization: `Bearer ${user.token}` } });
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({
        status: 'error',
        response: {
          code: 'CONFLICT',
          statusText: `At most ${MAX_STREAMS_PER_USER} event streams may be open at once; close one first`,
          details: [
            {
              path: 'events',
              code: 'events.tooManyStreams',
              params: { max: MAX_STREAMS_PER_USER },
              message: `At most ${MAX_STREAMS_PER_USER} event streams may be open at once; close one first`,
            },
          ],
        },
      });
      // Another user is not counted with them.
      const other = await userWithTwoSessions();
      const theirs = await openEventStream(url, other.token);
      streams.push(theirs);
      expect(theirs.response.status).toBe(200);

      // One closed makes room for one more.
      await streams.shift()!.close();
      await vi.waitFor(async () => {
        const again = await openEventStream(url, user.token);
        streams.push(again);
        expect(again.response.status).toBe(200);
      });
    } finally {
      await Promise.all(streams.map((stream) => stream.close()));
    }
  });
});

describe('an import event', () => {
  it('stays far under PostgreSQL’s 8000 bytes for an import of many long bad rows, and arrives', async () => {
    const user = await userWithTwoSessions();
    const stream = await openEventStream(url, user.token);
    try {
      const bad = Array.from({ length: 30 }, (_, i) => `2026-11-18,${'9'.repeat(20)}x${'ї'.repeat(600)},Bad ${i}`);
      const text = ['Date,Amount,Note', '2026-11-19,-10.00,Coffee', '2026-11-19,-12.50,Tea', ...bad].join('\r\n');
      const id = await importCsv(user.token, user.accountId, text, `${'ї'.repeat(190)}.csv`);
      await vi.waitFor(() =>
        expect(stream.received).toContainEqual({
          type: 'import',
          import: expect.objectContaining({ id, state: 'done', imported: 2, failedCount: 30 }),
        }),
      );
      for (const event of importEvents(stream)) expect(Buffer.byteLength(JSON.stringify(event))).toBeLessThan(4_000);
      // The bad rows themselves are the import's to answer.
      const answered = await t.call('GET', `${API}/imports/${id}`, { token: user.token });
      expect(answered.body.response.failed).toHaveLength(30);
    } finally {
      await stream.close();
    }
  });
});
