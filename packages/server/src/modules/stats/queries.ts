import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/** drizzle's execute answers { rows } on both drivers. */
async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const accountFilter = (accountId: number | undefined, includeHidden: boolean) =>
  sql`${accountId === undefined ? sql`` : sql`and a.id = ${accountId}`} ${includeHidden ? sql`` : sql`and a.is_enabled`}`;

export interface AccountBalanceRow {
  id: number;
  code: string;
  /** The balance at the end of the range's last day. */
  at_end: string;
}

/** What balance history needs of each account: the balance at the end of `to` (the current one less every day delta after it). */
export function selectBalancesAtEnd(
  db: Executor,
  userId: number,
  to: string,
  accountId: number | undefined,
  includeHidden: boolean,
) {
  return rows<AccountBalanceRow>(
    db,
    sql`
    select a.id, c.code,
      -- Own money, as the accounts list shows it: a credit limit is the bank's money, not the user's.
      (a.current_balance - a.credit_limit - coalesce((
        select sum(d.delta) from account_day_deltas d where d.account_id = a.id and d.day > ${to}::date
      ), 0))::text as at_end
    from accounts a join currencies c on c.id = a.currency_id
    where a.user_id = ${userId} ${accountFilter(accountId, includeHidden)}
    order by a.id`,
  );
}

/** An account's net change on a day: [account id, YYYY-MM-DD, delta]. */
export type DayDelta = [number, string, number];

/**
 * The day deltas within (from, to] of the accounts balance history shows (the same filter as
 * selectBalancesAtEnd), as one row of JSON: the embedded database decodes each answered row in
 * JavaScript (~15 µs a row), and a year of three accounts is ~1,100 of them.
 */
export async function selectDeltasAfter(
  db: Executor,
  userId: number,
  from: string,
  to: string,
  accountId: number | undefined,
  includeHidden: boolean,
): Promise<DayDelta[]> {
  const [row] = await rows<{ deltas: string }>(
    db,
    sql`
    select coalesce(json_agg(json_build_array(d.account_id, d.day, d.delta)), '[]')::text as deltas
    from account_day_deltas d join accounts a on a.id = d.account_id
    where d.user_id = ${userId} and d.day > ${from}::date and d.day <= ${to}::date
      ${accountFilter(accountId, includeHidden)}`,
  );
  return JSON.parse(row!.deltas);
}

/** Whole days, both ends included, of the user's time zone. */
export interface LocalRange {
  from: string;
  to: string;
  timeZone: string;
}

export interface CategoryAmountRow {
  category_id: number | null;
  amount: string;
}

/**
 * [from 00:00, to + 1 day 00:00) in the user's time zone, whatever the session's: local midnights
 * by the zone's rules, so a day around a daylight-saving change has its 23 or 25 hours.
 */
const dayBounds = (from: string, to: string, timeZone: string) =>
  sql`t.time >= (${from}::date)::timestamp at time zone ${timeZone} and t.time < (${to}::date + 1)::timestamp at time zone ${timeZone}`;

/** The accounts statistics count: one, or all visible ones (hidden ones too when asked). */
export async function selectCountedAccountIds(
  db: Executor,
  userId: number,
  accountId: number | undefined,
  includeHidden: boolean,
) {
  const found = await rows<{ id: number }>(
    db,
    sql`select a.id from accounts a where a.user_id = ${userId} ${accountFilter(accountId, includeHidden)}`,
  );
  return found.map((r) => r.id);
}

const inAccounts = (accountIds: number[]) =>
  accountIds.length === 0
    ? sql`false`
    : sql`t.account_id in (${sql.join(
        accountIds.map((id) => sql`${id}`),
        sql`, `,
      )})`;

/** Expenses per category (not transfers) in base-currency minor units. */
export function selectExpensesByCategory(db: Executor, userId: number, range: LocalRange, accountIds: number[]) {
  return rows<CategoryAmountRow>(
    db,
    sql`
    select t.category_id, sum(t.ref_amount)::text as amount
    from transactions t
    where t.user_id = ${userId} and ${dayBounds(range.from, range.to, range.timeZone)}
      and t.transfer_nature = 'not_transfer' and t.transaction_type = 'expense' and ${inAccounts(accountIds)}
    group by t.category_id`,
  );
}

export interface FlowRow {
  period: string;
  category_id: number | null;
  transaction_type: 'income' | 'expense';
  amount: string;
}

/**
 * Income and expenses per period start and category (not transfers), in base-currency minor units.
 * The periods' first moments are worked out once, in the user's zone, and each row finds its
 * period among them by a binary search (width_bucket): converting every row's time to the zone
 * and truncating it cost most of a year's figures on the embedded database.
 */
export function selectFlows(
  db: Executor,
  userId: number,
  range: LocalRange,
  interval: 'day' | 'week' | 'month',
  accountIds: number[],
) {
  const rangeStart = sql`${range.from}::date::timestamp`;
  const step = sql`${`1 ${interval}`}::interval`;
  return rows<FlowRow>(
    db,
    sql`
    with periods as materialized (
      select array_agg(greatest(p, ${rangeStart}) at time zone ${range.timeZone} order by p) as starts,
        array_agg(to_char(p, 'YYYY-MM-DD') order by p) as labels
      from generate_series(date_trunc(${interval}, ${rangeStart}), ${range.to}::date::timestamp, ${step}) as p
    )
    select periods.labels[f.bucket] as period, f.category_id, f.transaction_type, f.amount
    from periods, (
      select width_bucket(t.time, (select starts from periods)) as bucket, t.category_id, t.transaction_type,
        sum(t.ref_amount)::text as amount
      from transactions t
      where t.user_id = ${userId} and ${dayBounds(range.from, range.to, range.timeZone)}
        and t.transfer_nature = 'not_transfer'
        and ${inAccounts(accountIds)}
      group by 1, 2, 3
    ) f`,
  );
}
