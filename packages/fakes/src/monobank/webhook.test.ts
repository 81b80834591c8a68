import { describe, expect, it } from 'vitest';
import type { ClientSeed } from './client.ts';
import { api, emulators, receivers, setWebhook, sleep, waitUntil } from './test-helpers.ts';
import type { ClientInfo, WebhookEvent } from './types.ts';

const start = emulators();
const receiver = receivers();

const TOKEN = 'uHookToken_0123456789abcdefghijklmnopqrstuvw';
const NOW = new Date('2026-06-01T09:00:00Z');
const NOW_S = NOW.getTime() / 1000;

function client(webHookUrl = ''): ClientSeed {
  return {
    token: TOKEN,
    webHookUrl,
    accounts: [
      { id: 'uah', balance: 500_000 },
      { id: 'usd', balance: 10_000, currencyCode: 840 },
    ],
    jars: [{ id: 'jar', balance: 0 }],
    statements: { uah: [{ id: 'old', time: NOW_S - 3_600, amount: -1_000 }] },
  };
}

const webHookUrlOf = async (url: string) =>
  ((await api(url, '/personal/client-info', TOKEN)).body as ClientInfo).webHookUrl;

describe('setting the webhook', () => {
  it('GETs the URL first; a receiver answering 200 gets it set (an empty 200 answer)', async () => {
    const emulator = await start({ clients: [client()] });
    const hook = await receiver();
    const answer = await setWebhook(emulator, TOKEN, hook.url);
    expect(answer).toMatchObject({ status: 200, text: '' });
    expect(hook.calls).toEqual([{ method: 'GET', path: '/monobank/secret-path', body: '' }]);
    expect(await webHookUrlOf(emulator.url)).toBe(hook.url);
    expect(emulator.webhookCalls()).toEqual([
      { kind: 'verification', url: hook.url, attempt: 1, status: 200, ok: true },
    ]);
  });

  it('refuses a URL whose receiver answers anything but exactly 200, or too late, or not at all', async () => {
    const emulator = await start({ clients: [client()], webhookTimeoutMs: 200 });
    const hook = await receiver();
    for (const status of [201, 204, 301, 404, 500]) {
      hook.status = status;
      const answer = await setWebhook(emulator, TOKEN, hook.url);
      expect(answer, String(status)).toMatchObject({ status: 408, body: { errorDescription: 'webHookUrl timeout' } });
    }
    hook.status = 200;
    hook.delayMs = 400;
    expect((await setWebhook(emulator, TOKEN, hook.url)).status).toBe(408);
    expect((await setWebhook(emulator, TOKEN, 'http://127.0.0.1:9/closed')).status).toBe(408);
    expect(await webHookUrlOf(emulator.url)).toBe('');
    expect(emulator.webhookCalls().at(-2)).toMatchObject({ ok: false, error: 'timeout' });
    expect(emulator.webhookCalls().at(-1)).toMatchObject({ ok: false, error: expect.any(String) });
  });

  it('removes the webhook for an empty URL; refuses a body without a usable URL', async () => {
    const hook = await receiver();
    const emulator = await start({ clients: [client(hook.url)] });
    expect((await setWebhook(emulator, TOKEN, '')).status).toBe(200);
    expect(await webHookUrlOf(emulator.url)).toBe('');
    expect(hook.calls).toEqual([]);
    for (const body of ['not json', '{}', '{"webHookUrl":"ftp://x/y"}', '{"webHookUrl":"nowhere"}']) {
      const answer = await api(emulator.url, '/personal/webhook', TOKEN, { method: 'POST', body });
      expect(answer.status, body).toBe(400);
    }
  });

  it('needs a known token and keeps to the rate limit', async () => {
    const emulator = await start({ clients: [client()], requestIntervalMs: 60_000 });
    const hook = await receiver();
    expect((await setWebhook(emulator, 'nope', hook.url)).status).toBe(403);
    expect((await setWebhook(emulator, TOKEN, hook.url)).status).toBe(200);
    expect((await setWebhook(emulator, TOKEN, hook.url)).status).toBe(429);
    expect(hook.calls).toHaveLength(1);
  });
});

describe('events', () => {
  it('POSTs each new item as {type: "StatementItem", data: {account, statementItem}}', async () => {
    const hook = await receiver();
    const emulator = await start({ clients: [client(hook.url)], now: () => NOW });
    const item = emulator.emitPurchase({
      token: TOKEN,
      amount: -25_050,
      description: 'Сільпо',
      mcc: 5411,
      cashbackAmount: 250,
    });
    expect(item).toMatchObject({ time: NOW_S, amount: -25_050, balance: 474_950, hold: false, currencyCode: 980 });
    await waitUntil(() => hook.calls.length === 1);
    expect(hook.calls[0]?.method).toBe('POST');
    const event = JSON.parse(hook.calls[0]!.body) as WebhookEvent;
    expect(event).toEqual({ type: 'StatementItem', data: { account: 'uah', statementItem: item } });
    expect(emulator.statement(TOKEN)[0]).toEqual(item);
    expect(emulator.clientInfo(TOKEN).accounts[0]?.balance).toBe(474_950);
  });

  it('carries purchases in a third currency, commissions and jar items with their own account id', async () => {
    const hook = await receiver();
    const emulator = await start({ clients: [client(hook.url)], now: () => NOW });
    emulator.emitPurchase({
      token: TOKEN,
      account: 'usd',
      amount: -1_187,
      operationAmount: -1_000,
      currencyCode: 978,
      description: 'BILLA',
      mcc: 5411,
    });
    emulator.emitPurchase({
      token: TOKEN,
      amount: -101_000,
      operationAmount: -100_000,
      commissionRate: 1_000,
      description: 'Банкомат',
      mcc: 6011,
    });
    emulator.emitPurchase({ token: TOKEN, account: 'jar', amount: 50_000, description: 'Поповнення банки' });
    await waitUntil(() => hook.calls.length === 3);
    const events = hook.calls.map((call) => JSON.parse(call.body) as WebhookEvent);
    const byAccount = Object.fromEntries(events.map((event) => [event.data.account, event.data.statementItem]));
    expect(byAccount.usd).toMatchObject({ amount: -1_187, operationAmount: -1_000, currencyCode: 978, balance: 8_813 });
    expect(byAccount.uah).toMatchObject({ amount: -101_000, operationAmount: -100_000, commissionRate: 1_000 });
    expect(byAccount.jar).toMatchObject({ amount: 50_000, balance: 50_000, currencyCode: 980 });
  });

  it('sends nothing without a webhook', async () => {
    const emulator = await start({ clients: [client()] });
    emulator.emitPurchase({ token: TOKEN, amount: -100, description: 'x', mcc: 5411 });
    await sleep(50);
    expect(emulator.webhookCalls()).toEqual([]);
  });

  it('retries a failed event after the retry delays, and stops once the receiver answers 200', async () => {
    const hook = await receiver();
    hook.queue = [500];
    const emulator = await start({ clients: [client(hook.url)], webhookRetryDelaysMs: [150, 300] });
    const started = performance.now();
    emulator.emitPurchase({ token: TOKEN, amount: -100, description: 'x', mcc: 5411 });
    await waitUntil(() => hook.calls.length === 2);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    await sleep(400);
    expect(hook.calls).toHaveLength(2);
    expect(hook.calls[1]?.body).toBe(hook.calls[0]?.body);
    expect(emulator.webhookCalls().map(({ attempt, status, ok }) => ({ attempt, status, ok }))).toEqual([
      { attempt: 1, status: 500, ok: false },
      { attempt: 2, status: 200, ok: true },
    ]);
    expect(await webHookUrlOf(emulator.url)).toBe(hook.url);
  });

  it('switches the webhook off when the third attempt fails too; later events are not sent', async () => {
    const hook = await receiver();
    hook.status = 200;
    hook.delayMs = 300; // answers 200, but too late
    const emulator = await start({
      clients: [client(hook.url)],
      webhookTimeoutMs: 100,
      webhookRetryDelaysMs: [50, 100],
    });
    emulator.emitPurchase({ token: TOKEN, amount: -100, description: 'x', mcc: 5411 });
    await waitUntil(() => emulator.webhookCalls().length === 3);
    expect(emulator.webhookCalls().map(({ attempt, error }) => ({ attempt, error }))).toEqual([
      { attempt: 1, error: 'timeout' },
      { attempt: 2, error: 'timeout' },
      { attempt: 3, error: 'timeout' },
    ]);
    expect(emulator.clientInfo(TOKEN).webHookUrl).toBe('');
    expect(await webHookUrlOf(emulator.url)).toBe('');
    emulator.emitPurchase({ token: TOKEN, amount: -100, description: 'y', mcc: 5411 });
    await sleep(300);
    expect(hook.calls).toHaveLength(3);
  });

  it('keeps to the real schedule by default: one attempt, the next one a minute later', async () => {
    const hook = await receiver();
    hook.status = 503;
    const emulator = await start({ clients: [client(hook.url)] });
    emulator.emitPurchase({ token: TOKEN, amount: -100, description: 'x', mcc: 5411 });
    await waitUntil(() => emulator.webhookCalls().length === 1);
    await sleep(200);
    expect(hook.calls).toHaveLength(1);
    expect(emulator.clientInfo(TOKEN).webHookUrl).toBe(hook.url);
  });

  it('stops for a revoked token, retries included', async () => {
    const hook = await receiver();
    hook.queue = [500];
    const emulator = await start({ clients: [client(hook.url)], webhookRetryDelaysMs: [100, 100] });
    emulator.emitPurchase({ token: TOKEN, amount: -100, description: 'x', mcc: 5411 });
    await waitUntil(() => hook.calls.length === 1);
    emulator.revokeToken(TOKEN);
    emulator.emitPurchase({ token: TOKEN, amount: -100, description: 'y', mcc: 5411 });
    await sleep(250);
    expect(hook.calls).toHaveLength(1);
  });
});

describe('holds', () => {
  it('a hold moves the balance at once; settling it at another amount moves the balances by the difference', async () => {
    const hook = await receiver();
    const emulator = await start({ clients: [client(hook.url)], now: () => NOW });
    const hold = emulator.emitPurchase({ token: TOKEN, amount: -20_000, description: 'Готель', mcc: 7011, hold: true });
    const after = emulator.emitPurchase({ token: TOKEN, amount: -5_000, description: 'Кава', mcc: 5814 });
    expect(hold).toMatchObject({ hold: true, balance: 480_000 });
    expect(after.balance).toBe(475_000);

    const settled = emulator.settleHold(hold.id, { amount: -18_000 });
    expect(settled).toMatchObject({
      id: hold.id,
      hold: false,
      amount: -18_000,
      operationAmount: -18_000,
      balance: 482_000,
    });
    const [newest, settledInStatement] = emulator.statement(TOKEN);
    expect(newest).toMatchObject({ id: after.id, balance: 477_000 });
    expect(settledInStatement).toEqual(settled);
    expect(emulator.clientInfo(TOKEN).accounts[0]?.balance).toBe(477_000);

    await waitUntil(() => hook.calls.length === 3);
    const events = hook.calls.map((call) => (JSON.parse(call.body) as WebhookEvent).data.statementItem);
    expect(events.find((event) => event.id === hold.id && !event.hold)).toEqual(settled);
    expect(() => emulator.settleHold(hold.id)).toThrow(/hold/);
    expect(() => emulator.settleHold('nope')).toThrow(/hold/);
  });

  it('keeps the operation amount of a foreign purchase when only the card amount changes', async () => {
    const emulator = await start({ clients: [client()], now: () => NOW });
    const hold = emulator.emitPurchase({
      token: TOKEN,
      amount: -5_000,
      operationAmount: -11_000,
      currencyCode: 985,
      description: 'Żabka',
      mcc: 5411,
      hold: true,
    });
    expect(emulator.settleHold(hold.id, { amount: -5_050 })).toMatchObject({
      amount: -5_050,
      operationAmount: -11_000,
    });
  });

  it('with holdSettleMs, holds settle by themselves (the seeded ones and new ones) and tell the webhook', async () => {
    const hook = await receiver();
    const seeded = client(hook.url);
    seeded.statements = { uah: [{ id: 'seeded', time: NOW_S - 60, amount: -700, hold: true }] };
    const emulator = await start({ clients: [seeded], now: () => NOW, holdSettleMs: 100 });
    const hold = emulator.emitPurchase({ token: TOKEN, amount: -300, description: 'Uklon', mcc: 4121, hold: true });
    await waitUntil(() => hook.calls.length === 3);
    expect(emulator.statement(TOKEN).map(({ id, hold }) => ({ id, hold }))).toEqual([
      { id: hold.id, hold: false },
      { id: 'seeded', hold: false },
    ]);
  });
});
