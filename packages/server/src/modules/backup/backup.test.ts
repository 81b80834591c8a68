import { Readable } from 'node:stream';
import { type BinanceEmulator, DEMO_BINANCE_KEYS, startBinanceEmulator } from '@kopiyka/fakes';
import {
  BACKUP_LIST_MAX,
  BACKUP_MAX_BYTES,
  BACKUP_VERSION,
  type BackupDocument,
  type Transaction,
} from '@kopiyka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binanceAt, PASSWORD, signUp } from '../../../test/app.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { addBankClient, type BankWorld, pairUser, startBankWorld } from '../../../test/monobank.ts';
import { buildWorld } from '../../../test/world.ts';
import { fixedClock } from '../../lib/clock.ts';

// Late evening in UTC, already the next day in Kyiv: the file is named after the user's day.
const clock = fixedClock('2026-11-25T23:30:00Z');
let world: BankWorld;
let binance: BinanceEmulator;
beforeAll(async () => {
  binance = await startBinanceEmulator();
  world = await startBankWorld({}, { binance: binanceAt(binance.url) }, { clock });
});
afterAll(async () => {
  await world.close();
  await binance.close();
});

/** GET /backup: the raw answer and the document it holds. */
async function backupOf(token: string) {
  const res = await world.t.app.inject({
    method: 'GET',
    url: '/api/v1/backup',
    headers: { authorization: `Bearer ${token}` },
  });
  return { res, text: res.body, doc: JSON.parse(res.body) as BackupDocument };
}

const restore = (token: string, body: unknown) => world.t.call('POST', '/api/v1/backup/restore', { token, body });

/**
 * POST /backup/restore with the body sent as `pieces` come, pulled only as the server reads:
 * `sent` says how many bytes it took. A stream given as it is is sent as it is.
 */
async function restoreStream(
  token: string,
  pieces: Iterable<string | Uint8Array> | Readable,
  headers: Record<string, string> = {},
) {
  let sent = 0;
  function* counted(from: Iterable<string | Uint8Array>) {
    for (const piece of from) {
      const bytes = typeof piece === 'string' ? Buffer.from(piece) : piece;
      sent += bytes.length;
      yield bytes;
    }
  }
  const res = await world.t.app.inject({
    method: 'POST',
    url: '/api/v1/backup/restore',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    payload: pieces instanceof Readable ? pieces : Readable.from(counted(pieces)),
  });
  return { status: res.statusCode, body: res.json(), sent };
}

/** `text`, then `piece` again and again until the body is past its limit. */
function* pastTheLimit(text: string, piece: string) {
  const repeated = piece.repeat(Math.ceil(16_384 / piece.length));
  yield text;
  for (let length = text.length; length <= BACKUP_MAX_BYTES; length += repeated.length) yield repeated;
}

/** A body that starts with `text` and then neither goes on nor ends. */
function stalled(text: string) {
  const body = new Readable({ read() {} });
  body.push(text);
  return body;
}

/** `text` cut into pieces of `size` bytes (UTF-8 characters and escapes cut through). */
function* cut(text: string, size: number) {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

/**
 * The document with its ids replaced by their order of appearance in each part (the parts'
 * references following them) and without its moment: what a round trip must keep.
 */
function normalised(doc: BackupDocument) {
  const order = (items: Array<{ id: number }>) => new Map(items.map((item, index) => [item.id, index + 1]));
  const groups = order(doc.accountGroups);
  const accounts = order(doc.accounts);
  const categories = order(doc.categories);
  const budgets = order(doc.budgets);
  const transactions = order(doc.transactions);
  const tags = order(doc.tags);
  const rules = order(doc.rules);
  const transfers = new Map<number, number>();
  for (const t of doc.transactions)
    if (t.transferId !== null && !transfers.has(t.transferId)) transfers.set(t.transferId, transfers.size + 1);
  const ref = (ids: Map<number, number>, id: number | null) => (id === null ? null : ids.get(id));
  const { exportedAt: _moment, ...rest } = doc;
  return {
    ...rest,
    settings: {
      ...doc.settings,
      excludedCategoryIds: doc.settings.excludedCategoryIds.map((id) => ref(categories, id)),
    },
    accountGroups: doc.accountGroups.map((g) => ({
      ...g,
      id: ref(groups, g.id),
      parentGroupId: ref(groups, g.parentGroupId),
    })),
    accounts: doc.accounts.map((a) => ({
      ...a,
      id: ref(accounts, a.id),
      accountGroupId: ref(groups, a.accountGroupId),
    })),
    categories: doc.categories.map((c) => ({ ...c, id: ref(categories, c.id), parentId: ref(categories, c.parentId) })),
    budgets: doc.budgets.map((b) => ({
      ...b,
      id: ref(budgets, b.id),
      categoryIds: b.categoryIds.map((id) => ref(categories, id)),
      excludedTransactionIds: b.excludedTransactionIds.map((id) => ref(transactions, id)),
    })),
    tags: doc.tags.map((tag) => ({ ...tag, id: ref(tags, tag.id) })),
    rules: doc.rules.map((rule) => ({
      ...rule,
      id: ref(rules, rule.id),
      conditions: rule.conditions.map((c) =>
        c.field !== 'accountId'
          ? c
          : { ...c, value: Array.isArray(c.value) ? c.value.map((id) => ref(accounts, id)) : ref(accounts, c.value) },
      ),
      actions: rule.actions.map((a) =>
        a.type === 'setCategory'
          ? { ...a, categoryId: ref(categories, a.categoryId) }
          : a.type === 'addTags'
            ? { ...a, tagIds: a.tagIds.map((id) => ref(tags, id)) }
            : a,
      ),
    })),
    transactions: doc.transactions.map((t) => ({
      ...t,
      tagIds: t.tagIds.map((id) => ref(tags, id)),
      id: ref(transactions, t.id),
      accountId: ref(accounts, t.accountId),
      categoryId: ref(categories, t.categoryId),
      budgetId: ref(budgets, t.budgetId),
      transferId: ref(transfers, t.transferId),
      splits: t.splits.map((part) => ({ ...part, categoryId: ref(categories, part.categoryId) })),
      refundOfId: ref(transactions, t.refundOfId),
    })),
  };
}

/** A user with a bit of everything: zone, currencies and rates, nested groups and categories, a transfer, a split, a budget. */
async function fullWorld() {
  const { t } = world;
  const w = await buildWorld(t, {
    currencies: { USD: { rate: 40, from: { '2026-06-01': 41.5 } } },
    accounts: [
      { name: 'Готівка, "гаманець"', currency: 'UAH', accountCategory: 'cash', initialBalance: 150_000 },
      { currency: 'USD', creditLimit: 50_000 },
      // Opened after some of its transactions: those were in its opening balance already.
      { name: 'Depo', currency: 'UAH', initialBalance: 1_000_000, openingAt: '2026-10-15T00:00:00.000Z' },
    ],
  });
  const { token } = w;
  const [cash, usd, depo] = w.accounts;
  const call = async (method: 'POST' | 'PUT' | 'DELETE', path: string, body: unknown, status = 200) => {
    const res = await t.call(method, `/api/v1${path}`, { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body.response;
  };
  await call('PUT', '/user/settings', {
    timeZone: 'Europe/Kyiv',
    locale: 'uk',
    includeCryptoInTotal: false,
    stats: { excludedCategoryIds: [w.category('Taxes')] },
  });
  const home = await call('POST', '/account-groups', { name: 'Дім' }, 201);
  const savings = await call('POST', '/account-groups', { name: 'Заощадження', parentGroupId: home.id }, 201);
  await call('PUT', `/accounts/${depo}`, { accountGroupId: savings.id });
  await call('PUT', `/accounts/${cash}`, { accountGroupId: home.id, isEnabled: false });
  const coffee = await call(
    'POST',
    '/categories',
    { name: 'Кава з собою', parentId: w.category('Bars, cafés'), icon: 'coffee', color: '#AA3300' },
    201,
  );
  // A category under a newer one: restored, it keeps its place in the tree.
  await call('PUT', `/categories/${w.category('Groceries')}`, { parentId: coffee.id });
  const budget = await call(
    'POST',
    '/budgets',
    {
      name: 'Їжа, листопад',
      limitAmount: 800_000,
      startDate: '2026-10-31T22:00:00.000Z',
      endDate: '2026-11-30T21:59:59.999Z',
      categoryIds: [w.category('Food & Drinks')],
    },
    201,
  );
  const expense = (body: Record<string, unknown>) =>
    w.record({ transactionType: 'expense', accountId: cash, categoryId: coffee.id, ...body });
  const trip = await call('POST', '/tags', { name: 'Відрядження', color: '#336699' }, 201);
  await call('POST', '/tags', { name: 'Unused' }, 201);
  // Rules naming an account, a category and a tag; the second runs first.
  const coffeeRule = await call(
    'POST',
    '/rules',
    {
      name: 'Кава',
      conditions: [
        { field: 'description', op: 'contains', value: 'aroma' },
        { field: 'accountId', op: 'in', value: [cash, depo] },
      ],
      actions: [
        { type: 'setCategory', categoryId: coffee.id },
        { type: 'addTags', tagIds: [trip.id] },
      ],
    },
    201,
  );
  const noteRule = await call(
    'POST',
    '/rules',
    {
      name: 'Обмін',
      enabled: false,
      match: 'any',
      conditions: [{ field: 'amount', op: 'gt', value: 100_000 }],
      actions: [{ type: 'setNote', note: 'великий обмін' }],
    },
    201,
  );
  await call('PUT', '/rules/order', { ids: [noteRule.id, coffeeRule.id] });
  await expense({
    amount: 6_500,
    time: '2026-11-03T06:15:00.000Z',
    note: 'Лате, "велике"\nі круасан',
    tagIds: [trip.id],
  });
  const removed = await expense({ amount: 9_000, time: '2026-11-04T07:00:00.000Z' });
  // Part of it came back: a refund keeps its link through a round trip.
  await w.record({
    transactionType: 'income',
    accountId: cash,
    categoryId: w.category('Refunds'),
    amount: 4_000,
    time: '2026-11-06T07:00:00.000Z',
    refundOfId: removed[0]!.id,
  });
  await call('DELETE', `/budgets/${budget.id}/transactions`, { transactionIds: [removed[0]!.id] });
  await w.record({
    transactionType: 'expense',
    accountId: usd,
    categoryId: w.category('Electronics'),
    amount: 12_000,
    time: '2026-09-01T10:00:00.000Z',
    budgetId: budget.id,
    paymentType: 'creditCard',
  });
  await w.record({
    transactionType: 'expense',
    accountId: cash,
    transferNature: 'transfer_between_user_accounts',
    destinationAccountId: usd,
    amount: 41_500,
    destinationAmount: 1_000,
    time: '2026-11-05T12:00:00.000Z',
    note: 'обмін',
  });
  // Split: a part in the budget's categories, one in a category left out of the statistics.
  await w.record({
    transactionType: 'expense',
    accountId: usd,
    amount: 1_001,
    time: '2026-11-06T12:00:00.000Z',
    splits: [
      { categoryId: coffee.id, amount: 600, note: 'кава' },
      { categoryId: w.category('Taxes'), amount: 401 },
    ],
  });
  // Before the deposit's opening moment, and after it.
  await w.record({
    transactionType: 'income',
    accountId: depo,
    categoryId: w.category('Interest, dividends'),
    amount: 7_000,
    time: '2026-10-01T09:00:00.000Z',
  });
  await w.record({
    transactionType: 'income',
    accountId: depo,
    categoryId: w.category('Interest, dividends'),
    amount: 7_100,
    time: '2026-11-01T09:00:00.000Z',
  });
  return w;
}

/** The details of a refusal as path and code. */
const issuesOf = (body: { response: { details: Array<{ path: string; code: string; params: object }> } }) =>
  body.response.details.map(({ path, code, params }) => ({ path, code, params }));

describe('GET /backup and POST /backup/restore', () => {
  it('round trip: a backup restored into a new user backs up the same apart from ids and the moment, balances and ledger alike', async () => {
    const { t } = world;
    const w = await fullWorld();
    const { res, doc } = await backupOf(w.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="kopiyka-backup-2026-11-26.json"');
    expect(doc).toMatchObject({
      version: BACKUP_VERSION,
      exportedAt: '2026-11-25T23:30:00.000Z',
      settings: { locale: 'uk', timeZone: 'Europe/Kyiv', includeCryptoInTotal: false },
      baseCurrency: 'UAH',
      currencies: ['UAH', 'USD'],
    });
    expect(doc.transactions).toHaveLength(9);
    expect(doc.transactions.find((t) => t.splits.length > 0)).toMatchObject({
      amount: 1_001,
      splits: [
        { amount: 600, note: 'кава' },
        { amount: 401, note: '' },
      ],
    });
    expect(doc.transactions.filter((t) => t.refundOfId !== null)).toHaveLength(1);
    expect(doc.customRates).toHaveLength(4);

    expect(doc.rules.map((rule) => [rule.name, rule.position])).toEqual([
      ['Обмін', 0],
      ['Кава', 1],
    ]);

    const other = await signUp(t);
    // A rule of its own, naming a category the restore replaces: the backup's rules take its place.
    const [ownCategory] = (await t.call('GET', '/api/v1/categories', { token: other.token })).body.response;
    const own = await t.call('POST', '/api/v1/rules', {
      token: other.token,
      body: {
        name: 'Own',
        conditions: [{ field: 'note', op: 'contains', value: 'x' }],
        actions: [{ type: 'setCategory', categoryId: ownCategory.id }],
      },
    });
    expect(own.status).toBe(201);
    const restored = await restore(other.token, doc);
    expect(restored.status, JSON.stringify(restored.body)).toBe(201);
    expect(restored.body.response.counts).toEqual({
      accounts: 3,
      accountGroups: 2,
      categories: doc.categories.length,
      transactions: 9,
      budgets: 1,
      tags: 2,
      currencies: 2,
      rates: 4,
    });
    const again = (await backupOf(other.token)).doc;
    expect(normalised(again)).toEqual(normalised(doc));
    expect(await ledgerProblems(t, other.id)).toEqual([]);

    const figures = async (token: string) =>
      ((await t.call('GET', '/api/v1/accounts', { token })).body.response as Array<Record<string, unknown>>).map(
        ({ name, currentBalance, initialBalance, openingBalance, type }) => ({
          name,
          currentBalance,
          initialBalance,
          openingBalance,
          type,
        }),
      );
    expect(await figures(other.token)).toEqual(await figures(w.token));
    // The list shows the restored rows' refunds, tags and parts as it showed the backed-up ones.
    const listed = async (token: string) =>
      ((await t.call('GET', '/api/v1/transactions?order=asc&limit=200', { token })).body.response as Transaction[]).map(
        (tx) => [tx.note, tx.amount, tx.refundedRefAmount, tx.tagIds.length, tx.splits.length],
      );
    const before = await listed(w.token);
    expect(before.filter(([, , refunded, tags, parts]) => refunded !== 0 || tags !== 0 || parts !== 0)).toHaveLength(3);
    expect(await listed(other.token)).toEqual(before);
    const stats = async (token: string, id: number) =>
      (await t.call('GET', `/api/v1/budgets/${id}/stats`, { token })).body.response;
    const [budget] = (await t.call('GET', '/api/v1/budgets', { token: other.token })).body.response;
    expect(await stats(other.token, budget.id)).toEqual(await stats(w.token, doc.budgets[0]!.id));
  });

  it('holds no secret: no password, Monobank token or Binance key; bank accounts come back as ordinary ones', async () => {
    const { t, bank } = world;
    const { token: bankToken } = addBankClient(bank);
    const user = await pairUser(t, bankToken);
    const keys = await t.call('PUT', '/api/v1/crypto/binance/keys', { token: user.token, body: DEMO_BINANCE_KEYS });
    expect(keys.status).toBe(200);
    const { text, doc } = await backupOf(user.token);
    for (const secret of [bankToken, DEMO_BINANCE_KEYS.apiKey, DEMO_BINANCE_KEYS.secretKey, PASSWORD, user.token]) {
      expect(text).not.toContain(secret);
    }
    expect(Object.keys(doc).sort()).toEqual([
      'accountGroups',
      'accounts',
      'baseCurrency',
      'budgets',
      'categories',
      'currencies',
      'customRates',
      'exportedAt',
      'rules',
      'settings',
      'tags',
      'transactions',
      'version',
    ]);
    expect(doc.accounts).toHaveLength(1);

    const other = await signUp(t);
    expect((await restore(other.token, doc)).status).toBe(201);
    const [account] = (await t.call('GET', '/api/v1/accounts', { token: other.token })).body.response;
    expect(account).toMatchObject({ type: 'system', externalId: null, currentBalance: 1_000_000 });
    expect(await ledgerProblems(t, other.id)).toEqual([]);
  });

  it("restores a bank's rows as ordinary ones, which can be edited and deleted", async () => {
    const { t } = world;
    const { doc } = await backupOf((await fullWorld()).token);
    const banked = doc.transactions.find((row) => row.transferId === null);
    if (!banked) throw new Error('The world has an ordinary transaction');
    banked.externalId = 'bank-row-1';
    const other = await signUp(t);
    expect((await restore(other.token, doc)).status).toBe(201);
    const rows = (await t.call('GET', '/api/v1/transactions?limit=200', { token: other.token })).body.response;
    const restored = rows.find(
      (row: { note: string; amount: number }) => row.note === banked.note && row.amount === banked.amount,
    );
    expect(restored.externalId).toBeNull();
    expect((await t.call('DELETE', `/api/v1/transactions/${restored.id}`, { token: other.token })).status).toBe(204);
    expect(await ledgerProblems(t, other.id)).toEqual([]);
  });

  it('refuses a user with accounts or transactions with CONFLICT, changing nothing', async () => {
    const { t } = world;
    const w = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const { doc } = await backupOf((await fullWorld()).token);
    const before = await backupOf(w.token);
    const res = await restore(w.token, doc);
    expect(res.status).toBe(409);
    expect(res.body.response.code).toBe('CONFLICT');
    expect(normalised((await backupOf(w.token)).doc)).toEqual(normalised(before.doc));
  });

  it('refuses garbage with VALIDATION_ERROR naming the place, creating nothing', async () => {
    const { t } = world;
    const { doc } = await backupOf((await fullWorld()).token);
    const user = await signUp(t);
    const before = normalised((await backupOf(user.token)).doc);
    const refused = async (body: unknown, path: string) => {
      const res = await restore(user.token, body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.response.code).toBe('VALIDATION_ERROR');
      expect(res.body.response.details.map((d: { path: string }) => d.path)).toContain(path);
    };
    const leg = doc.transactions.findIndex((t) => t.transferId !== null);
    const edited = (change: (copy: BackupDocument) => void) => {
      const copy = structuredClone(doc);
      change(copy);
      return copy;
    };
    await refused({ ...doc, version: 2 }, 'version');
    await refused(
      edited((d) => {
        d.rules[1]!.actions[0] = { type: 'setCategory', categoryId: 999_999 };
      }),
      'rules.1.actions.0.categoryId',
    );
    await refused(
      edited((d) => {
        d.rules[1]!.conditions[1] = { field: 'accountId', op: 'in', value: [d.accounts[0]!.id, 999_999] };
      }),
      'rules.1.conditions.1.value.1',
    );
    await refused(
      edited((d) => {
        d.rules[1]!.actions[1] = { type: 'addTags', tagIds: [999_999] };
      }),
      'rules.1.actions.1.tagIds.0',
    );
    await refused(
      edited((d) => {
        (d.rules[0]!.conditions[0] as { op: string }).op = 'like';
      }),
      'rules.0.conditions.0.op',
    );
    await refused({ hello: 'world' }, 'version');
    await refused(
      edited((d) => {
        d.transactions[1]!.accountId = 999_999;
      }),
      'transactions.1.accountId',
    );
    await refused(
      edited((d) => {
        d.transactions[0]!.categoryId = 999_999;
      }),
      'transactions.0.categoryId',
    );
    const split = doc.transactions.findIndex((t) => t.splits.length > 0);
    await refused(
      edited((d) => {
        d.transactions[split]!.splits[0]!.amount += 1;
      }),
      `transactions.${split}.splits`,
    );
    await refused(
      edited((d) => {
        d.transactions[split]!.splits[1]!.categoryId = 999_999;
      }),
      `transactions.${split}.splits.1.categoryId`,
    );
    await refused(
      edited((d) => {
        d.budgets[0]!.excludedTransactionIds = [999_999];
      }),
      'budgets.0.excludedTransactionIds.0',
    );
    await refused(
      edited((d) => {
        d.categories[1]!.parentId = d.categories[1]!.id;
      }),
      'categories.1.parentId',
    );
    await refused(
      edited((d) => {
        d.accounts[0]!.currency = 'XXQ';
      }),
      'accounts.0.currency',
    );
    await refused(
      edited((d) => {
        d.settings.timeZone = 'Mars/Olympus';
      }),
      'settings.timeZone',
    );
    await refused(
      edited((d) => {
        d.transactions.push({ ...d.transactions[leg]!, id: 999_998 });
      }),
      `transactions.${leg}.transferId`,
    );
    // A refund of something that is no expense, or of nothing in the document.
    const refund = doc.transactions.findIndex((t) => t.refundOfId !== null);
    const income = doc.transactions.find((t) => t.transactionType === 'income' && t.refundOfId === null)!;
    await refused(
      edited((d) => {
        d.transactions[refund]!.refundOfId = income.id;
      }),
      `transactions.${refund}.refundOfId`,
    );
    await refused(
      edited((d) => {
        d.transactions[refund]!.refundOfId = 999_999;
      }),
      `transactions.${refund}.refundOfId`,
    );
    // The last transaction fails only at the database (past the limit): nothing before it stays either.
    await refused(
      edited((d) => {
        d.transactions.at(-1)!.amount = 999_999_999_999_999;
      }),
      'amount',
    );
    expect(normalised((await backupOf(user.token)).doc)).toEqual(before);
    expect((await t.call('GET', '/api/v1/accounts', { token: user.token })).body.response).toEqual([]);
  });

  it('refuses a user with data before reading a byte of the body, however long it is or declares to be', async () => {
    const { t } = world;
    const w = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    // The body never ends: the answer cannot wait for it.
    const endless = await restoreStream(w.token, stalled('{"version":1,"transactions":['));
    expect(endless.status).toBe(409);
    expect(endless.body.response.code).toBe('CONFLICT');
    const empty = await signUp(t);
    const declared = await restoreStream(empty.token, stalled('{'), {
      'content-length': String(BACKUP_MAX_BYTES + 1),
    });
    expect(declared.status).toBe(413);
    expect(declared.body.response.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a list past its most, a value nested too deep and an unreadable one as they arrive, naming the place', async () => {
    const { t } = world;
    const user = await signUp(t);
    const refusal = async (pieces: Iterable<string>) => {
      const res = await restoreStream(user.token, pieces);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.response.code).toBe('VALIDATION_ERROR');
      // Refused long before the limit of the body: the rest was never read.
      expect(res.sent).toBeLessThan(1024 * 1024);
      return issuesOf(res.body);
    };
    const most = BACKUP_LIST_MAX.currencies;
    expect(await refusal(pastTheLimit('{"version":1,"currencies":[', '"UAH",'))).toEqual([
      { path: 'currencies', code: 'input.tooBig', params: { origin: 'array', maximum: most } },
    ]);
    expect(await refusal(pastTheLimit('{"version":1,"transactions":[{"note":', '['))).toEqual([
      { path: 'transactions.0.note.0.0.0', code: 'request.tooDeep', params: { max: 6 } },
    ]);
    // A key the document does not have is passed over, but within the same limits.
    expect(await refusal(pastTheLimit('{"comment":[', '[],'))).toEqual([
      { path: 'comment', code: 'input.tooBig', params: { origin: 'array', maximum: 1000 } },
    ]);
    expect(await refusal(pastTheLimit('{"version":1,"exportedAt":"', 'x'))).toEqual([
      { path: 'exportedAt', code: 'input.tooBig', params: { origin: 'string', maximum: 1000 } },
    ]);
    expect((await refusal(pastTheLimit('{"version":1,"currencies":["UAH" "USD"', ' ')))[0]).toMatchObject({
      path: 'body',
      code: 'request.unreadable',
    });
    const text = await t.call('POST', '/api/v1/backup/restore', {
      token: user.token,
      body: '{}',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(422);
    expect(issuesOf(text.body)).toEqual([
      { path: 'body', code: 'request.fileBody', params: { type: 'application/json' } },
    ]);
    expect(await refusal(pastTheLimit('[{}', ',{}'))).toEqual([
      { path: 'body', code: 'input.invalidType', params: { expected: 'object' } },
    ]);
  });

  it('refuses an item of the wrong shape deep in the document as soon as it is complete, naming its field', async () => {
    const { t } = world;
    const { doc } = await backupOf((await fullWorld()).token);
    const user = await signUp(t);
    const { transactions, ...head } = doc;
    const wrong = { ...transactions[0]!, amount: '65.00' };
    const start = `${JSON.stringify(head).slice(0, -1)},"transactions":[${transactions.map((row) => JSON.stringify(row)).join(',')},`;
    const res = await restoreStream(
      user.token,
      pastTheLimit(start + JSON.stringify(wrong), `,${JSON.stringify(transactions[1])}`),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(issuesOf(res.body)).toEqual([
      {
        path: `transactions.${transactions.length}.amount`,
        code: 'value.notNumber',
        params: {},
      },
    ]);
    expect(res.sent).toBeLessThan(1024 * 1024);
    expect((await t.call('GET', '/api/v1/accounts', { token: user.token })).body.response).toEqual([]);
  });

  it('restores a document however its bytes are cut on the way', async () => {
    const { t } = world;
    const { doc } = await backupOf((await fullWorld()).token);
    const other = await signUp(t);
    // Escaped and Ukrainian text, cut inside characters and escapes.
    doc.transactions[0]!.note = 'Кава \\ "з собою" \u00e9 \n ☕';
    const res = await restoreStream(other.token, cut(JSON.stringify(doc, null, 1), 5));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(normalised((await backupOf(other.token)).doc)).toEqual(normalised(doc));
    expect(await ledgerProblems(t, other.id)).toEqual([]);
  });
});
