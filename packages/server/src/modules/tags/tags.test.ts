import type { Tag, Transaction } from '@kopiyka/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { buildWorld } from '../../../test/world.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function world() {
  const w = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
  const { token } = w;
  const [uah] = w.accounts;
  const createTag = async (body: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/v1/tags', { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.response as Tag;
  };
  const tags = async () => (await t.call('GET', '/api/v1/tags', { token })).body.response as Tag[];
  const expense = async (body: Record<string, unknown>) =>
    (
      await w.record({
        transactionType: 'expense',
        accountId: uah,
        categoryId: w.category('Groceries'),
        time: '2026-03-10T10:00:00Z',
        amount: 10_000,
        ...body,
      })
    )[0]!;
  const list = async (query: string) =>
    (await t.call('GET', `/api/v1/transactions?limit=200&order=asc&${query}`, { token })).body
      .response as Transaction[];
  const get = async (id: number) =>
    (await t.call('GET', `/api/v1/transactions/${id}`, { token })).body.response as Transaction;
  return { ...w, uah: uah!, createTag, tags, expense, list, get };
}

describe('tags', () => {
  it('are created, listed by name, renamed, recoloured and deleted', async () => {
    const w = await world();
    const trip = await w.createTag({ name: '  Trip ', color: '#1A2B3C' });
    expect(trip).toEqual({ id: expect.any(Number), name: 'Trip', color: '#1a2b3c' });
    const bare = await w.createTag({ name: 'Alpha' });
    expect(bare.color).toBe('#7f8c8d');
    expect(await w.tags()).toEqual([bare, trip]);
    const renamed = await t.call('PUT', `/api/v1/tags/${trip.id}`, {
      token: w.token,
      body: { name: 'Journey', color: '#00ff00' },
    });
    expect(renamed.body.response).toEqual({ id: trip.id, name: 'Journey', color: '#00ff00' });
    // A change of case of its own name is no clash.
    const recased = await t.call('PUT', `/api/v1/tags/${trip.id}`, { token: w.token, body: { name: 'JOURNEY' } });
    expect(recased.status).toBe(200);
    expect((await t.call('DELETE', `/api/v1/tags/${trip.id}`, { token: w.token })).status).toBe(204);
    expect(await w.tags()).toEqual([bare]);
  });

  it('have names unique per user whatever the case, Cyrillic included; another user may use the same', async () => {
    const w = await world();
    const other = await world();
    const holiday = await w.createTag({ name: 'Відпустка' });
    const clash = await t.call('POST', '/api/v1/tags', { token: w.token, body: { name: 'ВІДПУСТКА' } });
    expect(clash.status).toBe(422);
    expect(clash.body.response).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'name', code: 'tag.exists', params: { name: 'Відпустка' } }],
    });
    const sharp = await w.createTag({ name: 'Straße' });
    const renamed = await t.call('PUT', `/api/v1/tags/${sharp.id}`, { token: w.token, body: { name: 'відпустка' } });
    expect(renamed.status).toBe(422);
    expect((await t.call('POST', '/api/v1/tags', { token: w.token, body: { name: 'STRASSE' } })).status).toBe(422);
    await other.createTag({ name: 'ВІДПУСТКА' });
    expect(await w.tags()).toEqual([sharp, holiday]);
  });

  it('let only one of two creates of one name at once through; the other is told the name is taken', async () => {
    const w = await world();
    const create = (name: string) => t.call('POST', '/api/v1/tags', { token: w.token, body: { name } });
    for (let round = 0; round < 3; round++) {
      const name = `Trip ${round}`;
      const answers = await Promise.all([create(name), create(name.toUpperCase())]);
      expect(answers.map((res) => res.status).sort()).toEqual([201, 422]);
      expect(answers.find((res) => res.status === 422)!.body.response.details[0]).toMatchObject({ code: 'tag.exists' });
    }
    expect(await w.tags()).toHaveLength(3);
  });

  it.each([
    [{}, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'n'.repeat(51) }, 'name'],
    [{ name: 'Tag', color: 'red' }, 'color'],
    [{ name: 'Tag', color: '#12345' }, 'color'],
  ])('refuse %j with VALIDATION_ERROR on %s', async (body, path) => {
    const w = await world();
    const res = await t.call('POST', '/api/v1/tags', { token: w.token, body });
    expect(res.status).toBe(422);
    expect(res.body.response.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await w.tags()).toEqual([]);
  });

  it("another user's tag answers NOT_FOUND on every route and cannot be put on a transaction", async () => {
    const owner = await world();
    const stranger = await world();
    const secret = await owner.createTag({ name: 'Secret' });
    const tagged = await owner.expense({ tagIds: [secret.id] });
    const token = stranger.token;
    expect((await t.call('PUT', `/api/v1/tags/${secret.id}`, { token, body: { name: 'Mine' } })).status).toBe(404);
    expect((await t.call('DELETE', `/api/v1/tags/${secret.id}`, { token })).status).toBe(404);
    const body = {
      transactionType: 'expense',
      accountId: stranger.uah,
      categoryId: stranger.category('Groceries'),
      amount: 100,
      tagIds: [secret.id],
    };
    const created = await t.call('POST', '/api/v1/transactions', { token, body });
    expect(created.status).toBe(404);
    expect(created.body.response).toMatchObject({ code: 'NOT_FOUND', details: [{ path: 'tagIds' }] });
    expect(await stranger.list('')).toEqual([]);
    const own = await stranger.expense({});
    const put = await t.call('PUT', `/api/v1/transactions/${own.id}`, {
      token,
      body: { tagIds: [secret.id], note: 'x' },
    });
    expect(put.status).toBe(404);
    expect(await stranger.get(own.id)).toEqual(own);
    // The stranger filtering by it sees nothing of the owner's.
    expect(await stranger.list(`tagIds=${secret.id}`)).toEqual([]);
    expect(await owner.tags()).toEqual([secret]);
    expect((await owner.get(tagged.id)).tagIds).toEqual([secret.id]);
  });

  it('are carried by transactions, set on create and replaced on edit; the list filters by any of them', async () => {
    const w = await world();
    const [trip, work, food] = [
      await w.createTag({ name: 'Trip' }),
      await w.createTag({ name: 'Work' }),
      await w.createTag({ name: 'Food' }),
    ];
    const plain = await w.expense({});
    expect(plain.tagIds).toEqual([]);
    const both = await w.expense({ tagIds: [work.id, trip.id, trip.id] });
    expect(both.tagIds).toEqual([trip.id, work.id].sort((a, b) => a - b));
    expect((await w.get(both.id)).tagIds).toEqual(both.tagIds);
    const onlyFood = await w.expense({ tagIds: [food.id] });
    expect((await w.list(`tagIds=${trip.id}`)).map((x) => x.id)).toEqual([both.id]);
    expect((await w.list(`tagIds=${trip.id},${food.id}`)).map((x) => x.id)).toEqual([both.id, onlyFood.id]);
    const [edited] = (
      await t.call('PUT', `/api/v1/transactions/${both.id}`, { token: w.token, body: { tagIds: [food.id] } })
    ).body.response as Transaction[];
    expect(edited!.tagIds).toEqual([food.id]);
    // An edit without tagIds leaves the tags as they are.
    await t.call('PUT', `/api/v1/transactions/${onlyFood.id}`, { token: w.token, body: { note: 'lunch' } });
    expect((await w.get(onlyFood.id)).tagIds).toEqual([food.id]);
    expect((await w.list(`tagIds=${trip.id}`)).map((x) => x.id)).toEqual([]);
    expect((await w.list(`tagIds=${food.id}`)).map((x) => x.id)).toEqual([both.id, onlyFood.id]);
    expect((await w.list('')).find((x) => x.id === plain.id)!.tagIds).toEqual([]);
  });

  it('come off their transactions when deleted', async () => {
    const w = await world();
    const trip = await w.createTag({ name: 'Trip' });
    const work = await w.createTag({ name: 'Work' });
    const tagged = await w.expense({ tagIds: [trip.id, work.id] });
    expect((await t.call('DELETE', `/api/v1/tags/${trip.id}`, { token: w.token })).status).toBe(204);
    expect((await w.get(tagged.id)).tagIds).toEqual([work.id]);
    expect(await w.list(`tagIds=${trip.id}`)).toEqual([]);
    expect((await w.list('')).find((x) => x.id === tagged.id)!.tagIds).toEqual([work.id]);
    expect((await t.call('DELETE', `/api/v1/tags/${work.id}`, { token: w.token })).status).toBe(204);
    expect((await w.list('')).find((x) => x.id === tagged.id)!.tagIds).toEqual([]);
  });

  it('add up spending per tag in the base currency, as spending by category does', async () => {
    const w = await buildWorld(t, { currencies: { USD: 40 }, accounts: [{ currency: 'UAH' }, { currency: 'USD' }] });
    const [uah, usd] = w.accounts;
    const tag = async (name: string) =>
      (await t.call('POST', '/api/v1/tags', { token: w.token, body: { name } })).body.response as Tag;
    const [trip, work] = [await tag('Trip'), await tag('Work')];
    const day = '2026-04-10T10:00:00Z';
    const groceries = w.category('Groceries');
    await w.record({
      transactionType: 'expense',
      accountId: uah,
      categoryId: groceries,
      amount: 10_000,
      time: day,
      tagIds: [trip.id],
    });
    await w.record({
      transactionType: 'expense',
      accountId: usd,
      categoryId: groceries,
      amount: 100,
      time: day,
      tagIds: [trip.id, work.id],
    });
    // Income, a transfer, another month and an untagged expense count nowhere.
    await w.record({
      transactionType: 'income',
      accountId: uah,
      categoryId: groceries,
      amount: 777,
      time: day,
      tagIds: [trip.id],
    });
    await w.record({
      transactionType: 'expense',
      accountId: uah,
      amount: 500,
      time: day,
      transferNature: 'transfer_between_user_accounts',
      destinationAccountId: usd,
      destinationAmount: 12,
      tagIds: [trip.id],
    });
    await w.record({
      transactionType: 'expense',
      accountId: uah,
      categoryId: groceries,
      amount: 999,
      time: '2026-05-02T10:00:00Z',
      tagIds: [trip.id],
    });
    await w.record({ transactionType: 'expense', accountId: uah, categoryId: groceries, amount: 5_000, time: day });
    const stats = async () =>
      (await t.call('GET', '/api/v1/stats/spendings-by-tags?from=2026-04-01&to=2026-04-30', { token: w.token })).body
        .response;
    expect(await stats()).toEqual([
      { tagId: trip.id, name: 'Trip', color: '#7f8c8d', amount: 14_000 },
      { tagId: work.id, name: 'Work', color: '#7f8c8d', amount: 4_000 },
    ]);
    // A split row counts each part in its own category; a refund of a tagged expense in the range
    // is less of the expense's tags (the refund's own tags and a refund of May's expense count not).
    const cafes = w.category('Bars, cafés');
    await w.record({
      transactionType: 'expense',
      accountId: uah,
      amount: 3_000,
      time: day,
      splits: [
        { categoryId: groceries, amount: 2_000 },
        { categoryId: cafes, amount: 1_000 },
      ],
      tagIds: [work.id],
    });
    const [refunded] = await w.record({
      transactionType: 'expense',
      accountId: uah,
      categoryId: groceries,
      amount: 6_000,
      time: '2026-03-20T10:00:00Z',
      tagIds: [trip.id],
    });
    await w.record({
      transactionType: 'income',
      accountId: uah,
      categoryId: groceries,
      amount: 2_500,
      time: day,
      refundOfId: refunded!.id,
      tagIds: [work.id],
    });
    expect(await stats()).toEqual([
      { tagId: trip.id, name: 'Trip', color: '#7f8c8d', amount: 11_500 },
      { tagId: work.id, name: 'Work', color: '#7f8c8d', amount: 7_000 },
    ]);
    // A category left out of the statistics is left out here too, a part's as well as a refund's.
    await t.call('PUT', '/api/v1/user/settings', {
      token: w.token,
      body: { stats: { excludedCategoryIds: [groceries] } },
    });
    expect(await stats()).toEqual([{ tagId: work.id, name: 'Work', color: '#7f8c8d', amount: 1_000 }]);
  });

  it('are kept by a backup and come back with a restore', async () => {
    const w = await world();
    const trip = await w.createTag({ name: 'Відпустка', color: '#aa0000' });
    await w.createTag({ name: 'Unused' });
    await w.expense({ tagIds: [trip.id], note: 'tagged' });
    await w.expense({ note: 'plain' });
    const doc = (await t.call('GET', '/api/v1/backup', { token: w.token })).body;
    expect(doc.tags.map((tag: Tag) => tag.name)).toEqual(['Unused', 'Відпустка']);
    const fresh = await buildWorld(t);
    const restored = await t.call('POST', '/api/v1/backup/restore', { token: fresh.token, body: doc });
    expect(restored.status, JSON.stringify(restored.body)).toBe(201);
    expect(restored.body.response.counts.tags).toBe(2);
    const tags = (await t.call('GET', '/api/v1/tags', { token: fresh.token })).body.response as Tag[];
    const holiday = tags.find((tag) => tag.name === 'Відпустка')!;
    expect(holiday.color).toBe('#aa0000');
    const rows = (await t.call('GET', '/api/v1/transactions?order=asc', { token: fresh.token })).body
      .response as Transaction[];
    expect(rows.map((row) => [row.note, row.tagIds])).toEqual([
      ['tagged', [holiday.id]],
      ['plain', []],
    ]);
    // A backup from before tags (no list, no tagIds) still restores.
    const { tags: _tags, ...old } = doc;
    old.transactions = old.transactions.map(({ tagIds: _ids, ...rest }: { tagIds: number[] }) => rest);
    const older = await buildWorld(t);
    expect((await t.call('POST', '/api/v1/backup/restore', { token: older.token, body: old })).status).toBe(201);
    // Two tags of one name whatever the case are refused, and so is a tag id naming no tag of the document.
    const twice = { ...doc, tags: [...doc.tags, { id: 999, name: 'ВІДПУСТКА', color: '#000000' }] };
    const repeated = await t.call('POST', '/api/v1/backup/restore', {
      token: (await buildWorld(t)).token,
      body: twice,
    });
    expect(repeated.status).toBe(422);
    expect(repeated.body.response.details[0]).toMatchObject({ code: 'backup.repeatedTagName', path: 'tags.2.name' });
    const broken = { ...doc, tags: [] };
    const refused = await t.call('POST', '/api/v1/backup/restore', {
      token: (await buildWorld(t)).token,
      body: broken,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.response.details[0]).toMatchObject({ code: 'backup.missingTag' });
  });
});
