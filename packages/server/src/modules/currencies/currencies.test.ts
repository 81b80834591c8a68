import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, signUp, startTestApp, type TestApp, waitForBaseChange } from '../../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const setBase = (token: string, body: unknown) => t.call('POST', '/api/v1/user/currencies/base', { token, body });

describe('GET /models/currencies', () => {
  it('lists ISO 4217 currencies without a token, sorted by code, without the test and no-currency codes', async () => {
    const res = await t.call('GET', '/api/v1/models/currencies');
    expect(res.status).toBe(200);
    const list = res.body.response as Array<{ code: string }>;
    expect(list.length).toBeGreaterThan(140);
    expect(list.find((c) => c.code === 'UAH')).toEqual({
      id: expect.any(Number),
      code: 'UAH',
      name: 'Hryvnia',
      number: 980,
      digits: 2,
    });
    expect(list.map((c) => c.code)).toEqual([...list.map((c) => c.code)].sort());
    expect(list.map((c) => c.code)).not.toContain('XXX');
    expect(list.map((c) => c.code)).not.toContain('XTS');
  });
});

describe('currencies that cannot be held', () => {
  it('are not offered: three decimals (stored in hundredths, they would not be exact), funds, metals and units', async () => {
    const codes = ((await t.call('GET', '/api/v1/models/currencies')).body.response as Array<{ code: string }>).map(
      (c) => c.code,
    );
    for (const code of ['KWD', 'BHD', 'TND', 'CLF', 'USN', 'MXV', 'XAU', 'XDR', 'XBA'])
      expect(codes).not.toContain(code);
    for (const code of ['UAH', 'USD', 'EUR', 'PLN', 'JPY', 'ZWG']) expect(codes).toContain(code);
  });

  it('are refused as a base, a currency or an account’s, naming the field and saying why', async () => {
    const { token } = await signUp(t);
    const base = await setBase(token, { currencyId: ids.get('KWD') });
    expect(base.status).toBe(422);
    expect(base.body.response.details).toEqual([
      {
        path: 'currencyId',
        message: 'KWD has 3 decimal places; amounts are kept in hundredths, so it cannot be held exactly',
        code: 'currency.tooManyDecimals',
        params: { code: 'KWD', digits: 3 },
      },
    ]);
    expect((await setBase(token, { currencyId: ids.get('UAH') })).status).toBe(200);
    const added = await t.call('POST', '/api/v1/user/currencies', {
      token,
      body: { currencies: [{ currencyId: ids.get('USD') }, { currencyId: ids.get('XAU') }] },
    });
    expect(added.status).toBe(422);
    expect(added.body.response.details[0]).toMatchObject({ path: 'currencies.1.currencyId' });
    const account = await t.call('POST', '/api/v1/accounts', {
      token,
      body: { name: 'Dinars', currencyId: ids.get('BHD') },
    });
    expect(account.status).toBe(422);
    expect(account.body.response.details[0].path).toBe('currencyId');
    const own = (await t.call('GET', '/api/v1/user/currencies', { token })).body.response;
    expect(own.map((c: { currency: { code: string } }) => c.currency.code)).toEqual(['UAH']);
  });
});

describe('base currency', () => {
  it('answers null before one is chosen (the client then goes to the welcome page)', async () => {
    const { token } = await signUp(t);
    const res = await t.call('GET', '/api/v1/user/currencies/base', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', response: null });
  });

  it('choosing one adds it to the user currencies and marks it base', async () => {
    const { token } = await signUp(t);
    const res = await setBase(token, { currencyId: ids.get('UAH') });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ currencyId: ids.get('UAH'), isBase: true, currency: { code: 'UAH' } });
    expect((await t.call('GET', '/api/v1/user/currencies/base', { token })).body.response.currency.code).toBe('UAH');
    const mine = (await t.call('GET', '/api/v1/user/currencies', { token })).body.response;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ currencyId: ids.get('UAH'), isBase: true, liveRateUpdate: true });
  });

  it('choosing another keeps exactly one base and keeps the old currency', async () => {
    const { token } = await signUp(t);
    await setBase(token, { currencyId: ids.get('UAH') });
    await setBase(token, { currencyId: ids.get('EUR') });
    await waitForBaseChange(t, token);
    await setBase(token, { currencyId: ids.get('EUR') });
    const mine = (await t.call('GET', '/api/v1/user/currencies', { token })).body.response;
    expect(mine.map((c: { currency: { code: string }; isBase: boolean }) => [c.currency.code, c.isBase])).toEqual([
      ['EUR', true],
      ['UAH', false],
    ]);
  });

  it.each([
    [{}, 'currencyId'],
    [{ currencyId: 'abc' }, 'currencyId'],
    [{ currencyId: -1 }, 'currencyId'],
    [{ currencyId: 1.5 }, 'currencyId'],
    [{ currencyId: 99_999_999_999 }, 'currencyId'],
    [{ currencyId: 999_999 }, 'currencyId'],
  ])('rejects %j with VALIDATION_ERROR naming %s and changes nothing', async (body, field) => {
    const { token } = await signUp(t);
    await setBase(token, { currencyId: ids.get('USD') });
    const res = await setBase(token, body);
    expect(res.status).toBe(422);
    expect(res.body.response.code).toBe('VALIDATION_ERROR');
    expect(res.body.response.details).toEqual([
      { path: field, message: expect.any(String), code: expect.any(String), params: expect.any(Object) },
    ]);
    const mine = (await t.call('GET', '/api/v1/user/currencies', { token })).body.response;
    expect(mine.map((c: { currency: { code: string } }) => c.currency.code)).toEqual(['USD']);
  });

  it('needs a token', async () => {
    expect((await t.call('GET', '/api/v1/user/currencies')).status).toBe(401);
    expect((await t.call('GET', '/api/v1/user/currencies/base')).status).toBe(401);
    expect((await setBase('', { currencyId: 1 })).status).toBe(401);
  });

  it("one user's choice is invisible to another", async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    await setBase(alice.token, { currencyId: ids.get('PLN') });
    expect((await t.call('GET', '/api/v1/user/currencies/base', { token: bob.token })).body.response).toBeNull();
    expect((await t.call('GET', '/api/v1/user/currencies', { token: bob.token })).body.response).toEqual([]);
    await setBase(bob.token, { currencyId: ids.get('GBP') });
    expect(
      (await t.call('GET', '/api/v1/user/currencies/base', { token: alice.token })).body.response.currency.code,
    ).toBe('PLN');
  });
});
