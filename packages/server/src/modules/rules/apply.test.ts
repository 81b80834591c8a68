/**
 * Rules on rows a file brings in: as they arrive (rules first, the first to set a field winning it,
 * in the order PUT /rules/order gives), and over them later (POST /rules/{id}/apply, POST
 * /rules/preview). Rows entered by hand are never touched.
 */
import { RULE_APPLY_SAMPLE, type Tag, type Transaction } from '@kopiyka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { moneyPutAside, monobankStatement } from '../../../test/csv.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { createRule, importCsv, issuesOf } from '../../../test/rules.ts';
import { buildWorld } from '../../../test/world.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const API = '/api/v1';
const MARCH = 'from=2026-03-01&to=2026-03-31';

/** March's purchases as the Monobank app exports them, times in the person's zone. */
const MARCH_FILE = monobankStatement([
  ['02.03.2026 10:00:00', 'СІЛЬПО Київ', '5411', '-1500.00'],
  ['05.03.2026 10:00:00', 'Сільпо', '5411', '-200.00'],
  ['06.03.2026 10:00:00', 'АТБ', '5411', '-1200.00'],
  ['07.03.2026 10:00:00', 'Uklon', '4121', '-150.00'],
  ['08.03.2026 10:00:00', 'ҐАЛАҐАН', '5814', '-50.00'],
]);

async function world() {
  const w = await buildWorld(t, {
    accounts: [
      { name: 'Card', currency: 'UAH', initialBalance: 1_000_000 },
      { name: 'Cash', currency: 'UAH' },
    ],
  });
  const [card, cash] = w.accounts;
  const { token } = w;
  const tag = async (name: string) =>
    (await t.call('POST', `${API}/tags`, { token, body: { name } })).body.response as Tag;
  const rows = async (): Promise<Transaction[]> =>
    (await t.call('GET', `${API}/transactions?limit=200&order=asc`, { token })).body.response;
  const row = async (note: string) => (await rows()).find((tx) => tx.note === note)!;
  /** Everything a rule could move: the rows, the accounts' balances, the month's spending by category. */
  const snapshot = async () => ({
    rows: await rows(),
    accounts: (await t.call('GET', `${API}/accounts`, { token })).body.response,
    spending: (await t.call('GET', `${API}/stats/spendings-by-categories?${MARCH}`, { token })).body.response,
  });
  const spent = async (root: string) =>
    (
      (await t.call('GET', `${API}/stats/spendings-by-categories?${MARCH}`, { token })).body.response as Array<{
        name: string;
        amount: number;
      }>
    ).find((c) => c.name === root)?.amount ?? 0;
  const apply = async (id: number, body: Record<string, unknown> = {}) => {
    const res = await t.call('POST', `${API}/rules/${id}/apply`, { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.response as { matched: number; changed: number; sample: Transaction[] };
  };
  const rule = (body: Record<string, unknown>) => createRule(t, token, body);
  return { ...w, card: card!, cash: cash!, tag, rows, row, snapshot, spent, apply, rule };
}

describe('rules on rows a file brings in', () => {
  it('run in their order, the first to set a field winning it, tags adding up, case folded in Cyrillic', async () => {
    const w = await world();
    const [a, b] = [await w.tag('A'), await w.tag('B')];
    const silpo = await w.rule({
      name: 'Сільпо',
      conditions: [{ field: 'description', op: 'contains', value: 'сільпо' }],
      actions: [
        { type: 'setCategory', categoryId: w.category('Gifts') },
        { type: 'addTags', tagIds: [a.id] },
      ],
    });
    const groceries = await w.rule({
      name: 'Groceries by code',
      conditions: [{ field: 'mcc', op: 'in', value: [5411] }],
      actions: [
        { type: 'setCategory', categoryId: w.category('Taxi') },
        { type: 'setNote', note: 'Продукти' },
        { type: 'addTags', tagIds: [b.id] },
      ],
    });
    await w.rule({
      name: 'Disabled, matches everything',
      enabled: false,
      conditions: [{ field: 'amount', op: 'gt', value: 1 }],
      actions: [{ type: 'setCategory', categoryId: w.category('Rent') }],
    });
    await w.rule({
      name: 'Ґалаґан',
      conditions: [{ field: 'description', op: 'startsWith', value: 'ґалаґан' }],
      actions: [{ type: 'setCategory', categoryId: w.category('Bars, cafés') }],
    });
    const done = await importCsv(t, w.token, w.card, MARCH_FILE);
    expect(done).toMatchObject({ state: 'done', imported: 5 });
    const rows = await w.rows();
    const by = (time: string) => rows.find((tx) => tx.time.startsWith(time))!;
    // The first rule takes the category; the second, the first to set a note, takes the note; both add tags.
    expect(by('2026-03-02')).toMatchObject({ categoryId: w.category('Gifts'), note: 'Продукти', tagIds: [a.id, b.id] });
    expect(by('2026-03-06')).toMatchObject({ categoryId: w.category('Taxi'), note: 'Продукти', tagIds: [b.id] });
    // No rule: the file's text and the MCC's category, as before rules.
    expect(by('2026-03-07')).toMatchObject({ categoryId: w.category('Taxi'), note: 'Uklon', tagIds: [] });
    expect(by('2026-03-08')).toMatchObject({ categoryId: w.category('Bars, cafés'), note: 'ҐАЛАҐАН' });

    // Later, the file's text and MCC are what rules look at still, whatever note a rule gave the row.
    const again = await t.call('POST', `${API}/rules/preview`, {
      token: w.token,
      body: {
        conditions: [
          { field: 'description', op: 'contains', value: 'київ' },
          { field: 'mcc', op: 'equals', value: 5411 },
        ],
      },
    });
    expect(again.body.response).toMatchObject({ looked: 5, matched: 1, sample: [{ id: by('2026-03-02').id }] });

    // The order set anew: the MCC rule runs first and now wins the category of «Сільпо».
    const ids = [
      groceries.id,
      silpo.id,
      ...(await t.call('GET', `${API}/rules`, { token: w.token })).body.response
        .slice(2)
        .map((r: { id: number }) => r.id),
    ];
    expect((await t.call('PUT', `${API}/rules/order`, { token: w.token, body: { ids } })).status).toBe(200);
    await importCsv(t, w.token, w.card, monobankStatement([['10.03.2026 10:00:00', 'сільпо', '5411', '-10.00']]));
    expect((await w.rows()).find((tx) => tx.time.startsWith('2026-03-10'))).toMatchObject({
      categoryId: w.category('Taxi'),
      tagIds: [a.id, b.id],
    });

    // A row entered by hand keeps what the person chose.
    const [manual] = await w.record({
      transactionType: 'expense',
      accountId: w.card,
      categoryId: w.category('Groceries'),
      amount: 20_000,
      note: 'Сільпо',
      time: '2026-03-11T10:00:00Z',
    });
    expect(manual).toMatchObject({ categoryId: w.category('Groceries'), note: 'Сільпо', tagIds: [] });
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });
});

describe('POST /rules/{id}/apply', () => {
  it('in a dry run counts and shows the matches, changing nothing; for real changes exactly them, statistics following', async () => {
    const w = await world();
    await importCsv(t, w.token, w.card, MARCH_FILE);
    const [manual] = await w.record({
      transactionType: 'expense',
      accountId: w.card,
      categoryId: w.category('Groceries'),
      amount: 30_000,
      note: 'Сільпо',
      time: '2026-03-04T10:00:00Z',
    });
    const trip = await w.tag('Подарунки');
    const rule = await w.rule({
      conditions: [{ field: 'description', op: 'contains', value: 'сільпо' }],
      actions: [
        { type: 'setCategory', categoryId: w.category('Gifts') },
        { type: 'addTags', tagIds: [trip.id] },
        { type: 'setNote', note: 'Сільпо, подарунки' },
      ],
    });
    const before = await w.snapshot();
    const silpo = before.rows.filter((tx) => tx.id !== manual!.id && /сільпо/i.test(tx.note));
    expect(silpo).toHaveLength(2);
    const newestFirst = [...silpo].reverse();

    const dry = await w.apply(rule.id, { dryRun: true });
    expect(dry).toEqual({ matched: 2, changed: 0, sample: newestFirst });
    expect(await w.snapshot()).toEqual(before);

    const food = await w.spent('Food & Drinks');
    const shopping = await w.spent('Shopping');
    const real = await w.apply(rule.id);
    // The sample shows the rows as they were before the change.
    expect(real).toEqual({ matched: 2, changed: 2, sample: newestFirst });
    const after = await w.snapshot();
    for (const tx of after.rows) {
      const was = before.rows.find((old) => old.id === tx.id)!;
      if (silpo.some((s) => s.id === tx.id)) {
        expect(tx).toEqual({
          ...was,
          categoryId: w.category('Gifts'),
          note: 'Сільпо, подарунки',
          tagIds: [trip.id],
        });
      } else expect(tx).toEqual(was);
    }
    // A category moves no money; the statistics follow it from one root to the other.
    expect(after.accounts).toEqual(before.accounts);
    expect(await w.spent('Food & Drinks')).toBe(food - 170_000);
    expect(await w.spent('Shopping')).toBe(shopping + 170_000);
    expect(await ledgerProblems(t, w.id)).toEqual([]);

    // Once more: the same rows match, and nothing is left to change.
    expect(await w.apply(rule.id)).toMatchObject({ matched: 2, changed: 0 });
    expect(await w.snapshot()).toEqual(after);
  });

  it('runs a disabled rule on demand, over the local days asked for, Cyrillic compared whatever its case', async () => {
    const w = await world();
    await importCsv(t, w.token, w.card, MARCH_FILE);
    const exact = await w.rule({
      enabled: false,
      conditions: [{ field: 'description', op: 'equals', value: 'СІЛЬПО' }],
      actions: [{ type: 'setCategory', categoryId: w.category('Gifts') }],
    });
    expect(await w.apply(exact.id, { dryRun: true })).toMatchObject({ matched: 1 });
    expect(await w.apply(exact.id, { dryRun: true, from: '2026-03-05', to: '2026-03-05' })).toMatchObject({
      matched: 1,
    });
    expect(await w.apply(exact.id, { dryRun: true, from: '2026-03-06' })).toMatchObject({ matched: 0 });
    expect(await w.apply(exact.id, { dryRun: true, to: '2026-03-04' })).toMatchObject({ matched: 0 });
    const g = await w.rule({
      conditions: [{ field: 'description', op: 'startsWith', value: 'ґалаґ' }],
      actions: [{ type: 'setNote', note: 'Ґалаґан' }],
    });
    const applied = await w.apply(g.id, { from: '2026-03-01', to: '2026-03-08' });
    expect(applied).toMatchObject({ matched: 1, changed: 1 });
    expect(applied.sample.map((tx) => tx.note)).toEqual(['ҐАЛАҐАН']);
    expect(await w.row('Ґалаґан')).toBeDefined();
  });

  it('leaves rows entered by hand alone, and a transfer leg’s or a split row’s category, as bulk edits do', async () => {
    const w = await world();
    await importCsv(
      t,
      w.token,
      w.card,
      monobankStatement([
        ['02.03.2026 10:00:00', 'Сільпо', '5411', '-1500.00'],
        ['05.03.2026 10:00:00', 'Сільпо', '5411', '-200.00'],
        ['09.03.2026 10:00:00', 'Сільпо, на готівку', '4829', '-300.00'],
      ]),
    );
    await importCsv(
      t,
      w.token,
      w.cash,
      monobankStatement([['09.03.2026 10:00:00', 'Сільпо, з картки', '4829', '300.00']]),
    );
    const rows = await w.rows();
    const [big, small, out] = rows.filter((tx) => tx.accountId === w.card);
    const into = rows.find((tx) => tx.accountId === w.cash)!;
    const linked = await t.call('PUT', `${API}/transactions/link`, {
      token: w.token,
      body: { ids: [[out!.id, into.id]] },
    });
    expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    const split = await t.call('PUT', `${API}/transactions/${small!.id}`, {
      token: w.token,
      body: {
        splits: [
          { categoryId: w.category('Groceries'), amount: 15_000 },
          { categoryId: w.category('Taxes'), amount: 5_000 },
        ],
      },
    });
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    const [manual] = await w.record({
      transactionType: 'expense',
      accountId: w.cash,
      categoryId: w.category('Groceries'),
      amount: 7_000,
      note: 'Сільпо',
      time: '2026-03-10T10:00:00Z',
    });
    const rule = await w.rule({
      conditions: [{ field: 'description', op: 'startsWith', value: 'сільпо' }],
      actions: [
        { type: 'setCategory', categoryId: w.category('Gifts') },
        { type: 'setNote', note: 'Сільпо!' },
      ],
    });
    const before = await w.snapshot();
    const result = await w.apply(rule.id);
    expect(result).toMatchObject({ matched: 4, changed: 4 });
    expect(result.sample.map((tx) => tx.id)).not.toContain(manual!.id);
    const after = await w.snapshot();
    const now = (id: number) => after.rows.find((tx) => tx.id === id)!;
    const was = (id: number) => before.rows.find((tx) => tx.id === id)!;
    expect(now(big!.id)).toEqual({ ...was(big!.id), categoryId: w.category('Gifts'), note: 'Сільпо!' });
    // The note reaches every match; the category passes by the split row and both legs of the transfer.
    for (const id of [small!.id, out!.id, into.id]) expect(now(id)).toEqual({ ...was(id), note: 'Сільпо!' });
    expect(now(manual!.id)).toEqual(was(manual!.id));
    expect(after.accounts).toEqual(before.accounts);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });

  it('gives a transfer out of the wallet, which had no category, the rule’s, as it arrives and later', async () => {
    const w = await world();
    await importCsv(t, w.token, w.card, moneyPutAside('2026-03-03'));
    const [before] = await w.rows();
    expect(before).toMatchObject({ transferNature: 'transfer_out_wallet', categoryId: null });
    const rule = await w.rule({
      conditions: [{ field: 'description', op: 'contains', value: 'SAVINGS' }],
      actions: [{ type: 'setCategory', categoryId: w.category('Other') }],
    });
    expect(await w.apply(rule.id)).toMatchObject({ matched: 1, changed: 1 });
    await importCsv(t, w.token, w.card, moneyPutAside('2026-03-04'));
    expect((await w.rows()).map((tx) => [tx.transferNature, tx.categoryId])).toEqual([
      ['transfer_out_wallet', w.category('Other')],
      ['transfer_out_wallet', w.category('Other')],
    ]);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });

  it('adds tags without taking any off, up to the most a row carries', async () => {
    const w = await world();
    await importCsv(t, w.token, w.card, monobankStatement([['02.03.2026 10:00:00', 'Сільпо', '5411', '-15.00']]));
    const tags = await Promise.all(Array.from({ length: 21 }, (_, i) => w.tag(`t${i}`)));
    const [row] = await w.rows();
    const first19 = tags.slice(0, 19).map((tag) => tag.id);
    await t.call('PUT', `${API}/transactions/${row!.id}`, { token: w.token, body: { tagIds: first19 } });
    const rule = await w.rule({
      conditions: [{ field: 'description', op: 'equals', value: 'сільпо' }],
      actions: [{ type: 'addTags', tagIds: [tags[0]!.id, tags[19]!.id, tags[20]!.id] }],
    });
    expect(await w.apply(rule.id)).toMatchObject({ matched: 1, changed: 1 });
    expect((await w.rows())[0]!.tagIds).toEqual([...first19, tags[19]!.id].sort((x, y) => x - y));
    expect(await w.apply(rule.id)).toMatchObject({ matched: 1, changed: 0 });
  });
});

describe('POST /rules/preview', () => {
  it('shows which of the newest bank and imported rows the conditions match, newest first, never a row entered by hand', async () => {
    const w = await world();
    await importCsv(t, w.token, w.card, MARCH_FILE);
    await w.record({
      transactionType: 'expense',
      accountId: w.card,
      categoryId: w.category('Groceries'),
      amount: 30_000,
      note: 'Сільпо',
      time: '2026-03-20T10:00:00Z',
    });
    const preview = async (body: Record<string, unknown>, token = w.token) => {
      const res = await t.call('POST', `${API}/rules/preview`, { token, body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.response as { looked: number; matched: number; sample: Transaction[] };
    };
    const silpo = await preview({ conditions: [{ field: 'description', op: 'contains', value: 'СІЛЬПО' }] });
    expect(silpo).toMatchObject({ looked: 5, matched: 2 });
    expect(silpo.sample.map((tx) => tx.note)).toEqual(['Сільпо', 'СІЛЬПО Київ']);
    const any = await preview({
      match: 'any',
      conditions: [
        { field: 'amount', op: 'lt', value: 10_000 },
        { field: 'mcc', op: 'equals', value: 4121 },
      ],
    });
    expect(any.sample.map((tx) => tx.note)).toEqual(['ҐАЛАҐАН', 'Uklon']);
    expect((await preview({ conditions: [{ field: 'amount', op: 'gt', value: 1 }] })).sample).toHaveLength(
      Math.min(5, RULE_APPLY_SAMPLE),
    );
    // Another user sees none of these rows.
    const other = await world();
    expect(
      await preview({ conditions: [{ field: 'description', op: 'contains', value: 'сільпо' }] }, other.token),
    ).toEqual({ looked: 0, matched: 0, sample: [] });
    const bad = await t.call('POST', `${API}/rules/preview`, {
      token: w.token,
      body: { conditions: [{ field: 'amount', op: 'contains', value: 'x' }] },
    });
    expect(bad.status).toBe(422);
    expect(issuesOf(bad.body)).toEqual({ 'conditions.0.op': 'rule.opForField' });
  });
});
