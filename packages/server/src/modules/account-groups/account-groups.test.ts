import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, signUpWithBase, startTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const createGroup = async (token: string, body: unknown) => {
  const res = await t.call('POST', '/api/v1/account-groups', { token, body });
  expect(res.status).toBe(201);
  return res.body.response as { id: number; name: string; parentGroupId: number | null; accountIds: number[] };
};
const groups = async (token: string) =>
  (await t.call('GET', '/api/v1/account-groups', { token })).body.response as Array<{
    id: number;
    name: string;
    parentGroupId: number | null;
    accountIds: number[];
  }>;
const account = async (token: string, accountGroupId: number | null = null) =>
  (
    await t.call('POST', '/api/v1/accounts', {
      token,
      body: { name: 'A', currencyId: ids.get('UAH'), accountGroupId },
    })
  ).body.response as { id: number };

describe('account groups', () => {
  it('nest, and list the accounts in each', async () => {
    const { token } = await signUpWithBase(t);
    const family = await createGroup(token, { name: 'Family' });
    const kids = await createGroup(token, { name: 'Kids', parentGroupId: family.id });
    const a = await account(token, kids.id);
    const b = await account(token, family.id);
    expect(await groups(token)).toEqual([
      { id: family.id, name: 'Family', parentGroupId: null, accountIds: [b.id] },
      { id: kids.id, name: 'Kids', parentGroupId: family.id, accountIds: [a.id] },
    ]);
  });

  it('rename and move; a move into itself or a descendant is a CONFLICT', async () => {
    const { token } = await signUpWithBase(t);
    const top = await createGroup(token, { name: 'Top' });
    const middle = await createGroup(token, { name: 'Middle', parentGroupId: top.id });
    const bottom = await createGroup(token, { name: 'Bottom', parentGroupId: middle.id });
    const renamed = await t.call('PUT', `/api/v1/account-groups/${bottom.id}`, { token, body: { name: 'Deep' } });
    expect(renamed.body.response).toMatchObject({ name: 'Deep', parentGroupId: middle.id });
    for (const parentGroupId of [top.id, bottom.id]) {
      const res = await t.call('PUT', `/api/v1/account-groups/${top.id}`, { token, body: { parentGroupId } });
      expect(res.status).toBe(409);
      expect(res.body.response.code).toBe('CONFLICT');
    }
    const moved = await t.call('PUT', `/api/v1/account-groups/${bottom.id}`, { token, body: { parentGroupId: null } });
    expect(moved.body.response.parentGroupId).toBeNull();
  });

  it('deleting one moves its accounts and subgroups up one level', async () => {
    const { token } = await signUpWithBase(t);
    const top = await createGroup(token, { name: 'Top' });
    const middle = await createGroup(token, { name: 'Middle', parentGroupId: top.id });
    const bottom = await createGroup(token, { name: 'Bottom', parentGroupId: middle.id });
    const inMiddle = await account(token, middle.id);
    expect((await t.call('DELETE', `/api/v1/account-groups/${middle.id}`, { token })).status).toBe(204);
    const after = await groups(token);
    expect(after.find((g) => g.id === bottom.id)?.parentGroupId).toBe(top.id);
    expect(after.find((g) => g.id === top.id)?.accountIds).toEqual([inMiddle.id]);
    expect(after.some((g) => g.id === middle.id)).toBe(false);
  });

  it.each([
    [{}, 'name'],
    [{ name: '' }, 'name'],
    [{ name: 'n'.repeat(101) }, 'name'],
    [{ name: 5 }, 'name'],
    [{ name: 'G', parentGroupId: 'top' }, 'parentGroupId'],
    [{ name: 'G', parentGroupId: 0 }, 'parentGroupId'],
  ])('rejects %j with VALIDATION_ERROR on %s', async (body, path) => {
    const { token } = await signUpWithBase(t);
    const res = await t.call('POST', '/api/v1/account-groups', { token, body });
    expect(res.status).toBe(422);
    expect(res.body.response.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await groups(token)).toEqual([]);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: 'n'.repeat(101) }, 'name'],
    [{ name: 5 }, 'name'],
    [{ parentGroupId: 'top' }, 'parentGroupId'],
    [{ parentGroupId: 1.5 }, 'parentGroupId'],
    [{ parentGroupId: -1 }, 'parentGroupId'],
  ])('rejects the change %j with VALIDATION_ERROR on %s and keeps the group', async (body, path) => {
    const { token } = await signUpWithBase(t);
    const top = await createGroup(token, { name: 'Top' });
    const inner = await createGroup(token, { name: 'Inner', parentGroupId: top.id });
    const res = await t.call('PUT', `/api/v1/account-groups/${inner.id}`, { token, body });
    expect(res.status).toBe(422);
    expect(res.body.response.details.map((d: { path: string }) => d.path)).toContain(path);
    expect(await groups(token)).toEqual([inner, top].sort((a, b) => a.name.localeCompare(b.name)));
  });

  it('lets only one of two opposite moves through, so no loop is ever saved', async () => {
    const { token } = await signUpWithBase(t);
    const a = await createGroup(token, { name: 'A' });
    const b = await createGroup(token, { name: 'B' });
    const move = (id: number, parentGroupId: number | null) =>
      t.call('PUT', `/api/v1/account-groups/${id}`, { token, body: { parentGroupId } });
    // Several rounds: on PostgreSQL the two requests really overlap, each on its own connection.
    for (let round = 0; round < 5; round++) {
      const [ab, ba] = await Promise.all([move(a.id, b.id), move(b.id, a.id)]);
      expect([ab.status, ba.status].sort()).toEqual([200, 409]);
      const parents = new Map((await groups(token)).map((g) => [g.id, g.parentGroupId]));
      // The move that answered 200 is the one saved; the other group stayed at the top.
      expect([parents.get(a.id), parents.get(b.id)]).toEqual(ab.status === 200 ? [b.id, null] : [null, a.id]);
      await Promise.all([move(a.id, null), move(b.id, null)]);
    }
  });

  it('puts what is created in a group while it is deleted one level up, or refuses it: never a 500', async () => {
    const { token } = await signUpWithBase(t);
    const top = await createGroup(token, { name: 'Top' });
    const doomed = await createGroup(token, { name: 'Doomed', parentGroupId: top.id });
    const [removed, subgroup, created] = await Promise.all([
      t.call('DELETE', `/api/v1/account-groups/${doomed.id}`, { token }),
      t.call('POST', '/api/v1/account-groups', { token, body: { name: 'Sub', parentGroupId: doomed.id } }),
      t.call('POST', '/api/v1/accounts', {
        token,
        body: { name: 'A', currencyId: ids.get('UAH'), accountGroupId: doomed.id },
      }),
    ]);
    expect(removed.status).toBe(204);
    const after = await groups(token);
    expect(after.map((g) => g.id)).not.toContain(doomed.id);
    // Whatever got in before the delete moved up to Top; whatever came after was told the group is gone.
    if (subgroup.status === 201) expect(after.find((g) => g.name === 'Sub')?.parentGroupId).toBe(top.id);
    else expect(subgroup.body.response).toMatchObject({ code: 'NOT_FOUND', details: [{ path: 'parentGroupId' }] });
    if (created.status === 201)
      expect(after.find((g) => g.id === top.id)?.accountIds).toEqual([created.body.response.id]);
    else expect(created.body.response).toMatchObject({ code: 'NOT_FOUND', details: [{ path: 'accountGroupId' }] });
  });

  it("another user's group, or a missing one, cannot be the parent of a new group: NOT_FOUND", async () => {
    const owner = await signUpWithBase(t);
    const stranger = await signUpWithBase(t);
    const group = await createGroup(owner.token, { name: 'Private' });
    for (const parentGroupId of [group.id, 999_999]) {
      const res = await t.call('POST', '/api/v1/account-groups', {
        token: stranger.token,
        body: { name: 'Inside', parentGroupId },
      });
      expect(res.status).toBe(404);
      expect(res.body.response).toMatchObject({ code: 'NOT_FOUND', details: [{ path: 'parentGroupId' }] });
    }
    expect(await groups(stranger.token)).toEqual([]);
    expect(await groups(owner.token)).toEqual([group]);
  });

  it("another user's group answers NOT_FOUND and stays as it was", async () => {
    const owner = await signUpWithBase(t);
    const stranger = await signUpWithBase(t);
    const group = await createGroup(owner.token, { name: 'Private' });
    const strangerGroup = await createGroup(stranger.token, { name: 'Mine' });
    const put = await t.call('PUT', `/api/v1/account-groups/${group.id}`, {
      token: stranger.token,
      body: { name: 'Taken' },
    });
    expect(put.status).toBe(404);
    expect((await t.call('DELETE', `/api/v1/account-groups/${group.id}`, { token: stranger.token })).status).toBe(404);
    const nest = await t.call('PUT', `/api/v1/account-groups/${strangerGroup.id}`, {
      token: stranger.token,
      body: { parentGroupId: group.id },
    });
    expect(nest.status).toBe(404);
    expect(nest.body.response).toMatchObject({ code: 'NOT_FOUND', details: [{ path: 'parentGroupId' }] });
    expect(await groups(owner.token)).toEqual([{ ...group }]);
    expect((await groups(stranger.token)).map((g) => g.name)).toEqual(['Mine']);
  });
});
