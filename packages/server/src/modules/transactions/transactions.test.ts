import type { Transaction } from '@kopiyka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, startTestApp, type TestApp } from '../../../test/app.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { buildWorld } from '../../../test/world.ts';

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
      externalId: null,
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
    [{ accountId: 999_999 }, 'accountId'],
    [{ time: 'yesterday' }, 'time'],
    [{ note: 'n'.repeat(1001) }, 'note'],
    [{ categoryId: undefined }, 'categoryId'],
    [{ categoryId: 999_999 }, 'categoryId'],
    [{ transferNature: 'gift' }, 'transferNature'],
    [{ budgetId: 1 }, 'budgetId'],
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
    await t.call('PUT', '/api/v1/user/currency/rates', {
      token: w.token,
      body: { pairs: [{ baseCode: 'USD', quoteCode: 'UAH', rate: 45 }] },
    });
    const [edited] = (await put(w, tx!.id, { note: 'Lunch', categoryId: w.groceries })).body.response;
    expect(edited).toMatchObject({ refAmount: 40_000, note: 'Lunch', categoryId: w.groceries });
    const [moved] = (await put(w, tx!.id, { amount: 1_001 })).body.response;
    expect(moved.refAmount).toBe(45_045);
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
    [{ accountId: 999_999 }, 'accountId'],
    [{ categoryId: null }, 'categoryId'],
    [{ time: '2026-02-30T00:00:00Z' }, 'time'],
    [{ destinationAmount: 5 }, 'destinationAmount'],
  ])('rejects %j with VALIDATION_ERROR on %s and changes nothing', async (body, path) => {
    const w = await world();
    const [tx] = await expense(w);
    const res = await put(w, tx!.id, body);
    expect(res.status).toBe(422);
    expect(res.body.response.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await getTx(w, tx!.id)).toEqual(tx);
    expect(await balance(w, w.uah)).toBe(1_000_000 - 12_345);
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

  it('pages by cursor in a stable order, also among equal times', async () => {
    const w = await seeded();
    const all = await list(w, '?limit=200');
    const seen: number[] = [];
    let cursor = '';
    for (let page = 0; page < 10; page++) {
      const rows = await list(w, `?limit=2${cursor}`);
      if (rows.length === 0) break;
      seen.push(...rows.map((r) => r.id));
      const last = rows.at(-1)!;
      cursor = `&cursor=${encodeURIComponent(`${last.time}_${last.id}`)}`;
    }
    expect(seen).toEqual(all.map((r) => r.id));
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
    ['?amountGte=10&amountLte=5', 'amountGte'],
    ['?amountGte=abc', 'amountGte'],
    ['?startDate=2026-05-03T00:00:00Z&endDate=2026-05-01T00:00:00Z', 'startDate'],
    ['?startDate=last-week', 'startDate'],
    ['?transactionType=both', 'transactionType'],
    ['?accountIds=1,x', 'accountIds.1'],
    ['?excludeTransfer=maybe', 'excludeTransfer'],
    ['?order=random', 'order'],
    ['?cursor=nonsense', 'cursor'],
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
    const [mine] = await expense(stranger);
    const linked = await link(stranger, [[mine!.id, tx!.id]]);
    expect(linked.status).toBe(404);
    expect(await getTx(owner, tx!.id)).toEqual(tx);
    expect((await list(owner)).map((r) => r.transferNature)).toEqual([
      'transfer_between_user_accounts',
      'transfer_between_user_accounts',
      'not_transfer',
    ]);
    expect(await list(stranger, '?limit=200')).toHaveLength(1);
  });

  it("are refused in a body: another user's account, category or destination", async () => {
    const owner = await world();
    const stranger = await world();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ accountId: owner.uah }, 'accountId'],
      [{ categoryId: owner.food }, 'categoryId'],
      [{ transferNature: 'transfer_between_user_accounts', destinationAccountId: owner.cash }, 'destinationAccountId'],
    ];
    for (const [change, path] of cases) {
      const res = await post(stranger, {
        amount: 100,
        transactionType: 'expense',
        accountId: stranger.uah,
        categoryId: stranger.food,
        ...change,
      });
      expect(res.status).toBe(422);
      expect(res.body.response.details[0].path).toBe(path);
    }
    expect(await list(owner)).toEqual([]);
    expect(await balance(owner, owner.cash)).toBe(50_000);
  });
});
