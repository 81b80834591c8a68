import { ACCOUNT_GROUPS_MAX, ACCOUNTS_MAX, BUDGETS_MAX, CATEGORIES_MAX } from '@kopiyka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, signUpWithBase, startTestApp, type TestApp } from '../../test/app.ts';
import { accountGroups, accounts, budgets, categories } from '../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const UAH = ids.get('UAH')!;

/** Each kind a user creates, its most, and how to fill a user up to a count without the API (quicker). */
const kinds = [
  {
    plural: 'accounts',
    max: ACCOUNTS_MAX,
    path: '/accounts',
    body: (n: number) => ({ name: `Account ${n}`, currencyId: UAH }),
    fill: (userId: number, names: string[]) =>
      t.app.db.insert(accounts).values(names.map((name) => ({ userId, name, currencyId: UAH }))),
  },
  {
    plural: 'account groups',
    max: ACCOUNT_GROUPS_MAX,
    path: '/account-groups',
    body: (n: number) => ({ name: `Group ${n}` }),
    fill: (userId: number, names: string[]) =>
      t.app.db.insert(accountGroups).values(names.map((name) => ({ userId, name }))),
  },
  {
    plural: 'categories',
    max: CATEGORIES_MAX,
    path: '/categories',
    body: (n: number) => ({ name: `Category ${n}` }),
    fill: (userId: number, names: string[]) =>
      t.app.db.insert(categories).values(names.map((name) => ({ userId, name, color: '#123456' }))),
  },
  {
    plural: 'budgets',
    max: BUDGETS_MAX,
    path: '/budgets',
    body: (n: number) => ({ name: `Budget ${n}` }),
    fill: (userId: number, names: string[]) => t.app.db.insert(budgets).values(names.map((name) => ({ userId, name }))),
  },
];

/** A user with `count` of the kind already (the default categories included). */
async function userWith(kind: (typeof kinds)[number], count: number) {
  const user = await signUpWithBase(t);
  const has = (await t.call('GET', `/api/v1${kind.path}`, { token: user.token })).body.response.length as number;
  const names = Array.from({ length: count - has }, (_, i) => `Filler ${i}`);
  if (names.length > 0) await kind.fill(user.id, names);
  return user;
}

describe.each(kinds)('the most $plural one person can have', (kind) => {
  const create = (token: string, n: number) => t.call('POST', `/api/v1${kind.path}`, { token, body: kind.body(n) });

  it('takes the last one, then refuses the next with CONFLICT saying why', async () => {
    const { token } = await userWith(kind, kind.max - 1);
    expect((await create(token, 1)).status).toBe(201);
    const refused = await create(token, 2);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      status: 'error',
      response: {
        code: 'CONFLICT',
        statusText: `You have ${kind.max} ${kind.plural}, the most one person can have. Delete one you no longer need to add another.`,
      },
    });
    expect((await t.call('GET', `/api/v1${kind.path}`, { token })).body.response).toHaveLength(kind.max);
    // Another person's count is their own.
    expect((await create((await signUpWithBase(t)).token, 1)).status).toBe(201);
  });

  it('lets no number of creates at once go past it', async () => {
    const { token } = await userWith(kind, kind.max - 2);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, n) => create(token, n)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect((await t.call('GET', `/api/v1${kind.path}`, { token })).body.response).toHaveLength(kind.max);
  });
});
