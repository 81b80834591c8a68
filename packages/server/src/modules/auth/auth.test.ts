import { randomInt } from 'node:crypto';
import { DEFAULT_CATEGORY_TREE } from '@kopiyka/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp, startTestApp, type TestApp, uniqueUsername } from '../../../test/app.ts';
import { DEFAULT_AUTH_LIMITS } from '../../config.ts';
import { sessions, userSettings, users } from '../../db/schema.ts';
import { fixedClock } from '../../lib/clock.ts';
import { hashPassword } from './passwords.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const register = (body: unknown) => t.call('POST', '/api/v1/auth/register', { body });
const login = (body: unknown, headers?: Record<string, string>) =>
  t.call('POST', '/api/v1/auth/login', { body, headers });

describe('POST /auth/register', () => {
  it('creates the user and answers 201 with its id and name, never the password', async () => {
    const username = uniqueUsername('Reg');
    const res = await register({ username, password: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ status: 'success', response: { user: { id: expect.any(Number), username } } });
    const [row] = await t.handle.db.select().from(users).where(eq(users.id, res.body.response.user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(PASSWORD);
  });

  it('creates the default category tree and the settings row in the same step', async () => {
    const { token, id } = await signUp(t);
    const res = await t.call('GET', '/api/v1/categories', { token });
    const categories = res.body.response as Array<{
      id: number;
      name: string;
      parentId: number | null;
      type: string;
      color: string;
    }>;
    const roots = categories.filter((c) => c.parentId === null);
    expect(roots.map((c) => c.name)).toEqual(DEFAULT_CATEGORY_TREE.map((r) => r.name));
    const childCount = DEFAULT_CATEGORY_TREE.reduce((n, r) => n + r.children.length, 0);
    expect(categories).toHaveLength(roots.length + childCount);
    const food = roots.find((c) => c.name === 'Food & Drinks')!;
    const foodChildren = categories.filter((c) => c.parentId === food.id);
    expect(foodChildren.map((c) => c.name)).toEqual(['Groceries', 'Restaurants, fast food', 'Bars, cafés']);
    expect(foodChildren.every((c) => c.color === '#e74c3c')).toBe(true);
    expect(roots.find((c) => c.name === 'Other')).toMatchObject({ type: 'internal', color: '#7f8c8d' });
    expect(categories.filter((c) => c.type === 'internal')).toHaveLength(1);
    const settings = await t.handle.db.select().from(userSettings).where(eq(userSettings.userId, id));
    expect(settings).toEqual([
      { userId: id, locale: 'en', excludedCategoryIds: [], timeZone: 'UTC', includeCryptoInTotal: true },
    ]);
  });

  it('refuses a username taken in any letter case with USER_ALREADY_EXISTS and creates nothing', async () => {
    const username = uniqueUsername('Case');
    expect((await register({ username, password: PASSWORD })).status).toBe(201);
    const before = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const res = await register({ username: username.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      status: 'error',
      response: { code: 'USER_ALREADY_EXISTS', statusText: 'This username is already taken.' },
    });
    const after = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after).toEqual(before);
  });

  it.each([
    [{ password: PASSWORD }, 'username'],
    [{ username: 'someone' }, 'password'],
    [{ username: 'ab', password: PASSWORD }, 'username'],
    [{ username: 'a'.repeat(65), password: PASSWORD }, 'username'],
    [{ username: 'has space', password: PASSWORD }, 'username'],
    [{ username: 'semi;colon', password: PASSWORD }, 'username'],
    [{ username: 42, password: PASSWORD }, 'username'],
    [{ username: 'shortpass', password: 'seven77' }, 'password'],
    [{ username: 'longpass', password: 'x'.repeat(129) }, 'password'],
    [{ username: 'typedpass', password: 12345678 }, 'password'],
    [{ username: 'spacepass', password: ' '.repeat(10) }, 'password'],
    [{ username: 'commonpass', password: 'Qwerty123' }, 'password'],
    [{ username: '\u0430dmin', password: PASSWORD }, 'username'],
  ] as Array<[Record<string, unknown>, string]>)('rejects %j with VALIDATION_ERROR naming %s', async (body, field) => {
    const res = await register(body);
    expect(res.status).toBe(422);
    expect(res.body.status).toBe('error');
    expect(res.body.response.code).toBe('VALIDATION_ERROR');
    expect(res.body.response.details).toEqual(
      expect.arrayContaining([
        { path: field, message: expect.any(String), code: expect.any(String), params: expect.any(Object) },
      ]),
    );
    const { username } = body;
    if (typeof username === 'string') {
      const rows = await t.handle.db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
      expect(rows).toEqual([]);
    }
  });

  it('accepts letters beyond ASCII, digits, dots, underscores and hyphens', async () => {
    const res = await register({ username: `Тарас.${randomInt(1e9)}_Ґ-9`, password: PASSWORD });
    expect(res.status).toBe(201);
  });

  it('stores a name in one spelling (NFKC), so a look-alike spelling is taken and either one signs in', async () => {
    const name = uniqueUsername('wide');
    const fullWidth = [...name].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('');
    const res = await register({ username: fullWidth, password: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body.response.user.username).toBe(name);
    expect((await register({ username: name.toUpperCase(), password: PASSWORD })).status).toBe(409);
    for (const username of [name, fullWidth]) {
      expect((await login({ username, password: PASSWORD })).status).toBe(200);
    }
  });

  it('refuses a name that folds like a taken one (Straße and STRASSE), and any such spelling signs in', async () => {
    const tail = uniqueUsername('_');
    const signedIn = async (username: string) => {
      const res = await login({ username, password: PASSWORD });
      expect(res.status).toBe(200);
      return (await t.call('GET', '/api/v1/user', { token: res.body.response.token })).body.response.id;
    };
    const taken = async (username: string) => {
      const res = await register({ username, password: PASSWORD });
      expect(res.status).toBe(409);
      expect(res.body.response.code).toBe('USER_ALREADY_EXISTS');
    };
    const street = (await register({ username: `Straße${tail}`, password: PASSWORD })).body.response.user.id;
    await taken(`STRASSE${tail}`);
    await taken(`strasse${tail}`);
    for (const spelling of [`STRASSE${tail}`, `STRAẞE${tail}`, `Strasse${tail}`]) {
      expect(await signedIn(spelling)).toBe(street);
    }
    // Greek names take digits only: a Latin letter would mix alphabets.
    const number = randomInt(1e9);
    expect((await register({ username: `ΟΔΟΣ${number}`, password: PASSWORD })).status).toBe(201);
    await taken(`οδος${number}`);
    const effort = (await register({ username: `Eﬀort${tail}`, password: PASSWORD })).body.response.user.id;
    await taken(`EFFORT${tail}`);
    expect(await signedIn(`eﬀORT${tail}`)).toBe(effort);
  });

  it('rejects malformed JSON, a non-object body and an oversized body with VALIDATION_ERROR on body', async () => {
    const malformed = await t.call('POST', '/api/v1/auth/register', {
      body: '{"username": "x",',
      headers: { 'content-type': 'application/json' },
    });
    const array = await register([1, 2]);
    const huge = await register({ username: 'huge', password: 'p'.repeat(2 * 1024 * 1024) });
    for (const res of [malformed, array, huge]) {
      expect(res.status).toBe(422);
      expect(res.body.response.code).toBe('VALIDATION_ERROR');
      expect(res.body.response.details[0].path).toBe('body');
    }
  });
});

describe('sign-up closed by the operator (REGISTRATIONS=closed)', () => {
  it('refuses every sign-up with NOT_ALLOWED and says so in /health; the users there still sign in', async () => {
    const closed = await startTestApp({ auth: { ...DEFAULT_AUTH_LIMITS, registrations: 'closed' } });
    try {
      const health = await closed.call('GET', '/api/v1/health');
      expect(health.body.response).toMatchObject({ registrations: 'closed' });
      const refused = await closed.call('POST', '/api/v1/auth/register', {
        body: { username: uniqueUsername(), password: PASSWORD },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.response).toMatchObject({
        code: 'NOT_ALLOWED',
        details: [{ path: 'registrations', code: 'registrations.closed' }],
      });
      expect(await closed.app.db.select().from(users)).toEqual([]);
      // Someone who has an account (made before sign-up was closed) signs in as ever.
      const username = uniqueUsername('member');
      await closed.app.db.insert(users).values({ username, passwordHash: await hashPassword(PASSWORD) });
      const signedIn = await closed.call('POST', '/api/v1/auth/login', { body: { username, password: PASSWORD } });
      expect(signedIn.status).toBe(200);
    } finally {
      await closed.close();
    }
  });
});

describe('POST /auth/login', () => {
  it('answers a token for the right password, whatever the case of the username', async () => {
    const username = uniqueUsername('Login');
    await register({ username, password: PASSWORD });
    const res = await login({ username: username.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', response: { token: expect.stringMatching(/^[\w-]{43}$/) } });
    const me = await t.call('GET', '/api/v1/user', { token: res.body.response.token });
    expect(me.body.response.username).toBe(username);
  });

  it('stores only a hash of the token', async () => {
    const { token, id } = await signUp(t);
    const rows = await t.handle.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.tokenHash).not.toBe(token);
  });

  it('answers INVALID_CREDENTIALS alike for a wrong password and an unknown user', async () => {
    const { username } = await signUp(t);
    const wrong = await login({ username, password: 'not the password' });
    const unknown = await login({ username: uniqueUsername('ghost'), password: PASSWORD });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        status: 'error',
        response: { code: 'INVALID_CREDENTIALS', statusText: 'Invalid username or password.' },
      });
    }
  });

  it('rejects missing and oversized fields with VALIDATION_ERROR', async () => {
    const missing = await login({ username: 'someone' });
    const long = await login({ username: 'someone', password: 'x'.repeat(129) });
    expect(missing.status).toBe(422);
    expect(missing.body.response.details).toEqual([
      { path: 'password', message: expect.any(String), code: expect.any(String), params: expect.any(Object) },
    ]);
    expect(long.status).toBe(422);
    expect(long.body.response.details[0].path).toBe('password');
  });
});

describe('tokens', () => {
  it('answers UNAUTHENTICATED without a token, with a malformed header and with an unknown token', async () => {
    const cases = [
      await t.call('GET', '/api/v1/user'),
      await t.call('GET', '/api/v1/user', { headers: { authorization: 'Basic abc' } }),
      await t.call('GET', '/api/v1/user', { token: 'not-a-real-token' }),
    ];
    for (const res of cases) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        status: 'error',
        response: { code: 'UNAUTHENTICATED', statusText: 'Unauthorized. Please, login first.' },
      });
    }
  });

  it('logout revokes only the token it was called with', async () => {
    const { token, username } = await signUp(t);
    const second = (await login({ username, password: PASSWORD })).body.response.token;
    const res = await t.call('POST', '/api/v1/auth/logout', { token });
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect((await t.call('GET', '/api/v1/user', { token })).status).toBe(401);
    expect((await t.call('POST', '/api/v1/auth/logout', { token })).status).toBe(401);
    expect((await t.call('GET', '/api/v1/user', { token: second })).status).toBe(200);
  });
});

describe("session expiry, on the server's clock", () => {
  const clock = fixedClock(new Date());
  let timed: TestApp;
  beforeAll(async () => {
    timed = await startTestApp({}, { clock });
  });
  afterAll(() => timed.close());
  const TTL_MS = DEFAULT_AUTH_LIMITS.tokenTtlMs;

  it('answers UNAUTHENTICATED once a token has expired, although it was just used', async () => {
    const { token } = await signUp(timed);
    expect((await timed.call('GET', '/api/v1/user', { token })).status).toBe(200);
    clock.advance(TTL_MS + 1_000);
    expect((await timed.call('GET', '/api/v1/user', { token })).body.response.code).toBe('UNAUTHENTICATED');
  });

  it('extends a session that is used (sliding expiry)', async () => {
    const { token, id } = await signUp(timed);
    expect((await timed.call('GET', '/api/v1/user', { token })).status).toBe(200);
    clock.advance(TTL_MS - 60 * 60_000);
    expect((await timed.call('GET', '/api/v1/user', { token })).status).toBe(200);
    const [row] = await timed.handle.db.select().from(sessions).where(eq(sessions.userId, id));
    expect(row!.expiresAt.getTime()).toBe(clock.now().getTime() + TTL_MS);
    // Used again within the old expiry's hour and past it: the extension is what counts.
    clock.advance(2 * 60 * 60_000);
    expect((await timed.call('GET', '/api/v1/user', { token })).status).toBe(200);
  });
});

describe('password re-checks', () => {
  it('name the field that carried the wrong password: currentPassword to change it, password to delete', async () => {
    const { token } = await signUp(t);
    const change = await t.call('PUT', '/api/v1/user/password', {
      token,
      body: { currentPassword: 'not the password', newPassword: 'a brand new secret' },
    });
    const remove = await t.call('DELETE', '/api/v1/user', { token, body: { password: 'not the password' } });
    for (const [res, path] of [
      [change, 'currentPassword'],
      [remove, 'password'],
    ] as const) {
      expect(res.status).toBe(401);
      expect(res.body.response).toEqual({
        code: 'INVALID_CREDENTIALS',
        statusText: 'The password is not correct.',
        details: [{ path, message: 'The password is not correct.', code: 'password.wrong', params: {} }],
      });
    }
  });
});

describe('GET /user', () => {
  it('answers the caller, not anyone else', async () => {
    const alice = await signUp(t, uniqueUsername('alice'));
    const bob = await signUp(t, uniqueUsername('bob'));
    const res = await t.call('GET', '/api/v1/user', { token: bob.token });
    expect(res.body).toEqual({
      status: 'success',
      response: {
        id: bob.id,
        username: bob.username,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        monobankConnected: false,
      },
    });
    expect(res.body.response.id).not.toBe(alice.id);
  });
});
