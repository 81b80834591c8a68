import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Tag, Transaction } from '@kopiyka/shared';
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

describe('the hints of rows tagged or refunded before they were kept (migration 0023)', () => {
  it('are set, so the list shows those tags and refunds', async () => {
    const w = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const [uah] = w.accounts;
    const tag = (await t.call('POST', '/api/v1/tags', { token: w.token, body: { name: 'Trip' } })).body.response as Tag;
    const expense = {
      transactionType: 'expense',
      accountId: uah,
      categoryId: w.category('Groceries'),
      time: '2026-03-10T10:00:00Z',
    };
    const [tagged] = await w.record({ ...expense, amount: 10_000, tagIds: [tag.id] });
    const [refunded] = await w.record({ ...expense, amount: 8_000 });
    await w.record({
      transactionType: 'income',
      accountId: uah,
      categoryId: w.category('Refunds'),
      time: '2026-03-11T10:00:00Z',
      amount: 3_000,
      refundOfId: refunded!.id,
    });
    // The rows as they were before 0023: no hints.
    await t.handle.db.execute(
      sql`update transactions set has_tags = false, ever_refunded = false where user_id = ${w.id}`,
    );
    const shown = async () =>
      ((await t.call('GET', '/api/v1/transactions?order=asc', { token: w.token })).body.response as Transaction[]).map(
        (tx) => [tx.id, tx.tagIds, tx.refundedRefAmount],
      );
    expect(await shown()).toContainEqual([tagged!.id, [], 0]);

    const migration = await readFile(path.join(MIGRATIONS_DIR, '0023_list_row_hints.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) {
      if (!/ADD COLUMN/.test(statement)) await t.handle.db.execute(sql.raw(statement));
    }
    const after = await shown();
    expect(after).toContainEqual([tagged!.id, [tag.id], 0]);
    expect(after).toContainEqual([refunded!.id, [], 3_000]);
  });
});
