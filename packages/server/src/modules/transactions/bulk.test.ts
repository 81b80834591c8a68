import { type Tag, TRANSACTION_TAGS_MAX, type Transaction } from '@kopiyka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { moneyPutAside } from '../../../test/csv.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { importCsv } from '../../../test/rules.ts';
import { buildWorld } from '../../../test/world.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const DAY = '2026-03-10T10:00:00Z';

async function world() {
  const w = await buildWorld(t, { accounts: [{ currency: 'UAH' }, { currency: 'UAH', name: 'Cash' }] });
  const { token } = w;
  const [card, cash] = w.accounts;
  const groceries = w.category('Groceries');
  const transport = w.category('Transportation');
  const expense = async (amount: number, body: Record<string, unknown> = {}) =>
    (
      await w.record({ transactionType: 'expense', accountId: card, categoryId: groceries, amount, time: DAY, ...body })
    )[0]!;
  const transfer = async (amount: number) =>
    w.record({
      transactionType: 'expense',
      accountId: card,
      amount,
      time: DAY,
      transferNature: 'transfer_between_user_accounts',
      destinationAccountId: cash,
    });
  const bulk = (body: unknown, as = token) => t.call('POST', '/api/v1/transactions/bulk', { token: as, body });
  const all = async () =>
    (await t.call('GET', '/api/v1/transactions?limit=200&order=asc', { token })).body.response as Transaction[];
  const spending = async () =>
    (await t.call('GET', '/api/v1/stats/spendings-by-categories?from=2026-03-01&to=2026-03-31', { token })).body
      .response as Array<{ name: string; amount: number }>;
  const balances = async () =>
    (
      (await t.call('GET', '/api/v1/accounts', { token })).body.response as Array<{
        id: number;
        currentBalance: number;
      }>
    ).map((a) => [a.id, a.currentBalance]);
  const tag = async (name: string) =>
    (await t.call('POST', '/api/v1/tags', { token, body: { name } })).body.response as Tag;
  return {
    ...w,
    card: card!,
    cash: cash!,
    groceries,
    transport,
    expense,
    transfer,
    bulk,
    all,
    spending,
    balances,
    tag,
  };
}

describe('bulk edits', () => {
  it('recategorise many rows at once; legs of transfers are skipped and said so; statistics follow', async () => {
    const w = await world();
    const a = await w.expense(10_000);
    const b = await w.expense(2_500);
    const [out, into] = await w.transfer(700);
    const res = await w.bulk({ ids: [a.id, b.id, out!.id, b.id], set: { categoryId: w.transport } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.response).toEqual({ updated: 2, deleted: 0, skipped: [{ id: out!.id, reason: 'transfer' }] });
    const rows = await w.all();
    expect(rows.map((row) => [row.id, row.categoryId])).toEqual([
      [a.id, w.transport],
      [b.id, w.transport],
      [out!.id, out!.categoryId],
      [into!.id, into!.categoryId],
    ]);
    expect(await w.spending()).toEqual([expect.objectContaining({ name: 'Transportation', amount: 12_500 })]);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });

  it('give a row that had no category (money put aside out of the wallet) the one set', async () => {
    const w = await world();
    await importCsv(t, w.token, w.card, moneyPutAside('2026-03-10'));
    const [aside] = await w.all();
    expect(aside).toMatchObject({ transferNature: 'transfer_out_wallet', categoryId: null });
    const res = await w.bulk({ ids: [aside!.id], set: { categoryId: w.transport } });
    expect(res.body.response).toEqual({ updated: 1, deleted: 0, skipped: [] });
    expect((await w.all()).map((row) => [row.id, row.categoryId])).toEqual([[aside!.id, w.transport]]);
    // A transfer stays out of the spending, in whatever category.
    expect(await w.spending()).toEqual([]);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });

  it('leave a split transaction in its parts’ categories and say so, while its note changes', async () => {
    const w = await world();
    const plain = await w.expense(1_000);
    const split = await w.expense(3_000, {
      categoryId: undefined,
      splits: [
        { categoryId: w.groceries, amount: 2_000 },
        { categoryId: w.transport, amount: 1_000 },
      ],
    });
    const res = await w.bulk({ ids: [plain.id, split.id], set: { categoryId: w.transport, note: 'Receipt' } });
    expect(res.body.response).toEqual({ updated: 2, deleted: 0, skipped: [{ id: split.id, reason: 'split' }] });
    const rows = await w.all();
    expect(rows.map((row) => [row.categoryId, row.splits.map((part) => part.categoryId), row.note])).toEqual([
      [w.transport, [], 'Receipt'],
      [w.groceries, [w.groceries, w.transport], 'Receipt'],
    ]);
    expect(await w.spending()).toEqual([
      // Groceries counts under its root; the plain row moved to Transportation, the split kept its part there.
      expect.objectContaining({ name: 'Food & Drinks', amount: 2_000 }),
      expect.objectContaining({ name: 'Transportation', amount: 2_000 }),
    ]);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });

  it('add and remove tags and set a note on every row', async () => {
    const w = await world();
    const [trip, work] = [await w.tag('Trip'), await w.tag('Work')];
    const a = await w.expense(100, { tagIds: [work.id] });
    const b = await w.expense(200);
    const res = await w.bulk({
      ids: [a.id, b.id],
      set: { addTagIds: [trip.id], removeTagIds: [work.id], note: 'Holiday' },
    });
    expect(res.body.response).toEqual({ updated: 2, deleted: 0, skipped: [] });
    expect((await w.all()).map((row) => [row.note, row.tagIds])).toEqual([
      ['Holiday', [trip.id]],
      ['Holiday', [trip.id]],
    ]);
  });

  it('add tags only to the rows they fit on: a row at the most keeps its own, unless as many come off', async () => {
    const w = await world();
    const tags = await Promise.all(Array.from({ length: TRANSACTION_TAGS_MAX + 1 }, (_, i) => w.tag(`T${i}`)));
    const [extra, ...twenty] = tags.map((tag) => tag.id) as [number, ...number[]];
    const full = await w.expense(100, { tagIds: twenty });
    const roomy = await w.expense(200, { tagIds: twenty.slice(1) });
    const bare = await w.expense(300);
    const res = await w.bulk({ ids: [full.id, roomy.id, bare.id], set: { addTagIds: [extra] } });
    expect(res.body.response).toEqual({ updated: 2, deleted: 0, skipped: [{ id: full.id, reason: 'tags' }] });
    const tagsOf = async () => new Map((await w.all()).map((row) => [row.id, row.tagIds.length]));
    expect(await tagsOf()).toEqual(
      new Map([
        [full.id, TRANSACTION_TAGS_MAX],
        [roomy.id, TRANSACTION_TAGS_MAX],
        [bare.id, 1],
      ]),
    );
    // One off as one goes on: the full row takes it, and every row is still within the most.
    const swap = await w.bulk({ ids: [full.id, bare.id], set: { addTagIds: [extra], removeTagIds: [twenty[0]!] } });
    expect(swap.body.response).toEqual({ updated: 2, deleted: 0, skipped: [] });
    expect((await w.all()).find((row) => row.id === full.id)?.tagIds).toContain(extra);
    // A note reaches a row the tags pass by; the answer still says why they did.
    const noted = await w.bulk({ ids: [roomy.id], set: { addTagIds: [twenty[0]!], note: 'Full' } });
    expect(noted.body.response).toEqual({ updated: 1, deleted: 0, skipped: [{ id: roomy.id, reason: 'tags' }] });
    expect((await w.all()).find((row) => row.id === roomy.id)).toMatchObject({ note: 'Full' });
    expect(await tagsOf()).toEqual(
      new Map([
        [full.id, TRANSACTION_TAGS_MAX],
        [roomy.id, TRANSACTION_TAGS_MAX],
        [bare.id, 1],
      ]),
    );
  });

  it('delete many rows, both legs of a transfer, balances and day figures moved back', async () => {
    const w = await world();
    const before = await w.balances();
    const a = await w.expense(10_000);
    const keep = await w.expense(1_000);
    const [out] = await w.transfer(700);
    const res = await w.bulk({ ids: [a.id, out!.id], delete: true });
    expect(res.body.response).toEqual({ updated: 0, deleted: 3, skipped: [] });
    expect((await w.all()).map((row) => row.id)).toEqual([keep.id]);
    expect(await w.balances()).toEqual(before.map(([id, balance]) => [id, id === w.card ? balance! - 1_000 : balance]));
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });

  it("refuse the whole request when any id is another user's or missing, and change nothing", async () => {
    const w = await world();
    const stranger = await world();
    const mine = await w.expense(100);
    const theirs = await stranger.expense(200);
    const theirTag = await stranger.tag('Theirs');
    const rowsBefore = await w.all();
    for (const body of [
      { ids: [mine.id, theirs.id], set: { categoryId: w.transport } },
      { ids: [mine.id, 2_000_000_000], delete: true },
      { ids: [mine.id, theirs.id], delete: true },
    ]) {
      const res = await w.bulk(body);
      expect(res.status).toBe(404);
      expect(res.body.response).toMatchObject({ code: 'NOT_FOUND', details: [{ path: 'ids' }] });
    }
    const foreignCategory = await w.bulk({ ids: [mine.id], set: { categoryId: stranger.groceries } });
    expect(foreignCategory.body.response).toMatchObject({ code: 'NOT_FOUND', details: [{ path: 'set.categoryId' }] });
    const foreignTag = await w.bulk({ ids: [mine.id], set: { note: 'x', addTagIds: [theirTag.id] } });
    expect(foreignTag.body.response).toMatchObject({ code: 'NOT_FOUND', details: [{ path: 'set.addTagIds' }] });
    expect(await w.all()).toEqual(rowsBefore);
    expect((await stranger.all()).map((row) => [row.id, row.categoryId])).toEqual([[theirs.id, stranger.groceries]]);
  });

  it.each([
    [{ ids: [], delete: true }, 'ids'],
    [{ ids: Array.from({ length: 1001 }, (_, i) => i + 1), delete: true }, 'ids'],
    [{ ids: [1], set: { note: 'x' }, delete: true }, 'set'],
    [{ ids: [1] }, 'set'],
    [{ ids: [1], set: {} }, 'set'],
    [{ ids: [1], delete: false }, 'delete'],
    [{ ids: ['01'], delete: true }, 'ids.0'],
  ])('refuse %j with VALIDATION_ERROR on %s', async (body, path) => {
    const w = await world();
    const res = await w.bulk(body);
    expect(res.status).toBe(422);
    expect(res.body.response.details.map((d: { path: string }) => d.path)).toContain(path);
  });
});
