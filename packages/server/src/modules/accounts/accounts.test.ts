import { type RatesEmulator, startRatesEmulator } from '@kopiyka/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, signUp, signUpWithBase, startTestApp, type TestApp } from '../../../test/app.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { buildWorld } from '../../../test/world.ts';
import { accounts } from '../../db/schema.ts';
import { fixedClock } from '../../lib/clock.ts';
import { todayIso } from '../../lib/dates.ts';

/** The NBU publishes a dollar rate for today, and nothing else: every other currency needs a custom rate. */
const NBU_USD = 41.5;
const clock = fixedClock('2026-11-24T12:00:00Z');

let emulator: RatesEmulator;
let t: TestApp;
beforeAll(async () => {
  emulator = await startRatesEmulator({
    nbu: new Map([[todayIso(clock.now()), { USD: NBU_USD }]]),
    ecb: new Map(),
    now: () => clock.now(),
  });
  t = await startTestApp(
    { rates: { nbuBaseUrl: emulator.url, frankfurterBaseUrl: emulator.url, timeoutMs: 2000 } },
    { clock },
  );
});
afterAll(async () => {
  await t.close();
  await emulator.close();
});

const create = (token: string, body: unknown) => t.call('POST', '/api/v1/accounts', { token, body });
const update = (token: string, id: number, body: unknown) => t.call('PUT', `/api/v1/accounts/${id}`, { token, body });
const get = (token: string, id: number) => t.call('GET', `/api/v1/accounts/${id}`, { token });

async function accountOf(token: string, body: Record<string, unknown> = {}) {
  const res = await create(token, { name: 'Wallet', currencyId: ids.get('UAH'), ...body });
  expect(res.status).toBe(201);
  return res.body.response as { id: number; currentBalance: number; initialBalance: number };
}

describe('GET /accounts', () => {
  it('values each account in the base currency at the latest rate, and none before a base is chosen', async () => {
    const user = await signUp(t);
    await accountOf(user.token, { initialBalance: 20_000 });
    await accountOf(user.token, { name: 'Dollars', currencyId: ids.get('USD'), initialBalance: 1_000 });
    const list = async () =>
      (
        (await t.call('GET', '/api/v1/accounts', { token: user.token })).body.response as Array<Record<string, unknown>>
      ).map(({ name, refCurrentBalance, refInitialBalance }) => ({ name, refCurrentBalance, refInitialBalance }));
    expect(await list()).toEqual([
      { name: 'Dollars', refCurrentBalance: null, refInitialBalance: null },
      { name: 'Wallet', refCurrentBalance: null, refInitialBalance: null },
    ]);
    const base = await t.call('POST', '/api/v1/user/currencies/base', {
      token: user.token,
      body: { currencyId: ids.get('UAH') },
    });
    expect(base.status).toBe(200);
    expect(await list()).toEqual([
      { name: 'Dollars', refCurrentBalance: 1_000 * NBU_USD, refInitialBalance: 1_000 * NBU_USD },
      { name: 'Wallet', refCurrentBalance: 20_000, refInitialBalance: 20_000 },
    ]);
  });
});

describe('POST /accounts', () => {
  it('creates a general manual account whose current balance starts at the initial one', async () => {
    const { token } = await signUpWithBase(t);
    const res = await create(token, { name: '  Cash  ', currencyId: ids.get('UAH'), initialBalance: 150_000 });
    expect(res.status).toBe(201);
    expect(res.body.response).toEqual({
      id: expect.any(Number),
      name: 'Cash',
      currencyId: ids.get('UAH'),
      currencyCode: 'UAH',
      type: 'system',
      accountCategory: 'general',
      isEnabled: true,
      creditLimit: 0,
      currentBalance: 150_000,
      initialBalance: 150_000,
      refCreditLimit: 0,
      refCurrentBalance: 150_000,
      refInitialBalance: 150_000,
      accountGroupId: null,
      externalId: null,
      openingAt: res.body.response.createdAt,
      openingBalance: 150_000,
      createdAt: expect.stringMatching(/^\d{4}-/),
    });
  });

  it('takes an id written as plain decimal digits, as the original client sends its select’s value, and no other text', async () => {
    const { token } = await signUpWithBase(t);
    const uah = ids.get('UAH')!;
    const res = await create(token, { name: 'Wallet', currencyId: String(uah) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.response).toMatchObject({ currencyId: uah, currencyCode: 'UAH' });
    for (const written of [`0${uah}`, `+${uah}`, `${uah}e0`, ` ${uah}`, `${uah}.0`, `0x${uah.toString(16)}`]) {
      const refused = await create(token, { name: 'Wallet', currencyId: written });
      expect(refused.status, written).toBe(422);
      expect(refused.body.response.details).toMatchObject([{ path: 'currencyId', code: 'value.id' }]);
    }
    const listed = (await t.call('GET', '/api/v1/accounts', { token })).body.response as unknown[];
    expect(listed).toHaveLength(1);
  });

  it('values a foreign account in the base currency at the latest rate and adds its currency', async () => {
    const { token } = await buildWorld(t, { currencies: { USD: 41.25 } });
    const res = await create(token, {
      name: 'Dollars',
      currencyId: ids.get('USD'),
      accountCategory: 'credit-card',
      initialBalance: 10_001,
      creditLimit: 50_000,
    });
    expect(res.body.response).toMatchObject({
      currencyCode: 'USD',
      accountCategory: 'credit-card',
      currentBalance: 10_001,
      refCurrentBalance: Math.round(10_001 * 41.25),
      refInitialBalance: Math.round(10_001 * 41.25),
      refCreditLimit: Math.round(50_000 * 41.25),
    });
  });

  it('adds a currency the user did not have to the user currencies', async () => {
    const { token } = await signUpWithBase(t);
    const codes = async () =>
      (await t.call('GET', '/api/v1/user/currencies', { token })).body.response
        .map((c: { currency: { code: string } }) => c.currency.code)
        .sort();
    expect(await codes()).toEqual(['UAH']);
    const account = (await create(token, { name: 'Dollars', currencyId: ids.get('USD'), initialBalance: 1_000 })).body
      .response;
    expect(account).toMatchObject({ currencyCode: 'USD', refCurrentBalance: Math.round(1_000 * NBU_USD) });
    expect(await codes()).toEqual(['UAH', 'USD']);
  });

  it('asks for a custom rate when a foreign currency has none, and creates nothing', async () => {
    const { token } = await signUpWithBase(t);
    const res = await create(token, { name: 'Zloty', currencyId: ids.get('PLN') });
    expect(res.status).toBe(422);
    expect(res.body.response.details).toEqual([
      {
        path: 'currencyId',
        message: expect.stringContaining('Set a custom rate'),
        code: 'rate.missing',
        params: expect.any(Object),
      },
    ]);
    expect((await t.call('GET', '/api/v1/accounts', { token })).body.response).toEqual([]);
    const currencies = (await t.call('GET', '/api/v1/user/currencies', { token })).body.response;
    expect(currencies).toHaveLength(1);
  });

  it.each([
    [{ currencyId: 1 }, 'name'],
    [{ name: '', currencyId: 1 }, 'name'],
    [{ name: 'x'.repeat(101), currencyId: 1 }, 'name'],
    [{ name: 'A' }, 'currencyId'],
    [{ name: 'A', currencyId: 999_999 }, 'currencyId'],
    [{ name: 'A', currencyId: 'UAH' }, 'currencyId'],
    [{ name: 'A', currencyId: 1, accountCategory: 'piggy-bank' }, 'accountCategory'],
    [{ name: 'A', currencyId: 1, initialBalance: 12.5 }, 'initialBalance'],
    [{ name: 'A', currencyId: 1, initialBalance: 1e18 }, 'initialBalance'],
    [{ name: 'A', currencyId: 1, initialBalance: '100' }, 'initialBalance'],
    [{ name: 'A', currencyId: 1, creditLimit: -1 }, 'creditLimit'],
    [{ name: 'A', currencyId: 1, isEnabled: 'yes' }, 'isEnabled'],
    [{ name: 'A', currencyId: 1, accountGroupId: 'g' }, 'accountGroupId'],
  ] as Array<[Record<string, unknown>, string]>)(
    'rejects %j with VALIDATION_ERROR on %s and creates nothing',
    async (body, path) => {
      const { token } = await signUpWithBase(t);
      const withUah = { ...body, ...(body.currencyId === 1 ? { currencyId: ids.get('UAH') } : {}) };
      const res = await create(token, withUah);
      expect(res.status).toBe(422);
      expect(res.body.response.code).toBe('VALIDATION_ERROR');
      expect(res.body.response.details.map((d: { path: string }) => d.path)).toContain(path);
      expect((await t.call('GET', '/api/v1/accounts', { token })).body.response).toEqual([]);
    },
  );
});

describe('the opening balance', () => {
  /** A UAH account with 1 000.00, given at `openingAt` (or now), and a way to record on it. */
  async function opened(openingAt?: string) {
    const w = await buildWorld(t, {
      accounts: [
        { currency: 'UAH', initialBalance: 100_000, ...(openingAt ? { openingAt } : { openingAt: undefined }) },
      ],
    });
    const id = w.accounts[0];
    const record = (amount: number, time?: string) =>
      w.record({
        amount,
        accountId: id,
        transactionType: 'expense',
        categoryId: w.category('Taxi'),
        ...(time ? { time } : {}),
      });
    const account = async () => (await t.call('GET', `/api/v1/accounts/${id}`, { token: w.token })).body.response;
    return { ...w, id, record, account };
  }

  it('is the balance now unless a moment is given: an older transaction was in it already, a newer one moves it', async () => {
    const w = await opened();
    expect((await w.account()).openingAt).toBe(clock.now().toISOString());
    // Entered afterwards, dated yesterday: the balance the person gave stays.
    await w.record(20_000, '2026-11-23T18:00:00Z');
    expect(await w.account()).toMatchObject({
      currentBalance: 100_000,
      initialBalance: 120_000,
      openingBalance: 100_000,
    });
    // From now on (the default time): it moves the balance.
    const [taxi] = await w.record(5_000);
    expect(await w.account()).toMatchObject({ currentBalance: 95_000, initialBalance: 120_000 });
    // Moved to before the opening moment, the same transaction moves the initial balance instead.
    await t.call('PUT', `/api/v1/transactions/${taxi!.id}`, { token: w.token, body: { time: '2026-11-20T09:00:00Z' } });
    expect(await w.account()).toMatchObject({ currentBalance: 100_000, initialBalance: 125_000 });
    await t.call('DELETE', `/api/v1/transactions/${taxi!.id}`, { token: w.token });
    expect(await w.account()).toMatchObject({ currentBalance: 100_000, initialBalance: 120_000 });
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });

  it('opens at the start of the minute it is made in, so a purchase entered right after at that minute moves it', async () => {
    clock.set('2026-11-24T12:00:42.500Z');
    try {
      const w = await opened();
      expect((await w.account()).openingAt).toBe('2026-11-24T12:00:00.000Z');
      // The dialog's time is to the minute: 12:00, seconds before the account was made.
      await w.record(5_000, '2026-11-24T12:00:00Z');
      expect(await w.account()).toMatchObject({ currentBalance: 95_000, initialBalance: 100_000 });
      expect(await ledgerProblems(t, w.id)).toEqual([]);
    } finally {
      clock.set('2026-11-24T12:00:00Z');
    }
  });

  it('is set again like any balance: the others move by the difference, no transaction is made', async () => {
    const w = await opened();
    await w.record(20_000, '2026-11-23T18:00:00Z');
    const res = await t.call('PUT', `/api/v1/accounts/${w.id}`, { token: w.token, body: { openingBalance: 150_000 } });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({
      openingBalance: 150_000,
      currentBalance: 150_000,
      initialBalance: 170_000,
    });
    const both = await t.call('PUT', `/api/v1/accounts/${w.id}`, {
      token: w.token,
      body: { openingBalance: 1, currentBalance: 2 },
    });
    expect(both.status).toBe(422);
    expect(both.body.response.details[0].path).toBe('currentBalance');
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });

  it('may be given for the start of an earlier day: what came after it moves the balance', async () => {
    const w = await opened('2026-11-01T00:00:00+02:00');
    expect((await w.account()).openingAt).toBe('2026-10-31T22:00:00.000Z');
    await w.record(30_000, '2026-11-10T12:00:00Z');
    await w.record(1_000, '2026-10-31T12:00:00Z');
    expect(await w.account()).toMatchObject({ currentBalance: 70_000, initialBalance: 101_000 });
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });

  it('cannot be a balance to come', async () => {
    const { token } = await signUpWithBase(t);
    const res = await t.call('POST', '/api/v1/accounts', {
      token,
      body: { name: 'Soon', currencyId: ids.get('UAH'), openingAt: '2026-11-25T00:00:00Z' },
    });
    expect(res.status).toBe(422);
    expect(res.body.response.details[0].path).toBe('openingAt');
    expect((await t.call('GET', '/api/v1/accounts', { token })).body.response).toEqual([]);
  });
});

describe('PUT /accounts/{id}', () => {
  it('a new current balance of an account with transactions moves the initial balance by exactly the difference', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH', initialBalance: 10_000 }] });
    const [id] = world.accounts;
    const category = world.category('Groceries');
    await world.record({ accountId: id, amount: 2_500, transactionType: 'expense', categoryId: category });
    await world.record({ accountId: id, amount: 1_000, transactionType: 'income', categoryId: category });
    expect((await get(world.token, id)).body.response).toMatchObject({ currentBalance: 8_500, initialBalance: 10_000 });

    const res = await update(world.token, id, { currentBalance: 5_000 });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ currentBalance: 5_000, initialBalance: 6_500 });
    expect(await ledgerProblems(t, world.id)).toEqual([]);
  });

  it('a new current balance moves the initial balance by the same difference', async () => {
    const { token } = await signUpWithBase(t);
    const account = await accountOf(token, { initialBalance: 10_000 });
    const res = await update(token, account.id, { currentBalance: 7_500 });
    expect(res.body.response).toMatchObject({ currentBalance: 7_500, initialBalance: 7_500 });
    const again = await update(token, account.id, { initialBalance: 0 });
    expect(again.body.response).toMatchObject({ currentBalance: 0, initialBalance: 0 });
  });

  it('changes name, category, credit limit, visibility and group', async () => {
    const { token } = await signUpWithBase(t);
    const account = await accountOf(token);
    const group = (await t.call('POST', '/api/v1/account-groups', { token, body: { name: 'Everyday' } })).body.response;
    const res = await update(token, account.id, {
      name: 'Main card',
      accountCategory: 'current-account',
      creditLimit: 100_000,
      isEnabled: false,
      accountGroupId: group.id,
    });
    expect(res.body.response).toMatchObject({
      name: 'Main card',
      accountCategory: 'current-account',
      creditLimit: 100_000,
      isEnabled: false,
      accountGroupId: group.id,
    });
    expect((await update(token, account.id, { accountGroupId: null })).body.response.accountGroupId).toBeNull();
  });

  it.each([
    [{ initialBalance: 1, currentBalance: 2 }, 'currentBalance'],
    [{ name: '' }, 'name'],
    [{ creditLimit: -5 }, 'creditLimit'],
    [{ currentBalance: 0.5 }, 'currentBalance'],
    [{ accountCategory: 'stocks' }, 'accountCategory'],
    [{ name: 'x'.repeat(101) }, 'name'],
    [{ name: 5 }, 'name'],
    [{ isEnabled: 'yes' }, 'isEnabled'],
    [{ isEnabled: 1 }, 'isEnabled'],
    [{ currentBalance: 1e18 }, 'currentBalance'],
    [{ currentBalance: -1e18 }, 'currentBalance'],
    [{ currentBalance: '100' }, 'currentBalance'],
    [{ initialBalance: 1e18 }, 'initialBalance'],
    [{ initialBalance: '100' }, 'initialBalance'],
    [{ creditLimit: 1e18 }, 'creditLimit'],
    [{ creditLimit: '100' }, 'creditLimit'],
    [{ accountGroupId: 'g' }, 'accountGroupId'],
    [{ accountGroupId: 0 }, 'accountGroupId'],
  ])('rejects %j with VALIDATION_ERROR on %s and changes nothing', async (body, path) => {
    const { token } = await signUpWithBase(t);
    const account = await accountOf(token, { initialBalance: 500 });
    const res = await update(token, account.id, body);
    expect(res.status).toBe(422);
    expect(res.body.response.details.map((d: { path: string }) => d.path)).toContain(path);
    expect((await get(token, account.id)).body.response).toMatchObject({
      name: 'Wallet',
      currentBalance: 500,
      initialBalance: 500,
      creditLimit: 0,
      accountGroupId: null,
    });
  });
});

describe('a bank account', () => {
  /** No bank API exists yet: the account is set up as a bank sync would leave it. */
  async function bankAccount() {
    const user = await signUpWithBase(t);
    const [row] = await t.handle.db
      .insert(accounts)
      .values({
        userId: user.id,
        name: 'Black card',
        currencyId: ids.get('UAH')!,
        type: 'monobank',
        externalId: 'mono-acc-1',
        creditLimit: 20_000,
        initialBalance: 5_000,
        currentBalance: 5_000,
      })
      .returning({ id: accounts.id });
    return { ...user, accountId: row!.id };
  }

  it.each([
    [{ currentBalance: 1 }, 'currentBalance'],
    [{ initialBalance: 1 }, 'initialBalance'],
    [{ creditLimit: 0 }, 'creditLimit'],
    [{ name: 'Renamed', creditLimit: 0 }, 'creditLimit'],
  ])('refuses %j with NOT_ALLOWED on %s and changes nothing', async (body, path) => {
    const { token, accountId } = await bankAccount();
    const before = (await get(token, accountId)).body.response;
    const res = await update(token, accountId, body);
    expect(res.status).toBe(403);
    expect(res.body.response).toMatchObject({ code: 'NOT_ALLOWED', details: [{ path }] });
    expect((await get(token, accountId)).body.response).toEqual(before);
  });

  it('keeps its name, visibility, group and category editable', async () => {
    const { token, accountId } = await bankAccount();
    const group = (await t.call('POST', '/api/v1/account-groups', { token, body: { name: 'Banks' } })).body.response;
    const res = await update(token, accountId, {
      name: 'Everyday card',
      isEnabled: false,
      accountGroupId: group.id,
      accountCategory: 'credit-card',
    });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({
      name: 'Everyday card',
      isEnabled: false,
      accountGroupId: group.id,
      accountCategory: 'credit-card',
      type: 'monobank',
      currentBalance: 5_000,
      initialBalance: 5_000,
      creditLimit: 20_000,
    });
  });
});

describe('DELETE /accounts/{id}', () => {
  it('deletes the account', async () => {
    const { token } = await signUpWithBase(t);
    const account = await accountOf(token);
    expect((await t.call('DELETE', `/api/v1/accounts/${account.id}`, { token })).status).toBe(204);
    expect((await get(token, account.id)).status).toBe(404);
  });

  it('frees its currency for removal, which an account blocks', async () => {
    const { token } = await buildWorld(t, { currencies: { USD: 40 } });
    const account = await accountOf(token, { currencyId: ids.get('USD') });
    const refused = await t.call('DELETE', '/api/v1/user/currency', { token, body: { currencyId: ids.get('USD') } });
    expect(refused.status).toBe(409);
    expect(refused.body.response.statusText).toBe('USD is used by an account. Delete or move it first.');
    await t.call('DELETE', `/api/v1/accounts/${account.id}`, { token });
    expect(
      (await t.call('DELETE', '/api/v1/user/currency', { token, body: { currencyId: ids.get('USD') } })).status,
    ).toBe(204);
  });
});

describe("another user's account", () => {
  it('answers NOT_FOUND on every route and changes nothing', async () => {
    const owner = await signUpWithBase(t);
    const stranger = await signUpWithBase(t);
    const account = await accountOf(owner.token, { initialBalance: 900 });
    expect((await get(stranger.token, account.id)).status).toBe(404);
    const put = await update(stranger.token, account.id, { name: 'Mine now', currentBalance: 0 });
    expect(put.status).toBe(404);
    expect(put.body.response.code).toBe('NOT_FOUND');
    expect((await t.call('DELETE', `/api/v1/accounts/${account.id}`, { token: stranger.token })).status).toBe(404);
    expect((await get(owner.token, account.id)).body.response).toMatchObject({ name: 'Wallet', currentBalance: 900 });
    expect((await t.call('GET', '/api/v1/accounts', { token: stranger.token })).body.response).toEqual([]);
  });

  it("cannot be created in another user's group, or a missing one: NOT_FOUND, and nothing is created", async () => {
    const owner = await signUpWithBase(t);
    const stranger = await signUpWithBase(t);
    const group = (await t.call('POST', '/api/v1/account-groups', { token: owner.token, body: { name: 'G' } })).body
      .response;
    for (const accountGroupId of [group.id, 999_999]) {
      const res = await create(stranger.token, { name: 'A', currencyId: ids.get('UAH'), accountGroupId });
      expect(res.status).toBe(404);
      expect(res.body.response).toMatchObject({ code: 'NOT_FOUND', details: [{ path: 'accountGroupId' }] });
    }
    expect((await t.call('GET', '/api/v1/accounts', { token: stranger.token })).body.response).toEqual([]);
    expect((await t.call('GET', '/api/v1/account-groups', { token: owner.token })).body.response).toEqual([group]);
  });

  it("cannot be moved into another user's group, or a missing one: NOT_FOUND, and nothing changes", async () => {
    const owner = await signUpWithBase(t);
    const stranger = await signUpWithBase(t);
    const group = (await t.call('POST', '/api/v1/account-groups', { token: owner.token, body: { name: 'G' } })).body
      .response;
    const account = await accountOf(stranger.token, { initialBalance: 700 });
    const before = (await get(stranger.token, account.id)).body.response;
    for (const accountGroupId of [group.id, 999_999]) {
      const res = await update(stranger.token, account.id, { name: 'Moved', accountGroupId });
      expect(res.status).toBe(404);
      expect(res.body.response).toMatchObject({ code: 'NOT_FOUND', details: [{ path: 'accountGroupId' }] });
    }
    expect((await get(stranger.token, account.id)).body.response).toEqual(before);
    expect((await t.call('GET', '/api/v1/account-groups', { token: owner.token })).body.response).toEqual([group]);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('answers VALIDATION_ERROR for the id %s', async (id) => {
    const { token } = await signUpWithBase(t);
    const res = await t.call('GET', `/api/v1/accounts/${id}`, { token });
    expect(res.status).toBe(422);
    expect(res.body.response.details[0].path).toBe('id');
  });
});
