import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../../../test/app.ts';
import { buildWorld } from '../../../test/world.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

interface CategoryRow {
  id: number;
  name: string;
  color: string;
  icon: string | null;
  type: string;
  parentId: number | null;
}

const list = async (token: string) =>
  (await t.call('GET', '/api/v1/categories', { token })).body.response as CategoryRow[];
const byName = async (token: string, name: string) => (await list(token)).find((c) => c.name === name)!;
const create = (token: string, body: unknown) => t.call('POST', '/api/v1/categories', { token, body });
const update = (token: string, id: number, body: unknown) => t.call('PUT', `/api/v1/categories/${id}`, { token, body });
const remove = (token: string, id: number, query = '') =>
  t.call('DELETE', `/api/v1/categories/${id}${query}`, { token });

describe('GET /categories', () => {
  it('answers a flat list whose parents are all in the same list', async () => {
    const { token } = await signUp(t);
    const categories = await list(token);
    const ids = new Set(categories.map((c) => c.id));
    expect(categories.every((c) => c.parentId === null || ids.has(c.parentId))).toBe(true);
  });

  it("answers only the caller's categories", async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const aliceIds = (await list(alice.token)).map((c) => c.id);
    const bobIds = (await list(bob.token)).map((c) => c.id);
    expect(aliceIds.filter((id) => bobIds.includes(id))).toEqual([]);
  });

  it('needs a token', async () => {
    expect((await t.call('GET', '/api/v1/categories')).status).toBe(401);
  });

  it('names the default tree in the language the sign-up asked in, and saves that language', async () => {
    const username = `uk${Date.now()}`;
    const password = 'correct horse battery';
    const headers = { 'accept-language': 'uk-UA,uk;q=0.9,en;q=0.8' };
    expect((await t.call('POST', '/api/v1/auth/register', { body: { username, password }, headers })).status).toBe(201);
    const login = await t.call('POST', '/api/v1/auth/login', { body: { username, password } });
    const token = login.body.response.token as string;
    const categories = await list(token);
    const food = categories.find((c) => c.name === 'Їжа та напої')!;
    expect(categories.filter((c) => c.parentId === food.id).map((c) => c.name)).toEqual([
      'Продукти',
      'Ресторани, фастфуд',
      'Бари, кав’ярні',
    ]);
    expect(categories.find((c) => c.type === 'internal')?.name).toBe('Інше');
    expect((await t.call('GET', '/api/v1/user/settings', { token })).body.response.locale).toBe('uk');
  });

  it('names the default tree in English for any other language', async () => {
    const { token } = await signUp(t);
    expect((await byName(token, 'Food & Drinks')).color).toBe('#e74c3c');
    expect((await t.call('GET', '/api/v1/user/settings', { token })).body.response.locale).toBe('en');
  });
});

describe('POST /categories', () => {
  it('creates a subcategory that inherits its parent colour', async () => {
    const { token } = await signUp(t);
    const food = await byName(token, 'Food & Drinks');
    const res = await create(token, { name: 'Bakery', parentId: food.id, icon: 'croissant' });
    expect(res.status).toBe(201);
    expect(res.body.response).toEqual({
      id: expect.any(Number),
      name: 'Bakery',
      color: '#e74c3c',
      icon: 'croissant',
      type: 'custom',
      parentId: food.id,
    });
  });

  it('creates a root category with its own colour, lower-cased, nesting to any depth', async () => {
    const { token } = await signUp(t);
    const root = (await create(token, { name: 'Side gig', color: '#AA00FF' })).body.response;
    expect(root).toMatchObject({ color: '#aa00ff', parentId: null, icon: null });
    const child = (await create(token, { name: 'Tools', parentId: root.id })).body.response;
    const grandchild = (await create(token, { name: 'Drills', parentId: child.id })).body.response;
    expect(grandchild).toMatchObject({ parentId: child.id, color: '#aa00ff' });
  });

  it.each([
    [{}, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'x'.repeat(201) }, 'name'],
    [{ name: 'A', color: 'red' }, 'color'],
    [{ name: 'A', color: '#12345' }, 'color'],
    [{ name: 'A', icon: 'i'.repeat(65) }, 'icon'],
    [{ name: 5 }, 'name'],
    [{ name: 'A', color: 5 }, 'color'],
    [{ name: 'A', icon: 5 }, 'icon'],
    [{ name: 'A', parentId: 'food' }, 'parentId'],
    [{ name: 'A', parentId: 0 }, 'parentId'],
  ])('rejects %j with VALIDATION_ERROR on %s and creates nothing', async (body, path) => {
    const { token } = await signUp(t);
    const before = (await list(token)).length;
    const res = await create(token, body);
    expect(res.status).toBe(422);
    expect(res.body.response.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await list(token)).toHaveLength(before);
  });

  it("answers NOT_FOUND on parentId for another user's category or a missing one, and creates nothing", async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const food = await byName(alice.token, 'Food & Drinks');
    const before = await list(bob.token);
    for (const parentId of [food.id, 999_999]) {
      const res = await create(bob.token, { name: 'Sneaky', parentId });
      expect(res.status).toBe(404);
      expect(res.body.response).toMatchObject({ code: 'NOT_FOUND', details: [{ path: 'parentId' }] });
    }
    expect(await list(bob.token)).toEqual(before);
    expect((await list(alice.token)).filter((c) => c.parentId === food.id).map((c) => c.name)).not.toContain('Sneaky');
  });
});

describe('PUT /categories/{categoryId}', () => {
  it('renames, recolours and moves a category', async () => {
    const { token } = await signUp(t);
    const taxi = await byName(token, 'Taxi');
    const vehicle = await byName(token, 'Vehicle');
    const res = await update(token, taxi.id, { name: 'Rides', color: '#000000', icon: 'car', parentId: vehicle.id });
    expect(res.body.response).toMatchObject({ name: 'Rides', color: '#000000', icon: 'car', parentId: vehicle.id });
    expect((await update(token, taxi.id, { parentId: null })).body.response.parentId).toBeNull();
  });

  it('refuses to move a category into itself or below itself with CONFLICT', async () => {
    const { token } = await signUp(t);
    const shopping = await byName(token, 'Shopping');
    const kids = await byName(token, 'Kids');
    for (const parentId of [shopping.id, kids.id]) {
      const res = await update(token, shopping.id, { parentId });
      expect(res.status).toBe(409);
      expect(res.body.response.code).toBe('CONFLICT');
    }
    expect((await byName(token, 'Shopping')).parentId).toBeNull();
  });

  it('keeps the built-in "Other" from being renamed or moved, but lets it be recoloured', async () => {
    const { token } = await signUp(t);
    const other = await byName(token, 'Other');
    const food = await byName(token, 'Food & Drinks');
    for (const body of [{ name: 'Misc' }, { parentId: food.id }]) {
      const res = await update(token, other.id, body);
      expect(res.status).toBe(403);
      expect(res.body.response.code).toBe('NOT_ALLOWED');
    }
    expect((await update(token, other.id, { color: '#123456' })).body.response.color).toBe('#123456');
    expect(await byName(token, 'Other')).toMatchObject({ name: 'Other', parentId: null });
  });

  it('lets only one of two opposite moves through, so no loop is ever saved', async () => {
    const { token } = await signUp(t);
    const a = (await create(token, { name: 'A' })).body.response as CategoryRow;
    const b = (await create(token, { name: 'B' })).body.response as CategoryRow;
    // Several rounds: on PostgreSQL the two requests really overlap, each on its own connection.
    for (let round = 0; round < 5; round++) {
      const [ab, ba] = await Promise.all([
        update(token, a.id, { parentId: b.id }),
        update(token, b.id, { parentId: a.id }),
      ]);
      expect([ab.status, ba.status].sort()).toEqual([200, 409]);
      const parents = new Map((await list(token)).map((c) => [c.id, c.parentId]));
      // The move that answered 200 is the one saved; the other category stayed at the top.
      expect([parents.get(a.id), parents.get(b.id)]).toEqual(ab.status === 200 ? [b.id, null] : [null, a.id]);
      await Promise.all([update(token, a.id, { parentId: null }), update(token, b.id, { parentId: null })]);
    }
  });

  it("answers NOT_FOUND on parentId for another user's category or a missing one, and changes nothing", async () => {
    const owner = await signUp(t);
    const stranger = await signUp(t);
    const food = await byName(owner.token, 'Food & Drinks');
    const taxi = await byName(stranger.token, 'Taxi');
    for (const parentId of [food.id, 999_999]) {
      const res = await update(stranger.token, taxi.id, { name: 'Rides', parentId });
      expect(res.status).toBe(404);
      expect(res.body.response).toMatchObject({ code: 'NOT_FOUND', details: [{ path: 'parentId' }] });
    }
    expect(await byName(stranger.token, 'Taxi')).toEqual(taxi);
    expect((await list(owner.token)).filter((c) => c.parentId === food.id)).toHaveLength(3);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(201) }, 'name'],
    [{ name: 5 }, 'name'],
    [{ color: 'blue' }, 'color'],
    [{ color: 0x123456 }, 'color'],
    [{ icon: 'i'.repeat(65) }, 'icon'],
    [{ icon: '' }, 'icon'],
    [{ icon: 5 }, 'icon'],
    [{ parentId: -1 }, 'parentId'],
    [{ parentId: 1.5 }, 'parentId'],
    [{ parentId: 'food' }, 'parentId'],
  ])('rejects %j with VALIDATION_ERROR on %s and changes nothing', async (body, path) => {
    const { token } = await signUp(t);
    const taxi = await byName(token, 'Taxi');
    const res = await update(token, taxi.id, body);
    expect(res.status).toBe(422);
    expect(res.body.response.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await byName(token, 'Taxi')).toEqual(taxi);
  });
});

describe('names among siblings', () => {
  it('are unique whatever the case, in any script; the same name under another parent is fine', async () => {
    const { token } = await signUp(t);
    const food = await byName(token, 'Food & Drinks');
    const shopping = await byName(token, 'Shopping');
    for (const name of ['Groceries', 'groceries', ' GROCERIES ']) {
      const res = await create(token, { name, parentId: food.id });
      expect(res.status, name).toBe(422);
      expect(res.body.response.details).toEqual([
        {
          path: 'name',
          message: 'There is a "Groceries" under the same parent already',
          code: 'category.existsUnderParent',
          params: { name: 'Groceries' },
        },
      ]);
    }
    expect((await create(token, { name: 'Groceries', parentId: shopping.id })).status).toBe(201);
    expect((await create(token, { name: 'Продукти' })).status).toBe(201);
    const again = await create(token, { name: 'ПРОДУКТИ' });
    expect(again.status).toBe(422);
    expect(again.body.response.details[0].message).toBe('There is a category "Продукти" already');
    expect((await list(token)).filter((c) => c.name.toLowerCase() === 'groceries')).toHaveLength(2);
  });

  it('stay unique when a category is renamed or moved, or its subcategories move to another', async () => {
    const { token } = await signUp(t);
    const food = await byName(token, 'Food & Drinks');
    const taxi = await byName(token, 'Taxi');
    const groceries = await byName(token, 'Groceries');
    const rename = await update(token, taxi.id, { name: 'bars, CAFÉS', parentId: food.id });
    expect(rename.status).toBe(422);
    expect(rename.body.response.details[0].path).toBe('name');
    const move = await update(token, groceries.id, { parentId: (await byName(token, 'Shopping')).id });
    expect(move.status).toBe(200);
    const back = await create(token, { name: 'Groceries', parentId: food.id });
    expect(back.status).toBe(201);
    const clash = await update(token, groceries.id, { parentId: food.id });
    expect(clash.status).toBe(422);
    expect(clash.body.response.details[0].path).toBe('parentId');
    // Only the case of its own name changes: no clash with itself.
    expect((await update(token, groceries.id, { name: 'GROCERIES' })).status).toBe(200);

    const shopping = await byName(token, 'Shopping');
    const folding = await remove(token, shopping.id, `?moveTo=${food.id}`);
    expect(folding.status).toBe(422);
    expect(folding.body.response.details[0].path).toBe('moveTo');
    expect(await byName(token, 'Shopping')).toBeDefined();
  });
});

describe('DELETE /categories/{categoryId}', () => {
  it('deletes an unused category', async () => {
    const { token } = await signUp(t);
    const fines = await byName(token, 'Fines');
    expect((await remove(token, fines.id)).status).toBe(204);
    expect((await list(token)).some((c) => c.id === fines.id)).toBe(false);
  });

  it('refuses a category with subcategories with CONFLICT naming them, and keeps everything', async () => {
    const { token } = await signUp(t);
    const vehicle = await byName(token, 'Vehicle');
    const res = await remove(token, vehicle.id);
    expect(res.status).toBe(409);
    expect(res.body.response.statusText).toBe('"Vehicle" has 6 subcategories. Move them to another category first.');
    expect((await list(token)).filter((c) => c.parentId === vehicle.id)).toHaveLength(6);
  });

  it('moves the subcategories first when asked, then deletes', async () => {
    const { token } = await signUp(t);
    const vehicle = await byName(token, 'Vehicle');
    const other = await byName(token, 'Other');
    expect((await remove(token, vehicle.id, `?moveTo=${other.id}`)).status).toBe(204);
    const categories = await list(token);
    expect(categories.some((c) => c.id === vehicle.id)).toBe(false);
    expect(categories.filter((c) => c.parentId === other.id).map((c) => c.name)).toContain('Fuel');
  });

  it('refuses a category with transactions, naming them, and carries them over with moveTo', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const [accountId] = world.accounts;
    const fuel = world.category('Fuel');
    const parking = world.category('Parking');
    const [spent] = await world.record({ accountId, amount: 900, transactionType: 'expense', categoryId: fuel });
    const res = await remove(world.token, fuel);
    expect(res.status).toBe(409);
    expect(res.body.response.statusText).toBe('"Fuel" has 1 transaction. Move it to another category first.');
    expect((await remove(world.token, fuel, `?moveTo=${parking}`)).status).toBe(204);
    const moved = await t.call('GET', `/api/v1/transactions/${spent!.id}`, { token: world.token });
    expect(moved.body.response.categoryId).toBe(parking);
  });

  it.each(['abc', '0', '-1', '1.5'])('answers VALIDATION_ERROR for ?moveTo=%s and deletes nothing', async (moveTo) => {
    const { token } = await signUp(t);
    const vehicle = await byName(token, 'Vehicle');
    const before = await list(token);
    const res = await remove(token, vehicle.id, `?moveTo=${moveTo}`);
    expect(res.status).toBe(422);
    expect(res.body.response.details[0].path).toBe('moveTo');
    expect(await list(token)).toEqual(before);
  });

  it('never answers 500 when a subcategory or a transaction arrives while the category is deleted', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const [accountId] = world.accounts;
    const fines = world.category('Fines');
    const [removed, child, spent] = await Promise.all([
      remove(world.token, fines),
      create(world.token, { name: 'Speeding', parentId: fines }),
      t.call('POST', '/api/v1/transactions', {
        token: world.token,
        body: { accountId, amount: 500, transactionType: 'expense', categoryId: fines },
      }),
    ]);
    const statuses = [removed.status, child.status, spent.status];
    expect(statuses).not.toContain(500);
    const categories = await list(world.token);
    if (removed.status === 204) {
      // Deleted first: the others were told the category is gone (or that it changed meanwhile).
      expect(categories.some((c) => c.id === fines || c.parentId === fines)).toBe(false);
      expect([child.status, spent.status].every((status) => status === 404 || status === 409)).toBe(true);
    } else {
      // Something got in first: the delete was refused and the category keeps what it holds.
      expect(removed.status).toBe(409);
      expect(categories.some((c) => c.id === fines)).toBe(true);
    }
  });

  it('refuses to move the contents into the category itself or below it', async () => {
    const { token } = await signUp(t);
    const vehicle = await byName(token, 'Vehicle');
    const fuel = await byName(token, 'Fuel');
    for (const target of [vehicle.id, fuel.id]) {
      const res = await remove(token, vehicle.id, `?moveTo=${target}`);
      expect(res.status).toBe(422);
      expect(res.body.response.details[0].path).toBe('moveTo');
    }
    expect((await list(token)).some((c) => c.id === vehicle.id)).toBe(true);
  });

  it('keeps the built-in "Other"', async () => {
    const { token } = await signUp(t);
    const other = await byName(token, 'Other');
    expect((await remove(token, other.id)).body.response.code).toBe('NOT_ALLOWED');
  });

  it('takes a deleted category out of the excluded-from-statistics list', async () => {
    const { token } = await signUp(t);
    const fines = await byName(token, 'Fines');
    const taxes = await byName(token, 'Taxes');
    await t.call('PUT', '/api/v1/user/settings', {
      token,
      body: { stats: { excludedCategoryIds: [fines.id, taxes.id] } },
    });
    await remove(token, fines.id);
    const settings = (await t.call('GET', '/api/v1/user/settings', { token })).body.response;
    expect(settings.stats.excludedCategoryIds).toEqual([taxes.id]);
  });
});

describe("another user's category", () => {
  it('answers NOT_FOUND to PUT and DELETE and changes nothing', async () => {
    const owner = await signUp(t);
    const stranger = await signUp(t);
    const fines = await byName(owner.token, 'Fines');
    const other = await byName(stranger.token, 'Other');
    expect((await update(stranger.token, fines.id, { name: 'Mine' })).status).toBe(404);
    expect((await remove(stranger.token, fines.id)).status).toBe(404);
    expect((await remove(stranger.token, fines.id, `?moveTo=${other.id}`)).status).toBe(404);
    expect(await byName(owner.token, 'Fines')).toEqual(fines);
  });

  it('cannot be the target of moveTo: NOT_FOUND, like a missing one, and nothing is deleted or moved', async () => {
    const owner = await signUp(t);
    const stranger = await signUp(t);
    const ownerOther = await byName(owner.token, 'Other');
    const vehicle = await byName(stranger.token, 'Vehicle');
    const before = await list(stranger.token);
    for (const moveTo of [ownerOther.id, 999_999]) {
      const res = await remove(stranger.token, vehicle.id, `?moveTo=${moveTo}`);
      expect(res.status).toBe(404);
      expect(res.body.response).toMatchObject({ code: 'NOT_FOUND', details: [{ path: 'moveTo' }] });
    }
    expect(await list(stranger.token)).toEqual(before);
    expect((await list(owner.token)).filter((c) => c.parentId === ownerOther.id)).toEqual([]);
  });
});
