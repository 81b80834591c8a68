import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { buildWorld } from '../../test/world.ts';
import { MIGRATIONS_DIR } from './client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('files uploaded before they were stored in parts (migration 0014)', () => {
  it('keep their text, as one part, and the import goes on from it', async () => {
    const w = await buildWorld(t, { accounts: [{ name: 'Card', currency: 'UAH' }] });
    const text = 'Date,Amount,Note\n2026-11-20 10:00,-12.50,Coffee ☕\n';
    const migration = await readFile(path.join(MIGRATIONS_DIR, '0014_import_parts.sql'), 'utf8');
    const [move, drop] = migration.split('--> statement-breakpoint').slice(-2);
    const importId = await t.handle.db.transaction(async (tx) => {
      // The upload as 0013 stored it: the text in a column of the import's own row.
      await tx.execute(sql`alter table imports add column content text`);
      const inserted = (await tx.execute(sql`
        insert into imports (user_id, account_id, encoding, delimiter, content, state, total)
        select user_id, ${w.accounts[0]}, 'utf-8', ',', ${text}, 'uploaded', 1 from accounts where id = ${w.accounts[0]}
        returning id`)) as unknown as { rows: Array<{ id: number }> };
      await tx.execute(sql.raw(move!));
      await tx.execute(sql.raw(drop!));
      return inserted.rows[0]!.id;
    });
    const parts = (await t.handle.db.execute(
      sql`select part, text from import_parts where import_id = ${importId}`,
    )) as unknown as { rows: Array<{ part: number; text: string }> };
    expect(parts.rows).toEqual([{ part: 0, text }]);
    // Its rows are read from the part, as the category names the page offers show.
    const names = await t.call('GET', `/api/v1/imports/${importId}/categories?column=2`, { token: w.token });
    expect(names.status, JSON.stringify(names.body)).toBe(200);
    expect(names.body.response.map((name: { name: string }) => name.name)).toEqual(['Coffee ☕']);
  });
});
