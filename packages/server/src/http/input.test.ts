import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, PASSWORD, signUp, signUpWithBase, startTestApp, type TestApp } from '../../test/app.ts';
import { DEFAULT_AUTH_LIMITS } from '../config.ts';

let t: TestApp;
let token: string;
/** One of each thing the user owns, for the routes that change one. */
const own = { account: 0, category: 0, group: 0, budget: 0, transaction: 0 };

beforeAll(async () => {
  t = await startTestApp();
  ({ token } = await signUpWithBase(t));
  const made = async (path: string, body: unknown) => {
    const res = await t.call('POST', `/api/v1${path}`, { token, body });
    expect([path, res.status, res.body]).toMatchObject([path, 201, {}]);
    return res.body.response;
  };
  own.account = (await made('/accounts', { name: 'Wallet', currencyId: ids.get('UAH') })).id;
  own.category = (await made('/categories', { name: 'Books' })).id;
  own.group = (await made('/account-groups', { name: 'Cash' })).id;
  own.budget = (await made('/budgets', { name: 'Holidays' })).id;
  own.transaction = (
    await made('/transactions', {
      amount: 100,
      transactionType: 'expense',
      accountId: own.account,
      categoryId: own.category,
    })
  )[0].id;
});
afterAll(() => t.close());

/** The error envelope of a VALIDATION_ERROR whose details name `path` (or an item of it: `path.0`). */
const refusalOf = (path: string) => ({
  status: 'error',
  response: expect.objectContaining({
    code: 'VALIDATION_ERROR',
    details: expect.arrayContaining([expect.objectContaining({ path: expect.stringMatching(`^${path}(\\.\\d+)?$`) })]),
  }),
});

describe('free text refuses control characters and broken characters (docs/decisions.md "Free text")', () => {
  /** Every free-text field of a body: where it goes, and a body with `text` in it. */
  const fields: Array<[string, 'POST' | 'PUT', () => string, (text: string) => Record<string, unknown>]> = [
    ['name', 'POST', () => '/categories', (name) => ({ name })],
    ['icon', 'POST', () => '/categories', (icon) => ({ name: 'Games', icon })],
    ['name', 'PUT', () => `/categories/${own.category}`, (name) => ({ name })],
    ['icon', 'PUT', () => `/categories/${own.category}`, (icon) => ({ icon })],
    ['name', 'POST', () => '/accounts', (name) => ({ name, currencyId: ids.get('UAH') })],
    ['name', 'PUT', () => `/accounts/${own.account}`, (name) => ({ name })],
    ['name', 'POST', () => '/account-groups', (name) => ({ name })],
    ['name', 'PUT', () => `/account-groups/${own.group}`, (name) => ({ name })],
    ['name', 'POST', () => '/budgets', (name) => ({ name })],
    ['name', 'PUT', () => `/budgets/${own.budget}`, (name) => ({ name })],
    [
      'note',
      'POST',
      () => '/transactions',
      (note) => ({ amount: 100, transactionType: 'expense', accountId: own.account, categoryId: own.category, note }),
    ],
    ['note', 'PUT', () => `/transactions/${own.transaction}`, (note) => ({ note })],
    ['username', 'POST', () => '/auth/register', (username) => ({ username, password: PASSWORD })],
    ['username', 'POST', () => '/auth/login', (username) => ({ username, password: PASSWORD })],
    ['name', 'POST', () => '/banks/monobank/user', (name) => ({ apiToken: 'a'.repeat(44), name })],
  ];
  const badTexts: Array<[string, string]> = [
    ['a NUL', 'Ab\u0000c'],
    ['a bell (C0)', 'Ab\u0007c'],
    ['a DEL', 'Ab\u007fc'],
    ['a C1 control', 'Ab\u009bc'],
    ['a lone high surrogate', 'Ab\ud800c'],
    ['a lone low surrogate', 'Ab\udc00c'],
  ];

  for (const [field, method, path, body] of fields) {
    it.each(badTexts)(`${method} …%s in ${field}: VALIDATION_ERROR naming it`, async (_, text) => {
      const url = `/api/v1${path()}`;
      const res = await t.call(method, url, { token, body: body(text) });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(refusalOf(field));
    });
  }

  it.each(fields.filter(([field]) => field !== 'note'))(
    'a line break or a tab in the one-line %s is refused',
    async (field, method, path, body) => {
      for (const text of ['Ab\nc', 'Ab\tc', 'Ab\rc']) {
        const res = await t.call(method, `/api/v1${path()}`, { token, body: body(text) });
        expect(res.status).toBe(422);
        expect(res.body).toEqual(refusalOf(field));
      }
    },
  );

  it('keeps line breaks, tabs and any well-formed character (an emoji, Cyrillic) in a note', async () => {
    const note = 'Кава ☕\n\tдля двох 👩‍❤️‍👨\r\nend';
    const res = await t.call('PUT', `/api/v1/transactions/${own.transaction}`, { token, body: { note } });
    expect(res.status).toBe(200);
    expect(res.body.response[0].note).toBe(note);
  });

  it('keeps a name of letters, emoji and punctuation from any script', async () => {
    const res = await t.call('POST', '/api/v1/categories', { token, body: { name: 'Кава & 茶 ☕', icon: '☕' } });
    expect(res.status).toBe(201);
    expect(res.body.response).toMatchObject({ name: 'Кава & 茶 ☕', icon: '☕' });
  });

  // A lone surrogate cannot be written in a URL at all: its encodings are among the bad ones below.
  it.each(badTexts.filter(([name]) => !name.includes('surrogate')))(
    'refuses %s in noteSearch with VALIDATION_ERROR naming it',
    async (_, text) => {
      const res = await t.call('GET', `/api/v1/transactions?noteSearch=${encodeURIComponent(text)}`, { token });
      expect(res.status).toBe(422);
      expect(res.body).toEqual(refusalOf('noteSearch'));
    },
  );

  it('refuses a NUL in a login username before counting it as a failure', async () => {
    const { username } = await signUp(t);
    const { perUsernameAndAddress, perUsername, perAddress } = DEFAULT_AUTH_LIMITS;
    const limit = Math.max(perUsernameAndAddress.free, perUsername.free, perAddress.free);
    for (let i = 0; i <= limit; i++) {
      const res = await t.call('POST', '/api/v1/auth/login', {
        body: { username: `${username}\u0000`, password: 'x' },
      });
      expect(res.status).toBe(422);
    }
    const res = await t.call('POST', '/api/v1/auth/login', { body: { username, password: PASSWORD } });
    expect(res.status).toBe(200);
  });
});

describe('every framework-level error keeps the envelope', () => {
  const envelope = (code: string) => ({
    status: 'error',
    response: expect.objectContaining({ code, statusText: expect.any(String) }),
  });

  it.each([
    ['a lone surrogate', '/api/v1/accounts/%ED%A0%80'],
    ['a broken escape', '/api/v1/accounts/%ZZ'],
    ['a cut escape', '/api/v1/categories/1%E'],
  ])('answers %s in a path with VALIDATION_ERROR naming the path', async (_, url) => {
    const res = await t.call('GET', url, { token });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(refusalOf('path'));
    expect(res.headers['x-session-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an over-long path segment with VALIDATION_ERROR naming the path', async () => {
    const res = await t.call('DELETE', `/api/v1/accounts/${'1'.repeat(500)}`, { token });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(refusalOf('path'));
  });

  it.each([
    ['a lone surrogate', 'noteSearch=%ED%A0%80', 'noteSearch'],
    ['a broken escape', 'noteSearch=%ZZ', 'noteSearch'],
    ['a cut escape', 'limit=2&noteSearch=ab%E', 'noteSearch'],
    ['a broken escape in a name', 'note%ZZ=1', 'query'],
    ['a NUL', 'noteSearch=a%00b', 'noteSearch'],
  ])('answers %s in a query string with VALIDATION_ERROR naming the parameter', async (_, query, path) => {
    const res = await t.call('GET', `/api/v1/transactions?${query}`, { token });
    expect(res.status).toBe(422);
    expect(res.body).toEqual(refusalOf(path));
  });

  it.each([
    ['malformed JSON', '{"name": ', 'application/json', 422, 'VALIDATION_ERROR'],
    ['an empty JSON body', '', 'application/json', 422, 'VALIDATION_ERROR'],
    ['a form body', 'name=x', 'application/x-www-form-urlencoded', 422, 'VALIDATION_ERROR'],
    ['an unknown content type', '<x/>', 'application/xml', 422, 'VALIDATION_ERROR'],
    ['a body over 1 MiB', `{"name":"${'x'.repeat(1_100_000)}"}`, 'application/json', 422, 'VALIDATION_ERROR'],
    ['JSON with a prototype key', '{"__proto__": {"x": 1}, "name": "x"}', 'application/json', 422, 'VALIDATION_ERROR'],
  ])('answers %s with its status in the envelope', async (_, payload, contentType, status, code) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/categories',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual(envelope(code));
  });
});

describe('ids are plain decimal integers in range (docs/decisions.md "Integer ids")', () => {
  const nonCanonical = (id: number) => [
    `0x${id.toString(16)}`,
    `${id}e0`,
    `+${id}`,
    `%20${id}`,
    `${id}%20`,
    `${id}.0`,
    `0${id}`,
    `${id}n`,
    '0',
    '-1',
    '2147483648',
    '99999999999999999999',
  ];

  it('answers a non-canonical id in a path with VALIDATION_ERROR and touches nothing', async () => {
    const { id } = (
      await t.call('POST', '/api/v1/accounts', { token, body: { name: 'Spare', currencyId: ids.get('UAH') } })
    ).body.response;
    for (const text of nonCanonical(id)) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const res = await t.call(method, `/api/v1/accounts/${text}`, {
          token,
          body: method === 'PUT' ? {} : undefined,
        });
        expect([text, method, res.status]).toEqual([text, method, 422]);
        expect(res.body).toEqual(refusalOf('id'));
      }
    }
    expect((await t.call('GET', `/api/v1/accounts/${id}`, { token })).status).toBe(200);
  });

  it.each([
    ['transactions/:txId', 'GET', (text: string) => `/transactions/${text}`, 'txId'],
    ['categories/:categoryId', 'PUT', (text: string) => `/categories/${text}`, 'categoryId'],

    ['budgets/:id/stats', 'GET', (text: string) => `/budgets/${text}/stats`, 'id'],
    ['monobank jobs/:jobId', 'GET', (text: string) => `/banks/monobank/jobs/${text}`, 'jobId'],
  ] as const)('does the same in %s', async (_, method, path, field) => {
    for (const text of nonCanonical(1)) {
      const res = await t.call(method, `/api/v1${path(text)}`, { token, body: method === 'PUT' ? {} : undefined });
      expect([text, res.status]).toEqual([text, 422]);
      expect(res.body).toEqual(refusalOf(field));
    }
  });

  it.each([
    ['accountIds', (text: string) => `/transactions?accountIds=${text}`],
    ['accountIds', (text: string) => `/transactions?accountIds=1,${text}`],
    ['categoryIds', (text: string) => `/transactions?categoryIds=${text}`],
    ['budgetIds', (text: string) => `/transactions?budgetIds=${text}`],
    ['excludeBudgetId', (text: string) => `/transactions?excludeBudgetId=${text}`],
    ['accountId', (text: string) => `/stats/balance-history?from=2026-01-01&to=2026-01-02&accountId=${text}`],
    ['accountId', (text: string) => `/stats/cash-flow?from=2026-01-01&to=2026-01-02&accountId=${text}`],
    ['accountId', (text: string) => `/banks/monobank/load-transactions?accountId=${text}`],
  ])('answers a non-canonical id in query %s with VALIDATION_ERROR naming it', async (field, path) => {
    for (const text of nonCanonical(1)) {
      const res = await t.call('GET', `/api/v1${path(text)}`, { token });
      expect([text, res.status]).toEqual([text, 422]);
      expect(res.body).toEqual(refusalOf(field));
    }
  });

  it('answers a non-canonical moveTo with VALIDATION_ERROR and keeps the category', async () => {
    const made = async (name: string) =>
      (await t.call('POST', '/api/v1/categories', { token, body: { name } })).body.response.id as number;
    const [doomed, target] = [await made('Doomed'), await made('Target')];
    for (const text of nonCanonical(target)) {
      const res = await t.call('DELETE', `/api/v1/categories/${doomed}?moveTo=${text}`, { token });
      expect([text, res.status]).toEqual([text, 422]);
      expect(res.body).toEqual(refusalOf('moveTo'));
    }
  });

  it.each<[string, unknown]>([
    // Plain decimal digits are an id (the original client sends a select's value); nothing else is.
    ['a string with a leading zero', '01'],
    ['a signed string', '+1'],
    ['an exponent string', '1e0'],
    ['a spaced string', ' 1'],
    ['a hex string', '0x1'],
    ['a fraction', 1.5],
    ['zero', 0],
    ['a negative', -1],
    ['past the range', 2_147_483_648],
    ['past 2^53', 2 ** 60],
    ['a boolean', true],
  ])('answers %s as an id in a body with VALIDATION_ERROR naming the field', async (_, value) => {
    const bodies: Array<[string, string, Record<string, unknown>, string]> = [
      ['POST', '/categories', { name: 'Sub', parentId: value }, 'parentId'],
      ['POST', '/accounts', { name: 'X', currencyId: value }, 'currencyId'],
      ['POST', '/transactions', { amount: 1, transactionType: 'expense', accountId: value }, 'accountId'],
      ['PUT', `/transactions/${own.transaction}`, { categoryId: value }, 'categoryId'],
      ['POST', `/budgets/${own.budget}/transactions`, { transactionIds: [value] }, 'transactionIds.0'],
      ['PUT', '/user/settings', { stats: { excludedCategoryIds: [value] } }, 'stats.excludedCategoryIds.0'],
    ];
    for (const [method, path, body, field] of bodies) {
      const res = await t.call(method as 'POST', `/api/v1${path}`, { token, body });
      expect([path, res.status]).toEqual([path, 422]);
      expect(res.body).toEqual(refusalOf(field));
    }
  });

  it('takes an id written 1.0 or 1e0 in JSON: JSON itself reads them as the integer 1', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/transactions/${own.transaction}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: `{"categoryId": ${own.category}.0}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().response[0].categoryId).toBe(own.category);
  });
});
