import { describe, expect, it } from 'vitest';
import type { ClientSeed } from './client.ts';
import { api, emulators } from './test-helpers.ts';

const start = emulators();
const TOKEN = 'uTestToken_0123456789abcdefghijklmnopqrstuv';
const NOW = new Date('2026-03-10T12:00:00Z');

const seed = (): ClientSeed => ({ token: TOKEN, accounts: [{ id: 'card', balance: 10_000 }] });

/** POSTs a control as a browser test in another process would. */
const control = (base: string, name: string, body: unknown) =>
  api(base, `/_control/${name}`, undefined, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('a client’s later life', () => {
  it('reissues a token: the old one answers 403, the new one is the same client, without its webhook', async () => {
    const emulator = await start({ clients: [{ ...seed(), webHookUrl: 'http://127.0.0.1:9/hook' }] });
    const before = emulator.clientInfo(TOKEN);
    const fresh = emulator.reissueToken(TOKEN);
    expect(fresh).toMatch(/^u[A-Za-z0-9]{43}$/);
    expect((await api(emulator.url, '/personal/client-info', TOKEN)).status).toBe(403);
    const after = await api(emulator.url, '/personal/client-info', fresh);
    expect(after.body).toEqual({ ...before, webHookUrl: '' });
    expect(emulator.reissueToken(fresh, 'uChosen')).toBe('uChosen');
    expect(() => emulator.reissueToken('uChosen', TOKEN)).toThrow(/in use/);
  });

  it('opens another card, listed from then on with a statement of its own', async () => {
    const emulator = await start({ clients: [seed()], now: () => NOW });
    const card = emulator.openAccount(TOKEN, { id: 'usd', currencyCode: 840, balance: 700 });
    expect(card).toMatchObject({ id: 'usd', currencyCode: 840, balance: 700, type: 'black' });
    const info = (await api(emulator.url, '/personal/client-info', TOKEN)).body as { accounts: Array<{ id: string }> };
    expect(info.accounts.map((a) => a.id)).toEqual(['card', 'usd']);
    emulator.emitPurchase({ token: TOKEN, account: 'usd', amount: -200 });
    expect(emulator.statement(TOKEN, 'usd')).toEqual([expect.objectContaining({ amount: -200, balance: 500 })]);
    expect(() => emulator.openAccount(TOKEN, { id: 'card' })).toThrow(/Duplicate/);
  });
});

describe('HTTP test controls', () => {
  it('are not there unless asked for: the real service has no such paths', async () => {
    const emulator = await start({ clients: [seed()] });
    expect((await control(emulator.url, 'purchase', { token: TOKEN, amount: -100 })).status).toBe(404);
  });

  it('emit a purchase, settle a hold, reissue and revoke a token, and switch the mode', async () => {
    const emulator = await start({ clients: [seed()], controlRoutes: true, now: () => NOW });
    const bought = await control(emulator.url, 'purchase', {
      token: TOKEN,
      amount: -2_500,
      description: 'Uklon',
      mcc: 4121,
      hold: true,
    });
    expect(bought).toMatchObject({
      status: 200,
      body: { amount: -2_500, description: 'Uklon', hold: true, balance: 7_500 },
    });
    const id = (bought.body as { id: string }).id;
    expect(await control(emulator.url, 'settle', { id, amount: -2_000 })).toMatchObject({
      status: 200,
      body: { id, hold: false, amount: -2_000, balance: 8_000 },
    });
    const reissued = await control(emulator.url, 'reissue', { token: TOKEN, newToken: 'uNewToken' });
    expect(reissued.body).toEqual({ token: 'uNewToken' });
    expect((await api(emulator.url, '/personal/client-info', 'uNewToken')).status).toBe(200);
    expect((await control(emulator.url, 'revoke', { token: 'uNewToken' })).status).toBe(200);
    expect((await api(emulator.url, '/personal/client-info', 'uNewToken')).status).toBe(403);
    expect((await control(emulator.url, 'mode', { mode: 'down' })).status).toBe(200);
    expect((await api(emulator.url, '/personal/client-info', 'uNewToken')).status).toBe(503);
  });

  it('answer 400 with the reason for a control that cannot be done', async () => {
    const emulator = await start({ clients: [seed()], controlRoutes: true });
    for (const [name, body] of [
      ['purchase', { token: 'nobody', amount: -1 }],
      ['purchase', { token: TOKEN, amount: 'lots' }],
      ['settle', { id: 'none' }],
      ['revoke', {}],
      ['mode', { mode: 'sideways' }],
    ] as const) {
      const res = await control(emulator.url, name, body);
      expect(res.status, `${name} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    expect((await control(emulator.url, 'teleport', {})).status).toBe(404);
    expect((await api(emulator.url, '/_control/purchase')).status).toBe(405);
  });
});
