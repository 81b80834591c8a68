import type { Transaction } from '@kopiyka/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, startTestApp, type TestApp } from '../../../test/app.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { buildWorld, LONG_AGO } from '../../../test/world.ts';
import { accountDayDeltas, accountDayTotals, accountMonthTotals, accounts, transactions } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A user with base UAH, two UAH accounts and two USD accounts, USD at 40 UAH until June and 42 after. */
async function world() {
  const w = await buildWorld(t, {
    currencies: { USD: { rate: 40, from: { '2026-06-01': 42 } } },
    accounts: [
      { name: 'Card', currency: 'UAH', initialBalance: 1_000_000 },
      { name: 'Cash', currency: 'UAH', accountCategory: 'cash', initialBalance: 50_000 },
      { name: 'Dollars', currency: 'USD', initialBalance: 100_000 },
      { name: 'Dollar savings', currency: 'USD' },
    ],
  });
  const [uah, cash, usd, usd2] = w.accounts;
  return {
    token: w.token,
    userId: w.id,
    uah,
    cash,
    usd,
    usd2,
    food: w.category('Food & Drinks'),
    groceries: w.category('Groceries'),
    salary: w.category('Wage, invoices'),
  };
}
type World = Awaited<ReturnType<typeof world>>;

const post = (w: World, body: Record<string, unknown>) =>
  t.call('POST', '/api/v1/transactions', { token: w.token, body });
const put = (w: World, id: number, body: Record<string, unknown>) =>
  t.call('PUT', `/api/v1/transactions/${id}`, { token: w.token, body });
const del = (w: World, id: number) => t.call('DELETE', `/api/v1/transactions/${id}`, { token: w.token });
const getTx = async (w: World, id: number) =>
  (await t.call('GET', `/api/v1/transactions/${id}`, { token: w.token })).body.response as Transaction;
const balance = async (w: World, accountId: number) =>
  (await t.call('GET', `/api/v1/accounts/${accountId}`, { token: w.token })).body.response.currentBalance as number;
const created = async (w: World, body: Record<string, unknown>) => {
  const res = await post(w, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.response as Transaction[];
};
const expense = (w: World, extra: Record<string, unknown> = {}) =>
  created(w, { amount: 12_345, transactionType: 'expense', accountId: w.uah, categoryId: w.groceries, ...extra });
const income = (w: World, body: { amount: number; accountId: number } & Record<string, unknown>) =>
  created(w, { transactionType: 'income', categoryId: w.salary, ...body });
/** The body of a transfer between two of the user's accounts. */
const transferBody = (amount: number, accountId: number, destinationAccountId: number, extra = {}) => ({
  amount,
  transactionType: 'expense',
  accountId,
  transferNature: 'transfer_between_user_accounts',
  destinationAccountId,
  ...extra,
});
const outOfWallet = (w: World, amount: number, extra: Record<string, unknown> = {}) =>
  created(w, {
    amount,
    transactionType: 'expense',
    accountId: w.cash,
    transferNature: 'transfer_out_wallet',
    ...extra,
  });
const link = (w: World, pairs: number[][]) =>
  t.call('PUT', '/api/v1/transactions/link', { token: w.token, body: { ids: pairs } });
const unlink = (w: World, transferIds: unknown[]) =>
  t.call('PUT', '/api/v1/transactions/unlink', { token: w.token, body: { transferIds } });
const list = async (w: World, query = '') =>
  (await t.call('GET', `/api/v1/transactions${query}`, { token: w.token })).body.response as Transaction[];

describe('POST /transactions', () => {
  it('records an expense with the defaults and takes it off the balance', async () => {
    const w = await world();
    const [tx] = await created(w, {
      amount: 12_345,
      transactionType: 'expense',
      accountId: w.uah,
      categoryId: w.groceries,
    });
    expect(tx).toEqual({
      id: expect.any(Number),
      amount: 12_345,
      refAmount: 12_345,
      transactionType: 'expense',
      paymentType: 'debitCard',
      time: expect.any(String),
      note: '',
      accountId: w.uah,
      accountType: 'system',
      categoryId: w.groceries,
      currencyId: ids.get('UAH'),
      currencyCode: 'UAH',
      refCurrencyCode: 'UAH',
      transferNature: 'not_transfer',
      transferId: null,
      destinationAmount: null,
      destinationAccountId: null,
      cashbackAmount: 0,
      commissionRate: 0,
      refCommissionRate: 0,
      budgetId: null,
      refundOfId: null,
      refundedRefAmount: 0,
      tagIds: [],
      splits: [],
      externalId: null,
      importId: null,
      createdAt: expect.any(String),
    });
    expect(Math.abs(Date.parse(tx!.time) - Date.now())).toBeLessThan(60_000);
    expect(await balance(w, w.uah)).toBe(1_000_000 - 12_345);
    expect(await ledgerProblems(t, w.userId)).toEqual([]);
  });

  it('pays from a cash account in cash unless told otherwise', async () => {
    const w = await world();
    const [cash] = await expense(w, { accountId: w.cash });
    const [card] = await expense(w, { accountId: w.cash, paymentType: 'mobilePayment' });
    expect(cash!.paymentType).toBe('cash');
    expect(card!.paymentType).toBe('mobilePayment');
  });

  it('values a foreign transaction in the base currency at the rate of its own date', async () => {
    const w = await world();
    const [march] = await income(w, { amount: 10_001, accountId: w.usd, time: '2026-03-01T10:00:00Z' });
    const [july] = await income(w, { amount: 10_001, accountId: w.usd, time: '2026-07-01T10:00:00+03:00' });
    expect(march).toMatchObject({ refAmount: 400_040, currencyCode: 'USD', refCurrencyCode: 'UAH' });
    expect(july).toMatchObject({ refAmount: 420_042, time: '2026-07-01T07:00:00.000Z' });
    expect(await balance(w, w.usd)).toBe(100_000 + 20_002);
  });

  it('records a transfer between accounts in two currencies as two linked legs, neutral in the base currency', async () => {
    const w = await world();
    const refused = await post(w, transferBody(41_000, w.uah, w.usd));
    expect(refused.status).toBe(422);
    expect(refused.body.response.details[0].path).toBe('destinationAmount');

    const [from, to] = await created(
      w,
      transferBody(41_000, w.uah, w.usd, { destinationAmount: 1_000, note: 'Exchange' }),
    );
    expect(from).toMatchObject({
      transactionType: 'expense',
      amount: 41_000,
      refAmount: 41_000,
      transferNature: 'transfer_between_user_accounts',
      destinationAmount: 1_000,
      destinationAccountId: w.usd,
      categoryId: null,
    });
    expect(to).toMatchObject({
      transactionType: 'income',
      accountId: w.usd,
      amount: 1_000,
      refAmount: 41_000,
      transferId: from!.transferId,
      destinationAmount: 41_000,
      destinationAccountId: w.uah,
      note: 'Exchange',
    });
    expect(from!.transferId).toEqual(expect.any(Number));
    expect(await balance(w, w.uah)).toBe(1_000_000 - 41_000);
    expect(await balance(w, w.usd)).toBe(100_000 + 1_000);
    const legs = await t.call('GET', `/api/v1/transactions/transfer/${from!.transferId}`, { token: w.token });
    expect(legs.body.response.map((l: Transaction) => l.id)).toEqual([from!.id, to!.id]);
  });

  it('converts each leg at its own rate when neither account is in the base currency', async () => {
    const w = await world();
    const [from, to] = await created(w, transferBody(2_500, w.usd, w.usd2, { time: '2026-02-02T12:00:00Z' }));
    expect(to).toMatchObject({ amount: 2_500, refAmount: 100_000 });
    expect(from).toMatchObject({ refAmount: 100_000 });
  });

  it('gives both legs of a transfer between two foreign currencies the outgoing leg’s figure, on create, update and link', async () => {
    const w = await buildWorld(t, {
      currencies: { USD: 41.4378, EUR: 44.8611 },
      accounts: [{ currency: 'USD' }, { currency: 'EUR' }],
    });
    const [usd, eur] = w.accounts;
    /** Signed figures of both legs: a transfer moves nothing in the base currency. */
    const net = (legs: Transaction[]) =>
      legs.reduce((sum, leg) => sum + (leg.transactionType === 'income' ? leg.refAmount : -leg.refAmount), 0);
    const transfer = { transferNature: 'transfer_between_user_accounts', time: '2026-02-02T12:00:00Z' };
    const dollarsOut = { amount: 33_333, transactionType: 'expense', accountId: usd, destinationAccountId: eur };
    const eurosIn = { amount: 30_791, transactionType: 'income', accountId: eur, destinationAccountId: usd };
    // The same move recorded from either side: the dollars go out, so their figure counts.
    for (const legs of [
      await w.record({ ...transfer, ...dollarsOut, destinationAmount: 30_791 }),
      await w.record({ ...transfer, ...eurosIn, destinationAmount: 33_333 }),
    ]) {
      expect(legs.map((leg) => leg.refAmount)).toEqual([1_381_246, 1_381_246]);
      expect(net(legs)).toBe(0);
    }
    const [first] = await w.record({ ...transfer, ...dollarsOut, destinationAmount: 30_791 });
    const updated = await t.call('PUT', `/api/v1/transactions/${first!.id}`, {
      token: w.token,
      body: { amount: 10_000, destinationAmount: 9_000 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.response.map((leg: Transaction) => leg.refAmount)).toEqual([414_378, 414_378]);
    expect(net(updated.body.response)).toBe(0);

    // Two transactions recorded apart and linked: the euros take the dollars' figure.
    const ordinary = { time: transfer.time, categoryId: w.category('Food & Drinks') };
    const [out] = await w.record({ ...ordinary, amount: 33_333, transactionType: 'expense', accountId: usd });
    const [into] = await w.record({ ...ordinary, amount: 30_791, transactionType: 'income', accountId: eur });
    expect(into!.refAmount).toBe(1_381_318);
    const linked = await t.call('PUT', '/api/v1/transactions/link', {
      token: w.token,
      body: { ids: [[into!.id, out!.id]] },
    });
    expect(linked.status).toBe(200);
    expect(linked.body.response[0].map((leg: Transaction) => leg.refAmount)).toEqual([1_381_246, 1_381_246]);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });

  it('records a transfer out of the wallet as one leg without a category', async () => {
    const w = await world();
    const legs = await outOfWallet(w, 5_000);
    expect(legs).toHaveLength(1);
    expect(legs[0]).toMatchObject({ transferNature: 'transfer_out_wallet', transferId: null, categoryId: null });
    expect(await balance(w, w.cash)).toBe(45_000);
  });

  it.each([
    [{ amount: 0 }, 'amount'],
    [{ amount: -5 }, 'amount'],
    [{ amount: 1.5 }, 'amount'],
    [{ amount: '100' }, 'amount'],
    [{ amount: 1e18 }, 'amount'],
    [{ transactionType: 'refund' }, 'transactionType'],
    [{ transactionType: undefined }, 'transactionType'],
    [{ paymentType: 'barter' }, 'paymentType'],
    [{ accountId: undefined }, 'accountId'],
    [{ time: 'yesterday' }, 'time'],
    [{ time: '0000-01-01T00:00:00Z' }, 'time'],
    [{ note: 'n'.repeat(1001) }, 'note'],
    [{ categoryId: undefined }, 'categoryId'],
    [{ transferNature: 'gift' }, 'transferNature'],
    [{ destinationAccountId: 1 }, 'destinationAccountId'],
    [{ transferNature: 'transfer_between_user_accounts' }, 'destinationAccountId'],
  ])('rejects %j with VALIDATION_ERROR on %s and records nothing', async (change, path) => {
    const w = await world();
    const body = { amount: 100, transactionType: 'expense', accountId: w.uah, categoryId: w.food, ...change };
    const res = await post(w, body);
    expect(res.status).toBe(422);
    expect(res.body.response.code).toBe('VALIDATION_ERROR');
    expect(res.body.response.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await list(w)).toEqual([]);
    expect(await balance(w, w.uah)).toBe(1_000_000);
  });

  it.each([
    [1e18, 'Too large: at most 10,000,000,000,000.00'],
    // Past 2^53 too: so large a number is no fraction.
    [1e22, 'Too large: at most 10,000,000,000,000.00'],
    [1.5, 'Must be a whole number of minor units (cents)'],
  ])('says of an amount of %d only that it is %s', async (amount, message) => {
    const w = await world();
    const res = await post(w, { amount, transactionType: 'expense', accountId: w.uah, categoryId: w.food });
    expect(res.status).toBe(422);
    expect(res.body.response.details).toEqual([
      { path: 'amount', message, code: expect.any(String), params: expect.any(Object) },
    ]);
  });

  it.each([
    [{ accountId: 999_999 }, 'accountId'],
    [{ categoryId: 999_999 }, 'categoryId'],
    [{ budgetId: 999_999 }, 'budgetId'],
    [{ transferNature: 'transfer_between_user_accounts', destinationAccountId: 999_999 }, 'destinationAccountId'],
  ])('answers %j with NOT_FOUND on %s and records nothing', async (change, path) => {
    const w = await world();
    const res = await post(w, {
      amount: 100,
      transactionType: 'expense',
      accountId: w.uah,
      categoryId: w.food,
      ...change,
    });
    expect(res.status).toBe(404);
    expect(res.body.response.code).toBe('NOT_FOUND');
    expect(res.body.response.details).toEqual([
      { path, message: expect.any(String), code: 'record.notFound', params: { what: expect.any(String) } },
    ]);
    expect(await list(w)).toEqual([]);
  });

  it('refuses a transfer to the same account', async () => {
    const w = await world();
    const res = await post(w, transferBody(100, w.uah, w.uah));
    expect(res.status).toBe(422);
    expect(res.body.response.details[0].path).toBe('destinationAccountId');
  });

  it('keeps every balance exact under many concurrent writes to one account', async () => {
    const w = await world();
    const results = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        post(w, {
          amount: 100 + i,
          transactionType: i % 3 === 0 ? 'income' : 'expense',
          accountId: w.uah,
          categoryId: w.food,
        }),
      ),
    );
    expect(results.every((r) => r.status === 201)).toBe(true);
    const expected = Array.from({ length: 25 }, (_, i) => (i % 3 === 0 ? 100 + i : -(100 + i))).reduce((a, b) => a + b);
    expect(await balance(w, w.uah)).toBe(1_000_000 + expected);
    expect(await ledgerProblems(t, w.userId)).toEqual([]);
  });
});

describe('PUT /transactions/{txId}', () => {
  it('moves the balances when the amount, type or account changes', async () => {
    const w = await world();
    const [tx] = await expense(w);
    await put(w, tx!.id, { amount: 20_000 });
    expect(await balance(w, w.uah)).toBe(980_000);
    await put(w, tx!.id, { transactionType: 'income' });
    expect(await balance(w, w.uah)).toBe(1_020_000);
    await put(w, tx!.id, { accountId: w.cash });
    expect(await balance(w, w.uah)).toBe(1_000_000);
    expect(await balance(w, w.cash)).toBe(70_000);
    expect(await ledgerProblems(t, w.userId)).toEqual([]);
  });

  it('never changes refAmount when only the note or category changes', async () => {
    const w = await world();
    const [tx] = await expense(w, {
      amount: 1_000,
      accountId: w.usd,
      categoryId: w.food,
      time: '2026-03-03T00:00:00Z',
    });
    // Figures at a rate other than today's (a custom rate changes them in the background): a sign
    // that an edit recomputed them.
    await t.handle.db.update(transactions).set({ refAmount: 45_000, rate: 45 }).where(eq(transactions.id, tx!.id));
    const [edited] = (await put(w, tx!.id, { note: 'Lunch', categoryId: w.groceries })).body.response;
    expect(edited).toMatchObject({ refAmount: 45_000, note: 'Lunch', categoryId: w.groceries });
    const [moved] = (await put(w, tx!.id, { amount: 1_001 })).body.response;
    expect(moved.refAmount).toBe(40_040);
  });

  it("changes both legs of a transfer when one leg's amount changes", async () => {
    const w = await world();
    const [from] = await created(w, transferBody(3_000, w.uah, w.cash));
    const res = await put(w, from!.id, { amount: 5_000 });
    expect(res.body.response.map((l: Transaction) => [l.accountId, l.amount])).toEqual([
      [w.uah, 5_000],
      [w.cash, 5_000],
    ]);
    expect(await balance(w, w.uah)).toBe(995_000);
    expect(await balance(w, w.cash)).toBe(55_000);
    expect(await ledgerProblems(t, w.userId)).toEqual([]);
  });

  it('turns an expense into a transfer and back, leaving exactly the original state', async () => {
    const w = await world();
    const [original] = await expense(w, { time: '2026-04-04T04:04:04.000Z', note: 'Shop' });
    const before = { tx: await getTx(w, original!.id), uah: await balance(w, w.uah), usd: await balance(w, w.usd) };

    const asTransfer = await put(w, original!.id, {
      transferNature: 'transfer_between_user_accounts',
      destinationAccountId: w.usd,
      destinationAmount: 300,
    });
    expect(asTransfer.status).toBe(200);
    const [leg, other] = asTransfer.body.response as Transaction[];
    expect(leg).toMatchObject({ transferNature: 'transfer_between_user_accounts', destinationAccountId: w.usd });
    expect(other).toMatchObject({ accountId: w.usd, amount: 300, transactionType: 'income', refAmount: 12_345 });
    expect(await balance(w, w.usd)).toBe(before.usd + 300);

    const asOutOfWallet = await put(w, original!.id, { transferNature: 'transfer_out_wallet' });
    expect(asOutOfWallet.body.response).toHaveLength(1);
    expect((await t.call('GET', `/api/v1/transactions/${other!.id}`, { token: w.token })).status).toBe(404);

    await put(w, original!.id, { transferNature: 'not_transfer' });
    expect(await getTx(w, original!.id)).toEqual(before.tx);
    expect(await balance(w, w.uah)).toBe(before.uah);
    expect(await balance(w, w.usd)).toBe(before.usd);
    expect(await ledgerProblems(t, w.userId)).toEqual([]);
  });

  it('needs a category to turn a transfer without one into an ordinary transaction', async () => {
    const w = await world();
    const [leg] = await outOfWallet(w, 10);
    const res = await put(w, leg!.id, { transferNature: 'not_transfer' });
    expect(res.status).toBe(422);
    expect(res.body.response.details[0].path).toBe('categoryId');
    expect((await put(w, leg!.id, { transferNature: 'not_transfer', categoryId: w.food })).status).toBe(200);
  });

  it.each([
    [{ amount: 0 }, 'amount'],
    [{ categoryId: null }, 'categoryId'],
    [{ time: '2026-02-30T00:00:00Z' }, 'time'],
    [{ destinationAmount: 5 }, 'destinationAmount'],
    [{ transactionType: 'refund' }, 'transactionType'],
    [{ paymentType: 'barter' }, 'paymentType'],
    [{ transferNature: 'gift' }, 'transferNature'],
    [{ note: 'n'.repeat(1001) }, 'note'],
    [{ accountId: 'x' }, 'accountId'],
  ])('rejects %j with VALIDATION_ERROR on %s and changes nothing', async (body, path) => {
    const w = await world();
    const [tx] = await expense(w);
    const res = await put(w, tx!.id, body);
    expect(res.status).toBe(422);
    expect(res.body.response.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await getTx(w, tx!.id)).toEqual(tx);
    expect(await balance(w, w.uah)).toBe(1_000_000 - 12_345);
  });

  it('refuses unequal amounts of a transfer between accounts of one currency', async () => {
    const w = await world();
    const legs = await created(w, transferBody(3_000, w.uah, w.cash));
    for (const body of [{ destinationAmount: 2_999 }, { amount: 4_000, destinationAmount: 3_000 }]) {
      const res = await put(w, legs[0]!.id, body);
      expect(res.status).toBe(422);
      expect(res.body.response.details.map((d: { path: string }) => d.path)).toEqual(['destinationAmount']);
    }
    expect(await Promise.all(legs.map((leg) => getTx(w, leg.id)))).toEqual(legs);
  });

  it('never lets a note-only edit rewrite the other leg of a linked pair', async () => {
    const w = await world();
    const [out] = await expense(w, { amount: 7_000, time: '2026-05-01T10:00:00.000Z' });
    const [inc] = await income(w, { amount: 6_900, accountId: w.cash, time: '2026-05-02T10:00:00.000Z' });
    await link(w, [[out!.id, inc!.id]]);
    const before = await getTx(w, inc!.id);
    expect((await put(w, out!.id, { note: 'Fee taken by the exchange' })).status).toBe(200);
    expect(await getTx(w, inc!.id)).toEqual(before);
    expect(await balance(w, w.cash)).toBe(50_000 + 6_900);
  });
});

describe('converting between ordinary transactions, transfers and out-of-wallet', () => {
  /** Every balance and every transaction's money figures, to compare before and after a round trip. */
  const figures = async (w: World) => ({
    balances: await Promise.all([w.uah, w.cash, w.usd, w.usd2].map((id) => balance(w, id))),
    // By account: a leg made again has a new id.
    rows: (await list(w, '?limit=200'))
      .sort((a, b) => a.accountId - b.accountId)
      .map((tx) => ({
        accountId: tx.accountId,
        amount: tx.amount,
        refAmount: tx.refAmount,
        transactionType: tx.transactionType,
        time: tx.time,
        transferNature: tx.transferNature,
        destinationAccountId: tx.destinationAccountId,
        destinationAmount: tx.destinationAmount,
      })),
  });
  const toTransfer = (destinationAccountId: number, extra = {}) => ({
    transferNature: 'transfer_between_user_accounts',
    destinationAccountId,
    ...extra,
  });

  it('undoing a transfer recorded as one removes the other leg, whichever leg is edited', async () => {
    for (const edited of [0, 1]) {
      const w = await world();
      const legs = await created(w, transferBody(41_000, w.uah, w.usd, { destinationAmount: 1_000 }));
      const [kept, gone] = [legs[edited]!, legs[1 - edited]!];
      const res = await put(w, kept.id, { transferNature: 'not_transfer', categoryId: w.food });
      expect(res.status).toBe(200);
      expect(res.body.response).toEqual([
        expect.objectContaining({ id: kept.id, transferNature: 'not_transfer', transferId: null }),
      ]);
      expect((await t.call('GET', `/api/v1/transactions/${gone.id}`, { token: w.token })).status).toBe(404);
      expect(await list(w)).toHaveLength(1);
      expect(await ledgerProblems(t, w.userId)).toEqual([]);
    }
  });

  it('transfer → ordinary → transfer from the income leg restores the cross-currency leg with its refAmount', async () => {
    const w = await world();
    const [, incoming] = await created(
      w,
      transferBody(41_000, w.uah, w.usd, { destinationAmount: 1_000, time: '2026-03-03T03:03:03.000Z' }),
    );
    const before = await figures(w);
    await put(w, incoming!.id, { transferNature: 'not_transfer', categoryId: w.salary });
    expect((await figures(w)).balances).toEqual([1_000_000, 50_000, 101_000, 0]);
    const back = await put(w, incoming!.id, toTransfer(w.uah, { destinationAmount: 41_000 }));
    expect(back.status).toBe(200);
    expect(back.body.response.map((leg: Transaction) => leg.refAmount)).toEqual([41_000, 41_000]);
    expect(await figures(w)).toEqual(before);
  });

  it('transfer → ordinary → transfer from the expense leg leaves the original figures', async () => {
    const w = await world();
    const [outgoing] = await created(w, transferBody(2_500, w.usd, w.usd2, { time: '2026-07-07T07:07:07.000Z' }));
    const before = await figures(w);
    await put(w, outgoing!.id, { transferNature: 'not_transfer', categoryId: w.food });
    expect((await put(w, outgoing!.id, toTransfer(w.usd2))).status).toBe(200);
    expect(await figures(w)).toEqual(before);
    expect(before.rows.map((row) => row.refAmount)).toEqual([105_000, 105_000]);
  });

  it('out-of-wallet → transfer → out-of-wallet leaves exactly the original transaction', async () => {
    const w = await world();
    const [leg] = await outOfWallet(w, 5_000, { time: '2026-02-02T02:02:02.000Z', note: 'Gift' });
    const before = { tx: await getTx(w, leg!.id), ...(await figures(w)) };
    const asTransfer = await put(w, leg!.id, toTransfer(w.uah));
    expect(asTransfer.body.response.map((l: Transaction) => [l.accountId, l.amount, l.transactionType])).toEqual([
      [w.cash, 5_000, 'expense'],
      [w.uah, 5_000, 'income'],
    ]);
    expect(await balance(w, w.uah)).toBe(1_005_000);
    await put(w, leg!.id, { transferNature: 'transfer_out_wallet' });
    expect({ tx: await getTx(w, leg!.id), ...(await figures(w)) }).toEqual(before);
    expect(await ledgerProblems(t, w.userId)).toEqual([]);
  });

  it('undoing the leg a conversion made keeps the transaction that existed on its own', async () => {
    const w = await world();
    const [original] = await expense(w);
    const [, made] = (await put(w, original!.id, toTransfer(w.cash))).body.response as Transaction[];
    await put(w, made!.id, { transferNature: 'not_transfer', categoryId: w.salary });
    expect(await getTx(w, original!.id)).toMatchObject({
      transferNature: 'not_transfer',
      transferId: null,
      categoryId: w.groceries,
      amount: 12_345,
    });
    expect(await getTx(w, made!.id)).toMatchObject({ transferNature: 'not_transfer', categoryId: w.salary });
    expect(await ledgerProblems(t, w.userId)).toEqual([]);
  });
});

describe('DELETE /transactions/{id}', () => {
  it('deletes an expense and gives the money back', async () => {
    const w = await world();
    const [tx] = await expense(w);
    expect((await del(w, tx!.id)).status).toBe(204);
    expect(await balance(w, w.uah)).toBe(1_000_000);
    expect(await list(w)).toEqual([]);
  });

  it('deletes both legs of a transfer, whichever leg is named', async () => {
    const w = await world();
    const [, to] = await created(w, transferBody(8_000, w.uah, w.usd, { destinationAmount: 200 }));
    expect((await del(w, to!.id)).status).toBe(204);
    expect(await list(w)).toEqual([]);
    expect(await balance(w, w.uah)).toBe(1_000_000);
    expect(await balance(w, w.usd)).toBe(100_000);
    expect(await ledgerProblems(t, w.userId)).toEqual([]);
  });
});

describe('bank transactions', () => {
  const BANK_DAY = '2026-05-10';
  /**
   * A monobank account holding one bank transaction of 300.00 UAH. No bank API writes them yet,
   * so the test puts them straight into the database, balance and day figures included.
   */
  async function withBank(w: World, transactionType: 'income' | 'expense' = 'expense') {
    const db = t.handle.db;
    const amount = 30_000;
    const signed = transactionType === 'income' ? amount : -amount;
    const [account] = await db
      .insert(accounts)
      .values({
        userId: w.userId,
        name: 'Monobank',
        currencyId: ids.get('UAH')!,
        type: 'monobank',
        externalId: `mono-${w.userId}`,
        initialBalance: 500_000,
        currentBalance: 500_000 + signed,
        openingAt: new Date(LONG_AGO),
        openingBalance: 500_000,
        turnover: amount,
        refTurnover: amount,
      })
      .returning({ id: accounts.id });
    await db
      .insert(accountDayDeltas)
      .values({ accountId: account!.id, userId: w.userId, day: BANK_DAY, delta: signed, transactionCount: 1 });
    const total = { accountId: account!.id, userId: w.userId, categoryId: w.groceries, transactionType };
    await db.insert(accountDayTotals).values({ ...total, day: BANK_DAY, refAmount: amount, transactionCount: 1 });
    await db
      .insert(accountMonthTotals)
      .values({ ...total, month: `${BANK_DAY.slice(0, 7)}-01`, refAmount: amount, transactionCount: 1 });
    const [row] = await db
      .insert(transactions)
      .values({
        userId: w.userId,
        accountId: account!.id,
        amount,
        refAmount: amount,
        refCurrencyId: ids.get('UAH')!,
        rate: 1,
        transactionType,
        paymentType: 'creditCard',
        time: new Date(`${BANK_DAY}T10:00:00.000Z`),
        note: 'Card payment',
        categoryId: w.groceries,
        externalId: `mono-tx-${w.userId}`,
      })
      .returning({ id: transactions.id });
    return { bank: account!.id, tx: await getTx(w, row!.id) };
  }
  const snapshot = async (w: World, bank: number) => ({
    rows: await list(w, '?limit=200'),
    balances: await Promise.all([w.uah, w.cash, bank].map((id) => balance(w, id))),
  });

  it('cannot be deleted, and nothing changes', async () => {
    const w = await world();
    const { bank, tx } = await withBank(w);
    const before = await snapshot(w, bank);
    const res = await del(w, tx.id);
    expect(res.status).toBe(403);
    expect(res.body.response.code).toBe('NOT_ALLOWED');
    expect(await snapshot(w, bank)).toEqual(before);
  });

  it.each([
    [{ amount: 1 }, 'amount'],
    [{ time: '2026-05-11T10:00:00.000Z' }, 'time'],
    [{ transactionType: 'income' }, 'transactionType'],
    ['cash account', 'accountId'],
  ])('refuses %j with NOT_ALLOWED on %s: the bank owns it', async (change, path) => {
    const w = await world();
    const { bank, tx } = await withBank(w);
    const before = await snapshot(w, bank);
    const res = await put(w, tx.id, typeof change === 'string' ? { accountId: w.cash } : change);
    expect(res.status).toBe(403);
    expect(res.body.response).toMatchObject({ code: 'NOT_ALLOWED', details: [{ path }] });
    expect(await snapshot(w, bank)).toEqual(before);
  });

  it('takes a new note, category and budget, and the same read-only values as sent', async () => {
    const w = await world();
    const { bank, tx } = await withBank(w);
    const budget = await t.call('POST', '/api/v1/budgets', { token: w.token, body: { name: 'Holiday' } });
    expect(budget.status).toBe(201);
    const res = await put(w, tx.id, {
      note: 'Groceries for the trip',
      categoryId: w.food,
      budgetId: budget.body.response.id,
      amount: tx.amount,
      time: tx.time,
    });
    expect(res.status).toBe(200);
    expect(res.body.response).toEqual([
      { ...tx, note: 'Groceries for the trip', categoryId: w.food, budgetId: budget.body.response.id },
    ]);
    expect(await balance(w, bank)).toBe(470_000);
  });

  it('refuses manual transactions on a bank account', async () => {
    const w = await world();
    const { bank, tx } = await withBank(w);
    const [mine] = await expense(w);
    const before = await snapshot(w, bank);
    const attempts = [
      [await post(w, { amount: 100, transactionType: 'expense', accountId: bank, categoryId: w.food }), 'accountId'],
      [await post(w, transferBody(100, w.uah, bank)), 'destinationAccountId'],
      [await put(w, mine!.id, { accountId: bank }), 'accountId'],
      [
        await put(w, mine!.id, { transferNature: 'transfer_between_user_accounts', destinationAccountId: bank }),
        'destinationAccountId',
      ],
    ] as const;
    for (const [res, path] of attempts) {
      expect(res.status).toBe(403);
      expect(res.body.response).toMatchObject({ code: 'NOT_ALLOWED', details: [{ path }] });
    }
    expect(await snapshot(w, bank)).toEqual(before);
    expect((await getTx(w, tx.id)).transferNature).toBe('not_transfer');
  });

  it('marks a bank expense as a transfer to an own account in another currency, and back', async () => {
    const w = await world();
    const { bank, tx } = await withBank(w);
    const spentOn = async () =>
      (
        await t.call('GET', `/api/v1/stats/spendings-by-categories?from=${BANK_DAY}&to=${BANK_DAY}`, {
          token: w.token,
        })
      ).body.response as Array<{ amount: number }>;
    expect(await spentOn()).not.toEqual([]);

    // Another user's account is not found, and nothing changes.
    const stranger = await world();
    const before = await snapshot(w, bank);
    const foreign = await put(w, tx.id, {
      transferNature: 'transfer_between_user_accounts',
      destinationAccountId: stranger.usd,
      destinationAmount: 750,
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.response).toMatchObject({ code: 'NOT_FOUND', details: [{ path: 'destinationAccountId' }] });
    expect(await snapshot(w, bank)).toEqual(before);

    const res = await put(w, tx.id, {
      transferNature: 'transfer_between_user_accounts',
      destinationAccountId: w.usd2,
      destinationAmount: 750,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [bankLeg, otherLeg] = res.body.response as Transaction[];
    // The bank row keeps the bank's facts; the other leg is made on the chosen account.
    expect(bankLeg).toMatchObject({
      id: tx.id,
      amount: 30_000,
      transactionType: 'expense',
      accountId: bank,
      externalId: tx.externalId,
      time: tx.time,
      transferNature: 'transfer_between_user_accounts',
      destinationAccountId: w.usd2,
      destinationAmount: 750,
    });
    expect(otherLeg).toMatchObject({
      amount: 750,
      transactionType: 'income',
      accountId: w.usd2,
      externalId: null,
      time: tx.time,
      transferId: bankLeg!.transferId,
      refAmount: bankLeg!.refAmount,
    });
    expect([await balance(w, bank), await balance(w, w.usd2)]).toEqual([470_000, 750]);
    // Neutral: no longer spending.
    expect(await spentOn()).toEqual([]);
    expect(await ledgerProblems(t, w.userId)).toEqual([]);

    // Un-marked, it is the bank's expense again and the leg it made goes.
    const back = await put(w, tx.id, { transferNature: 'not_transfer', categoryId: w.groceries });
    expect(back.status).toBe(200);
    expect(back.body.response).toEqual([{ ...tx, categoryId: w.groceries }]);
    expect([await balance(w, bank), await balance(w, w.usd2)]).toEqual([470_000, 0]);
    expect((await spentOn()).reduce((sum, row) => sum + row.amount, 0)).toBe(30_000);
    expect(await ledgerProblems(t, w.userId)).toEqual([]);
  });

  /** A bank expense of 300.00 linked with a manual income of 300.00 on the card. */
  async function bankTransfer(w: World) {
    const bankSide = await withBank(w);
    const [manual] = await income(w, { amount: 30_000, accountId: w.uah, time: `${BANK_DAY}T10:00:00.000Z` });
    expect((await link(w, [[bankSide.tx.id, manual!.id]])).status).toBe(200);
    return { ...bankSide, manual: manual! };
  }

  it('deleting the manual leg of a transfer with a bank leg keeps the bank leg as an ordinary transaction', async () => {
    const w = await world();
    const { bank, tx, manual } = await bankTransfer(w);
    expect((await del(w, manual.id)).status).toBe(204);
    expect((await t.call('GET', `/api/v1/transactions/${manual.id}`, { token: w.token })).status).toBe(404);
    expect(await getTx(w, tx.id)).toEqual(tx);
    expect([await balance(w, w.uah), await balance(w, bank)]).toEqual([1_000_000, 470_000]);
    expect(await ledgerProblems(t, w.userId)).toEqual([]);
  });

  it('turning either leg of a transfer with a bank leg into an ordinary transaction keeps both', async () => {
    for (const side of ['manual', 'bank'] as const) {
      const w = await world();
      const pair = await bankTransfer(w);
      const edited = side === 'manual' ? pair.manual : pair.tx;
      const res = await put(w, edited.id, { transferNature: 'not_transfer', categoryId: w.salary });
      expect(res.status).toBe(200);
      const rows = await list(w);
      expect(rows.map((row) => [row.id, row.transferNature]).sort()).toEqual(
        [
          [pair.tx.id, 'not_transfer'],
          [pair.manual.id, 'not_transfer'],
        ].sort(),
      );
      expect([await balance(w, w.uah), await balance(w, pair.bank)]).toEqual([1_030_000, 470_000]);
    }
  });

  it.each([
    [{ transactionType: 'expense' }, 'transactionType'],
    [{ amount: 29_000, destinationAmount: 29_000 }, 'destinationAmount'],
    [{ amount: 29_000 }, 'amount'],
    [{ destinationAccountId: 'cash account' }, 'destinationAccountId'],
  ])('refuses %j on the manual leg of a transfer with a bank leg, naming %s', async (change, path) => {
    const w = await world();
    const { bank, manual } = await bankTransfer(w);
    const before = await snapshot(w, bank);
    const body = 'destinationAccountId' in change ? { destinationAccountId: w.cash } : change;
    const res = await put(w, manual.id, body);
    expect(res.status).toBe(403);
    expect(res.body.response).toMatchObject({ code: 'NOT_ALLOWED', details: [{ path }] });
    expect(await snapshot(w, bank)).toEqual(before);
  });
});

describe('concurrent requests', () => {
  const ok = (res: { status: number }) => res.status >= 200 && res.status < 300;

  it('opposite transfers and edits of them in parallel all succeed and keep every balance exact', async () => {
    const w = await world();
    // The edits name legs on the card and on the cash account alike, so they touch the two
    // accounts in both orders, as the opposite transfers do.
    const pairs = [
      await created(w, transferBody(1_000, w.uah, w.cash)),
      await created(w, transferBody(2_000, w.cash, w.uah)),
      await created(w, transferBody(3_000, w.uah, w.cash)),
      await created(w, transferBody(4_000, w.cash, w.uah)),
    ];
    let [uah, cash] = [1_000_000 - 1_000 + 2_000 - 3_000 + 4_000, 50_000 + 1_000 - 2_000 + 3_000 - 4_000];
    for (let round = 1; round <= 3; round++) {
      const results = await Promise.all([
        ...pairs.map(([out, inc], i) => put(w, (i < 2 ? out : inc)!.id, { amount: (i + 1) * 1_000 + round })),
        ...Array.from({ length: 8 }, (_, i) =>
          post(w, i % 2 === 0 ? transferBody(10, w.uah, w.cash) : transferBody(20, w.cash, w.uah)),
        ),
      ]);
      expect(
        results.filter((res) => !ok(res)),
        'every request succeeds',
      ).toEqual([]);
      // Transfers 1 and 3 go card → cash, 2 and 4 cash → card; each grew by 1 this round.
      uah += -1 + 1 - 1 + 1 - 4 * 10 + 4 * 20;
      cash += 1 - 1 + 1 - 1 + 4 * 10 - 4 * 20;
      expect([await balance(w, w.uah), await balance(w, w.cash)]).toEqual([uah, cash]);
    }
    expect(await ledgerProblems(t, w.userId)).toEqual([]);
  });

  it('parallel edits of one transaction keep every change that was answered 200', async () => {
    const w = await world();
    const [tx] = await expense(w);
    const edits = [
      { amount: 20_000 },
      { note: 'In parallel' },
      { paymentType: 'cash' },
      { categoryId: w.food },
      { time: '2026-05-05T05:05:05.000Z' },
      { transactionType: 'income' },
    ];
    const results = await Promise.all(edits.map((body) => put(w, tx!.id, body)));
    for (const res of results) expect([200, 409]).toContain(res.status);
    expect(results.some(ok)).toBe(true);
    const final = await getTx(w, tx!.id);
    const expected = Object.assign({}, ...edits.filter((_, i) => ok(results[i]!)));
    expect(final).toMatchObject(expected);
    expect(await balance(w, w.uah)).toBe(1_000_000 + (final.transactionType === 'income' ? 1 : -1) * final.amount);
    expect(await ledgerProblems(t, w.userId)).toEqual([]);
  });

  it('deletes, unlinks and edits racing on one transfer never leave one leg or answer 204 for nothing', async () => {
    for (let round = 0; round < 3; round++) {
      const w = await world();
      const [out] = await expense(w, { amount: 7_000 });
      const [inc] = await income(w, { amount: 7_000, accountId: w.cash });
      const [[a, b]] = (await link(w, [[out!.id, inc!.id]])).body.response as [[Transaction, Transaction]];
      const [del1, del2, unlinked, edited] = await Promise.all([
        del(w, a.id),
        del(w, a.id),
        unlink(w, [a.transferId]),
        put(w, b.id, { amount: 7_500 }),
      ]);
      // One delete wins; the other finds it gone (or, outraced on every try, answers CONFLICT).
      const [won, lost] = [del1.status, del2.status].sort();
      expect(won).toBe(204);
      expect([404, 409]).toContain(lost);
      expect([200, 404]).toContain(unlinked.status);
      expect([200, 404, 409]).toContain(edited.status);
      const rows = await list(w);
      expect(rows.map((row) => row.id)).not.toContain(a.id);
      for (const row of rows) expect(row.transferId === null || row.destinationAccountId !== null).toBe(true);
      expect(await ledgerProblems(t, w.userId)).toEqual([]);
    }
  });

  it('deleting one leg while the other turns ordinary leaves at most that one, ordinary', async () => {
    for (let round = 0; round < 3; round++) {
      const w = await world();
      const [from, to] = await created(w, transferBody(3_000, w.uah, w.cash));
      const [deleted, converted] = await Promise.all([
        del(w, from!.id),
        put(w, to!.id, { transferNature: 'not_transfer', categoryId: w.salary }),
      ]);
      const rows = await list(w);
      if (deleted.status === 204) {
        expect(converted.status).toBe(404);
        expect(rows).toEqual([]);
      } else {
        expect([deleted.status, converted.status]).toEqual([404, 200]);
        expect(rows.map((row) => [row.id, row.transferNature])).toEqual([[to!.id, 'not_transfer']]);
      }
      expect(await ledgerProblems(t, w.userId)).toEqual([]);
    }
  });
});

describe('link and unlink', () => {
  it('pairs an expense and an income on different accounts into a transfer without moving money, and back', async () => {
    const w = await world();
    const [out] = await expense(w, { amount: 7_000 });
    const [inc] = await income(w, { amount: 7_000, accountId: w.cash });
    const balances = [await balance(w, w.uah), await balance(w, w.cash)];
    const linked = await link(w, [[out!.id, inc!.id]]);
    expect(linked.status).toBe(200);
    const [[a, b]] = linked.body.response as Transaction[][] as [[Transaction, Transaction]];
    expect(a.transferId).toBe(b.transferId);
    expect(a).toMatchObject({
      transferNature: 'transfer_between_user_accounts',
      destinationAccountId: w.cash,
      amount: 7_000,
    });
    expect([await balance(w, w.uah), await balance(w, w.cash)]).toEqual(balances);

    const unlinked = await unlink(w, [a.transferId]);
    expect(unlinked.body.response.map((l: Transaction) => [l.id, l.transferNature, l.categoryId])).toEqual([
      [out!.id, 'not_transfer', w.groceries],
      [inc!.id, 'not_transfer', w.salary],
    ]);
    expect([await balance(w, w.uah), await balance(w, w.cash)]).toEqual(balances);
  });

  it('turning a linked transfer back into an expense keeps the other transaction', async () => {
    const w = await world();
    const [out] = await expense(w, { amount: 7_000 });
    const [inc] = await income(w, { amount: 7_000, accountId: w.cash });
    await link(w, [[out!.id, inc!.id]]);
    await put(w, out!.id, { transferNature: 'not_transfer' });
    expect((await getTx(w, inc!.id)).transferNature).toBe('not_transfer');
    expect(await balance(w, w.cash)).toBe(57_000);
  });

  it('unlinking a transfer made as one gives its legs the "Other" category', async () => {
    const w = await world();
    const [from] = await created(w, transferBody(100, w.uah, w.cash));
    const res = await unlink(w, [from!.transferId]);
    const other = (await t.call('GET', '/api/v1/categories', { token: w.token })).body.response.find(
      (c: { type: string }) => c.type === 'internal',
    ).id;
    expect(res.body.response.map((l: Transaction) => l.categoryId)).toEqual([other, other]);
  });

  it('refuses pairs on one account, of one type, already transfers, or named twice', async () => {
    const w = await world();
    const [a] = await expense(w);
    const [b] = await expense(w, { accountId: w.cash });
    const [c] = await income(w, { amount: 5, accountId: w.uah });
    const [d] = await income(w, { amount: 5, accountId: w.cash });
    const [e] = await outOfWallet(w, 5, { transactionType: 'income' });
    for (const pair of [
      [a!.id, c!.id],
      [a!.id, b!.id],
      [a!.id, e!.id],
    ]) {
      const res = await link(w, [pair]);
      expect(res.status).toBe(422);
      expect(res.body.response.details[0].path).toBe('ids.0');
    }
    const twice = await link(w, [
      [a!.id, d!.id],
      [d!.id, b!.id],
    ]);
    expect(twice.status).toBe(422);
    expect((await list(w)).every((tx) => tx.transferId === null)).toBe(true);
  });
});

describe('GET /transactions', () => {
  async function seeded() {
    const w = await world();
    const at = (day: number) => `2026-05-${String(day).padStart(2, '0')}T12:00:00.000Z`;
    await expense(w, { amount: 1_000, time: at(1), note: 'Milk and bread' });
    await expense(w, { amount: 5_000, time: at(2), categoryId: w.food, note: 'Dinner' });
    await income(w, { amount: 300_000, accountId: w.uah, time: at(3) });
    await created(w, transferBody(2_000, w.uah, w.cash, { time: at(4) }));
    await expense(w, { amount: 700, accountId: w.cash, time: at(5), note: '100% juice' });
    return w;
  }
  const amounts = (txs: Transaction[]) => txs.map((tx) => String(tx.amount));

  it('answers newest first, with offset and limit, or oldest first', async () => {
    const w = await seeded();
    expect(amounts(await list(w))).toEqual(['700', '2000', '2000', '300000', '5000', '1000']);
    expect(amounts(await list(w, '?from=1&limit=2'))).toEqual(['2000', '2000']);
    expect(amounts(await list(w, '?order=asc&limit=2'))).toEqual(['1000', '5000']);
  });

  /** Every id, page by page through the cursor of each page's last row. */
  async function pagedIds(w: World, query: string) {
    const seen: number[] = [];
    let cursor = '';
    for (let page = 0; page < 20; page++) {
      const rows = await list(w, `?limit=2${query}${cursor}`);
      if (rows.length === 0) break;
      seen.push(...rows.map((r) => r.id));
      const last = rows.at(-1)!;
      cursor = `&cursor=${encodeURIComponent(`${last.time}_${last.id}`)}`;
    }
    return seen;
  }

  it('pages by cursor in a stable order, also among equal times, newest or oldest first', async () => {
    const w = await seeded();
    const all = await list(w, '?limit=200');
    expect(await pagedIds(w, '')).toEqual(all.map((r) => r.id));
    expect(await pagedIds(w, '&order=asc')).toEqual(all.map((r) => r.id).reverse());
  });

  it('pages by cursor through rows whose times differ by less than a millisecond (written by SQL)', async () => {
    const w = await world();
    const rows: Transaction[] = [];
    for (let i = 0; i < 5; i++) rows.push(...(await expense(w, { amount: 100 + i, time: '2026-05-01T12:00:00.000Z' })));
    rows.push(...(await expense(w, { amount: 200, time: '2026-05-01T12:00:00.001Z' })));
    // Microseconds the API cannot show, growing as the ids fall: time order is not id order.
    for (const [i, row] of rows.slice(0, 5).entries()) {
      await t.handle.db.execute(
        sql`update transactions set time = time + ${(5 - i) * 100}::int * interval '1 microsecond' where id = ${row.id}`,
      );
    }
    const newestFirst = [rows[5]!.id, ...rows.slice(0, 5).map((row) => row.id)];
    expect((await list(w, '?limit=200')).map((r) => r.id)).toEqual(newestFirst);
    expect(await pagedIds(w, '')).toEqual(newestFirst);
    expect(await pagedIds(w, '&order=asc')).toEqual([...newestFirst].reverse());
    // An edit that moves no money keeps the microseconds, and with them the order.
    expect((await put(w, rows[2]!.id, { note: 'Edited' })).status).toBe(200);
    expect(await pagedIds(w, '')).toEqual(newestFirst);
  });

  it('takes a note search of spaces only as no search', async () => {
    const w = await seeded();
    expect(await list(w, '?noteSearch=%20%20%20')).toHaveLength(6);
  });

  it('filters by dates, amounts, type, accounts, categories with their subcategories, transfers and note', async () => {
    const w = await seeded();
    expect(amounts(await list(w, '?startDate=2026-05-02T00:00:00Z&endDate=2026-05-03T23:59:59Z'))).toEqual([
      '300000',
      '5000',
    ]);
    expect(amounts(await list(w, '?amountGte=1000&amountLte=5000'))).toEqual(['2000', '2000', '5000', '1000']);
    expect(amounts(await list(w, '?transactionType=income'))).toEqual(['2000', '300000']);
    expect(amounts(await list(w, `?accountIds=${w.cash}`))).toEqual(['700', '2000']);
    expect(amounts(await list(w, `?accountIds=${w.cash},${w.uah}&excludeTransfer=true`))).toEqual([
      '700',
      '300000',
      '5000',
      '1000',
    ]);
    expect(amounts(await list(w, `?categoryIds=${w.food}`))).toEqual(['700', '5000', '1000']);
    expect(amounts(await list(w, '?noteSearch=BREAD'))).toEqual(['1000']);
    expect(amounts(await list(w, '?noteSearch=100%25'))).toEqual(['700']);
    expect(amounts(await list(w, '?noteSearch=&accountIds='))).toHaveLength(6);
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?limit=201', 'limit'],
    ['?from=-1', 'from'],
    // Numbers in the query are plain decimal, as ids are: no hex, exponents, signs, points or padding.
    ['?limit=0x10', 'limit'],
    ['?limit=1e1', 'limit'],
    ['?limit=%2B10', 'limit'],
    ['?limit=%2010', 'limit'],
    ['?limit=010', 'limit'],
    ['?from=1.0', 'from'],
    ['?amountGte=0x10', 'amountGte'],
    ['?amountLte=1e3', 'amountLte'],
    ['?amountGte=10&amountLte=5', 'amountGte'],
    ['?amountGte=abc', 'amountGte'],
    ['?startDate=2026-05-03T00:00:00Z&endDate=2026-05-01T00:00:00Z', 'startDate'],
    ['?startDate=last-week', 'startDate'],
    ['?endDate=0000-12-31T00:00:00Z', 'endDate'],
    ['?transactionType=both', 'transactionType'],
    ['?accountIds=1,x', 'accountIds.1'],
    ['?excludeTransfer=maybe', 'excludeTransfer'],
    ['?order=random', 'order'],
    ['?cursor=nonsense', 'cursor'],
    ['?cursor=abc_1', 'cursor'],
    ['?cursor=2026-05-01T00:00:00.000Z_2147483648', 'cursor'],
    ['?cursor=2026-05-01T00:00:00.000Z_0', 'cursor'],
    ['?cursor=2026-05-01T00:00:00.000Z_1.5', 'cursor'],
    ['?cursor=2026-05-01T00:00:00.000Z_', 'cursor'],
    ['?cursor=2026-02-30T00:00:00.000Z_5', 'cursor'],
    ['?cursor=_5', 'cursor'],
    [`?noteSearch=${'n'.repeat(201)}`, 'noteSearch'],
  ])('rejects %s with VALIDATION_ERROR on %s', async (query, path) => {
    const w = await world();
    const res = await t.call('GET', `/api/v1/transactions${query}`, { token: w.token });
    expect(res.status).toBe(422);
    expect(res.body.response.details.map((d: { path: string }) => d.path)).toContain(path);
  });
});

describe('accounts and categories with transactions', () => {
  it('deleting an account turns the other legs of its transfers into out-of-wallet transfers, moving no other balance', async () => {
    const w = await world();
    await created(w, transferBody(4_000, w.uah, w.cash));
    await expense(w);
    const cashBefore = await balance(w, w.cash);
    expect((await t.call('DELETE', `/api/v1/accounts/${w.uah}`, { token: w.token })).status).toBe(204);
    const remaining = await list(w);
    expect(remaining).toHaveLength(1);
    expect(remaining[0]).toMatchObject({ accountId: w.cash, transferNature: 'transfer_out_wallet', transferId: null });
    expect(await balance(w, w.cash)).toBe(cashBefore);
    expect(await ledgerProblems(t, w.userId)).toEqual([]);
  });

  it('a category with transactions is refused, and moveTo takes them along', async () => {
    const w = await world();
    await expense(w);
    const refused = await t.call('DELETE', `/api/v1/categories/${w.groceries}`, { token: w.token });
    expect(refused.status).toBe(409);
    expect(refused.body.response.statusText).toBe('"Groceries" has 1 transaction. Move it to another category first.');
    const moved = await t.call('DELETE', `/api/v1/categories/${w.groceries}?moveTo=${w.food}`, { token: w.token });
    expect(moved.status).toBe(204);
    expect((await list(w))[0]!.categoryId).toBe(w.food);
  });
});

describe("another user's ids", () => {
  it('answer NOT_FOUND on every transaction route and change nothing', async () => {
    const owner = await world();
    const stranger = await world();
    const [tx] = await expense(owner);
    const [from] = await created(owner, transferBody(100, owner.uah, owner.cash));
    const calls = [
      t.call('GET', `/api/v1/transactions/${tx!.id}`, { token: stranger.token }),
      t.call('PUT', `/api/v1/transactions/${tx!.id}`, { token: stranger.token, body: { amount: 1 } }),
      t.call('DELETE', `/api/v1/transactions/${tx!.id}`, { token: stranger.token }),
      t.call('GET', `/api/v1/transactions/transfer/${from!.transferId}`, { token: stranger.token }),
      unlink(stranger, [from!.transferId]),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(404);
      expect(res.body.response.code).toBe('NOT_FOUND');
    }
    const [mine] = await income(stranger, { amount: 12_345, accountId: stranger.cash });
    const linked = await link(stranger, [[mine!.id, tx!.id]]);
    expect(linked.status).toBe(404);
    expect(linked.body.response.details).toEqual([
      { path: 'ids.0.1', message: expect.any(String), code: expect.any(String), params: expect.any(Object) },
    ]);
    expect(await getTx(stranger, mine!.id)).toEqual(mine);
    expect(await getTx(owner, tx!.id)).toEqual(tx);
    expect((await list(owner)).map((r) => r.transferNature)).toEqual([
      'transfer_between_user_accounts',
      'transfer_between_user_accounts',
      'not_transfer',
    ]);
    expect(await list(stranger, '?limit=200')).toHaveLength(1);
  });

  /** Another user's account, category, budget and destination account, as body fields. */
  async function foreignFields(owner: World) {
    const budget = await t.call('POST', '/api/v1/budgets', { token: owner.token, body: { name: 'Theirs' } });
    return [
      [{ accountId: owner.uah }, 'accountId'],
      [{ categoryId: owner.food }, 'categoryId'],
      [{ budgetId: budget.body.response.id }, 'budgetId'],
      [{ transferNature: 'transfer_between_user_accounts', destinationAccountId: owner.cash }, 'destinationAccountId'],
    ] as Array<[Record<string, unknown>, string]>;
  }
  const everything = async (w: World) => ({
    rows: await list(w, '?limit=200'),
    balances: await Promise.all([w.uah, w.cash, w.usd, w.usd2].map((id) => balance(w, id))),
  });

  it("answer NOT_FOUND in a POST body: another user's account, category, budget or destination", async () => {
    const owner = await world();
    const stranger = await world();
    const [before, strangerBefore] = [await everything(owner), await everything(stranger)];
    for (const [change, path] of await foreignFields(owner)) {
      const res = await post(stranger, {
        amount: 100,
        transactionType: 'expense',
        accountId: stranger.uah,
        categoryId: stranger.food,
        ...change,
      });
      expect(res.status).toBe(404);
      expect(res.body.response).toMatchObject({ code: 'NOT_FOUND', details: [{ path }] });
    }
    expect(await everything(owner)).toEqual(before);
    expect(await everything(stranger)).toEqual(strangerBefore);
  });

  it('answer NOT_FOUND in a PUT body, for an ordinary transaction and a transfer leg, changing nothing', async () => {
    const owner = await world();
    const stranger = await world();
    await expense(owner);
    const [mine] = await expense(stranger);
    const [leg] = await created(stranger, transferBody(500, stranger.uah, stranger.usd, { destinationAmount: 12 }));
    const [before, strangerBefore] = [await everything(owner), await everything(stranger)];
    for (const target of [mine!, leg!]) {
      for (const [change, path] of await foreignFields(owner)) {
        const res = await put(stranger, target.id, { amount: 999, ...change });
        expect(res.status, `${target.id} ${path}`).toBe(404);
        expect(res.body.response).toMatchObject({ code: 'NOT_FOUND', details: [{ path }] });
      }
    }
    expect(await everything(owner)).toEqual(before);
    expect(await everything(stranger)).toEqual(strangerBefore);
  });
});
