import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { localDayOf, localDayStart } from '../../db/local-day.ts';
import { addDays, monthStart } from '../../lib/dates.ts';
import { categoriesAndBelow } from '../categories/index.ts';

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
  /**
   * The account's non-zero day deltas within (from, to] as `days after from,delta` pairs in one
   * comma-separated list (`3,-1500,4,200`); null when there are none, when the range is one day
   * (nothing to take off) or when it holds more than `maxPoints` points.
   */
  deltas: string | null;
}

/**
 * What balance history needs, in one statement: the user's base currency (null until chosen), and
 * of each account shown the balance at the end of `to` (the current one less every day delta after
 * it) and the day deltas within the range to walk back by, unless the accounts' days would exceed
 * `maxPoints` (the service then refuses the range without them having been read). One row an
 * account, its deltas as one text: the embedded database decodes each answered row in JavaScript
 * (~15 µs a row), and a year of three accounts is ~1,100 deltas. A delta's day is its index in the
 * range, so the service reads numbers alone, with no day to look up. The base comes along, as a
 * statement of its own cost a year's history a tenth of its throughput on PostgreSQL.
 */
export async function selectBalancesAtEnd(
  db: Executor,
  userId: number,
  range: { from: string; to: string; days: number },
  accountId: number | undefined,
  includeHidden: boolean,
  maxPoints: number,
): Promise<{ base: string | null; accounts: AccountBalanceRow[] }> {
  const { from, to, days } = range;
  const answered = await rows<
    { base: string | null } & { [K in keyof AccountBalanceRow]: AccountBalanceRow[K] | null }
  >(
    db,
    sql`
    with shown as (
      select a.id, c.code, a.current_balance, a.credit_limit
      from accounts a join currencies c on c.id = a.currency_id
      where a.user_id = ${userId} ${accountFilter(accountId, includeHidden)}
    )
    select (
        select c.code from user_currencies u join currencies c on c.id = u.currency_id
        where u.user_id = ${userId} and u.is_base
      ) as base,
      s.id, s.code,
      -- Own money, as the accounts list shows it: a credit limit is the bank's money, not the user's.
      (s.current_balance - s.credit_limit - coalesce((
        select sum(d.delta) from account_day_deltas d where d.account_id = s.id and d.day > ${to}::date
      ), 0))::text as at_end,
      case when ${days}::int > 1 and (select count(*) from shown) * ${days}::int <= ${maxPoints}::int then (
        select string_agg((d.day - ${from}::date)::text || ',' || d.delta::text, ',') from account_day_deltas d
        where d.account_id = s.id and d.day > ${from}::date and d.day <= ${to}::date and d.delta <> 0
      ) end as deltas
    -- One row with the base and no account when no account is shown.
    from (values (0)) as one (x) left join shown s on true
    order by s.id`,
  );
  const accounts = answered.filter((row): row is { base: string | null } & AccountBalanceRow => row.id !== null);
  return { base: answered[0]?.base ?? null, accounts };
}

/**
 * The accounts (the total's filter) whose holdings came to be known within (from, to]: known from
 * the local day of the opening balance or of the first recorded transaction, whichever is earlier.
 */
export async function selectAccountsKnownWithin(
  db: Executor,
  userId: number,
  from: string,
  to: string,
  includeHidden: boolean,
): Promise<number[]> {
  const known = await rows<{ id: number }>(
    db,
    sql`
    select a.id from accounts a
    where a.user_id = ${userId} ${accountFilter(undefined, includeHidden)}
      and least(${localDayOf(sql`a.opening_at`, userId)}, (
        select min(d.day) from account_day_deltas d where d.account_id = a.id and d.delta <> 0
      )) between ${from}::date + 1 and ${to}::date`,
  );
  return known.map((row) => row.id);
}

/** Whole days of the user's time zone, both ends included: the days the day totals are kept by. */
export interface LocalRange {
  from: string;
  to: string;
}

/**
 * The ids of the accounts statistics count (one, or all visible ones: hidden ones too when asked),
 * as an array worked out once: rows are picked by `= any(…)`, index-only, without a join per row.
 */
const countedAccountIds = (userId: number, accountId: number | undefined, includeHidden: boolean) =>
  sql`array(select a.id from accounts a where a.user_id = ${userId} ${accountFilter(accountId, includeHidden)})`;

/** The totals of the accounts statistics count. */
const ofCountedAccounts = (userId: number, accountId: number | undefined, includeHidden: boolean) =>
  sql`d.account_id = any(${countedAccountIds(userId, accountId, includeHidden)})`;

/**
 * The totals of a range, as a relation of rows (account_id, day, category_id, transaction_type,
 * ref_amount, transaction_count): with `byMonths`, its whole local months from the month totals (a
 * month's day is its first) and the days at its edges from the day totals, so a year reads at most
 * a dozen rows of an account, category and type instead of one a day; otherwise every day from the
 * day totals. Each read is an index-only range scan with `where` in it; `picked` picks from the
 * rows read. Both are conditions on `d`, of columns both tables have. `picked` is in the read of
 * days alone, but kept off the three reads by an offset: in them, a condition with an array (the counted accounts) made a prepared statement's
 * generic plan look dearer than a plan of each run's own, as the planner costs an array of unknown
 * length as ten index searches a read, and the embedded database planned the three reads anew at
 * every run (cash flow for a year at 1,000,000 transactions 3.9 ms against 1.9, a month 2.2
 * against 0.7).
 */
function totalsWithin(
  userId: number,
  range: LocalRange,
  byMonths: boolean,
  { where = sql`true`, picked }: { where?: SQL; picked?: SQL },
): SQL {
  const days = (from: string, until: string, also = sql`true`) => sql`
    select d.account_id, d.day, d.category_id, d.transaction_type, d.ref_amount, d.transaction_count
    from account_day_totals d
    where d.user_id = ${userId} and d.day >= ${from}::date and d.day < ${until}::date and ${where} and ${also}`;
  const end = addDays(range.to, 1);
  // The whole months are the days from `first` until `last`.
  const first = monthStart(range.from, range.from === monthStart(range.from) ? 0 : 1);
  const last = monthStart(end);
  if (!byMonths || first >= last) return sql`(${days(range.from, end, picked)})`;
  const reads = sql`${days(range.from, first)}
    union all
    select d.account_id, d.month, d.category_id, d.transaction_type, d.ref_amount, d.transaction_count
    from account_month_totals d
    where d.user_id = ${userId} and d.month >= ${first}::date and d.month < ${last}::date and ${where}
    union all ${days(last, end)}`;
  return picked ? sql`(select d.* from (${reads} offset 0) d where ${picked})` : sql`(${reads})`;
}

/** `time` (an SQL timestamptz) falls on one of the range's days in the user's time zone. */
const withinLocalDays = (time: SQL, range: LocalRange, userId: number) =>
  sql`${time} >= ${localDayStart(sql`${range.from}::date`, userId)} and ${time} < ${localDayStart(sql`${range.to}::date + 1`, userId)}`;

/**
 * `categoryId` (an SQL integer, null: none) counts in expense statistics: neither it nor a category
 * above it is among those the settings leave out (stats.excludedCategoryIds). The categories left
 * out, with everything below them, are an array worked out once per statement.
 */
const isCountedCategory = (categoryId: SQL, userId: number) =>
  sql`coalesce(${categoryId} <> all(array${categoriesAndBelow(
    sql`select unnest(s.excluded_category_ids) from user_settings s where s.user_id = ${userId}`,
  )}), true)`;

/** Expenses of a category (null: none) in base-currency minor units (numeric, as text). */
export type CategoryAmount = [number | null, string];

/**
 * Expenses per category (not transfers, nor of the categories left out) in base-currency minor
 * units, from the day and month totals (totalsWithin), and in the same statement what refunds
 * gave back of them (selectFlows' refunds, one period).
 */
export async function selectExpensesByCategory(
  db: Executor,
  userId: number,
  range: LocalRange,
  accountId: number | undefined,
  includeHidden: boolean,
): Promise<{ expenses: CategoryAmount[]; refunds: RefundFlow[] }> {
  const [row] = await rows<{ expenses: string; refunds: string }>(
    db,
    sql`
    select (
      -- Of the categories as the aggregate's filter: a condition on them would be moved down to the
      -- totals, whose range the planner would then read as a few dozen rows, sorted, not hashed.
      select coalesce(json_agg(json_build_array(e.category_id, e.amount::text))
        filter (where ${isCountedCategory(sql`e.category_id`, userId)}), '[]')::text
      from (
        -- Summed by account first and the accounts picked from those sums: as a condition on the
        -- totals (kept off them by the offset), a prepared statement's generic plan, which cannot see
        -- how many days the range holds, took the totals by the key of each account and read the
        -- table for every one (7.2 against 6.1 ms for a year at 1,000,000 transactions).
        select a.category_id, sum(a.amount) as amount
        from (
          select d.account_id, d.category_id, sum(d.ref_amount) as amount, sum(d.transaction_count) as count
          from ${totalsWithin(userId, range, true, { where: sql`d.transaction_type = 'expense'` })} d
          group by d.account_id, d.category_id
          offset 0
        ) a
        where a.account_id = any(${countedAccountIds(userId, accountId, includeHidden)})
        group by a.category_id
        having sum(a.count) > 0
      ) e
    ) as expenses, ${refundFlowsJson(userId, range, [range.from], accountId, includeHidden)} as refunds`,
  );
  return {
    expenses: JSON.parse(row!.expenses),
    refunds: readRefundFlows(row!.refunds, [range.from]).filter((refund) => refund.counted),
  };
}

export interface TagAmountRow {
  tag_id: number;
  amount: string;
}

/**
 * Expenses per tag (not transfers, nor of the categories left out) in base-currency minor units,
 * over the user's local days of the range: from the tags' rows (by tag) to their transactions, so
 * the statistics over untagged rows stay as they are. A split row counts each part by its own
 * category, and a refund of a tagged expense on a day of the range counts as less of the
 * expense's tags by the expense's category, as spending by category counts them.
 */
export function selectExpensesByTag(
  db: Executor,
  userId: number,
  range: LocalRange,
  accountId: number | undefined,
  includeHidden: boolean,
) {
  const counted = countedAccountIds(userId, accountId, includeHidden);
  return rows<TagAmountRow>(
    db,
    sql`
    select x.tag_id, sum(x.amount)::text as amount
    from (
      select tt.tag_id, coalesce(p.category_id, t.category_id) as category_id, coalesce(p.ref_amount, t.ref_amount) as amount
      from tags g
      join transaction_tags tt on tt.tag_id = g.id
      join transactions t on t.id = tt.transaction_id
      left join transaction_splits p on t.is_split and p.transaction_id = t.id
      where g.user_id = ${userId} and t.user_id = ${userId} and ${withinLocalDays(sql`t.time`, range, userId)}
        and t.transaction_type = 'expense' and t.transfer_nature = 'not_transfer' and t.account_id = any(${counted})
      union all
      select tt.tag_id, e.category_id, -r.ref_amount
      from transactions r
      join transactions e on e.id = r.refund_of_id
      join transaction_tags tt on tt.transaction_id = e.id
      where r.user_id = ${userId} and r.refund_of_id is not null and ${withinLocalDays(sql`r.time`, range, userId)}
        and r.account_id = any(${counted})
    ) x
    where ${isCountedCategory(sql`x.category_id`, userId)}
    group by x.tag_id`,
  );
}

/** Income and expenses of one period: [YYYY-MM-DD of its first day, income, expenses] (numeric, as text). */
export type Flow = [string, string, string];

/**
 * Income and expenses (not transfers, nor expenses of the categories left out) per period, in
 * base-currency minor units (numeric, as text), from the day totals, and, when the periods are
 * months (`byMonths`), the month totals of the whole months (totalsWithin). `periods` are the first
 * days of the periods, in order (service.ts periodStarts), and each day (or month) finds its period
 * by a binary search of them (width_bucket): a year at 1,000,000 transactions is about 8,500 day
 * totals, and truncating each day's date to its period took a third of the statement. The sums
 * are the statement's, one row per period, as one row of JSON: grouped by category as well, a
 * year by month was about a thousand rows, whose JSON took a third of the statement on the
 * embedded database, which also decodes each answered row in JavaScript (~15 µs a row). What
 * refunds gave back comes in the same statement (refundFlowsJson): on the embedded database, each
 * statement is a call into its WebAssembly of its own.
 */
export async function selectFlows(
  db: Executor,
  userId: number,
  range: LocalRange,
  periods: string[],
  byMonths: boolean,
  accountId: number | undefined,
  includeHidden: boolean,
): Promise<{ flows: Flow[]; refunds: RefundFlow[] }> {
  const [row] = await rows<{ flows: string; refunds: string }>(
    db,
    sql`
    select (
      select coalesce(json_agg(json_build_array(f.period, f.income::text, f.expense::text)), '[]')::text
      from (
        select width_bucket(d.day, ${`{${periods.join(',')}}`}::date[]) as period,
          coalesce(sum(d.ref_amount) filter (where d.transaction_type = 'income'), 0) as income,
          coalesce(sum(d.ref_amount) filter (
            where d.transaction_type = 'expense' and ${isCountedCategory(sql`d.category_id`, userId)}), 0) as expense
        from ${totalsWithin(userId, range, byMonths, { picked: ofCountedAccounts(userId, accountId, includeHidden) })} d
        group by 1
      ) f
    ) as flows, ${refundFlowsJson(userId, range, periods, accountId, includeHidden)} as refunds`,
  );
  // width_bucket counts from 1 for the first period (0: before it, which the range leaves out).
  const flows: Array<[number, string, string]> = JSON.parse(row!.flows);
  return {
    flows: flows.map(([bucket, income, expense]) => [periods[bucket - 1]!, income, expense]),
    refunds: readRefundFlows(row!.refunds, periods),
  };
}

/** What refunds gave back in a period of the expenses of a category. */
export interface RefundFlow {
  /** YYYY-MM-DD of the period's first day. */
  period: string;
  categoryId: number | null;
  /** The expenses' category counts in expense statistics (isCountedCategory). */
  counted: boolean;
  /** Base-currency minor units (numeric, as text). */
  amount: string;
}

/**
 * The refunds (incomes linked to an expense) on the accounts statistics count, per period of the
 * refund's own local day and category of its expense, in base-currency minor units (numeric, as
 * text), as a JSON text of [period's bucket, category id, counted, amount] arrays: a part of the
 * statement of the figures it corrects. The day totals count a refund as an income of its own
 * category; statistics take it from there and count it as less expense of the expense's category
 * (docs/decisions.md "Refunds"). Read from the partial index of refunds, index-only: without
 * refunds, an empty range.
 */
const refundFlowsJson = (
  userId: number,
  range: LocalRange,
  periods: string[],
  accountId: number | undefined,
  includeHidden: boolean,
) => sql`(
    select coalesce(json_agg(json_build_array(f.period, f.category_id, ${isCountedCategory(sql`f.category_id`, userId)}, f.amount::text)), '[]')::text
    from (
      select width_bucket(${localDayOf(sql`r.time`, userId)}, ${`{${periods.join(',')}}`}::date[]) as period,
        e.category_id, sum(r.ref_amount) as amount
      from transactions r join transactions e on e.id = r.refund_of_id
      where r.user_id = ${userId} and r.refund_of_id is not null
        and ${withinLocalDays(sql`r.time`, range, userId)}
        and r.account_id = any(${countedAccountIds(userId, accountId, includeHidden)})
      group by 1, 2
    ) f)`;

const readRefundFlows = (text: string, periods: string[]): RefundFlow[] =>
  (JSON.parse(text) as Array<[number, number | null, boolean, string]>).map(
    ([bucket, categoryId, counted, amount]) => ({
      period: periods[bucket - 1]!,
      categoryId,
      counted,
      amount,
    }),
  );
