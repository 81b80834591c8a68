import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { ledgerProblems } from '../../test/ledger.ts';
import { buildWorld } from '../../test/world.ts';
import { MIGRATIONS_DIR } from './client.ts';
import { accountDayTotals } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The migration's last statement: the totals of the transactions already recorded. */
const backfill = async () => {
  const text = await readFile(path.join(MIGRATIONS_DIR, '0012_day_totals.sql'), 'utf8');
  return t.handle.db.execute(sql.raw(text.split('--> statement-breakpoint').at(-1)!));
};

describe('day totals of transactions recorded before them (migration 0012)', () => {
  it('are the sums of the transactions that are not transfers, by the local days of each user', async () => {
    const w = await buildWorld(t, {
      accounts: [
        { name: 'A', currency: 'UAH' },
        { name: 'B', currency: 'UAH' },
      ],
    });
    await t.call('PUT', '/api/v1/user/settings', { token: w.token, body: { timeZone: 'Europe/Kyiv' } });
    for (const [amount, time] of [
      [1_000, '2026-02-28T22:30:00Z'],
      [2_000, '2026-02-28T21:30:00Z'],
      [3_000, '2026-03-01T10:00:00Z'],
    ] as const) {
      await w.record({
        amount,
        transactionType: 'expense',
        accountId: w.accounts[0],
        categoryId: w.category('Groceries'),
        time,
      });
    }
    await w.record({
      amount: 500,
      transactionType: 'expense',
      accountId: w.accounts[0],
      transferNature: 'transfer_between_user_accounts',
      destinationAccountId: w.accounts[1],
      time: '2026-03-02T10:00:00Z',
    });
    await t.handle.db.delete(accountDayTotals).where(eq(accountDayTotals.userId, w.id));
    expect(await ledgerProblems(t, w.id)).not.toEqual([]);

    await backfill();

    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });
});
