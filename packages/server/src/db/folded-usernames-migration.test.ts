import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp, startTestApp, type TestApp, uniqueUsername } from '../../test/app.ts';
import { foldStoredUsernames } from '../modules/users/service.ts';
import { users } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A user as one signed up before usernames were folded: stored under `stored`, without a folded name. */
async function legacyUser(stored: string) {
  const user = await signUp(t);
  await t.handle.db.update(users).set({ username: stored, foldedUsername: null }).where(eq(users.id, user.id));
  return user.id;
}

const foldedName = async (id: number) =>
  (await t.handle.db.select({ folded: users.foldedUsername }).from(users).where(eq(users.id, id)))[0]!.folded;

/** Who a name and the password sign in. */
async function signedIn(username: string) {
  const res = await t.call('POST', '/api/v1/auth/login', { body: { username, password: PASSWORD } });
  expect(res.status).toBe(200);
  return (await t.call('GET', '/api/v1/user', { token: res.body.response.token })).body.response.id;
}

describe('usernames stored before they were folded (migration 0017)', () => {
  it('are folded at start; of two that fold alike the older keeps it, and each still signs in by its name', async () => {
    const tail = uniqueUsername('_');
    const older = await legacyUser(`Straße${tail}`);
    const later = await legacyUser(`STRASSE${tail}`);
    const alone = await legacyUser(`Maße${tail}`);

    await foldStoredUsernames(t.handle.db);

    expect(await foldedName(older)).toBe(`strasse${tail}`);
    expect(await foldedName(later)).toBeNull();
    expect(await foldedName(alone)).toBe(`masse${tail}`);
    expect(await signedIn(`Straße${tail}`)).toBe(older);
    expect(await signedIn(`STRASSE${tail}`)).toBe(later);
    expect(await signedIn(`strasse${tail}`)).toBe(later);
    expect(await signedIn(`MASSE${tail}`)).toBe(alone);
    for (const username of [`Strasse${tail}`, `STRAẞE${tail}`]) {
      const res = await t.call('POST', '/api/v1/auth/register', { body: { username, password: PASSWORD } });
      expect(res.body.response.code).toBe('USER_ALREADY_EXISTS');
    }
  });
});
