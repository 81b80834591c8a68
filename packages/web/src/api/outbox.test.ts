import type { CreateTransactionBody } from '@kopiyka/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { OUTBOX_STORAGE_KEY } from '../lib/constants.ts';
import { isConnected, noteAnswer, useConnectionStore } from '../stores/connection.ts';
import { claimOutbox, keepInOutbox, useOutboxStore } from '../stores/outbox.ts';
import { useSessionStore } from '../stores/session.ts';
import { type FakeRequest, failure, fakeServer, resetApp, sampleUser, success } from '../test/api.ts';
import { toastMessages } from '../test/app.tsx';
import { makeTransaction } from '../test/transactions.ts';
import { sendOutbox } from './outbox.ts';

const expense = (note: string, amount = 1000): CreateTransactionBody => ({
  amount,
  transactionType: 'expense',
  accountId: 1,
  categoryId: 2,
  note,
  time: '2026-11-30T08:00:00.000Z',
});

/**
 * A server that makes a transaction once per Idempotency-Key, as the API promises: a repeat of a
 * key answers the first result. `created` lists what it made; `tries` every key sent, in order.
 * `fail(request)` may answer in its place (or throw, as a dropped connection makes fetch).
 */
function idempotentServer(fail: (request: FakeRequest, attempt: number) => Response | undefined = () => undefined) {
  const created = new Map<string, { id: number; note: string }>();
  const tries: string[] = [];
  fakeServer({
    'POST /transactions': (request) => {
      const key = request.headers.get('Idempotency-Key') ?? '';
      tries.push(key);
      const body = request.body as CreateTransactionBody;
      // The server may have made it before the answer was lost (made, then failed on the way back).
      let first = created.get(key);
      if (!first) {
        first = { id: created.size + 1, note: String(body.note) };
        created.set(key, first);
      }
      const answer = fail(request, tries.length);
      if (answer) return answer;
      return success([makeTransaction({ id: first.id, note: first.note })], { status: 201 });
    },
  });
  return { created: () => [...created.values()].map((made) => made.note), tries };
}

const entries = () => useOutboxStore.getState().entries;

beforeEach(() => {
  resetApp();
  useSessionStore.setState({ token: 'token', user: sampleUser, isLoggedIn: true, initialised: true });
  claimOutbox(sampleUser.id);
});

describe('sending the transactions kept on this device', () => {
  it('sends them in the order they were kept, each with its own key, and lets each go once the server has it', async () => {
    const server = idempotentServer();
    keepInOutbox(sampleUser.id, expense('first'), 'key-1');
    keepInOutbox(sampleUser.id, expense('second'), 'key-2');
    keepInOutbox(sampleUser.id, expense('third'), 'key-3');

    await sendOutbox();

    expect(server.tries).toEqual(['key-1', 'key-2', 'key-3']);
    expect(server.created()).toEqual(['first', 'second', 'third']);
    expect(entries()).toEqual([]);
    expect(localStorage.getItem(OUTBOX_STORAGE_KEY)).toContain('"entries":[]');
    expect(toastMessages()).toEqual(['3 transactions kept on this device were sent.']);
  });

  it('sends one whose answer was lost again with the same key, so the server makes it once, and only then the next', async () => {
    // The first try reaches the server, which makes it, but the answer never comes back.
    const server = idempotentServer((_request, attempt) => {
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return undefined;
    });
    keepInOutbox(sampleUser.id, expense('taxi'), 'key-1');
    keepInOutbox(sampleUser.id, expense('coffee'), 'key-2');

    await sendOutbox();
    // The round stops there: nothing after it goes ahead of it, and the app knows the server is away.
    expect(server.tries).toEqual(['key-1']);
    expect(entries().map((entry) => [entry.key, entry.tries])).toEqual([
      ['key-1', 1],
      ['key-2', 0],
    ]);
    expect(isConnected()).toBe(false);

    noteAnswer();
    await sendOutbox();
    expect(server.tries).toEqual(['key-1', 'key-1', 'key-2']);
    expect(server.created()).toEqual(['taxi', 'coffee']);
    expect(entries()).toEqual([]);
  });

  it('keeps one the server refuses for the person to fix or drop, with why, and sends the ones after it', async () => {
    const server = idempotentServer((request) =>
      (request.body as CreateTransactionBody).note === 'old card'
        ? failure(404, 'NOT_FOUND', 'Account not found', {
            details: [
              { path: 'accountId', message: 'Account not found', code: 'record.notFound', params: { what: 'Account' } },
            ],
          })
        : undefined,
    );
    keepInOutbox(sampleUser.id, expense('old card'), 'key-1');
    keepInOutbox(sampleUser.id, expense('bread'), 'key-2');

    await sendOutbox();
    expect(server.tries).toEqual(['key-1', 'key-2']);
    expect(entries()).toMatchObject([
      {
        key: 'key-1',
        body: { note: 'old card' },
        refusal: { code: 'NOT_FOUND', status: 404, details: [{ path: 'accountId', code: 'record.notFound' }] },
      },
    ]);
    expect(toastMessages()).toEqual([
      'The transaction kept on this device was sent.',
      'The server did not accept a transaction kept on this device. Fix it or drop it.',
    ]);

    // A refused one is not sent again by itself: it waits for the person.
    await sendOutbox();
    expect(server.tries).toEqual(['key-1', 'key-2']);
  });

  it('waits after a server failure, too many requests or its key still running, and sends nothing without a connection', async () => {
    let answer: Response | undefined = failure(503, 'UNEXPECTED', 'Down for maintenance');
    const server = idempotentServer(() => answer);
    keepInOutbox(sampleUser.id, expense('lunch'), 'key-1');

    await sendOutbox();
    expect(entries()).toMatchObject([{ key: 'key-1', refusal: null, tries: 1 }]);
    // The person hears of it once it is sent or refused, not of each try.
    expect(toastMessages()).toEqual([]);

    answer = failure(429, 'TOO_MANY_REQUESTS', 'Slow down');
    await sendOutbox();
    expect(entries()).toMatchObject([{ key: 'key-1', refusal: null, tries: 2 }]);

    // An earlier try of the key still running on the server (its answer lost): not a refusal.
    answer = failure(409, 'CONFLICT', 'A request with this Idempotency-Key is still being handled.', {
      details: [{ path: 'idempotency-key', message: 'Still running', code: 'idempotencyKey.running', params: {} }],
    });
    await sendOutbox();
    expect(entries()).toMatchObject([{ key: 'key-1', refusal: null, tries: 3 }]);

    answer = undefined;
    useConnectionStore.setState({ online: false });
    await sendOutbox();
    expect(server.tries).toEqual(['key-1', 'key-1', 'key-1']);

    useConnectionStore.setState({ online: true });
    await sendOutbox();
    expect(server.tries).toEqual(['key-1', 'key-1', 'key-1', 'key-1']);
    expect(server.created()).toEqual(['lunch']);
    expect(entries()).toEqual([]);
  });

  it('is one person’s: another person signing in on this device empties it, and it never sends theirs', async () => {
    const server = idempotentServer();
    keepInOutbox(sampleUser.id, expense('mine'), 'key-1');
    claimOutbox(8);
    expect(entries()).toEqual([]);
    useSessionStore.setState({ user: { ...sampleUser, id: 8, username: 'taras' } });
    await sendOutbox();
    expect(server.tries).toEqual([]);
  });
});
