/** The reads of the routes: transaction views, list pages, account names, the contexts of creates. */
import type { TransactionsQuery } from '@kopiyka/shared';
import { and, asc, desc, eq, gte, ilike, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { inBudgets, notInBudget } from '../../../db/budget-membership.ts';
import type { Executor } from '../../../db/client.ts';
import { localDayStart } from '../../../db/local-day.ts';
import {
  accountDayDeltas,
  accounts,
  baseCurrencyChanges,
  categories,
  currencies,
  monobankItems,
  transactionSplits,
  transactions,
} from '../../../db/schema.ts';
import { tupleColumns, tupleRows } from '../../../db/table-rows.ts';
import { caseInsensitivePattern, foldCase } from '../../../lib/case-folding.ts';
import { categoriesAndBelow } from '../../categories/index.ts';
import type { CustomRow } from '../../rates/index.ts';
import type { selectOwnAccount } from './rows.ts';
import type { SplitRow } from './splits.ts';

const other = alias(transactions, 'other_leg');
const refCurrency = alias(currencies, 'ref_currency');
const cursorRow = alias(transactions, 'cursor_row');

/*
 * What a view adds to its row, looked up per row of a page inside the page's own statement, each
 * only for the rows whose hint says there is something (docs/decisions.md "Tags and refunds on a
 * page of the list"): most rows have no refunds, tags or parts, and a lookup per row of a page of
 * 50 cost as much as the rest of the statement. `row` names the transaction's alias.
 */

/** What the refunds of an expense add up to, as text. */
const refundedOf = (row: SQL) => sql`case when ${row}.ever_refunded then coalesce((
    select sum(r.ref_amount) from transactions r where r.refund_of_id = ${row}.id), 0) else 0 end::text`;

/** The row's tag ids, ascending, as a JSON array. */
const tagIdsOf = (row: SQL) =>
  sql<number[]>`case when ${row}.has_tags then coalesce((select json_agg(tt.tag_id order by tt.tag_id)
    from transaction_tags tt where tt.transaction_id = ${row}.id), '[]') else '[]' end`;

/** The row's parts in their order, each a JSON array of the table's columns (tupleRows reads them); null when none. */
const splitsOf = (row: SQL) =>
  sql<unknown[][] | null>`case when ${row}.is_split then (select json_agg(json_build_array(${tupleColumns(
    transactionSplits,
    's',
  )}) order by s.position) from transaction_splits s where s.transaction_id = ${row}.id) end`;

/** The parts splitsOf answered, as rows. */
const splitRows = (tuples: unknown[][] | null): SplitRow[] =>
  tupleRows(transactionSplits, tuples ?? []).map(({ row }) => row);

/** A transaction with what the API shows beside it: its account's type and currency, the other leg, its refunds' sum, its tags, its parts. */
function selectViews(db: Executor) {
  const row = sql.raw('"transactions"');
  return db
    .select({
      row: transactions,
      accountType: accounts.type,
      currencyId: accounts.currencyId,
      currencyCode: currencies.code,
      refCurrencyCode: refCurrency.code,
      destinationAmount: other.amount,
      destinationAccountId: other.accountId,
      refundedRefAmount: refundedOf(row).mapWith(String),
      tagIds: tagIdsOf(row),
      splits: splitsOf(row),
    })
    .from(transactions)
    .innerJoin(accounts, eq(accounts.id, transactions.accountId))
    .innerJoin(currencies, eq(currencies.id, accounts.currencyId))
    .innerJoin(refCurrency, eq(refCurrency.id, transactions.refCurrencyId))
    .leftJoin(other, and(eq(other.transferId, transactions.transferId), ne(other.id, transactions.id)))
    .$dynamic();
}
type RowView = Awaited<ReturnType<ReturnType<typeof selectViews>['execute']>>[number];
export type TransactionView = Omit<RowView, 'splits'> & { splits: SplitRow[] };

const withSplitRows = (views: RowView[]): TransactionView[] =>
  views.map((view) => ({ ...view, splits: splitRows(view.splits) }));

export async function selectViewsByIds(db: Executor, userId: number, ids: number[]) {
  return withSplitRows(
    await selectViews(db).where(and(eq(transactions.userId, userId), inArray(transactions.id, ids))),
  );
}

export async function selectTransferViews(db: Executor, userId: number, transferId: number) {
  return withSplitRows(
    await selectViews(db)
      .where(and(eq(transactions.userId, userId), eq(transactions.transferId, transferId)))
      .orderBy(asc(transactions.id)),
  );
}

/** The user's categories of `ids` and everything below them, as a subquery of ids. */
const categoryAndDescendants = (userId: number, ids: number[]): SQL =>
  categoriesAndBelow(
    sql`select id from ${categories} where ${categories.userId} = ${userId} and ${categories.id} in ${ids}`,
  );

/**
 * One condition per word of a search: the word is in the note, the bank's description, the
 * category's name or the account's name, whatever its case (lib/case-folding.ts); for a split
 * row, in a part's note or category too. The user's few category and account names are matched
 * here and become lists of ids.
 */
async function searchConditions(db: Executor, userId: number, words: string[]): Promise<SQL[]> {
  const [ownCategories, ownAccounts] = await Promise.all([
    db.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.userId, userId)),
    db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(eq(accounts.userId, userId)),
  ]);
  const named = (rows: Array<{ id: number; name: string }>, word: string) =>
    rows.filter((row) => foldCase(row.name).includes(foldCase(word))).map((row) => row.id);
  return words.map((word) => {
    const pattern = caseInsensitivePattern(word);
    const categoryIds = named(ownCategories, word);
    const accountIds = named(ownAccounts, word);
    return sql`(${transactions.note} ~ ${pattern}
      or exists (select 1 from ${monobankItems} where ${monobankItems.transactionId} = ${transactions.id}
        and ${monobankItems.merchant} ~ ${pattern})
      ${categoryIds.length > 0 ? sql`or ${inArray(transactions.categoryId, categoryIds)}` : sql``}
      ${accountIds.length > 0 ? sql`or ${inArray(transactions.accountId, accountIds)}` : sql``}
      or (${transactions.isSplit} and exists (select 1 from ${transactionSplits} s
        where s.transaction_id = ${transactions.id} and (s.note ~ ${pattern}
          ${categoryIds.length > 0 ? sql`or s.category_id in ${categoryIds}` : sql``}))))`;
  });
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
  if (q.categoryIds) {
    const tree = categoryAndDescendants(userId, q.categoryIds);
    // A split row matches when any part does (its own category is its largest part's).
    conditions.push(
      sql`(${transactions.categoryId} in ${tree} or ${transactions.id} in (select s.transaction_id from ${transactionSplits} s where s.user_id = ${userId} and s.category_id in ${tree}))`,
    );
  }
  if (q.budgetIds) conditions.push(inBudgets(userId, q.budgetIds));
  if (q.tagIds)
    conditions.push(
      sql`exists (select from transaction_tags tt where tt.transaction_id = ${transactions.id} and tt.tag_id in ${q.tagIds})`,
    );
  if (q.excludeBudgetId) conditions.push(notInBudget(userId, q.excludeBudgetId));
  if (q.excludeTransfer) conditions.push(eq(transactions.transferNature, 'not_transfer'));
  if (q.noteSearch) conditions.push(ilike(transactions.note, `%${q.noteSearch.replace(/[\\%_]/g, '\\$&')}%`));
  if (q.search) conditions.push(...(await searchConditions(db, userId, q.search)));
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
  const result = await db.execute(sql`
    select coalesce(json_agg(json_build_array(${PAGE_VIEW_COLUMNS})
      order by p.time ${order}, p.id ${order}), '[]')::text as views
    from (${ordered} ${limits}) p
    join transactions t on t.id = p.id
    join accounts a on a.id = t.account_id
    join currencies c on c.id = a.currency_id
    join currencies r on r.id = t.ref_currency_id
    left join transactions o on o.transfer_id = t.transfer_id and o.id <> t.id`);
  const [{ views }] = (result as unknown as { rows: [{ views: string }] }).rows;
  // One object per row, filled by a plain loop: spreading entries twice per row showed in profiles.
  return tupleRows(transactions, JSON.parse(views) as unknown[][]).map(({ row, rest }) => {
    const view: Record<string, unknown> = { row };
    for (let at = 0; at < VIEW_FIELDS.length; at++) view[VIEW_FIELDS[at]!] = rest[at];
    view.splits = splitRows(view.splits as RowView['splits']);
    return view as TransactionView;
  });
}

/** What each array of selectViewsPage holds: the row's columns, then the rest of its view in VIEW_FIELDS' order. */
const PAGE_VIEW_COLUMNS = sql`${tupleColumns(transactions, 't')},
  a.type, a.currency_id, c.code, r.code, o.amount, o.account_id, ${refundedOf(sql.raw('t'))},
  ${tagIdsOf(sql.raw('t'))}, ${splitsOf(sql.raw('t'))}`;

/** What a view adds to its row, in the order selectViewsPage's arrays carry it. */
const VIEW_FIELDS = [
  'accountType',
  'currencyId',
  'currencyCode',
  'refCurrencyCode',
  'destinationAmount',
  'destinationAccountId',
  'refundedRefAmount',
  'tagIds',
  'splits',
] as const satisfies ReadonlyArray<keyof RowView>;

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
