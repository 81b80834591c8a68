/**
 * The calls as the original web client sends them, replayed over real HTTP with its headers:
 * the token back as login answered it (no `Bearer`), `Content-Type: application/json` on every
 * call (DELETE without a payload included), `note: null` for a note left empty, and the base
 * currency asked for before one is chosen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, PASSWORD, startTestApp, type TestApp, uniqueUsername } from '../../test/app.ts';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await startTestApp();
  base = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/v1`;
});
afterAll(() => t.close());

/** One call as the original client makes it: JSON content type always, the token bare. */
async function send(method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      ...(token ? { authorization: token } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/** Signs up and in as the client does, and answers the token exactly as login gave it. */
async function signUpAndIn(): Promise<string> {
  const username = uniqueUsername('original');
  expect((await send('POST', '/auth/register', undefined, { username, password: PASSWORD })).status).toBe(201);
  const login = await send('POST', '/auth/login', undefined, { username, password: PASSWORD });
  expect(login.status).toBe(200);
  return login.body.response.token;
}

describe('the original client', () => {
  it('is signed in by the token as login answered it, and by the documented Bearer form', async () => {
    const token = await signUpAndIn();
    const bare = await send('GET', '/user', token);
    expect(bare.status).toBe(200);
    expect(bare.body.response.username).toMatch(/^original/);
    expect((await send('GET', '/user', `Bearer ${token}`)).status).toBe(200);
    expect((await send('GET', '/user', `bearer ${token}`)).status).toBe(200);

    for (const wrong of [`${token}x`, `Bearer ${token}x`, 'Bearer', `Basic ${token}`, `${token} ${token}`]) {
      const refused = await send('GET', '/user', wrong);
      expect(refused.status, wrong.replace(token, '<token>')).toBe(401);
      expect(refused.body.response.code).toBe('UNAUTHENTICATED');
    }
  });

  it('gets null for the base currency before choosing one, then the one chosen', async () => {
    const token = await signUpAndIn();
    const before = await send('GET', '/user/currencies/base', token);
    expect(before).toEqual({ status: 200, body: { status: 'success', response: null } });
    expect((await send('POST', '/user/currencies/base', token, { currencyId: ids.get('UAH') })).status).toBe(200);
    const after = await send('GET', '/user/currencies/base', token);
    expect(after.body.response.currency.code).toBe('UAH');
  });

  it('records income and transfers with note null as an empty note, and clears a note with null', async () => {
    const token = await signUpAndIn();
    await send('POST', '/user/currencies/base', token, { currencyId: ids.get('UAH') });
    const card = (await send('POST', '/accounts', token, { name: 'Card', currencyId: ids.get('UAH') })).body.response;
    const cash = (await send('POST', '/accounts', token, { name: 'Cash', currencyId: ids.get('UAH') })).body.response;

    const [category] = (await send('GET', '/categories', token)).body.response;
    const income = await send('POST', '/transactions', token, {
      amount: 10_000,
      transactionType: 'income',
      accountId: card.id,
      categoryId: category.id,
      note: null,
    });
    expect(income.status).toBe(201);
    const [recorded] = income.body.response;
    expect(recorded.note).toBe('');

    const transfer = await send('POST', '/transactions', token, {
      amount: 2_500,
      transactionType: 'expense',
      accountId: card.id,
      transferNature: 'transfer_between_user_accounts',
      destinationAccountId: cash.id,
      destinationAmount: 2_500,
      note: null,
    });
    expect(transfer.status).toBe(201);
    expect(transfer.body.response.map((leg: { note: string }) => leg.note)).toEqual(['', '']);

    const noted = await send('PUT', `/transactions/${recorded.id}`, token, { note: 'Salary' });
    expect(noted.body.response[0].note).toBe('Salary');
    const cleared = await send('PUT', `/transactions/${recorded.id}`, token, { note: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.response[0].note).toBe('');
    // A note still has to be text when it is given.
    const number = await send('PUT', `/transactions/${recorded.id}`, token, { note: 5 });
    expect(number.status).toBe(422);
    expect(number.body.response.details[0].path).toBe('note');
  });

  it('deletes a transaction, an account, a category and a budget with a JSON content type and no body', async () => {
    const token = await signUpAndIn();
    await send('POST', '/user/currencies/base', token, { currencyId: ids.get('UAH') });
    const account = (await send('POST', '/accounts', token, { name: 'Card', currencyId: ids.get('UAH') })).body
      .response;
    const category = (await send('POST', '/categories', token, { name: 'Hobbies' })).body.response;
    const [transaction] = (
      await send('POST', '/transactions', token, {
        amount: 100,
        transactionType: 'expense',
        accountId: account.id,
        categoryId: category.id,
      })
    ).body.response;
    const budget = (await send('POST', '/budgets', token, { name: 'Holidays', limitAmount: 50_000 })).body.response;

    const listedIds = async (path: string) =>
      (await send('GET', path, token)).body.response.map((r: { id: number }) => r.id);
    for (const [path, list, id] of [
      ['/transactions', '/transactions', transaction.id],
      ['/accounts', '/accounts', account.id],
      ['/categories', '/categories', category.id],
      ['/budgets', '/budgets', budget.id],
    ] as const) {
      expect(await listedIds(list), path).toContain(id);
      const deleted = await send('DELETE', `${path}/${id}`, token);
      expect(deleted.status, path).toBeLessThan(300);
      expect(await listedIds(list), path).not.toContain(id);
    }
    // An empty body that a call needs is missing, not a server error.
    const empty = await fetch(`${base}/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: '',
    });
    expect(empty.status).toBe(422);
    expect(((await empty.json()) as { response: { code: string } }).response.code).toBe('VALIDATION_ERROR');
  });

  it('still refuses JSON that is not JSON', async () => {
    const token = await signUpAndIn();
    const broken = await fetch(`${base}/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: '{"name":',
    });
    expect(broken.status).toBe(422);
    const poisoned = await fetch(`${base}/categories`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: '{"name":"x","__proto__":{"admin":true}}',
    });
    expect(poisoned.status).toBe(422);
  });
});
