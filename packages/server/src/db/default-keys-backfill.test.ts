import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { defaultCategoryKey } from '@kopiyka/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../../test/app.ts';
import { MIGRATIONS_DIR } from './client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The statements of migration 0004 that give existing users' default categories their keys. */
async function backfill(): Promise<string[]> {
  const migration = await readFile(path.join(MIGRATIONS_DIR, '0004_monobank.sql'), 'utf8');
  return migration
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => statement.includes('SET "default_key"'));
}

describe('default-tree keys of users who signed up before them', () => {
  it('are found by name under the right root; a renamed category has none, a repeated name keys the first', async () => {
    const user = await signUp(t);
    const rows = async () =>
      (
        (await t.handle.db.execute(
          sql`select id, name, parent_id, default_key from categories where user_id = ${user.id} order by id`,
        )) as unknown as {
          rows: Array<{ id: number; name: string; parent_id: number | null; default_key: string | null }>;
        }
      ).rows;
    const signedUp = await rows();
    const groceries = signedUp.find((c) => c.name === 'Groceries')!;
    const taxi = signedUp.find((c) => c.name === 'Taxi')!;
    const food = signedUp.find((c) => c.name === 'Food & Drinks')!;
    expect(groceries.default_key).toBe(defaultCategoryKey('Food & Drinks', 'Groceries'));

    // As before the migration: no keys; one category renamed, a second "Groceries" made later.
    await t.handle.db.execute(sql`update categories set default_key = null where user_id = ${user.id}`);
    await t.handle.db.execute(sql`update categories set name = 'Таксі' where id = ${taxi.id}`);
    await t.handle.db.execute(
      sql`insert into categories (user_id, parent_id, name, color) values (${user.id}, ${food.id}, 'Groceries', '#000000')`,
    );
    for (const statement of await backfill()) await t.handle.db.execute(sql.raw(statement));

    const after = await rows();
    expect(after.find((c) => c.id === groceries.id)!.default_key).toBe('food-drinks/groceries');
    expect(after.find((c) => c.id === food.id)!.default_key).toBe('food-drinks');
    expect(after.find((c) => c.id === taxi.id)!.default_key).toBeNull();
    expect(after.filter((c) => c.name === 'Groceries').map((c) => c.default_key)).toEqual([
      'food-drinks/groceries',
      null,
    ]);
    expect(after.filter((c) => c.default_key !== null)).toHaveLength(signedUp.length - 1);
  });
});
