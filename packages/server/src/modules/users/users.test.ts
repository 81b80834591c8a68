import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp, startTestApp, type TestApp } from '../../../test/app.ts';
import { categories, sessions, userSettings } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.call('POST', '/api/v1/auth/login', { body: { username, password } });

describe('PUT /user/password', () => {
  it('changes the password and signs out every other session, keeping this one', async () => {
    const { token, username } = await signUp(t);
    const other = (await login(username, PASSWORD)).body.response.token;
    const res = await t.call('PUT', '/api/v1/user/password', {
      token,
      body: { currentPassword: PASSWORD, newPassword: 'a brand new secret' },
    });
    expect(res.status).toBe(204);
    expect((await t.call('GET', '/api/v1/user', { token })).status).toBe(200);
    expect((await t.call('GET', '/api/v1/user', { token: other })).status).toBe(401);
    expect((await login(username, PASSWORD)).status).toBe(401);
    expect((await login(username, 'a brand new secret')).status).toBe(200);
  });

  it('refuses a wrong current password with INVALID_CREDENTIALS and keeps the sessions', async () => {
    const { token, username } = await signUp(t);
    const other = (await login(username, PASSWORD)).body.response.token;
    const res = await t.call('PUT', '/api/v1/user/password', {
      token,
      body: { currentPassword: 'not it at all', newPassword: 'a brand new secret' },
    });
    expect(res.status).toBe(401);
    expect(res.body.response.code).toBe('INVALID_CREDENTIALS');
    expect((await t.call('GET', '/api/v1/user', { token: other })).status).toBe(200);
    expect((await login(username, PASSWORD)).status).toBe(200);
  });

  it.each([
    [{ newPassword: 'long enough 1' }, 'currentPassword'],
    [{ currentPassword: PASSWORD }, 'newPassword'],
    [{ currentPassword: PASSWORD, newPassword: 'short' }, 'newPassword'],
    [{ currentPassword: PASSWORD, newPassword: 'x'.repeat(129) }, 'newPassword'],
  ])('rejects %j with VALIDATION_ERROR on %s', async (body, path) => {
    const { token, username } = await signUp(t);
    const res = await t.call('PUT', '/api/v1/user/password', { token, body });
    expect(res.status).toBe(422);
    expect(res.body.response.details.map((d: { path: string }) => d.path)).toContain(path);
    expect((await login(username, PASSWORD)).status).toBe(200);
  });
});

describe('POST /auth/logout-all', () => {
  it('revokes every session of the caller, and no one else', async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const second = (await login(alice.username, PASSWORD)).body.response.token;
    expect((await t.call('POST', '/api/v1/auth/logout-all', { token: alice.token })).status).toBe(204);
    expect((await t.call('GET', '/api/v1/user', { token: alice.token })).status).toBe(401);
    expect((await t.call('GET', '/api/v1/user', { token: second })).status).toBe(401);
    expect((await t.call('GET', '/api/v1/user', { token: bob.token })).status).toBe(200);
  });
});

describe('DELETE /user', () => {
  it('removes the user and every row of theirs once the password is confirmed', async () => {
    const { token, id, username } = await signUp(t);
    const bob = await signUp(t);
    const res = await t.call('DELETE', '/api/v1/user', { token, body: { password: PASSWORD } });
    expect(res.status).toBe(204);
    expect((await t.call('GET', '/api/v1/user', { token })).status).toBe(401);
    expect((await login(username, PASSWORD)).status).toBe(401);
    for (const table of [categories, userSettings, sessions]) {
      const [row] = await t.handle.db.select({ n: sql<number>`count(*)::int` }).from(table).where(eq(table.userId, id));
      expect(row!.n).toBe(0);
    }
    expect((await t.call('GET', '/api/v1/categories', { token: bob.token })).body.response.length).toBeGreaterThan(0);
  });

  it('refuses a wrong password with INVALID_CREDENTIALS and removes nothing', async () => {
    const { token } = await signUp(t);
    const res = await t.call('DELETE', '/api/v1/user', { token, body: { password: 'nope nope nope' } });
    expect(res.status).toBe(401);
    expect(res.body.response.code).toBe('INVALID_CREDENTIALS');
    expect((await t.call('GET', '/api/v1/user', { token })).status).toBe(200);
    const missing = await t.call('DELETE', '/api/v1/user', { token, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.response.details[0].path).toBe('password');
  });
});
