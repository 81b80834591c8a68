import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../../../test/app.ts';

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
    [{ name: 'A', parentId: 'food' }, 'parentId'],
    [{ name: 'A', parentId: 999_999 }, 'parentId'],
  ])('rejects %j with VALIDATION_ERROR on %s and creates nothing', async (body, path) => {
    const { token } = await signUp(t);
    const before = (await list(token)).length;
    const res = await create(token, body);
    expect(res.status).toBe(422);
    expect(res.body.response.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await list(token)).toHaveLength(before);
  });

  it("refuses another user's category as parent", async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const food = await byName(alice.token, 'Food & Drinks');
    const res = await create(bob.token, { name: 'Sneaky', parentId: food.id });
    expect(res.status).toBe(422);
    expect(res.body.response.details[0].path).toBe('parentId');
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

  it.each([
    [{ name: '' }, 'name'],
    [{ color: 'blue' }, 'color'],
    [{ parentId: 999_999 }, 'parentId'],
    [{ parentId: -1 }, 'parentId'],
  ])('rejects %j with VALIDATION_ERROR on %s and changes nothing', async (body, path) => {
    const { token } = await signUp(t);
    const taxi = await byName(token, 'Taxi');
    const res = await update(token, taxi.id, body);
    expect(res.status).toBe(422);
    expect(res.body.response.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await byName(token, 'Taxi')).toEqual(taxi);
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

  it('cannot be the target of moveTo', async () => {
    const owner = await signUp(t);
    const stranger = await signUp(t);
    const ownerOther = await byName(owner.token, 'Other');
    const vehicle = await byName(stranger.token, 'Vehicle');
    const res = await remove(stranger.token, vehicle.id, `?moveTo=${ownerOther.id}`);
    expect(res.status).toBe(422);
    expect(res.body.response.details[0].path).toBe('moveTo');
  });
});
