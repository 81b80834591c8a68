import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { ledgerProblems } from '../../test/ledger.ts';
import { buildWorld } from '../../test/world.ts';
import { MIGRATIONS_DIR } from './client.ts';
import { accountDayDeltas, accountDayTotals, accountMonthTotals } from './schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A migration's last statement: its figures of the transactions already recorded. */
const backfill = async (migration: string) => {
  const text = await readFile(path.join(MIGRATIONS_DIR, migration), 'utf8');
  return t.handle.db.execute(sql.raw(text.split('--> statement-breakpoint').at(-1)!));
};

/** A user in Kyiv with two UAH accounts, A and B, who can send 5.00 from A to B at a moment. */
async function kyivWorld() {
  const w = await buildWorld(t, {
    accounts: [
      { name: 'A', currency: 'UAH' },
      { name: 'B', currency: 'UAH' },
    ],
  });
  await t.call('PUT', '/api/v1/user/settings', { token: w.token, body: { timeZone: 'Europe/Kyiv' } });
  const transferToB = (time: string) =>
    w.record({
      amount: 500,
      transactionType: 'expense',
      accountId: w.accounts[0],
      transferNature: 'transfer_between_user_accounts',
      destinationAccountId: w.accounts[1],
      time,
    });
  return { ...w, transferToB };
}

describe('day totals of transactions recorded before them (migration 0012)', () => {
  it('are the sums of the transactions that are not transfers, by the local days of each user', async () => {
    const w = await kyivWorld();
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
    await w.transferToB('2026-03-02T10:00:00Z');
    await t.handle.db.delete(accountDayTotals).where(eq(accountDayTotals.userId, w.id));
    expect(await ledgerProblems(t, w.id)).not.toEqual([]);

    await backfill('0012_day_totals.sql');

    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });
});

describe('day counts of transactions recorded before them (migration 0013)', () => {
  it('count every transaction, transfers too, by the local days of each user, days that net to 0 included', async () => {
    const w = await kyivWorld();
    // 1 March in Kyiv: an expense and an income that cancel out, and a transfer to B.
    for (const [transactionType, category, time] of [
      ['expense', 'Groceries', '2026-02-28T22:30:00Z'],
      ['income', 'Wage, invoices', '2026-03-01T10:00:00Z'],
    ] as const) {
      const categoryId = w.category(category);
      await w.record({ amount: 1_000, transactionType, accountId: w.accounts[0], categoryId, time });
    }
    await w.transferToB('2026-03-01T12:00:00Z');
    // As before the migration: no counts, and no row for a day that nets to 0.
    await t.handle.db.update(accountDayDeltas).set({ transactionCount: 0 }).where(eq(accountDayDeltas.userId, w.id));
    await t.handle.db.execute(sql`delete from account_day_deltas where user_id = ${w.id} and delta = 0`);
    expect(await ledgerProblems(t, w.id)).not.toEqual([]);

    await backfill('0013_day_counts.sql');

    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });
});

describe('month totals of day totals kept before them (migration 0026)', () => {
  it('are the sums of the day totals by the local months of each user', async () => {
    const w = await kyivWorld();
    // 28 February and 1 March in Kyiv, the first two on one day and the third in the next month.
    for (const [amount, time] of [
      [1_000, '2026-02-28T20:30:00Z'],
      [2_000, '2026-02-28T21:30:00Z'],
      [3_000, '2026-02-28T22:30:00Z'],
    ] as const) {
      const categoryId = w.category('Groceries');
      await w.record({ amount, transactionType: 'expense', accountId: w.accounts[0], categoryId, time });
    }
    await w.transferToB('2026-03-02T10:00:00Z');
    // The migration fills the table it creates: every user's month totals are gone.
    await t.handle.db.delete(accountMonthTotals);
    expect(await ledgerProblems(t, w.id)).not.toEqual([]);

    await backfill('0026_month_totals.sql');

    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });
});
