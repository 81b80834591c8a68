import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpWithBase } from '../../../test/app.ts';
import { addBankClient, type BankWorld, bankToken, pairUser, startBankWorld } from '../../../test/monobank.ts';

let world: BankWorld;
beforeAll(async () => {
  world = await startBankWorld();
});
afterAll(() => world.close());

const api = (path: string) => `/api/v1/banks/monobank${path}`;

describe('pairing a Monobank client by its token', () => {
  it('is what GET /user says in monobankConnected, so a client asks for the pairing only when there is one', async () => {
    const { t, bank } = world;
    const { token } = addBankClient(bank);
    const user = await signUpWithBase(t);
    const connected = async () =>
      (await t.call('GET', '/api/v1/user', { token: user.token })).body.response.monobankConnected;
    expect(await connected()).toBe(false);
    expect((await t.call('POST', api('/pair-user'), { token: user.token, body: { token } })).status).toBe(201);
    expect(await connected()).toBe(true);
    expect((await t.call('DELETE', api('/user'), { token: user.token })).status).toBe(204);
    expect(await connected()).toBe(false);
  });

  it('makes one account per card and jar, with the bank’s balances, limits, currencies and names', async () => {
    const { t, bank } = world;
    const { token } = addBankClient(bank, {
      name: 'Шевченко Тарас',
      accounts: [
        { id: 'uahBlack', type: 'black', balance: 2_500_000, creditLimit: 1_500_000, maskedPan: ['537541******4821'] },
        { id: 'usdWhite', type: 'white', currencyCode: 840, balance: 25_075, maskedPan: ['444111******9012'] },
      ],
      jars: [{ id: 'jarSea', title: 'На море', balance: 1_200_000, goal: 5_000_000 }],
    });
    const user = await signUpWithBase(t);
    const res = await t.call('POST', api('/pair-user'), { token: user.token, body: { token } });
    expect(res.status).toBe(201);
    const { user: bankUser, accounts } = res.body.response;
    expect(bankUser).toMatchObject({
      name: 'Шевченко Тарас',
      tokenState: 'valid',
      webhookEnabled: false,
      webhookAvailable: false,
    });
    expect(bankUser.clientId).toBe(bank.clientInfo(token).clientId);
    expect(JSON.stringify(res.body)).not.toContain(token);
    const byExternal = Object.fromEntries(accounts.map((a: { externalId: string }) => [a.externalId, a]));
    expect(byExternal.uahBlack).toMatchObject({
      name: 'Monobank Black •4821',
      type: 'monobank',
      accountCategory: 'credit-card',
      currencyCode: 'UAH',
      currentBalance: 2_500_000,
      initialBalance: 2_500_000,
      creditLimit: 1_500_000,
      isEnabled: true,
    });
    expect(byExternal.usdWhite).toMatchObject({
      name: 'Monobank White USD •9012',
      accountCategory: 'current-account',
      currencyCode: 'USD',
      currentBalance: 25_075,
      creditLimit: 0,
    });
    expect(byExternal.jarSea).toMatchObject({
      name: 'Jar · На море',
      accountCategory: 'saving',
      currentBalance: 1_200_000,
    });

    // The USD card's currency joined the user's currencies; GET answers the same client.
    const currencies = await t.call('GET', '/api/v1/user/currencies', { token: user.token });
    expect(currencies.body.response.map((c: { currency: { code: string } }) => c.currency.code).sort()).toEqual([
      'UAH',
      'USD',
    ]);
    const got = await t.call('GET', api('/user'), { token: user.token });
    expect(got.status).toBe(200);
    expect(got.body.response).toEqual(bankUser);
  });

  it('names a jar as Monobank does in the person’s language: “Банка” in Ukrainian', async () => {
    const { t, bank } = world;
    const { token } = addBankClient(bank, {
      accounts: [],
      jars: [{ id: 'jarCar', title: 'На авто', balance: 50_000, goal: 1_000_000 }],
    });
    const user = await signUpWithBase(t);
    expect((await t.call('PUT', '/api/v1/user/settings', { token: user.token, body: { locale: 'uk' } })).status).toBe(
      200,
    );
    const res = await t.call('POST', api('/pair-user'), { token: user.token, body: { token } });
    expect(res.body.response.accounts.map((account: { name: string }) => account.name)).toEqual(['Банка · На авто']);
  });

  it('answers MONOBANK_USER_TOKEN_INVALID for a token Monobank does not know, and stores nothing', async () => {
    const { t } = world;
    const user = await signUpWithBase(t);
    const res = await t.call('POST', api('/pair-user'), { token: user.token, body: { token: bankToken() } });
    expect(res.status).toBe(422);
    expect(res.body.response).toMatchObject({ code: 'MONOBANK_USER_TOKEN_INVALID', details: [{ path: 'token' }] });
    expect((await t.call('GET', api('/user'), { token: user.token })).body.response.code).toBe(
      'MONOBANK_USER_NOT_PAIRED',
    );
    expect((await t.call('GET', '/api/v1/accounts', { token: user.token })).body.response).toEqual([]);
  });

  it('answers MONOBANK_USER_ALREADY_CONNECTED to a second pairing, and keeps the first', async () => {
    const { t, bank } = world;
    const first = addBankClient(bank);
    const user = await pairUser(t, first.token);
    const second = addBankClient(bank);
    const res = await t.call('POST', api('/pair-user'), { token: user.token, body: { token: second.token } });
    expect(res.status).toBe(409);
    expect(res.body.response.code).toBe('MONOBANK_USER_ALREADY_CONNECTED');
    const got = await t.call('GET', api('/user'), { token: user.token });
    expect(got.body.response.clientId).toBe(bank.clientInfo(first.token).clientId);
    expect((await t.call('GET', '/api/v1/accounts', { token: user.token })).body.response).toHaveLength(1);
  });

  it('answers MONOBANK_USER_NOT_PAIRED before pairing, on every call that needs a pairing', async () => {
    const { t } = world;
    const user = await signUpWithBase(t);
    for (const [method, path, body] of [
      ['GET', '/user'],
      ['GET', '/refresh-accounts'],
      ['GET', '/load-transactions'],
      ['POST', '/update-webhook', { clientId: 'abc' }],
      ['POST', '/user', { apiToken: bankToken() }],
      ['DELETE', '/user'],
    ] as const) {
      const res = await t.call(method, api(path), { token: user.token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.response.code, `${method} ${path}`).toBe('MONOBANK_USER_NOT_PAIRED');
    }
  });

  it('asks for a base currency first: nothing could be valued without one', async () => {
    const { t, bank } = world;
    const { token } = addBankClient(bank);
    const user = await signUp(t);
    const res = await t.call('POST', api('/pair-user'), { token: user.token, body: { token } });
    expect(res.status).toBe(409);
    expect(res.body.response.code).toBe('CONFLICT');
  });

  it('answers 502 BAD_GATEWAY when Monobank is down or blocks us, and stores nothing', async () => {
    const { t, bank } = world;
    const { token } = addBankClient(bank);
    const user = await signUpWithBase(t);
    for (const mode of ['down', 'blocked'] as const) {
      bank.setMode(mode);
      try {
        const res = await t.call('POST', api('/pair-user'), { token: user.token, body: { token } });
        expect(res.status, mode).toBe(502);
        expect(res.body.response.code).toBe('BAD_GATEWAY');
        expect(res.body.response.statusText).not.toContain(token);
      } finally {
        bank.setMode('normal');
      }
    }
    expect((await t.call('GET', api('/user'), { token: user.token })).status).toBe(404);
  });

  it('rejects a missing, malformed or oversized token with VALIDATION_ERROR naming it', async () => {
    const { t } = world;
    const user = await signUpWithBase(t);
    for (const body of [
      {},
      { token: '' },
      { token: 'short' },
      { token: 'x'.repeat(129) },
      { token: 'has spaces in it, 44 characters long.......' },
      { token: 42 },
      { token: 'abc\u0000defghijklmnopqrstuvwxyz' },
    ]) {
      const res = await t.call('POST', api('/pair-user'), { token: user.token, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.response.code).toBe('VALIDATION_ERROR');
      expect(res.body.response.details[0].path).toBe('token');
    }
  });

  it('rejects malformed bodies and parameters of every other bank call with VALIDATION_ERROR naming the field', async () => {
    const { t, bank } = world;
    const { token, info } = addBankClient(bank);
    const user = await pairUser(t, token);
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', '/user', {}, 'apiToken'],
      ['POST', '/user', { apiToken: token, name: '' }, 'name'],
      ['POST', '/user', { apiToken: token, name: 'x'.repeat(101) }, 'name'],
      ['POST', '/user', { apiToken: token, name: 'a\u0000b' }, 'name'],
      ['POST', '/update-webhook', {}, 'clientId'],
      ['POST', '/update-webhook', { clientId: info.clientId, enabled: 'yes' }, 'enabled'],
      ['POST', '/update-webhook', { clientId: 'x y' }, 'clientId'],
      ['POST', '/merchant-rules', { transactionId: 'one' }, 'transactionId'],
      ['POST', '/merchant-rules', { transactionId: 1, applyToExisting: 'always' }, 'applyToExisting'],
      ['GET', '/jobs/abc', undefined, 'jobId'],
      ['GET', '/jobs/99999999999', undefined, 'jobId'],
      ['GET', '/jobs?active=maybe', undefined, 'active'],
      ['DELETE', '/merchant-rules/-1', undefined, 'id'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await t.call(method as 'GET', api(path), { token: user.token, body });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(422);
      expect(res.body.response.code).toBe('VALIDATION_ERROR');
      expect(res.body.response.details[0].path, `${method} ${path}`).toBe(field);
    }
    // Nothing changed.
    expect((await t.call('GET', api('/user'), { token: user.token })).body.response).toMatchObject({
      name: info.name,
      webhookEnabled: false,
    });
  });
});
