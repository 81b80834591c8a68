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
    expect(list.length).toBeGreaterThan(150);
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

describe('base currency', () => {
  it('answers NOT_FOUND before one is chosen', async () => {
    const { token } = await signUp(t);
    const res = await t.call('GET', '/api/v1/user/currencies/base', { token });
    expect(res.status).toBe(404);
    expect(res.body.response.code).toBe('NOT_FOUND');
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
    expect(res.body.response.details).toEqual([{ path: field, message: expect.any(String) }]);
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
    expect((await t.call('GET', '/api/v1/user/currencies/base', { token: bob.token })).status).toBe(404);
    expect((await t.call('GET', '/api/v1/user/currencies', { token: bob.token })).body.response).toEqual([]);
    await setBase(bob.token, { currencyId: ids.get('GBP') });
    expect(
      (await t.call('GET', '/api/v1/user/currencies/base', { token: alice.token })).body.response.currency.code,
    ).toBe('PLN');
  });
});
