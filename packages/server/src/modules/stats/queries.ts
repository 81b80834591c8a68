import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** drizzle's execute answers { rows } on both drivers. */
async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const accountFilter = (accountId: number | undefined, includeHidden: boolean) =>
  sql`${accountId === undefined ? sql`` : sql`and a.id = ${accountId}`} ${includeHidden ? sql`` : sql`and a.is_enabled`}`;

export interface BalanceRow {
  account_id: number;
  code: string;
  day: string;
  balance: string;
}

/**
 * End-of-day balances for every account and day of [from, to], from the day deltas: the balance
 * at the end of `to` is the current one less everything after it, and each earlier day takes off
 * the deltas that follow it. An account appears from its first day (created, or its first
 * backdated transaction) on.
 */
export function selectDailyBalances(
  db: Executor,
  userId: number,
  from: string,
  to: string,
  accountId: number | undefined,
  includeHidden: boolean,
) {
  return rows<BalanceRow>(
    db,
    sql`
    with accts as (
      select a.id, c.code, a.current_balance - coalesce((
          select sum(d.delta) from account_day_deltas d where d.account_id = a.id and d.day > ${to}::date
        ), 0) as at_end,
        least((a.created_at at time zone 'UTC')::date,
          coalesce((select min(d.day) from account_day_deltas d where d.account_id = a.id), 'infinity'::date)) as first_day
      from accounts a join currencies c on c.id = a.currency_id
      where a.user_id = ${userId} ${accountFilter(accountId, includeHidden)}
    ),
    grid as (
      select a.id as account_id, a.code, a.at_end, a.first_day, g.day::date as day
      from accts a cross join generate_series(${from}::date, ${to}::date, interval '1 day') as g(day)
    )
    select g.account_id, g.code, to_char(g.day, 'YYYY-MM-DD') as day,
      (g.at_end - coalesce(sum(d.delta) over (
        partition by g.account_id order by g.day desc rows between unbounded preceding and 1 preceding), 0))::text as balance
    from grid g
    left join account_day_deltas d on d.account_id = g.account_id and d.day = g.day
    where g.day >= g.first_day
    order by g.day, g.account_id`,
  );
}

export interface CategoryAmountRow {
  category_id: number | null;
  amount: string;
}

/** [from 00:00, to + 1 day 00:00) in UTC, whatever the session's time zone. */
const dayBounds = (from: string, to: string) =>
  sql`t.time >= (${from}::date)::timestamp at time zone 'UTC' and t.time < (${to}::date + 1)::timestamp at time zone 'UTC'`;

/** Expenses per category (not transfers) in base-currency minor units. */
export function selectExpensesByCategory(
  db: Executor,
  userId: number,
  from: string,
  to: string,
  accountId: number | undefined,
  includeHidden: boolean,
) {
  return rows<CategoryAmountRow>(
    db,
    sql`
    select t.category_id, sum(t.ref_amount)::text as amount
    from transactions t join accounts a on a.id = t.account_id
    where t.user_id = ${userId} and ${dayBounds(from, to)}
      and t.transaction_type = 'expense' and t.transfer_nature = 'not_transfer'
      ${accountFilter(accountId, includeHidden)}
    group by t.category_id`,
  );
}

export interface FlowRow {
  period: string;
  category_id: number | null;
  transaction_type: 'income' | 'expense';
  amount: string;
}

/** Income and expenses per period start and category (not transfers), in base-currency minor units. */
export function selectFlows(
  db: Executor,
  userId: number,
  from: string,
  to: string,
  interval: 'day' | 'week' | 'month',
  accountId: number | undefined,
  includeHidden: boolean,
) {
  return rows<FlowRow>(
    db,
    sql`
    select to_char(date_trunc(${interval}, t.time at time zone 'UTC'), 'YYYY-MM-DD') as period,
      t.category_id, t.transaction_type, sum(t.ref_amount)::text as amount
    from transactions t join accounts a on a.id = t.account_id
    where t.user_id = ${userId} and ${dayBounds(from, to)} and t.transfer_nature = 'not_transfer'
      ${accountFilter(accountId, includeHidden)}
    group by 1, 2, 3`,
  );
}
