import { eq, getTableColumns, getTableName, inArray, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp, startTestApp, type TestApp } from '../../../test/app.ts';
import { buildWorld } from '../../../test/world.ts';
import * as schema from '../../db/schema.ts';

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
    [{ currentPassword: PASSWORD, newPassword: ' '.repeat(12) }, 'newPassword'],
    [{ currentPassword: PASSWORD, newPassword: 'Password123' }, 'newPassword'],
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

/** Every table with a user_id column: whatever new table holds a user's data is counted too. */
const userTables = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable => is(value, PgTable) && 'userId' in getTableColumns(value),
);

/** How many rows of each table belong to the user, by table name; budget links are counted through the budgets. */
async function rowsOf(userId: number): Promise<Record<string, number>> {
  const { db } = t.handle;
  const count = sql<number>`count(*)::int`;
  const counts: Record<string, number> = {};
  for (const table of userTables) {
    const [row] = await db
      .select({ n: count })
      .from(table)
      .where(eq(getTableColumns(table).userId!, userId));
    counts[getTableName(table)] = row!.n;
  }
  const [user] = await db.select({ n: count }).from(schema.users).where(eq(schema.users.id, userId));
  counts.users = user!.n;
  const budgets = db.select({ id: schema.budgets.id }).from(schema.budgets).where(eq(schema.budgets.userId, userId));
  for (const table of [schema.budgetCategories, schema.budgetExclusions]) {
    const [row] = await db.select({ n: count }).from(table).where(inArray(table.budgetId, budgets));
    counts[getTableName(table)] = row!.n;
  }
  return counts;
}

/** A user with a bit of everything: an extra currency with a custom rate, a group, transactions, a budget with a left-out transaction. */
async function busyUser() {
  const world = await buildWorld(t, {
    currencies: { USD: 40 },
    accounts: [{ currency: 'UAH', initialBalance: 10_000 }, { currency: 'USD' }],
  });
  const { token } = world;
  const call = async (method: 'POST' | 'PUT' | 'DELETE', url: string, body: unknown) => {
    const res = await t.call(method, `/api/v1${url}`, { token, body });
    if (res.status >= 300) throw new Error(`${method} ${url} failed: ${JSON.stringify(res.body)}`);
    return res.body.response;
  };
  const group = await call('POST', '/account-groups', { name: 'Everyday' });
  await call('PUT', `/accounts/${world.accounts[0]}`, { accountGroupId: group.id });
  const groceries = world.category('Groceries');
  const [spent] = await world.record({
    accountId: world.accounts[0],
    amount: 1_500,
    transactionType: 'expense',
    categoryId: groceries,
  });
  await world.record({ accountId: world.accounts[1], amount: 700, transactionType: 'income', categoryId: groceries });
  const budget = await call('POST', '/budgets', { name: 'Food', categoryIds: [groceries] });
  await call('DELETE', `/budgets/${budget.id}/transactions`, { transactionIds: [spent!.id] });
  return world;
}

describe('DELETE /user', () => {
  it("removes the user and every row of theirs once the password is confirmed, and nobody else's", async () => {
    const doomed = await busyUser();
    const other = await busyUser();
    const before = await rowsOf(doomed.id);
    for (const table of [
      'accounts',
      'transactions',
      'account_groups',
      'budgets',
      'budget_categories',
      'budget_exclusions',
      'user_currencies',
      'custom_rates',
      'categories',
      'user_settings',
      'sessions',
    ]) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    const othersBefore = await rowsOf(other.id);

    const res = await t.call('DELETE', '/api/v1/user', { token: doomed.token, body: { password: PASSWORD } });
    expect(res.status).toBe(204);
    expect((await t.call('GET', '/api/v1/user', { token: doomed.token })).status).toBe(401);
    expect((await login(doomed.username, PASSWORD)).status).toBe(401);
    const after = await rowsOf(doomed.id);
    expect(Object.entries(after).filter(([, n]) => n > 0)).toEqual([]);
    expect(await rowsOf(other.id)).toEqual(othersBefore);
  });

  it('refuses an over-long password with VALIDATION_ERROR and removes nothing', async () => {
    const { token, id } = await signUp(t);
    const before = await rowsOf(id);
    const res = await t.call('DELETE', '/api/v1/user', { token, body: { password: 'x'.repeat(129) } });
    expect(res.status).toBe(422);
    expect(res.body.response.details[0].path).toBe('password');
    expect(await rowsOf(id)).toEqual(before);
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
