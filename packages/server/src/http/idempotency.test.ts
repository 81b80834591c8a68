import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ids, signUpWithBase, startTestApp, type TestApp } from '../../test/app.ts';
import { buildWorld, LONG_AGO } from '../../test/world.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { fixedClock } from '../lib/clock.ts';
import { createIdempotency } from './idempotency.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = fixedClock('2026-11-20T09:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { clock });
});
afterAll(() => t.close());

let keys = 0;
/** A key no other test uses. */
const newKey = () => `key-${++keys}-${Math.random().toString(36).slice(2)}`;

interface Sent {
  status: number;
  /** The body exactly as sent. */
  text: string;
  replayed: boolean;
}

/** Sends a request as it is, answering the body's text: a repeat must answer the same bytes. */
async function send(
  method: InjectOptions['method'],
  url: string,
  token: string,
  { body, key, headers = {} }: { body?: unknown; key?: string; headers?: Record<string, string> } = {},
): Promise<Sent> {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { authorization: `Bearer ${token}`, ...(key === undefined ? {} : { 'idempotency-key': key }), ...headers },
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
  });
  return { status: res.statusCode, text: res.body, replayed: res.headers['idempotent-replayed'] === 'true' };
}

const parsed = (sent: Sent) => JSON.parse(sent.text);

async function world() {
  const w = await buildWorld(t, { accounts: [{ name: 'Card', currency: 'UAH', initialBalance: 100_000 }] });
  const [card] = w.accounts;
  const expense = {
    amount: 1_250,
    transactionType: 'expense',
    paymentType: 'debitCard',
    accountId: card,
    categoryId: w.category('Groceries'),
    note: 'Coffee',
  };
  const transactions = async () =>
    parsed(await send('GET', '/transactions?limit=200', w.token)).response as Array<{ id: number }>;
  const balance = async () => parsed(await send('GET', `/accounts/${card}`, w.token)).response.currentBalance as number;
  return { ...w, card: card!, expense, transactions, balance };
}

describe('a create sent again with its Idempotency-Key', () => {
  it('answers the first status and body, byte for byte, and records nothing more', async () => {
    const w = await world();
    const key = newKey();
    const first = await send('POST', '/transactions', w.token, { body: w.expense, key });
    expect(first.status, first.text).toBe(201);
    expect(first.replayed).toBe(false);
    expect(await w.balance()).toBe(100_000 - 1_250);

    // The same body written otherwise (keys in another order) is the same request.
    const reordered = Object.fromEntries(Object.entries(w.expense).reverse());
    for (const body of [w.expense, reordered]) {
      const again = await send('POST', '/transactions', w.token, { body, key });
      expect(again).toEqual({ status: 201, text: first.text, replayed: true });
    }
    expect((await w.transactions()).map((tx) => tx.id)).toEqual([parsed(first).response[0].id]);
    expect(await w.balance()).toBe(100_000 - 1_250);
  });

  it('changes nothing without the header: each request creates', async () => {
    const w = await world();
    for (let i = 0; i < 2; i++)
      expect((await send('POST', '/transactions', w.token, { body: w.expense })).status).toBe(201);
    expect(await w.transactions()).toHaveLength(2);
    expect(await w.balance()).toBe(100_000 - 2 * 1_250);
  });

  it('works for accounts, categories, tags, account groups, budgets and rules alike', async () => {
    const w = await world();
    const creates: Array<[string, Record<string, unknown>, string]> = [
      ['/accounts', { name: 'Wallet', currencyId: ids.get('UAH'), openingAt: LONG_AGO }, '/accounts'],
      ['/categories', { name: 'Hobbies' }, '/categories'],
      ['/tags', { name: 'Trip' }, '/tags'],
      ['/account-groups', { name: 'Everyday' }, '/account-groups'],
      ['/budgets', { name: 'Food', limitAmount: 500_000 }, '/budgets'],
      [
        '/rules',
        {
          name: 'Coffee',
          conditions: [{ field: 'description', op: 'contains', value: 'coffee' }],
          actions: [{ type: 'setNote', note: 'Coffee' }],
        },
        '/rules',
      ],
    ];
    for (const [path, body, list] of creates) {
      const before = parsed(await send('GET', list, w.token)).response.length;
      const key = newKey();
      const first = await send('POST', path, w.token, { body, key });
      expect(first.status, `${path}: ${first.text}`).toBe(201);
      expect(await send('POST', path, w.token, { body, key })).toEqual({
        status: 201,
        text: first.text,
        replayed: true,
      });
      expect(parsed(await send('GET', list, w.token)).response, path).toHaveLength(before + 1);
    }
  });

  it('replays an answer without a body (204) and one of a file upload', async () => {
    const w = await world();
    const key = newKey();
    const dismiss = { name: 'Netflix', accountId: w.card };
    const first = await send('POST', '/recurring/suggestions/dismiss', w.token, { body: dismiss, key });
    expect(first).toEqual({ status: 204, text: '', replayed: false });
    expect(await send('POST', '/recurring/suggestions/dismiss', w.token, { body: dismiss, key })).toEqual({
      status: 204,
      text: '',
      replayed: true,
    });

    const csv = 'Date,Amount,Description\n2026-11-01,-12.50,Coffee\n';
    const upload = (file: string, fileKey: string) =>
      send('POST', `/imports?accountId=${w.card}`, w.token, {
        body: file,
        key: fileKey,
        headers: { 'content-type': 'text/csv' },
      });
    const fileKey = newKey();
    const uploaded = await upload(csv, fileKey);
    expect(uploaded.status, uploaded.text).toBe(201);
    expect(await upload(csv, fileKey)).toEqual({ status: 201, text: uploaded.text, replayed: true });
    expect(parsed(await send('GET', '/imports', w.token)).response).toHaveLength(1);
    // Another file is another request.
    const other = await upload(`${csv}2026-11-02,-3.00,Tea\n`, fileKey);
    expect(other.status).toBe(422);
    expect(parsed(other).response.details[0]).toMatchObject({ path: 'idempotency-key', code: 'idempotencyKey.reused' });
  });
});

describe('a create whose client went away before the answer', () => {
  beforeAll(() => t.app.listen({ port: 0, host: '127.0.0.1' }));

  /**
   * Sends `POST /transactions` with `key` over a real connection and closes the connection, before
   * any answer can come back, once `hangUp` resolves.
   */
  async function sendAndHangUp(token: string, body: unknown, key: string, hangUp: () => Promise<unknown>) {
    const { port } = t.app.server.address() as AddressInfo;
    const text = JSON.stringify(body);
    const sent = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/v1/transactions',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
        'idempotency-key': key,
      },
    });
    const closed = new Promise<void>((resolve) => {
      sent.on('error', () => resolve());
      sent.on('close', () => resolve());
    });
    sent.end(text);
    await hangUp();
    sent.destroy();
    await closed;
  }

  const keyRow = (userId: number, key: string) =>
    t.handle.db
      .select({ status: idempotencyKeys.status })
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));

  it('runs on and keeps its answer: the repeat is answered it, and nothing is made twice', async () => {
    const w = await world();
    const key = newKey();
    // Closed once the server has claimed the key (read the whole request): its handler runs or has run.
    await sendAndHangUp(w.token, w.expense, key, () =>
      vi.waitFor(async () => expect(await keyRow(w.id, key)).toHaveLength(1), { timeout: 20_000, interval: 1 }),
    );
    await vi.waitFor(async () => expect(await keyRow(w.id, key)).toEqual([{ status: 201 }]), {
      timeout: 20_000,
      interval: 20,
    });
    const again = await send('POST', '/transactions', w.token, { body: w.expense, key });
    expect(again).toMatchObject({ status: 201, replayed: true });
    expect(await w.transactions()).toHaveLength(1);
    expect(await w.balance()).toBe(100_000 - 1_250);
  });

  it('sent again at once after hanging up, is made once whenever the server noticed', async () => {
    const w = await world();
    const key = newKey();
    // Closed as soon as it is sent: the server may drop it unread, or be running it, or have run it.
    await sendAndHangUp(w.token, w.expense, key, async () => {});
    const again = await send('POST', '/transactions', w.token, { body: w.expense, key });
    expect(again.status, again.text).toBe(201);
    await vi.waitFor(async () => expect(await keyRow(w.id, key)).toEqual([{ status: 201 }]), { timeout: 20_000 });
    expect(await w.transactions()).toHaveLength(1);
    expect(await w.balance()).toBe(100_000 - 1_250);
  });
});

describe('the same key with another request', () => {
  it('answers VALIDATION_ERROR naming the header and creates nothing', async () => {
    const w = await world();
    const key = newKey();
    expect((await send('POST', '/transactions', w.token, { body: w.expense, key })).status).toBe(201);
    const refusals = [
      await send('POST', '/transactions', w.token, { body: { ...w.expense, amount: 1_300 }, key }),
      // The same key on another route names another request too.
      await send('POST', '/tags', w.token, { body: { name: 'Coffee' }, key }),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBe(422);
      expect(parsed(refused).response).toEqual({
        code: 'VALIDATION_ERROR',
        statusText: expect.stringContaining('idempotency-key'),
        details: [
          {
            path: 'idempotency-key',
            code: 'idempotencyKey.reused',
            params: {},
            message:
              'This Idempotency-Key was sent with another request in the last 24 hours: send a new request with a new key',
          },
        ],
      });
    }
    expect(await w.transactions()).toHaveLength(1);
    expect(parsed(await send('GET', '/tags', w.token)).response).toEqual([]);
    expect(await w.balance()).toBe(100_000 - 1_250);
  });

  it('is another user’s own: their keys never meet', async () => {
    const [a, b] = [await world(), await world()];
    const key = newKey();
    const first = await send('POST', '/transactions', a.token, { body: a.expense, key });
    const other = await send('POST', '/transactions', b.token, { body: b.expense, key });
    expect([first.status, other.status]).toEqual([201, 201]);
    expect(other.replayed).toBe(false);
    expect(parsed(other).response[0].accountId).toBe(b.card);
    expect(await a.transactions()).toHaveLength(1);
    expect(await b.transactions()).toHaveLength(1);
    // The same body as a's under b's key would be a's request for a: b's different body is b's alone.
    expect((await send('POST', '/transactions', b.token, { body: b.expense, key })).replayed).toBe(true);
  });
});

describe('a malformed key', () => {
  it('is refused naming the header, and nothing is created', async () => {
    const w = await world();
    for (const key of ['', ' ', 'two words', 'x'.repeat(101), 'caf\u00e9', 'tab\there']) {
      const res = await send('POST', '/transactions', w.token, { body: w.expense, key });
      expect(res.status, JSON.stringify(key)).toBe(422);
      expect(parsed(res).response.details).toEqual([
        {
          path: 'idempotency-key',
          code: 'idempotencyKey.format',
          params: { max: 100 },
          message: 'Idempotency-Key must be 1 to 100 visible ASCII characters (no spaces)',
        },
      ]);
    }
    expect(await w.transactions()).toEqual([]);
    for (const key of ['x'.repeat(100), '!~', '550e8400-e29b-41d4-a716-446655440000']) {
      expect((await send('POST', '/transactions', w.token, { body: w.expense, key })).status).toBe(201);
    }
  });
});

describe('two identical requests at once', () => {
  it('create one thing, and both answer its answer', async () => {
    const w = await world();
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => send('POST', '/transactions', w.token, { body: w.expense, key })),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(await w.transactions()).toHaveLength(1);
    expect(await w.balance()).toBe(100_000 - 1_250);

    // And an account created twice at once is one account.
    const before = parsed(await send('GET', '/accounts', w.token)).response.length;
    const account = { name: 'Twice', currencyId: ids.get('UAH') };
    const accountKey = newKey();
    const pair = await Promise.all([
      send('POST', '/accounts', w.token, { body: account, key: accountKey }),
      send('POST', '/accounts', w.token, { body: account, key: accountKey }),
    ]);
    expect(pair.map((a) => a.status)).toEqual([201, 201]);
    expect(pair[0]!.text).toBe(pair[1]!.text);
    expect(parsed(await send('GET', '/accounts', w.token)).response).toHaveLength(before + 1);
  });

  it('with different bodies: one creates, the other is refused', async () => {
    const w = await world();
    const key = newKey();
    const answers = await Promise.all([
      send('POST', '/transactions', w.token, { body: w.expense, key }),
      send('POST', '/transactions', w.token, { body: { ...w.expense, amount: 999 }, key }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 422]);
    expect(await w.transactions()).toHaveLength(1);
  });
});

describe('a refused request', () => {
  it('keeps nothing: the same key then creates with a corrected body, or with the same body once it is valid', async () => {
    const [w, other] = [await world(), await world()];
    const key = newKey();
    const refused = await send('POST', '/transactions', w.token, {
      body: { ...w.expense, accountId: other.card },
      key,
    });
    expect(refused.status).toBe(404);
    const corrected = await send('POST', '/transactions', w.token, { body: w.expense, key });
    expect(corrected).toMatchObject({ status: 201, replayed: false });
    expect(await w.transactions()).toHaveLength(1);

    // A refusal that depends on the data: a tag's name taken, then free again.
    const taken = parsed(await send('POST', '/tags', w.token, { body: { name: 'Trip' } })).response;
    const tagKey = newKey();
    const clash = await send('POST', '/tags', w.token, { body: { name: 'trip' }, key: tagKey });
    expect(parsed(clash).response.details[0].code).toBe('tag.exists');
    expect((await send('DELETE', `/tags/${taken.id}`, w.token)).status).toBe(204);
    const created = await send('POST', '/tags', w.token, { body: { name: 'trip' }, key: tagKey });
    expect(created).toMatchObject({ status: 201, replayed: false });
    expect(await send('POST', '/tags', w.token, { body: { name: 'trip' }, key: tagKey })).toMatchObject({
      status: 201,
      text: created.text,
      replayed: true,
    });
  });

  it('refused by its schema never touches the key', async () => {
    const w = await world();
    const key = newKey();
    expect((await send('POST', '/transactions', w.token, { body: { ...w.expense, amount: -5 }, key })).status).toBe(
      422,
    );
    const stored = await t.handle.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(stored).toEqual([]);
  });
});

describe('a key after 24 hours', () => {
  it('is replayed until then and acts as new after', async () => {
    const w = await world();
    const key = newKey();
    const first = await send('POST', '/transactions', w.token, { body: w.expense, key });
    clock.advance(DAY - 1);
    expect((await send('POST', '/transactions', w.token, { body: w.expense, key })).replayed).toBe(true);
    clock.advance(1);
    const later = await send('POST', '/transactions', w.token, { body: w.expense, key });
    expect(later).toMatchObject({ status: 201, replayed: false });
    expect(parsed(later).response[0].id).not.toBe(parsed(first).response[0].id);
    expect(await w.transactions()).toHaveLength(2);
    // The new answer is the one replayed from now on, for another 24 hours.
    clock.advance(DAY - 1);
    expect(await send('POST', '/transactions', w.token, { body: w.expense, key })).toEqual({
      status: 201,
      text: later.text,
      replayed: true,
    });
  });
});

describe('the keys a request holds while it runs', () => {
  const fingerprint = 'a'.repeat(64);
  const keyRow = (userId: number, key: string) =>
    t.handle.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));

  it('make a repeat wait for the answer, and another request with the key is refused at once', async () => {
    const { id } = await signUpWithBase(t);
    const keeper = createIdempotency(t.handle.db, clock, t.app.log);
    const key = newKey();
    const first = await keeper.begin(id, key, fingerprint);
    if (!('hold' in first)) throw new Error('the first request must hold the key');
    const repeat = keeper.begin(id, key, fingerprint);
    await expect(keeper.begin(id, key, 'b'.repeat(64))).rejects.toMatchObject({ code: 'VALIDATION_ERROR' });
    await first.hold.keep({ status: 201, body: '{"kept":true}' });
    expect(await repeat).toEqual({ replay: { status: 201, body: '{"kept":true}' } });
  });

  it('answer CONFLICT to a repeat that waited its longest for the first to finish', async () => {
    const { id } = await signUpWithBase(t);
    const impatient = createIdempotency(t.handle.db, clock, t.app.log, 20);
    const key = newKey();
    const first = await impatient.begin(id, key, fingerprint);
    await expect(impatient.begin(id, key, fingerprint)).rejects.toMatchObject({
      code: 'CONFLICT',
      details: [{ path: 'idempotency-key', code: 'idempotencyKey.running' }],
    });
    if ('hold' in first) await first.hold.release();
  });

  it('are given up by a failed request, and by a dead one once its lease has run out', async () => {
    const { id } = await signUpWithBase(t);
    const keeper = createIdempotency(t.handle.db, clock, t.app.log);
    const key = newKey();
    const failed = await keeper.begin(id, key, fingerprint);
    if (!('hold' in failed)) throw new Error('the first request must hold the key');
    await failed.hold.release();
    expect(await keyRow(id, key)).toEqual([]);

    // A request whose process died never settles its hold: the key is free once the lease has passed.
    const died = await keeper.begin(id, key, fingerprint);
    if (!('hold' in died)) throw new Error('the key must be free again');
    clock.advance(30_000);
    const next = await keeper.begin(id, key, 'c'.repeat(64));
    expect('hold' in next).toBe(true);
    // The dead one's late answer is not kept over the new request's hold.
    await died.hold.keep({ status: 201, body: '{}' });
    expect((await keyRow(id, key))[0]).toMatchObject({ status: null, fingerprint: 'c'.repeat(64) });
    if ('hold' in next) await next.hold.release();
  });
});

describe('expired keys', () => {
  it('are deleted by the periodic purge', async () => {
    const purgeClock = fixedClock('2026-11-20T09:00:00Z');
    const scheduled = await startTestApp({ backgroundJobs: true, schedulerCheckMs: 20 }, { clock: purgeClock });
    try {
      const { token, id } = await signUpWithBase(scheduled);
      const tag = (key: string, name: string) =>
        scheduled.call('POST', '/api/v1/tags', { token, body: { name }, headers: { 'idempotency-key': key } });
      expect((await tag('old', 'Old')).status).toBe(201);
      purgeClock.advance(12 * HOUR);
      expect((await tag('new', 'New')).status).toBe(201);
      const stored = () =>
        scheduled.handle.db
          .select({ key: idempotencyKeys.key })
          .from(idempotencyKeys)
          .where(eq(idempotencyKeys.userId, id))
          .then((rows) => rows.map((row) => row.key).sort());
      expect(await stored()).toEqual(['new', 'old']);
      purgeClock.advance(12 * HOUR + 61 * 60_000);
      await vi.waitFor(async () => expect(await stored()).toEqual(['new']), { timeout: 45_000, interval: 50 });
    } finally {
      await scheduled.close();
    }
  }, 120_000);
});
