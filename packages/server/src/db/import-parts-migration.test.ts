import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
        insert into imports (user_id, account_id, encoding, delimiter, content, state, total, columns, category_names)
        select user_id, ${w.accounts[0]}, 'utf-8', ',', ${text}, 'uploaded', 1, 3, '[]'
        from accounts where id = ${w.accounts[0]}
        returning id`)) as unknown as { rows: Array<{ id: number }> };
      await tx.execute(sql.raw(move!));
      await tx.execute(sql.raw(drop!));
      return inserted.rows[0]!.id;
    });
    const parts = (await t.handle.db.execute(
      sql`select part, text from import_parts where import_id = ${importId}`,
    )) as unknown as { rows: Array<{ part: number; text: string }> };
    expect(parts.rows).toEqual([{ part: 0, text }]);
    // Its rows are read from the part, as the import shows (the columns of later migrations given as an upload gives them).
    const commit = await t.call('POST', `/api/v1/imports/${importId}/commit`, {
      token: w.token,
      body: { mapping: { time: 0, amount: 1, note: 2 }, dateFormat: 'yyyy-MM-dd HH:mm', decimalSeparator: '.' },
    });
    expect(commit.status, JSON.stringify(commit.body)).toBe(202);
    await vi.waitFor(async () => {
      const done = await t.call('GET', `/api/v1/imports/${importId}`, { token: w.token });
      expect(done.body.response).toMatchObject({ state: 'done', imported: 1 });
    }, 20_000);
    const stored = await t.call('GET', `/api/v1/transactions?accountIds=${w.accounts[0]}`, { token: w.token });
    expect(stored.body.response.map((tx: { note: string }) => tx.note)).toEqual(['Coffee ☕']);
  });
});
