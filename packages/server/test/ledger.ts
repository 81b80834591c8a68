import { type SQL, sql } from 'drizzle-orm';
import type { TestApp } from './app.ts';

interface LedgerRow {
  id: number;
  initial: string;
  current: string;
  opening: string;
  sum: string;
  before: string;
  deltas: string;
  turnover: string;
  turnover_sum: string;
  ref_turnover: string;
  ref_sum: string;
}

/**
 * The ledger invariant, read straight from the database for every account of a user:
 * currentBalance = initialBalance + Σ signed amounts, the day deltas add up to the same Σ, and the
 * opening balance is the initial one plus Σ of the transactions from before the opening moment;
 * the turnovers are Σ amount and Σ |ref figure| of the account's transactions.
 */
export async function ledgerProblems(t: TestApp, userId: number): Promise<string[]> {
  const result = await t.handle.db.execute(sql`
    select a.id, a.initial_balance::text as initial, a.current_balance::text as current,
      a.opening_balance::text as opening,
      coalesce((select sum(case when tx.transaction_type = 'income' then tx.amount else -tx.amount end)
        from transactions tx where tx.account_id = a.id), 0)::text as sum,
      coalesce((select sum(case when tx.transaction_type = 'income' then tx.amount else -tx.amount end)
        from transactions tx where tx.account_id = a.id and tx.time < a.opening_at), 0)::text as before,
      coalesce((select sum(d.delta) from account_day_deltas d where d.account_id = a.id), 0)::text as deltas,
      a.turnover::text as turnover,
      coalesce((select sum(tx.amount) from transactions tx where tx.account_id = a.id), 0)::text as turnover_sum,
      a.ref_turnover::text as ref_turnover,
      coalesce((select sum(abs(tx.ref_amount)) from transactions tx where tx.account_id = a.id), 0)::text as ref_sum
    from accounts a where a.user_id = ${userId} order by a.id`);
  const problems: string[] = [];
  for (const row of (result as unknown as { rows: LedgerRow[] }).rows) {
    const [initial, current, opening, sum, before, deltas] = [
      row.initial,
      row.current,
      row.opening,
      row.sum,
      row.before,
      row.deltas,
    ].map(BigInt);
    if (current !== initial! + sum!)
      problems.push(`account ${row.id}: current ${current} ≠ initial ${initial} + Σ ${sum}`);
    if (deltas !== sum) problems.push(`account ${row.id}: day deltas ${deltas} ≠ Σ ${sum}`);
    if (opening !== initial! + before!)
      problems.push(`account ${row.id}: opening ${opening} ≠ initial ${initial} + Σ before opening ${before}`);
    if (row.turnover !== row.turnover_sum)
      problems.push(`account ${row.id}: turnover ${row.turnover} ≠ Σ ${row.turnover_sum}`);
    if (row.ref_turnover !== row.ref_sum) {
      problems.push(`account ${row.id}: ref turnover ${row.ref_turnover} ≠ Σ |ref| ${row.ref_sum}`);
    }
  }
  return [
    ...problems,
    ...(await localDayProblems(t, userId)),
    ...(await dayTotalProblems(t, userId)),
    ...(await monthTotalProblems(t, userId)),
    ...(await splitProblems(t, userId)),
  ];
}

/**
 * Each stored day delta is the sum of the account's transactions on that day of the user's time
 * zone, and its count how many there are.
 */
async function localDayProblems(t: TestApp, userId: number): Promise<string[]> {
  const result = await t.handle.db.execute(sql`
    with local_days as (
      select tx.account_id, (tx.time at time zone s.time_zone)::date as day,
        sum(case when tx.transaction_type = 'income' then tx.amount else -tx.amount end) as delta, count(*) as count
      from transactions tx join user_settings s on s.user_id = tx.user_id
      where tx.user_id = ${userId}
      group by 1, 2
    ), stored as (
      select d.account_id, d.day, d.delta, d.transaction_count as count from account_day_deltas d
      join accounts a on a.id = d.account_id
      where a.user_id = ${userId} and (d.delta <> 0 or d.transaction_count <> 0)
    )
    select coalesce(l.account_id, s.account_id) as account_id, coalesce(l.day, s.day)::text as day,
      coalesce(l.delta, 0)::text as expected, coalesce(s.delta, 0)::text as stored,
      coalesce(l.count, 0)::text as expected_count, coalesce(s.count, 0)::text as stored_count
    from local_days l full join stored s on s.account_id = l.account_id and s.day = l.day
    where coalesce(l.delta, 0) <> coalesce(s.delta, 0) or coalesce(l.count, 0) <> coalesce(s.count, 0)`);
  return (result as unknown as { rows: Array<Record<string, string>> }).rows.map(
    (row) =>
      `account ${row.account_id} on ${row.day}: day delta ${row.stored} of ${row.stored_count} ≠ Σ of the local day ${row.expected} of ${row.expected_count}`,
  );
}

/**
 * A transaction is split exactly when it has parts, then into two or more, none a transfer; their
 * amounts add up to its amount and their figures to its figure, and it has its largest part's category.
 */
async function splitProblems(t: TestApp, userId: number): Promise<string[]> {
  const result = await t.handle.db.execute(sql`
    select tx.id, tx.is_split, count(s.id)::int as parts, tx.transfer_nature, tx.amount::text,
      coalesce(sum(s.amount), 0)::text as amounts, tx.ref_amount::text, coalesce(sum(s.ref_amount), 0)::text as refs,
      tx.category_id, (array_agg(s.category_id order by s.amount desc, s.position))[1] as largest
    from transactions tx left join transaction_splits s on s.transaction_id = tx.id
    where tx.user_id = ${userId}
    group by tx.id
    having tx.is_split or count(s.id) > 0`);
  return (result as unknown as { rows: Array<Record<string, string | number | boolean>> }).rows
    .filter(
      (row) =>
        !row.is_split ||
        Number(row.parts) < 2 ||
        row.transfer_nature !== 'not_transfer' ||
        row.amount !== row.amounts ||
        row.ref_amount !== row.refs ||
        row.category_id !== row.largest,
    )
    .map(
      (row) =>
        `transaction ${row.id}: split ${row.is_split} into ${row.parts} (${row.transfer_nature}), Σ amounts ${row.amounts} of ${row.amount}, Σ figures ${row.refs} of ${row.ref_amount}, category ${row.category_id}, largest part's ${row.largest}`,
    );
}

/**
 * The keys (account_id, period, category_id, transaction_type) where two relations of totals (with
 * those columns, total and count) differ, each row with both sides' figures, as text.
 */
async function totalsMismatches(t: TestApp, expected: SQL, stored: SQL): Promise<Array<Record<string, string>>> {
  const result = await t.handle.db.execute(sql`
    with expected as (${expected}), stored as (${stored})
    select coalesce(e.account_id, s.account_id) as account_id, coalesce(e.period, s.period)::text as period,
      coalesce(e.category_id, s.category_id) as category_id, coalesce(e.transaction_type, s.transaction_type) as type,
      coalesce(e.total, 0)::text as expected, coalesce(s.total, 0)::text as stored,
      coalesce(e.count, 0)::text as expected_count, coalesce(s.count, 0)::text as stored_count
    from expected e full join stored s on s.account_id = e.account_id and s.period = e.period
      and s.category_id is not distinct from e.category_id and s.transaction_type = e.transaction_type
    where coalesce(e.total, 0) <> coalesce(s.total, 0) or coalesce(e.count, 0) <> coalesce(s.count, 0)`);
  return (result as unknown as { rows: Array<Record<string, string>> }).rows;
}

/** The user's stored totals by their date column as `period`, but those of a 0 sum and count: as good as none. */
const storedTotals = (table: string, period: 'day' | 'month', userId: number) => sql`
  select d.account_id, d.${sql.identifier(period)} as period, d.category_id, d.transaction_type, d.ref_amount as total,
    d.transaction_count as count
  from ${sql.identifier(table)} d join accounts a on a.id = d.account_id
  where (a.user_id = ${userId} or d.user_id = ${userId}) and (d.ref_amount <> 0 or d.transaction_count <> 0)`;

/**
 * Each stored day total is the Σ of the base-currency figures (and the count) of the account's
 * transactions that are not transfers, of that category and type, on that day of the user's time
 * zone; a split transaction counts by its parts, each in its own category.
 */
async function dayTotalProblems(t: TestApp, userId: number): Promise<string[]> {
  const rows = await totalsMismatches(
    t,
    sql`
      select tx.account_id, (tx.time at time zone s.time_zone)::date as period, coalesce(p.category_id, tx.category_id)
        as category_id, tx.transaction_type, sum(coalesce(p.ref_amount, tx.ref_amount)) as total, count(*) as count
      from transactions tx join user_settings s on s.user_id = tx.user_id
        left join transaction_splits p on p.transaction_id = tx.id
      where tx.user_id = ${userId} and tx.transfer_nature = 'not_transfer'
      group by 1, 2, 3, 4`,
    storedTotals('account_day_totals', 'day', userId),
  );
  return rows.map(
    (row) =>
      `account ${row.account_id} on ${row.period}, category ${row.category_id}, ${row.type}: day total ${row.stored} of ${row.stored_count} ≠ Σ ${row.expected} of ${row.expected_count}`,
  );
}

/**
 * Each stored month total is the Σ of its account's day totals of that category and type on the
 * days of that month, and so (dayTotalProblems) of the transactions on them.
 */
async function monthTotalProblems(t: TestApp, userId: number): Promise<string[]> {
  const rows = await totalsMismatches(
    t,
    sql`
      select d.account_id, date_trunc('month', d.day::timestamp)::date as period, d.category_id, d.transaction_type,
        sum(d.ref_amount) as total, sum(d.transaction_count) as count
      from account_day_totals d join accounts a on a.id = d.account_id
      where a.user_id = ${userId} or d.user_id = ${userId}
      group by 1, 2, 3, 4`,
    storedTotals('account_month_totals', 'month', userId),
  );
  return rows.map(
    (row) =>
      `account ${row.account_id} in the month of ${row.period}, category ${row.category_id}, ${row.type}: month total ${row.stored} of ${row.stored_count} ≠ Σ of its days ${row.expected} of ${row.expected_count}`,
  );
}
