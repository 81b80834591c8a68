import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('GET /categories', () => {
  it('answers a flat list whose parents are all in the same list', async () => {
    const { token } = await signUp(t);
    const res = await t.call('GET', '/api/v1/categories', { token });
    expect(res.status).toBe(200);
    const list = res.body.response as Array<{ id: number; parentId: number | null; icon: string | null }>;
    const ids = new Set(list.map((c) => c.id));
    expect(list.every((c) => c.parentId === null || ids.has(c.parentId))).toBe(true);
    expect(list.every((c) => c.icon === null)).toBe(true);
  });

  it("answers only the caller's categories", async () => {
    const alice = await signUp(t);
    const bob = await signUp(t);
    const aliceIds = (await t.call('GET', '/api/v1/categories', { token: alice.token })).body.response.map(
      (c: { id: number }) => c.id,
    );
    const bobIds = (await t.call('GET', '/api/v1/categories', { token: bob.token })).body.response.map(
      (c: { id: number }) => c.id,
    );
    expect(aliceIds.length).toBe(bobIds.length);
    expect(aliceIds.filter((id: number) => bobIds.includes(id))).toEqual([]);
  });

  it('needs a token', async () => {
    expect((await t.call('GET', '/api/v1/categories')).status).toBe(401);
  });
});
