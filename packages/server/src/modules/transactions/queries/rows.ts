import { and, asc, eq, gt, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { accounts, currencies, transactions } from '../../../db/schema.ts';
import { tableRows } from '../../../db/table-rows.ts';
import { addToDayTotals, legColumns } from './day-figures.ts';
import { moveSplitsToCategory } from './splits.ts';

export type TransactionRow = typeof transactions.$inferSelect;
export type NewTransactionRow = typeof transactions.$inferInsert;

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
      is_split: row.isSplit,
    })),
  );
  const result = await db.execute(sql`
    insert into transactions (user_id, account_id, amount, ref_amount, ref_currency_id, rate, transaction_type,
      payment_type, time, note, category_id, transfer_nature, transfer_id, created_by_transfer, budget_id,
      cashback_amount, commission_rate, external_id, pending_ref_amount, pending_rate, import_id, is_split)
    select r.user_id, r.account_id, r.amount, r.ref_amount, r.ref_currency_id, r.rate, r.transaction_type,
      r.payment_type, r.time, coalesce(r.note, ''), r.category_id, coalesce(r.transfer_nature, 'not_transfer'),
      r.transfer_id, coalesce(r.created_by_transfer, false), r.budget_id, coalesce(r.cashback_amount, 0),
      coalesce(r.commission_rate, 0), r.external_id, r.pending_ref_amount, r.pending_rate, r.import_id,
      coalesce(r.is_split, false)
    from jsonb_to_recordset(${payload}::jsonb) as r(user_id integer, account_id integer, amount bigint,
      ref_amount bigint, ref_currency_id integer, rate double precision, transaction_type varchar,
      payment_type varchar, time timestamptz, note varchar, category_id integer, transfer_nature varchar,
      transfer_id integer, created_by_transfer boolean, budget_id integer, cashback_amount bigint,
      commission_rate bigint, external_id varchar, pending_ref_amount bigint, pending_rate double precision,
      import_id integer, is_split boolean)
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
      -- A split row's categories are its parts', which the person chose: it stays as it is.
      where t.user_id = ${userId} and t.id in ${ids} and t.category_id is distinct from ${categoryId}
        and not t.is_split
      for update
    ), moved as (
      update transactions t set category_id = ${categoryId} from was where t.id = was.id
      returning ${legColumns}, was.category_id as was_category_id
    ), legs as (
      select account_id, time, was_category_id as category_id, transaction_type, transfer_nature,
        -ref_amount as ref_amount, -1 as count, is_split
      from moved
      union all
      select account_id, time, category_id, transaction_type, transfer_nature, ref_amount, 1, is_split from moved
    ), ${addToDayTotals(userId, sql`legs`, sql`select count(*)::int as moved from moved`)}`);
  return (result as unknown as { rows: Array<{ moved: number }> }).rows[0]!.moved;
}

/** These transactions take this note (a note moves no money and no day figure). */
export async function setNoteOf(db: Executor, userId: number, ids: number[], note: string) {
  if (ids.length === 0) return;
  await db
    .update(transactions)
    .set({ note })
    .where(and(eq(transactions.userId, userId), inArray(transactions.id, ids)));
}

/** Every transaction and split part in one category moves to another, its day totals with it. */
export async function moveToCategory(db: Executor, userId: number, fromId: number, toId: number) {
  await moveSplitsToCategory(db, userId, fromId, toId);
  await db.execute(sql`
    with moved as (
      update transactions t set category_id = ${toId} where t.user_id = ${userId} and t.category_id = ${fromId}
      returning ${legColumns}
    ), legs as (
      select account_id, time, ${fromId}::int as category_id, transaction_type, transfer_nature,
        -ref_amount as ref_amount, -1 as count, is_split
      from moved
      union all
      select account_id, time, category_id, transaction_type, transfer_nature, ref_amount, 1, is_split from moved
    ), ${addToDayTotals(userId, sql`legs`)}`);
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
        ref_amount - was_ref_amount as ref_amount, 0 as count, is_split
      from promoted
    ), ${addToDayTotals(userId, sql`legs`)}`);
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
