import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp, startTestApp, type TestApp, uniqueUsername } from '../../test/app.ts';
import { foldStoredUsernames } from '../modules/users/service.ts';
import { MIGRATIONS_DIR } from './client.ts';
import { users } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const migrate = async () =>
  t.handle.db.execute(sql.raw(await readFile(path.join(MIGRATIONS_DIR, '0007_username_nfkc.sql'), 'utf8')));

/** A user as one signed up before usernames were normalised: stored under `stored` exactly, not folded yet. */
async function legacyUser(stored: string) {
  const user = await signUp(t);
  await t.handle.db.update(users).set({ username: stored, foldedUsername: null }).where(eq(users.id, user.id));
  return user.id;
}

const storedName = async (id: number) =>
  (await t.handle.db.select({ username: users.username }).from(users).where(eq(users.id, id)))[0]!.username;

describe('usernames stored before they were normalised (migration 0007)', () => {
  it('are rewritten in NFKC, so the name as typed signs in; a rewrite that equals another name is left', async () => {
    const tail = uniqueUsername('').replace(/^\d+_/, '');
    const wide = await legacyUser(`\uff4c\uff45\uff47\uff41\uff43\uff59${tail}`);
    const ligature = await legacyUser(`\ufb01sh${tail}`);
    const plain = await legacyUser(`Fish${tail}`);

    await migrate();
    // Migration 0017 comes later, and the server's start folds the names.
    await foldStoredUsernames(t.handle.db);

    expect(await storedName(wide)).toBe(`legacy${tail}`);
    expect(await storedName(ligature)).toBe(`\ufb01sh${tail}`);
    expect(await storedName(plain)).toBe(`Fish${tail}`);
    const login = (username: string) =>
      t.call('POST', '/api/v1/auth/login', { body: { username, password: PASSWORD } });
    expect((await login(`\uff4c\uff45\uff47\uff41\uff43\uff59${tail}`)).status).toBe(200);
    expect((await login(`legacy${tail}`)).status).toBe(200);
  });
});
