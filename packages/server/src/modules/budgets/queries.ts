import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { budgetMembers } from '../../db/budget-membership.ts';
import type { Executor } from '../../db/client.ts';
import { localDayOf, localDayStart } from '../../db/local-day.ts';
import { budgetCategories, budgetExclusions, budgets, transactions } from '../../db/schema.ts';
import { figureOf } from '../../lib/figures.ts';

export type BudgetRow = typeof budgets.$inferSelect;

export function selectBudgets(db: Executor, userId: number) {
  return db
    .select()
    .from(budgets)
    .where(eq(budgets.userId, userId))
    .orderBy(asc(budgets.archived), asc(budgets.name), asc(budgets.id));
}

export async function selectBudget(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(budgets)
    .where(and(eq(budgets.userId, userId), eq(budgets.id, id)));
  return row;
}

/** The budget row, locked for the rest of the database transaction: changes to it and its members queue up. */
export async function lockBudget(db: Executor, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(budgets)
    .where(and(eq(budgets.userId, userId), eq(budgets.id, id)))
    // Not FOR UPDATE: a transaction written meanwhile with this budget only takes a key-share lock on it.
    .for('no key update');
  return row;
}

export function selectBudgetCategoryIds(db: Executor, budgetIds: number[]) {
  if (budgetIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(budgetCategories)
    .where(inArray(budgetCategories.budgetId, budgetIds))
    .orderBy(asc(budgetCategories.categoryId));
}

export async function countBudgets(db: Executor, userId: number) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(budgets).where(eq(budgets.userId, userId));
  return row?.n ?? 0;
}

export async function insertBudget(db: Executor, row: typeof budgets.$inferInsert) {
  const [inserted] = await db.insert(budgets).values(row).returning({ id: budgets.id });
  return inserted!.id;
}

export async function updateBudget(
  db: Executor,
  userId: number,
  id: number,
  changes: Partial<typeof budgets.$inferInsert>,
) {
  if (Object.keys(changes).length === 0) return;
  await db
    .update(budgets)
    .set(changes)
    .where(and(eq(budgets.userId, userId), eq(budgets.id, id)));
}

export async function replaceBudgetCategories(db: Executor, budgetId: number, categoryIds: number[]) {
  await db.delete(budgetCategories).where(eq(budgetCategories.budgetId, budgetId));
  if (categoryIds.length > 0) {
    await db.insert(budgetCategories).values(categoryIds.map((categoryId) => ({ budgetId, categoryId })));
  }
}

export async function deleteBudget(db: Executor, userId: number, id: number) {
  // Transactions assigned to it keep existing: their budget_id is set null by the foreign key.
  await db.delete(budgets).where(and(eq(budgets.userId, userId), eq(budgets.id, id)));
}

/**
 * Which of these transaction ids are the user's, and whether each is a transfer; locked (in id
 * order, as every writer locks them) so none is deleted or converted before the change lands.
 */
export async function lockOwnTransactions(db: Executor, userId: number, ids: number[]) {
  const rows = await db
    .select({ id: transactions.id, transferNature: transactions.transferNature })
    .from(transactions)
    .where(and(eq(transactions.userId, userId), inArray(transactions.id, ids)))
    .orderBy(asc(transactions.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r.transferNature]));
}

/** Lifts manual removals of these transactions from the budget. */
export async function deleteExclusions(db: Executor, budgetId: number, ids: number[]) {
  await db
    .delete(budgetExclusions)
    .where(and(eq(budgetExclusions.budgetId, budgetId), inArray(budgetExclusions.transactionId, ids)));
}

/** Excludes these transactions from the budget, also should its category rule take them in. */
export async function insertExclusions(db: Executor, budgetId: number, ids: number[]) {
  await db
    .insert(budgetExclusions)
    .values(ids.map((transactionId) => ({ budgetId, transactionId })))
    .onConflictDoNothing();
}

/**
 * A budget's figures from its members. A refund is no income of a budget: it lowers the spending
 * of every budget its expense is a member of (docs/decisions.md "Refunds"). Refunds are found in
 * their partial index, which holds nothing for most users.
 */
export async function selectBudgetTotals(db: Executor, userId: number, budgetId: number) {
  const result = await db.execute(sql`
    with m as (${budgetMembers(userId, budgetId)}),
    refunds as (select r.id, r.refund_of_id, r.ref_amount from transactions r
      where r.user_id = ${userId} and r.refund_of_id is not null)
    select (coalesce(sum(m.ref_amount) filter (where m.transaction_type = 'expense'), 0)
        - coalesce((select sum(r.ref_amount) from refunds r
          where r.refund_of_id in (select m.id from m where m.transaction_type = 'expense')), 0))::text as spent,
      coalesce(sum(m.ref_amount) filter (where m.transaction_type = 'income'
        and m.id not in (select r.id from refunds r)), 0)::text as income,
      count(*)::int as count
    from m`);
  const [row] = (result as unknown as { rows: Array<{ spent: string; income: string; count: number }> }).rows;
  return { spent: figureOf(row?.spent ?? '0'), income: figureOf(row?.income ?? '0'), count: row?.count ?? 0 };
}

/** A month of a budget's figures: `YYYY-MM` of the user's time zone. */
export interface MonthTotals {
  month: string;
  spent: number;
  income: number;
  count: number;
}

/**
 * A budget's figures by the user's local month, for the months before the one that begins at
 * `until` (an SQL date, its first day): its members by their own month, and a refund of a member
 * expense as less spending of the refund's month (as spending by category counts it).
 */
export async function selectMonthlyTotals(db: Executor, userId: number, budgetId: number, until: string) {
  const monthOf = (time: SQL) => sql`to_char(${localDayOf(time, userId)}, 'YYYY-MM')`;
  const end = localDayStart(sql`${until}::date`, userId);
  const result = await db.execute(sql`
    with m as (${budgetMembers(userId, budgetId)}),
    refunds as (select r.id, r.refund_of_id, r.ref_amount, r.time from transactions r
      where r.user_id = ${userId} and r.refund_of_id is not null),
    flows as (
      select ${monthOf(sql`m.time`)} as month,
        case when m.transaction_type = 'expense' then m.ref_amount else 0 end as spent,
        case when m.transaction_type = 'income' and m.id not in (select r.id from refunds r) then m.ref_amount else 0 end
          as income,
        1 as n
      from m where m.time < ${end}
      union all
      select ${monthOf(sql`r.time`)}, -r.ref_amount, 0, 0 from refunds r
      where r.time < ${end} and r.refund_of_id in (select m.id from m where m.transaction_type = 'expense')
    )
    select month, sum(spent)::text as spent, sum(income)::text as income, sum(n)::int as count
    from flows group by month order by month`);
  return (
    result as unknown as { rows: Array<{ month: string; spent: string; income: string; count: number }> }
  ).rows.map(
    (row): MonthTotals => ({
      month: row.month,
      spent: figureOf(row.spent),
      income: figureOf(row.income),
      count: row.count,
    }),
  );
}

/**
 * Limits follow the base currency: converted at the rate of the switch (inside its transaction).
 * A limit stays at least one minor unit: rounding to 0 would break the "> 0" rule of the field.
 * The SQL mirrors convertMinorUnits (@kopiyka/shared: multiply, round once) but for ties:
 * PostgreSQL rounds a float8 x.5 to even (2.5 → 2), Math.round up (2.5 → 3).
 */
export async function scaleBudgetLimits(db: Executor, userId: number, rate: number) {
  await db
    .update(budgets)
    .set({ limitAmount: sql`greatest(1, round(${budgets.limitAmount} * ${rate}::float8))::bigint` })
    .where(and(eq(budgets.userId, userId), sql`${budgets.limitAmount} is not null`));
}

export async function selectLargestLimit(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ largest: sql<string>`coalesce(max(${budgets.limitAmount}), 0)::text` })
    .from(budgets)
    .where(eq(budgets.userId, userId));
  return Number(row!.largest);
}

export async function countBudgetLimits(db: Executor, userId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(budgets)
    .where(and(eq(budgets.userId, userId), sql`${budgets.limitAmount} is not null`));
  return row?.n ?? 0;
}
