import { describe, expect, it } from 'vitest';
import { MAX_STATEMENT_SECONDS } from './api.ts';
import type { ClientSeed, ItemSeed } from './client.ts';
import { DEMO_TOKEN } from './generate.ts';
import { api, emulators, waitUntil } from './test-helpers.ts';
import type { ClientInfo, StatementItem } from './types.ts';

const start = emulators();

const NOW = new Date('2026-03-10T12:00:00Z');
const NOW_S = NOW.getTime() / 1000;
const DAY = 86_400;
const TOKEN = 'uTestToken_0123456789abcdefghijklmnopqrstuv';
const OTHER = 'uOtherToken_0123456789abcdefghijklmnopqrstu';

/** A client with a UAH card (three items), a USD card and a jar. */
function seed(token = TOKEN): ClientSeed {
  return {
    token,
    clientId: 'cl1',
    name: 'Тест Тестович',
    accounts: [
      { id: 'uah', balance: 100_000, creditLimit: 50_000, maskedPan: ['537541******0001'], iban: 'UA1' },
      { id: 'usd', balance: 2_500, currencyCode: 840, type: 'white', maskedPan: [], iban: 'UA2' },
    ],
    jars: [{ id: 'jar', title: 'На ноутбук', balance: 30_000, goal: 100_000, sendId: 'jarX' }],
    statements: {
      uah: [
        { id: 'a', time: NOW_S - 3 * DAY, amount: 200_000, description: 'Зарплата' },
        { id: 'b', time: NOW_S - 2 * DAY, amount: -60_000, description: 'Сільпо', mcc: 5411, cashbackAmount: 600 },
        { id: 'c', time: NOW_S - DAY, amount: -40_000, description: 'Пузата Хата', mcc: 5812, comment: 'обід' },
      ],
      jar: [{ id: 'j', time: NOW_S - DAY, amount: 30_000, description: 'Поповнення банки' }],
    },
  };
}

describe('client-info', () => {
  it('answers the client, its accounts and jars in the real shape', async () => {
    const emulator = await start({ clients: [seed()], now: () => NOW });
    const { status, body, contentType } = await api(emulator.url, '/personal/client-info', TOKEN);
    expect(status).toBe(200);
    expect(contentType).toMatch(/^application\/json/);
    expect(body).toEqual({
      clientId: 'cl1',
      name: 'Тест Тестович',
      webHookUrl: '',
      permissions: 'psfj',
      accounts: [
        {
          id: 'uah',
          sendId: expect.any(String),
          balance: 100_000,
          creditLimit: 50_000,
          type: 'black',
          currencyCode: 980,
          cashbackType: 'UAH',
          maskedPan: ['537541******0001'],
          iban: 'UA1',
        },
        {
          id: 'usd',
          sendId: expect.any(String),
          balance: 2_500,
          creditLimit: 0,
          type: 'white',
          currencyCode: 840,
          cashbackType: 'None',
          maskedPan: [],
          iban: 'UA2',
        },
      ],
      jars: [
        {
          id: 'jar',
          sendId: 'jarX',
          title: 'На ноутбук',
          description: '',
          currencyCode: 980,
          balance: 30_000,
          goal: 100_000,
        },
      ],
    });
  });

  it('serves the demo client under the demo token, with balances its statements end at', async () => {
    const emulator = await start({ demo: true, now: () => NOW });
    expect(emulator.demoToken).toBe(DEMO_TOKEN);
    const info = (await api(emulator.url, '/personal/client-info', DEMO_TOKEN)).body as ClientInfo;
    expect(info.accounts.map((account) => account.currencyCode)).toEqual([980, 840]);
    expect(info.jars).toHaveLength(1);
    for (const holder of [...info.accounts, ...info.jars]) {
      expect(emulator.statement(DEMO_TOKEN, holder.id)[0]?.balance).toBe(holder.balance);
    }
  });

  it('keeps several clients apart, each by its token', async () => {
    const emulator = await start({ clients: [seed()] });
    emulator.addClient({ token: OTHER, name: 'Інший', accounts: [{ id: 'other' }] });
    expect(() => emulator.addClient({ token: OTHER })).toThrow(/exists/);
    const other = (await api(emulator.url, '/personal/client-info', OTHER)).body as ClientInfo;
    expect(other.name).toBe('Інший');
    expect(other.accounts.map((account) => account.id)).toEqual(['other']);
    expect((await api(emulator.url, '/personal/statement/uah/0', OTHER)).status).toBe(400);
  });
});

describe('tokens', () => {
  it('answers 403 Unknown X-Token for a token it does not know, 401 when the header is missing', async () => {
    const emulator = await start({ clients: [seed()] });
    for (const path of ['/personal/client-info', '/personal/statement/0/0']) {
      expect(await api(emulator.url, path, 'nope')).toMatchObject({
        status: 403,
        text: '{"errorDescription":"Unknown \'X-Token\'"}',
      });
      expect(await api(emulator.url, path)).toMatchObject({
        status: 401,
        body: { errorDescription: "Missing one of required headers 'X-Token' or 'X-Key-Id'" },
      });
    }
  });

  it('answers 403 for a revoked token, other tokens carry on', async () => {
    const emulator = await start({ clients: [seed(), seed(OTHER)] });
    expect((await api(emulator.url, '/personal/client-info', TOKEN)).status).toBe(200);
    emulator.revokeToken(TOKEN);
    expect(await api(emulator.url, '/personal/client-info', TOKEN)).toMatchObject({
      status: 403,
      body: { errorDescription: "Unknown 'X-Token'" },
    });
    expect((await api(emulator.url, '/personal/statement/0/0', TOKEN)).status).toBe(403);
    expect((await api(emulator.url, '/personal/client-info', OTHER)).status).toBe(200);
    expect(() => emulator.revokeToken('nobody')).toThrow();
  });
});

describe('rate limit', () => {
  it('allows one call per interval per token and endpoint; 429 with the real body; others unaffected', async () => {
    const emulator = await start({ clients: [seed(), seed(OTHER)], requestIntervalMs: 60_000, now: () => NOW });
    expect((await api(emulator.url, '/personal/client-info', TOKEN)).status).toBe(200);
    const again = await api(emulator.url, '/personal/client-info', TOKEN);
    expect(again.status).toBe(429);
    expect(again.text).toBe('{"errorDescription":"Too many requests"}');
    // Another token has its own limit; the statement endpoint its own too.
    expect((await api(emulator.url, '/personal/client-info', OTHER)).status).toBe(200);
    expect((await api(emulator.url, `/personal/statement/0/${NOW_S - DAY}`, TOKEN)).status).toBe(200);
    expect((await api(emulator.url, `/personal/statement/0/${NOW_S - DAY}`, TOKEN)).status).toBe(429);
    // A statement call that fails its checks still used up the turn.
    expect((await api(emulator.url, '/personal/statement/0/1', OTHER)).status).toBe(400);
    expect((await api(emulator.url, `/personal/statement/0/${NOW_S - DAY}`, OTHER)).status).toBe(429);
    emulator.resetRateLimits();
    expect((await api(emulator.url, '/personal/client-info', TOKEN)).status).toBe(200);
  });

  it('lets the next call through once the interval has passed; a refused call does not restart it', async () => {
    let clockMs = 0;
    const emulator = await start({ clients: [seed()], requestIntervalMs: 1_000, rateClockMs: () => clockMs });
    expect((await api(emulator.url, '/personal/client-info', TOKEN)).status).toBe(200);
    clockMs = 999;
    expect((await api(emulator.url, '/personal/client-info', TOKEN)).status).toBe(429);
    clockMs = 1_000;
    expect((await api(emulator.url, '/personal/client-info', TOKEN)).status).toBe(200);
    clockMs = 1_500;
    expect((await api(emulator.url, '/personal/client-info', TOKEN)).status).toBe(429);
  });

  it("scope 'token': client-info and statements share one limit", async () => {
    const emulator = await start({ clients: [seed()], requestIntervalMs: 60_000, rateLimitScope: 'token' });
    expect((await api(emulator.url, '/personal/client-info', TOKEN)).status).toBe(200);
    expect((await api(emulator.url, `/personal/statement/0/${NOW_S - DAY}`, TOKEN)).status).toBe(429);
  });

  it('checks the token before the limit: unknown tokens get 403, and use up nothing', async () => {
    const emulator = await start({ clients: [seed()], requestIntervalMs: 60_000 });
    expect((await api(emulator.url, '/personal/client-info', 'nope')).status).toBe(403);
    expect((await api(emulator.url, '/personal/client-info', 'nope')).status).toBe(403);
    expect((await api(emulator.url, '/personal/client-info', TOKEN)).status).toBe(200);
  });
});

describe('statement', () => {
  it('answers the items from `from` to `to` (both included), newest first, in the real shape', async () => {
    const emulator = await start({ clients: [seed()], now: () => NOW });
    const { status, body } = await api(emulator.url, `/personal/statement/uah/${NOW_S - 2 * DAY}/${NOW_S}`, TOKEN);
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        id: 'c',
        time: NOW_S - DAY,
        description: 'Пузата Хата',
        mcc: 5812,
        originalMcc: 5812,
        hold: false,
        amount: -40_000,
        operationAmount: -40_000,
        currencyCode: 980,
        commissionRate: 0,
        cashbackAmount: 0,
        balance: 100_000,
        comment: 'обід',
      },
      {
        id: 'b',
        time: NOW_S - 2 * DAY,
        description: 'Сільпо',
        mcc: 5411,
        originalMcc: 5411,
        hold: false,
        amount: -60_000,
        operationAmount: -60_000,
        currencyCode: 980,
        commissionRate: 0,
        cashbackAmount: 600,
        balance: 140_000,
      },
    ]);
    const ids = async (path: string) =>
      ((await api(emulator.url, path, TOKEN)).body as StatementItem[]).map((item) => item.id);
    expect(await ids(`/personal/statement/uah/${NOW_S - 3 * DAY}/${NOW_S - 2 * DAY}`)).toEqual(['b', 'a']);
    expect(await ids(`/personal/statement/uah/${NOW_S - 3 * DAY + 1}/${NOW_S - 2 * DAY - 1}`)).toEqual([]);
  });

  it('takes `to` as now when left out, `0` as the first account, and jar ids', async () => {
    const emulator = await start({ clients: [seed()], now: () => NOW });
    const items = (path: string) => api(emulator.url, path, TOKEN).then(({ body }) => body as StatementItem[]);
    expect((await items(`/personal/statement/0/${NOW_S - 5 * DAY}`)).map((item) => item.id)).toEqual(['c', 'b', 'a']);
    expect((await items(`/personal/statement/jar/${NOW_S - 5 * DAY}`)).map((item) => item.balance)).toEqual([30_000]);
    expect(await items(`/personal/statement/usd/${NOW_S - 5 * DAY}/${NOW_S}`)).toEqual([]);
  });

  it('refuses a window longer than 31 days + 1 hour with the real 400', async () => {
    const emulator = await start({ clients: [seed()], now: () => NOW });
    const from = NOW_S - MAX_STATEMENT_SECONDS;
    expect((await api(emulator.url, `/personal/statement/0/${from}/${NOW_S}`, TOKEN)).status).toBe(200);
    expect((await api(emulator.url, `/personal/statement/0/${from}`, TOKEN)).status).toBe(200);
    for (const path of [`/personal/statement/0/${from - 1}/${NOW_S}`, `/personal/statement/0/${from - 1}`]) {
      const answer = await api(emulator.url, path, TOKEN);
      expect(answer.status).toBe(400);
      expect(answer.text).toBe('{"errorDescription":"Period must be no more than 31 days"}');
    }
    // Milliseconds by mistake make a window far too long.
    expect(
      (await api(emulator.url, `/personal/statement/0/${(NOW_S - DAY) * 1000}/${NOW_S * 1000}`, TOKEN)).status,
    ).toBe(400);
  });

  it('answers 400 for an account that is not the caller’s, and for times that are not Unix seconds', async () => {
    const emulator = await start({ clients: [seed()], now: () => NOW });
    expect(await api(emulator.url, `/personal/statement/nope/${NOW_S - DAY}`, TOKEN)).toMatchObject({
      status: 400,
      body: { errorDescription: 'Invalid account' },
    });
    for (const path of [
      '/personal/statement/0/yesterday',
      `/personal/statement/0/${NOW_S - DAY}/soon`,
      `/personal/statement/0/${NOW_S}/${NOW_S - DAY}`,
      '/personal/statement/0/-5',
    ]) {
      const answer = await api(emulator.url, path, TOKEN);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toEqual({ errorDescription: expect.any(String) });
    }
  });

  it('caps an answer at 500 items; paging by the oldest time gets the rest, boundary items repeated', async () => {
    const items: ItemSeed[] = Array.from({ length: 1_235 }, (_, i) => ({
      id: `i${i}`,
      // Two items share each second, so a page boundary falls between items of one time.
      time: NOW_S - 10 * DAY + Math.floor(i / 2) * 60,
      amount: -100 - i,
    }));
    const emulator = await start({ clients: [{ ...seed(), statements: { uah: items } }], now: () => NOW });
    const from = NOW_S - 20 * DAY;
    const seen = new Map<string, StatementItem>();
    const pages: number[] = [];
    let to = NOW_S;
    for (;;) {
      const page = (await api(emulator.url, `/personal/statement/uah/${from}/${to}`, TOKEN)).body as StatementItem[];
      pages.push(page.length);
      for (const [index, item] of page.entries()) {
        if (index > 0) expect(item.time).toBeLessThanOrEqual(page[index - 1]!.time);
        seen.set(item.id, item);
      }
      if (page.length < 500) break;
      to = page.at(-1)!.time;
    }
    expect(pages.slice(0, 2)).toEqual([500, 500]);
    expect(pages.length).toBe(3);
    expect(seen.size).toBe(1_235);
    expect(seen.get('i1234')?.balance).toBe(100_000);
  });
});

describe('modes, log and paths', () => {
  it('slow: the normal answer, later; down: 503 HTML; blocked: 403 HTML, not JSON', async () => {
    const emulator = await start({ clients: [seed()], slowMs: 300 });
    emulator.setMode('slow');
    const before = performance.now();
    expect((await api(emulator.url, '/personal/client-info', TOKEN)).status).toBe(200);
    expect(performance.now() - before).toBeGreaterThanOrEqual(290);

    emulator.setMode('down');
    const down = await api(emulator.url, '/personal/client-info', TOKEN);
    expect(down.status).toBe(503);
    expect(down.contentType).toMatch(/^text\/html/);

    emulator.setMode('blocked');
    const blocked = await api(emulator.url, '/personal/client-info', TOKEN);
    expect(blocked.status).toBe(403);
    expect(blocked.contentType).toMatch(/^text\/html/);
    expect(blocked.text).toContain('<title>403 Forbidden</title>');

    emulator.setMode('normal');
    expect((await api(emulator.url, '/personal/client-info', TOKEN)).status).toBe(200);
    expect(() => emulator.setMode('broken' as never)).toThrow(/mode/);
  });

  it('slow: close() does not wait for a pending answer', async () => {
    const emulator = await start({ clients: [seed()], slowMs: 600_000 });
    emulator.setMode('slow');
    const pending = api(emulator.url, '/personal/client-info', TOKEN).then(
      () => 'answered',
      () => 'dropped',
    );
    await waitUntil(() => emulator.requests().length === 1);
    await emulator.close();
    expect(await pending).toBe('dropped');
  });

  it('logs every request with its token and status, until reset; unknown paths get 404', async () => {
    const emulator = await start({ clients: [seed()], now: () => NOW });
    await api(emulator.url, '/personal/client-info', TOKEN);
    await api(emulator.url, '/personal/client-info?x=1');
    await api(emulator.url, '/bank/nothing', TOKEN);
    await api(emulator.url, '/personal/client-info', TOKEN, { method: 'POST' });
    expect(emulator.requests()).toEqual([
      { method: 'GET', path: '/personal/client-info', token: TOKEN, status: 200, at: NOW },
      { method: 'GET', path: '/personal/client-info?x=1', status: 401, at: NOW },
      { method: 'GET', path: '/bank/nothing', token: TOKEN, status: 404, at: NOW },
      { method: 'POST', path: '/personal/client-info', token: TOKEN, status: 404, at: NOW },
    ]);
    emulator.resetRequests();
    expect(emulator.requests()).toEqual([]);
  });
});
