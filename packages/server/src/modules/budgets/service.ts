import type { Budget, BudgetStats, NewBudget, UpdateBudgetBody } from '@kopiyka/shared';
import type { Database, Executor } from '../../db/client.ts';
import { notFound, validationError } from '../../http/errors.ts';
import { assertOwnCategory } from '../categories/service.ts';
import {
  assignTransactions,
  type BudgetRow,
  countBudgetLimits,
  deleteBudget as deleteBudgetRow,
  insertBudget,
  removeTransactions,
  replaceBudgetCategories,
  scaleBudgetLimits,
  selectBudget,
  selectBudgetCategoryIds,
  selectBudgets,
  selectBudgetTotals,
  selectOwnTransactionIds,
  updateBudget as updateBudgetRow,
} from './queries.ts';

async function withCategories(db: Executor, rows: BudgetRow[]): Promise<Budget[]> {
  const links = await selectBudgetCategoryIds(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    limitAmount: row.limitAmount,
    startDate: row.startDate,
    endDate: row.endDate,
    categoryIds: links.filter((l) => l.budgetId === row.id).map((l) => l.categoryId),
    autoInclude: row.autoInclude,
    archived: row.archived,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A budget id given in a body must be one of the caller's; a missing and a foreign one read alike. */
export async function assertOwnBudget(db: Executor, userId: number, id: number, path: string): Promise<void> {
  if (!(await selectBudget(db, userId, id))) throw validationError(path, 'Unknown budget');
}

async function assertOwnCategories(db: Executor, userId: number, ids: number[]) {
  for (const [index, id] of ids.entries()) await assertOwnCategory(db, userId, id, `categoryIds.${index}`);
}

export async function listBudgets(db: Executor, userId: number): Promise<Budget[]> {
  return withCategories(db, await selectBudgets(db, userId));
}

export async function getBudget(db: Executor, userId: number, id: number): Promise<Budget> {
  const row = await selectBudget(db, userId, id);
  if (!row) throw notFound('Budget');
  const [budget] = await withCategories(db, [row]);
  return budget!;
}

export async function createBudget(db: Database, userId: number, body: NewBudget): Promise<Budget> {
  const categoryIds = [...new Set(body.categoryIds)];
  await assertOwnCategories(db, userId, categoryIds);
  const id = await db.transaction(async (tx) => {
    const created = await insertBudget(tx, {
      userId,
      name: body.name,
      limitAmount: body.limitAmount ?? null,
      startDate: body.startDate ?? null,
      endDate: body.endDate ?? null,
      autoInclude: body.autoInclude,
      archived: body.archived,
    });
    await replaceBudgetCategories(tx, created, categoryIds);
    return created;
  });
  return getBudget(db, userId, id);
}

export async function updateBudget(db: Database, userId: number, id: number, body: UpdateBudgetBody): Promise<Budget> {
  const current = await getBudget(db, userId, id);
  const startDate = body.startDate !== undefined ? body.startDate : current.startDate;
  const endDate = body.endDate !== undefined ? body.endDate : current.endDate;
  if (startDate && endDate && startDate > endDate) {
    throw validationError('endDate', 'The start date must not be after the end date');
  }
  const { categoryIds, ...fields } = body;
  const uniqueCategories = categoryIds ? [...new Set(categoryIds)] : undefined;
  if (uniqueCategories) await assertOwnCategories(db, userId, uniqueCategories);
  await db.transaction(async (tx) => {
    await updateBudgetRow(tx, userId, id, fields);
    if (uniqueCategories) await replaceBudgetCategories(tx, id, uniqueCategories);
  });
  return getBudget(db, userId, id);
}

export async function deleteBudget(db: Database, userId: number, id: number): Promise<void> {
  await getBudget(db, userId, id);
  await deleteBudgetRow(db, userId, id);
}

export async function budgetStats(db: Executor, userId: number, id: number): Promise<BudgetStats> {
  const budget = await getBudget(db, userId, id);
  const totals = await selectBudgetTotals(db, userId, id);
  const limit = budget.limitAmount;
  return {
    spent: totals.spent,
    income: totals.income,
    net: totals.income - totals.spent,
    limit,
    remaining: limit === null ? null : limit - totals.spent,
    utilization: limit === null ? null : Math.round((totals.spent / limit) * 1000) / 10,
    transactionsCount: totals.count,
  };
}

async function ownTransactions(db: Executor, userId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const own = await selectOwnTransactionIds(db, userId, unique);
  const index = ids.findIndex((id) => !own.has(id));
  if (index >= 0) throw notFound(`Transaction ${ids[index]}`);
  return unique;
}

/** Adding one that is in already is harmless: no error, no duplicate. */
export async function addToBudget(db: Database, userId: number, id: number, transactionIds: number[]) {
  await getBudget(db, userId, id);
  const ids = await ownTransactions(db, userId, transactionIds);
  await db.transaction((tx) => assignTransactions(tx, userId, id, ids));
  return budgetStats(db, userId, id);
}

export async function removeFromBudget(db: Database, userId: number, id: number, transactionIds: number[]) {
  await getBudget(db, userId, id);
  const ids = await ownTransactions(db, userId, transactionIds);
  await db.transaction((tx) => removeTransactions(tx, userId, id, ids));
  return budgetStats(db, userId, id);
}

/** When the base currency changes, limits are converted at the rate of the switch (inside its transaction). */
export function convertBudgetLimits(db: Executor, userId: number, rate: number): Promise<void> {
  return scaleBudgetLimits(db, userId, rate);
}

export async function hasBudgetLimits(db: Executor, userId: number): Promise<boolean> {
  return (await countBudgetLimits(db, userId)) > 0;
}
