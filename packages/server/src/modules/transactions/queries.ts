import type { TransactionsQuery } from '@kopiyka/shared';
import { and, asc, desc, eq, gt, gte, ilike, inArray, isNotNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { inBudgets, notInBudget } from '../../db/budget-membership.ts';
import type { Executor } from '../../db/client.ts';
import { localDayOf, localDayStart } from '../../db/local-day.ts';
import {
  accountDayDeltas,
  accountDayTotals,
  accounts,
  baseCurrencyChanges,
  categories,
  currencies,
  transactions,
} from '../../db/schema.ts';
import { tableRows, tupleColumns, tupleRows } from '../../db/table-rows.ts';
import type { CustomRow } from '../rates/index.ts';

export type TransactionRow = typeof transactions.$inferSelect;
export type NewTransactionRow = typeof transactions.$inferInsert;

const other = alias(transactions, 'other_leg');
const refCurrency = alias(currencies, 'ref_currency');
const cursorRow = alias(transactions, 'cursor_row');

/** A transaction with what the API shows beside it: its account's type and currency, the other leg. */
function selectViews(db: Executor) {
  return db
    .select({
      row: transactions,
      accountType: accounts.type,
      currencyId: accounts.currencyId,
      currencyCode: currencies.code,
      refCurrencyCode: refCurrency.code,
      destinationAmount: other.amount,
      destinationAccountId: other.accountId,
    })
    .from(transactions)
    .innerJoin(accounts, eq(accounts.id, transactions.accountId))
    .innerJoin(currencies, eq(currencies.id, accounts.currencyId))
    .innerJoin(refCurrency, eq(refCurrency.id, transactions.refCurrencyId))
    .leftJoin(other, and(eq(other.transferId, transactions.transferId), ne(other.id, transactions.id)))
    .$dynamic();
}
export type TransactionView = Awaited<ReturnType<typeof selectViewsByIds>>[number];

export function selectViewsByIds(db: Executor, userId: number, ids: number[]) {
  return selectViews(db).where(and(eq(transactions.userId, userId), inArray(transactions.id, ids)));
}

export function selectTransferViews(db: Executor, userId: number, transferId: number) {
  return selectViews(db)
    .where(and(eq(transactions.userId, userId), eq(transactions.transferId, transferId)))
    .orderBy(asc(transactions.id));
}

/** A category and everything below it, as a subquery of ids. */
function categoryAndDescendants(userId: number, ids: number[]): SQL {
  return sql`(with recursive tree as (
      select id from ${categories} where ${categories.userId} = ${userId} and ${categories.id} in ${ids}
      union
      select c.id from ${categories} c join tree on c.parent_id = tree.id
    ) select id from tree)`;
}

/** From this offset on, a page of the whole list (or of some accounts) skips whole days by their counts. */
export const DAY_SKIP_FROM = 1_000;

/** Whether the list is filtered by more than accounts: the day counts (per account) answer only those. */
function filteredBeyondAccounts(q: TransactionsQuery): boolean {
  const { from, limit, cursor, order, accountIds, ...filters } = q;
  return Object.values(filters).some((value) => value !== undefined && value !== false);
}

/**
 * Where a page `offset` rows deep starts, by the day counts kept with every write (addDayFigures):
 * the user's local day its first row falls on, in the list's order, and how many rows the days
 * before it hold. The days are summed in the list's order straight from the index and the sum stops
 * at that day: a page 100,000 rows deep reads about a hundred days' rows instead of walking 100,000
 * index entries. Null when the offset is past the last row (the totals stay right while days
 * regroup); undefined while a time zone change regroups the days (they are then grouped by two
 * zones), when the caller walks the rows.
 */
async function selectPageStartDay(
  db: Executor,
  userId: number,
  accountIds: number[] | undefined,
  order: SQL,
  offset: number,
): Promise<{ day: string; before: number } | null | undefined> {
  const result = await db.execute(sql`
    select r.day::text as day, (r.through - r.count)::int as before,
      exists (select 1 from ${baseCurrencyChanges} b where b.user_id = ${userId} and b.regroup_days) as regrouping
    from (
      select d.day, sum(d.transaction_count) as count,
        sum(sum(d.transaction_count)) over (order by d.day ${order}) as through
      from ${accountDayDeltas} d
      where d.user_id = ${userId} ${accountIds ? sql`and d.account_id in ${accountIds}` : sql``}
      group by d.day order by d.day ${order}
    ) r
    where r.through > ${offset} limit 1`);
  const [row] = (result as unknown as { rows: Array<{ day: string; before: number; regrouping: boolean }> }).rows;
  if (!row) return null;
  return row.regrouping ? undefined : { day: row.day, before: row.before };
}

/**
 * One page of the list, in one statement. The page's ids come from a subquery over the transactions
 * table alone, so skipping `from` rows walks the (user, time, id) index without joining every skipped
 * row; its LIMIT keeps the planner from merging it into the outer query, which then joins only the
 * page's rows (by primary key) into views, whatever statistics the database has or lacks.
 *
 * LIMIT and OFFSET are written into the text, not sent as parameters: with them unknown, a plan made
 * once for every call would join a tenth of the table, so the database plans the statement again at
 * every call (1.5 ms on the embedded one); with them in the text, a page's statement is planned once.
 *
 * The page is answered as one JSON text of arrays: the embedded database copies and decodes every
 * cell it answers in JavaScript (a page of 50 views is about 1,500 cells), and arrays cost less to
 * build and parse than objects that repeat each column's name.
 */
export async function selectViewsPage(db: Executor, userId: number, q: TransactionsQuery): Promise<TransactionView[]> {
  const conditions: Array<SQL | undefined> = [eq(transactions.userId, userId)];
  if (q.startDate) conditions.push(gte(transactions.time, new Date(q.startDate)));
  if (q.endDate) conditions.push(lte(transactions.time, new Date(q.endDate)));
  if (q.amountGte !== undefined) conditions.push(gte(transactions.amount, q.amountGte));
  if (q.amountLte !== undefined) conditions.push(lte(transactions.amount, q.amountLte));
  if (q.transactionType) conditions.push(eq(transactions.transactionType, q.transactionType));
  if (q.accountIds) conditions.push(inArray(transactions.accountId, q.accountIds));
  if (q.categoryIds)
    conditions.push(sql`${transactions.categoryId} in ${categoryAndDescendants(userId, q.categoryIds)}`);
  if (q.budgetIds) conditions.push(inBudgets(userId, q.budgetIds));
  if (q.excludeBudgetId) conditions.push(notInBudget(userId, q.excludeBudgetId));
  if (q.excludeTransfer) conditions.push(eq(transactions.transferNature, 'not_transfer'));
  if (q.noteSearch) conditions.push(ilike(transactions.note, `%${q.noteSearch.replace(/[\\%_]/g, '\\$&')}%`));
  if (q.cursor) {
    const { id } = q.cursor;
    const time = new Date(q.cursor.time);
    // The cursor carries the API's milliseconds; the column keeps microseconds (rows written by
    // SQL have them). The cursor's row, while it is still there at that time, gives the exact time.
    const exact = db
      .select({ time: cursorRow.time })
      .from(cursorRow)
      .where(
        and(
          eq(cursorRow.userId, userId),
          eq(cursorRow.id, id),
          sql`date_trunc('milliseconds', ${cursorRow.time}) = ${time}`,
        ),
      );
    // A row comparison, which walks the (user, time, id) index straight from the cursor.
    const after = q.order === 'desc' ? sql.raw('<') : sql.raw('>');
    conditions.push(sql`(${transactions.time}, ${transactions.id}) ${after} (coalesce((${exact}), ${time}), ${id})`);
  }
  const order = sql.raw(q.order === 'desc' ? 'desc' : 'asc');
  let offset = q.cursor ? 0 : q.from;
  if (offset >= DAY_SKIP_FROM && !filteredBeyondAccounts(q)) {
    const start = await selectPageStartDay(db, userId, q.accountIds, order, offset);
    if (start === null) return [];
    if (start) {
      // The rows of the days before the start day (in the list's order) are the first `before`.
      const day = sql`${start.day}::date`;
      conditions.push(
        q.order === 'desc'
          ? sql`${transactions.time} < ${localDayStart(sql`${day} + 1`, userId)}`
          : sql`${transactions.time} >= ${localDayStart(day, userId)}`,
      );
      offset -= start.before;
    }
  }
  const direction = q.order === 'desc' ? desc : asc;
  const ordered = db
    .select({ id: transactions.id, time: transactions.time })
    .from(transactions)
    .where(and(...conditions))
    .orderBy(direction(transactions.time), direction(transactions.id));
  // Integers the query schema bounds (TRANSACTIONS_PAGE_MAX, the deepest offset).
  const limits = sql.raw(`limit ${Math.trunc(q.limit)} offset ${Math.trunc(offset)}`);
  // Each array: the row's columns (tupleColumns), then the rest of the view in ViewFields' order.
  const result = await db.execute(sql`
    select coalesce(json_agg(json_build_array(${tupleColumns(transactions, 't')},
        a.type, a.currency_id, c.code, r.code, o.amount, o.account_id)
      order by p.time ${order}, p.id ${order}), '[]')::text as views
    from (${ordered} ${limits}) p
    join transactions t on t.id = p.id
    join accounts a on a.id = t.account_id
    join currencies c on c.id = a.currency_id
    join currencies r on r.id = t.ref_currency_id
    left join transactions o on o.transfer_id = t.transfer_id and o.id <> t.id`);
  const [{ views }] = (result as unknown as { rows: [{ views: string }] }).rows;
  return tupleRows(transactions, JSON.parse(views) as unknown[][]).map(({ row, rest }) => {
    const [accountType, currencyId, currencyCode, refCurrencyCode, destinationAmount, destinationAccountId] =
      rest as ViewFields;
    return { row, accountType, currencyId, currencyCode, refCurrencyCode, destinationAmount, destinationAccountId };
  });
}

/** What a view adds to its row, in the order selectViewsPage's arrays carry it. */
type ViewFields = [
  TransactionView['accountType'],
  TransactionView['currencyId'],
  TransactionView['currencyCode'],
  TransactionView['refCurrencyCode'],
  TransactionView['destinationAmount'],
  TransactionView['destinationAccountId'],
];

/**
 * Locks the rows for the rest of the database transaction, in id order (one statement), after the
 * accounts (lockAccounts): balances are moved from what is locked.
 */
export function lockTransactions(db: Executor, userId: number, ids: number[]) {
  return db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), inArray(transactions.id, ids)))
    .orderBy(asc(transactions.id))
    .for('update');
}

/**
 * Locks the accounts whose balances a write moves, in ascending id order, before any transaction
 * row: every writer takes its locks in that one order, so two writers never wait on each other
 * crosswise (a deadlock on PostgreSQL). NO KEY UPDATE, as the balance update itself takes, leaves
 * inserts that merely reference the accounts free to run. Without `ids`, every account of the user.
 */
export function lockAccounts(db: Executor, userId: number, ids?: number[]) {
  return db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), ids ? inArray(accounts.id, ids) : undefined))
    .orderBy(asc(accounts.id))
    .for('no key update');
}

/** Locks the user's first account after `afterId` as lockAccounts does; answers its id, or undefined. */
export async function lockNextAccount(db: Executor, userId: number, afterId: number) {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), gt(accounts.id, afterId)))
    .orderBy(asc(accounts.id))
    .limit(1)
    .for('no key update');
  return row?.id;
}

export function selectTransactions(db: Executor, userId: number, ids: number[]) {
  return db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), inArray(transactions.id, ids)));
}

/** Every leg of these transfers. */
export function selectTransferLegs(db: Executor, userId: number, transferIds: number[]) {
  return db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), inArray(transactions.transferId, transferIds)))
    .orderBy(asc(transactions.id));
}

export async function insertTransaction(db: Executor, row: NewTransactionRow) {
  const [inserted] = await db.insert(transactions).values(row).returning();
  return inserted!;
}

/**
 * Many rows in one statement (a bank page, a batch of a CSV import). The rows travel as one JSON
 * parameter: drizzle takes longer to build a thousand-row VALUES list (a parameter per cell) than
 * the database takes to insert it. The columns' defaults are written out as coalesce().
 */
export async function insertTransactions(db: Executor, rows: NewTransactionRow[]): Promise<TransactionRow[]> {
  if (rows.length === 0) return [];
  const payload = JSON.stringify(
    rows.map((row) => ({
      user_id: row.userId,
      account_id: row.accountId,
      amount: row.amount,
      ref_amount: row.refAmount,
      ref_currency_id: row.refCurrencyId,
      rate: row.rate,
      transaction_type: row.transactionType,
      payment_type: row.paymentType,
      time: row.time.toISOString(),
      note: row.note,
      category_id: row.categoryId,
      transfer_nature: row.transferNature,
      transfer_id: row.transferId,
      created_by_transfer: row.createdByTransfer,
      budget_id: row.budgetId,
      cashback_amount: row.cashbackAmount,
      commission_rate: row.commissionRate,
      external_id: row.externalId,
      pending_ref_amount: row.pendingRefAmount,
      pending_rate: row.pendingRate,
      import_id: row.importId,
    })),
  );
  const result = await db.execute(sql`
    insert into transactions (user_id, account_id, amount, ref_amount, ref_currency_id, rate, transaction_type,
      payment_type, time, note, category_id, transfer_nature, transfer_id, created_by_transfer, budget_id,
      cashback_amount, commission_rate, external_id, pending_ref_amount, pending_rate, import_id)
    select r.user_id, r.account_id, r.amount, r.ref_amount, r.ref_currency_id, r.rate, r.transaction_type,
      r.payment_type, r.time, coalesce(r.note, ''), r.category_id, coalesce(r.transfer_nature, 'not_transfer'),
      r.transfer_id, coalesce(r.created_by_transfer, false), r.budget_id, coalesce(r.cashback_amount, 0),
      coalesce(r.commission_rate, 0), r.external_id, r.pending_ref_amount, r.pending_rate, r.import_id
    from jsonb_to_recordset(${payload}::jsonb) as r(user_id integer, account_id integer, amount bigint,
      ref_amount bigint, ref_currency_id integer, rate double precision, transaction_type varchar,
      payment_type varchar, time timestamptz, note varchar, category_id integer, transfer_nature varchar,
      transfer_id integer, created_by_transfer boolean, budget_id integer, cashback_amount bigint,
      commission_rate bigint, external_id varchar, pending_ref_amount bigint, pending_rate double precision,
      import_id integer)
    returning *`);
  // Inserted in the order of the recordset: ids ascend with it.
  return tableRows(transactions, (result as unknown as { rows: Array<Record<string, unknown>> }).rows).sort(
    (a, b) => a.id - b.id,
  );
}

export async function updateTransaction(db: Executor, userId: number, id: number, changes: Partial<NewTransactionRow>) {
  if (Object.keys(changes).length === 0) return;
  await db
    .update(transactions)
    .set(changes)
    .where(and(eq(transactions.userId, userId), eq(transactions.id, id)));
}

/**
 * These transactions move to a category, their day totals with them; answers how many did. Their
 * categories before are read under the rows' locks, so a change committed meanwhile is what moves.
 */
export async function setCategoryOf(db: Executor, userId: number, ids: number[], categoryId: number) {
  if (ids.length === 0) return 0;
  const result = await db.execute(sql`
    with was as (
      select t.id, t.category_id from transactions t
      where t.user_id = ${userId} and t.id in ${ids} and t.category_id <> ${categoryId}
      for update
    ), moved as (
      update transactions t set category_id = ${categoryId} from was where t.id = was.id
      returning ${legColumns}, was.category_id as was_category_id
    ), legs as (
      select account_id, time, was_category_id as category_id, transaction_type, transfer_nature,
        -ref_amount as ref_amount, -1 as count
      from moved
      union all
      select account_id, time, category_id, transaction_type, transfer_nature, ref_amount, 1 from moved
    ), totals as (${addToDayTotals(userId, sql`legs`)})
    select count(*)::int as moved from moved`);
  return (result as unknown as { rows: Array<{ moved: number }> }).rows[0]!.moved;
}

/** Every transaction in one category moves to another, its day totals with it. */
export async function moveToCategory(db: Executor, userId: number, fromId: number, toId: number) {
  await db.execute(sql`
    with moved as (
      update transactions t set category_id = ${toId} where t.user_id = ${userId} and t.category_id = ${fromId}
      returning ${legColumns}
    ), legs as (
      select account_id, time, ${fromId}::int as category_id, transaction_type, transfer_nature,
        -ref_amount as ref_amount, -1 as count
      from moved
      union all
      select account_id, time, category_id, transaction_type, transfer_nature, ref_amount, 1 from moved
    )
    ${addToDayTotals(userId, sql`legs`)}`);
}

export async function setBudgetOf(db: Executor, userId: number, budgetId: number, ids: number[]) {
  await db
    .update(transactions)
    .set({ budgetId })
    .where(and(eq(transactions.userId, userId), inArray(transactions.id, ids)));
}

/** Of these transactions, those assigned to the budget lose the assignment. */
export async function clearBudgetOf(db: Executor, userId: number, budgetId: number, ids: number[]) {
  await db
    .update(transactions)
    .set({ budgetId: null })
    .where(and(eq(transactions.userId, userId), eq(transactions.budgetId, budgetId), inArray(transactions.id, ids)));
}

// ---- base-currency figures a base change or revaluation computes, held until it switches them in ----

/** Drops every figure waiting to be switched in. */
export async function nullPendingRefs(db: Executor, userId: number) {
  await db
    .update(transactions)
    .set({ pendingRefAmount: null, pendingRate: null })
    .where(and(eq(transactions.userId, userId), isNotNull(transactions.pendingRefAmount)));
}

export async function setPendingRefs(
  db: Executor,
  userId: number,
  rows: Array<{ id: number; refAmount: number; rate: number }>,
) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::int, ${r.refAmount}::bigint, ${r.rate}::float8)`),
    sql`, `,
  );
  await db.execute(sql`
    update transactions t set pending_ref_amount = v.ref_amount, pending_rate = v.rate
    from (values ${values}) as v(id, ref_amount, rate)
    where t.id = v.id and t.user_id = ${userId}`);
}

/**
 * Every transaction with a waiting figure takes it, in `refCurrencyId`, and the day totals take the
 * difference. The caller holds the user's accounts' locks, under which alone figures change, so the
 * figures before (the row as the statement began) are the ones replaced.
 */
export async function promotePendingRefs(db: Executor, userId: number, refCurrencyId: number) {
  await db.execute(sql`
    with promoted as (
      update transactions t set ref_amount = t.pending_ref_amount, rate = t.pending_rate,
        ref_currency_id = ${refCurrencyId}, pending_ref_amount = null, pending_rate = null
      from transactions was
      where was.id = t.id and t.user_id = ${userId} and t.pending_ref_amount is not null
      returning ${legColumns}, was.ref_amount as was_ref_amount
    ), legs as (
      select account_id, time, category_id, transaction_type, transfer_nature,
        ref_amount - was_ref_amount as ref_amount, 0 as count
      from promoted
    )
    ${addToDayTotals(userId, sql`legs`)}`);
}

export async function deleteTransaction(db: Executor, userId: number, id: number) {
  await db.delete(transactions).where(and(eq(transactions.userId, userId), eq(transactions.id, id)));
}

export async function deleteTransactions(db: Executor, userId: number, ids: number[]) {
  await db.delete(transactions).where(and(eq(transactions.userId, userId), inArray(transactions.id, ids)));
}

/** The accounts an import's transactions are on (to lock them before the rows). */
export async function selectImportAccountIds(db: Executor, userId: number, importId: number) {
  const rows = await db
    .selectDistinct({ accountId: transactions.accountId })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.importId, importId)));
  return rows.map((row) => row.accountId);
}

/** Locks an import's transactions for the rest of the database transaction, in id order (after the accounts). */
export function lockImportRows(db: Executor, userId: number, importId: number) {
  return db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.importId, importId)))
    .orderBy(asc(transactions.id))
    .for('update');
}

export async function nextTransferId(db: Executor): Promise<number> {
  const [id] = await nextTransferIds(db, 1);
  return id!;
}

/** `count` new transfer numbers in one statement. */
export async function nextTransferIds(db: Executor, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await db
    .select({ id: sql<string>`nextval('transfer_id_seq')` })
    .from(sql`generate_series(1, ${count}::int) as n`);
  return rows.map((row) => Number(row.id));
}

/** What a leg adds to the day figures: its account's delta and, unless a transfer, its figure to the day totals. */
export interface DayFigures {
  accountId: number;
  time: Date;
  /** The signed amount (income +, expense −), negated for a leg that goes. */
  delta: number;
  categoryId: number | null;
  transactionType: 'income' | 'expense';
  transferNature: string;
  /** The base-currency figure, negated for a leg that goes. */
  refAmount: number;
  /** 1 for a leg that comes, -1 for one that goes. */
  count: 1 | -1;
}

/** The columns of a transaction row a write's RETURNING gives addToDayTotals (with a count of its own). */
const legColumns = sql.raw('t.account_id, t.time, t.category_id, t.transaction_type, t.transfer_nature, t.ref_amount');

/**
 * The one statement that keeps the day totals: adds `legs` (an SQL relation with the columns of
 * legColumns and a count, ref_amount and count signed: negative for what a row stops adding) to the totals of their
 * account, day in the user's time zone, category and type, summed per key, relatively, so
 * concurrent writes add up. Transfers are left out, as the statistics leave them out. Runs alone
 * or as a CTE of the statement that changes the rows, so it costs no statement of its own.
 */
const addToDayTotals = (userId: number, legs: SQL) => sql`
  insert into account_day_totals (account_id, user_id, day, category_id, transaction_type, ref_amount, transaction_count)
  select l.account_id, ${userId}, ${localDayOf(sql`l.time`, userId)}, l.category_id, l.transaction_type,
    sum(l.ref_amount), sum(l.count)
  from ${legs} as l
  where l.transfer_nature = 'not_transfer'
  group by 1, 3, 4, 5
  having sum(l.ref_amount) <> 0 or sum(l.count) <> 0
  on conflict (account_id, day, category_id, transaction_type) do update
    set ref_amount = account_day_totals.ref_amount + excluded.ref_amount,
      transaction_count = account_day_totals.transaction_count + excluded.transaction_count`;

/**
 * Adds legs coming or going to the day figures in one statement: to their accounts' net change and
 * count of the day each falls on in the user's time zone (summed per account and day) and to the day totals
 * (addToDayTotals), relatively: concurrent writes add up.
 */
export async function addDayFigures(db: Executor, userId: number, legs: DayFigures[]) {
  if (legs.length === 0) return;
  // One JSON parameter rather than several a leg: a batch of a thousand is built and sent at once.
  const payload = JSON.stringify(
    legs.map((leg) => ({
      account_id: leg.accountId,
      time: leg.time.toISOString(),
      delta: leg.delta,
      category_id: leg.categoryId,
      transaction_type: leg.transactionType,
      transfer_nature: leg.transferNature,
      ref_amount: leg.refAmount,
      count: leg.count,
    })),
  );
  await db.execute(sql`
    with legs as (
      select * from jsonb_to_recordset(${payload}::jsonb) as m(account_id integer, time timestamptz, delta bigint,
        category_id integer, transaction_type varchar, transfer_nature varchar, ref_amount bigint, count integer)
    ), deltas as (
      insert into account_day_deltas (account_id, user_id, day, delta, transaction_count)
      select l.account_id, ${userId}, ${localDayOf(sql`l.time`, userId)}, sum(l.delta), sum(l.count)
      from legs l
      group by 1, 3
      having sum(l.delta) <> 0 or sum(l.count) <> 0
      on conflict (account_id, day) do update set delta = account_day_deltas.delta + excluded.delta,
        transaction_count = account_day_deltas.transaction_count + excluded.transaction_count
    )
    ${addToDayTotals(userId, sql`legs`)}`);
}

/**
 * Groups an account's day figures anew from its transactions, by the days of the user's time zone
 * (after the zone changed). The caller holds the account's lock, so no write lands in between.
 */
export async function regroupDayFigures(db: Executor, userId: number, accountId: number) {
  await db.delete(accountDayDeltas).where(eq(accountDayDeltas.accountId, accountId));
  await db.delete(accountDayTotals).where(eq(accountDayTotals.accountId, accountId));
  const signedAmount = sql`case when t.transaction_type = 'income' then t.amount else -t.amount end`;
  await db.execute(sql`
    insert into account_day_deltas (account_id, user_id, day, delta, transaction_count)
    select t.account_id, t.user_id, ${localDayOf(sql`t.time`, userId)}, sum(${signedAmount}), count(*)
    from transactions t where t.account_id = ${accountId} and t.user_id = ${userId}
    group by 1, 2, 3`);
  await db.execute(
    addToDayTotals(
      userId,
      sql`(select ${legColumns}, 1 as count from transactions t where t.account_id = ${accountId} and t.user_id = ${userId})`,
    ),
  );
}

/** Legs of transfers that touch the rows `own` picks, not themselves among them. */
function selectOtherLegsWhere(db: Executor, userId: number, own: SQL) {
  const ofOwn = db
    .select({ transferId: transactions.transferId })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), own));
  return db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), sql`(${own}) is not true`, inArray(transactions.transferId, ofOwn)));
}

/** Legs of transfers that touch an account, on other accounts. */
export function selectOtherLegsOfTransfersOf(db: Executor, userId: number, accountId: number) {
  return selectOtherLegsWhere(db, userId, eq(transactions.accountId, accountId));
}

/** Legs of transfers that touch an import's rows, not brought in by it. */
export function selectOtherLegsOfImport(db: Executor, userId: number, importId: number) {
  return selectOtherLegsWhere(db, userId, eq(transactions.importId, importId));
}

/** The caller's account with what a transaction needs of it. */
export async function selectOwnAccount(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select({
      id: accounts.id,
      type: accounts.type,
      accountCategory: accounts.accountCategory,
      currencyId: accounts.currencyId,
      currencyCode: currencies.code,
    })
    .from(accounts)
    .innerJoin(currencies, eq(currencies.id, accounts.currencyId))
    .where(and(eq(accounts.userId, userId), eq(accounts.id, id)));
  return row;
}

/** The names of the user's accounts by id (what an export writes beside each row). */
export async function selectAccountNames(db: Executor, userId: number) {
  const rows = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** What a create asks about, by id: its accounts, category and budget. */
export interface CreateContextKey {
  userId: number;
  accountId: number;
  destinationAccountId: number | null;
  categoryId: number | null;
  budgetId: number | null;
}

type ContextAccount = NonNullable<Awaited<ReturnType<typeof selectOwnAccount>>>;

/**
 * What a create decides on: the caller's own rows among those asked for (absent: missing or
 * another user's), and their own exchange rates.
 */
export interface CreateContext {
  account: ContextAccount | null;
  destination: ContextAccount | null;
  categoryFound: boolean;
  budgetFound: boolean;
  base: { currencyId: number; currency: { code: string } } | null;
  customRates: CustomRow[];
}

/** The contexts of many creates, of any users, in one statement, in the order of `keys`. */
export async function selectCreateContexts(db: Executor, keys: CreateContextKey[]): Promise<CreateContext[]> {
  const accountOf = (id: SQL) => sql`(select json_build_object('id', a.id, 'type', a.type,
      'accountCategory', a.account_category, 'currencyId', a.currency_id, 'currencyCode', c.code)
    from accounts a join currencies c on c.id = a.currency_id where a.user_id = k.user_id and a.id = ${id})`;
  const result = await db.execute(sql`
    select json_build_object(
      'account', ${accountOf(sql`k.account_id`)},
      'destination', ${accountOf(sql`k.destination_id`)},
      'categoryFound', exists (select from categories g where g.user_id = k.user_id and g.id = k.category_id),
      'budgetFound', exists (select from budgets b where b.user_id = k.user_id and b.id = k.budget_id),
      'base', (select json_build_object('currencyId', u.currency_id, 'currency', json_build_object('code', c.code))
        from user_currencies u join currencies c on c.id = u.currency_id where u.user_id = k.user_id and u.is_base),
      'customRates', coalesce((select json_agg(json_build_object('baseCode', r.base_code, 'quoteCode', r.quote_code,
          'rate', r.rate, 'effectiveFrom', r.effective_from))
        from custom_rates r where r.user_id = k.user_id), '[]')
    ) as context
    from json_to_recordset(${JSON.stringify(
      keys.map((key, i) => ({
        i,
        user_id: key.userId,
        account_id: key.accountId,
        destination_id: key.destinationAccountId,
        category_id: key.categoryId,
        budget_id: key.budgetId,
      })),
    )}::json) as k(i integer, user_id integer, account_id integer, destination_id integer, category_id integer,
      budget_id integer)
    order by k.i`);
  // Both drivers parse json.
  return (result as unknown as { rows: Array<{ context: CreateContext }> }).rows.map(({ context }) => context);
}

/** A move of an account's figures by one transaction row: its signed amount, |amount| and |ref figure|, each ± as the row comes or goes. */
export interface BalanceMove {
  time: Date;
  delta: number;
  turnover: number;
  refTurnover: number;
}

/** A balance move of one account (moveBalances). */
export type AccountMove = BalanceMove & { accountId: number };

/**
 * Moves accounts' balances by transactions' signed amounts, relatively (concurrent writes add
 * up): one from the opening moment on moves the current balance; one from before it was in the
 * opening balance already, so it moves the initial balance the other way instead. Either way
 * current = initial + Σ amounts holds. The turnovers move with them. One statement for every
 * account moved; answers each one's extent and the user's Σ |ref figure| after the moves, read
 * exactly, for the caller to bound.
 */
export async function moveBalances(db: Executor, userId: number, moves: ReadonlyArray<AccountMove>) {
  // One JSON parameter rather than several a move: a batch of a thousand is built and sent at once.
  const payload = JSON.stringify(
    moves.map((move) => ({
      account_id: move.accountId,
      time: move.time.toISOString(),
      delta: move.delta,
      turnover: move.turnover,
      ref_turnover: move.refTurnover,
    })),
  );
  const result = await db.execute(sql`
    with m as (
      select * from jsonb_to_recordset(${payload}::jsonb)
        as m(account_id integer, time timestamptz, delta bigint, turnover bigint, ref_turnover bigint)
    ), moved as (
      update accounts a set
        current_balance = a.current_balance
          + coalesce((select sum(m.delta) from m where m.account_id = a.id and m.time >= a.opening_at), 0),
        initial_balance = a.initial_balance
          - coalesce((select sum(m.delta) from m where m.account_id = a.id and m.time < a.opening_at), 0),
        turnover = a.turnover + (select sum(m.turnover) from m where m.account_id = a.id),
        ref_turnover = a.ref_turnover + (select sum(m.ref_turnover) from m where m.account_id = a.id)
      where a.user_id = ${userId} and a.id in (select account_id from m)
      returning a.id, abs(a.initial_balance) + a.turnover as extent, a.ref_turnover
    )
    -- RETURNING sees the moved rows' new figures; the user's other accounts are read as they stand.
    select moved.id, moved.extent::text, ((select sum(ref_turnover) from moved)
      + (select coalesce(sum(o.ref_turnover), 0) from accounts o
         where o.user_id = ${userId} and o.id not in (select id from moved)))::text as ref_total
    from moved`);
  const rows = (result as unknown as { rows: Array<{ id: number; extent: string; ref_total: string }> }).rows;
  return new Map(rows.map((row) => [row.id, { extent: BigInt(row.extent), refTotal: BigInt(row.ref_total) }]));
}

/** The user's Σ |ref figure| over every account (what a change of rates or base recomputes). */
export async function selectTurnovers(db: Executor, userId: number) {
  return db
    .select({
      code: currencies.code,
      turnover: sql<string>`${accounts.turnover}::text`,
      refTurnover: sql<string>`${accounts.refTurnover}::text`,
    })
    .from(accounts)
    .innerJoin(currencies, eq(currencies.id, accounts.currencyId))
    .where(eq(accounts.userId, userId));
}

/**
 * Recounts each account's Σ |ref figure| from its transactions (after a base change or revaluation
 * swapped figures in); answers the user's total.
 */
export async function recountRefTurnovers(db: Executor, userId: number): Promise<bigint> {
  const result = await db.execute(sql`
    with counted as (
      update accounts a set ref_turnover = coalesce((
        select sum(abs(t.ref_amount)) from transactions t where t.account_id = a.id
      ), 0)
      where a.user_id = ${userId}
      returning a.ref_turnover
    )
    select coalesce(sum(ref_turnover), 0)::text as total from counted`);
  return BigInt((result as unknown as { rows: Array<{ total: string }> }).rows[0]!.total);
}
