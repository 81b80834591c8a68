import { sql } from 'drizzle-orm';
import type { TestApp } from './app.ts';

interface LedgerRow {
  id: number;
  initial: string;
  current: string;
  sum: string;
  deltas: string;
}

/**
 * The ledger invariant, read straight from the database for every account of a user:
 * currentBalance = initialBalance + Σ signed amounts, and the day deltas add up to the same Σ.
 */
export async function ledgerProblems(t: TestApp, userId: number): Promise<string[]> {
  const result = await t.handle.db.execute(sql`
    select a.id, a.initial_balance::text as initial, a.current_balance::text as current,
      coalesce((select sum(case when tx.transaction_type = 'income' then tx.amount else -tx.amount end)
        from transactions tx where tx.account_id = a.id), 0)::text as sum,
      coalesce((select sum(d.delta) from account_day_deltas d where d.account_id = a.id), 0)::text as deltas
    from accounts a where a.user_id = ${userId} order by a.id`);
  const problems: string[] = [];
  for (const row of (result as unknown as { rows: LedgerRow[] }).rows) {
    const [initial, current, sum, deltas] = [row.initial, row.current, row.sum, row.deltas].map(BigInt);
    if (current !== initial! + sum!)
      problems.push(`account ${row.id}: current ${current} ≠ initial ${initial} + Σ ${sum}`);
    if (deltas !== sum) problems.push(`account ${row.id}: day deltas ${deltas} ≠ Σ ${sum}`);
  }
  return problems;
}
