import {
  type BackupDocument,
  type Budget,
  type BudgetStats,
  type BudgetStatsQuery,
  convertMinorUnits,
  isWithinAmountLimit,
  type NewBudget,
  type UpdateBudgetBody,
} from '@kopiyka/shared';
import type { Database, Executor } from '../../db/client.ts';
import { inBatches } from '../../lib/batches.ts';
import type { Clock } from '../../lib/clock.ts';
import { zonedDay } from '../../lib/dates.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { assertRoomForOneMore } from '../../lib/limits.ts';
import { assertOwnCategory } from '../categories/index.ts';
import { getSettings } from '../settings/index.ts';
import { clearBudgetOf, setBudgetOf } from '../transactions/index.ts';
import {
  type BudgetRow,
  countBudgetLimits,
  countBudgets,
  deleteBudget as deleteBudgetRow,
  deleteExclusions,
  insertBudget,
  insertExclusions,
  lockBudget,
  lockOwnTransactions,
  replaceBudgetCategories,
  scaleBudgetLimits,
  selectBudget,
  selectBudgetCategoryIds,
  selectBudgets,
  selectBudgetTotals,
  selectLargestLimit,
  selectMonthlyTotals,
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
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    categoryIds: links.filter((l) => l.budgetId === row.id).map((l) => l.categoryId),
    autoInclude: row.autoInclude,
    archived: row.archived,
    period: row.period,
    rollover: row.rollover,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** An ISO timestamp of the body as a Date; null and absent stay as they are. */
function instant<T extends null | undefined>(iso: string | T): Date | T {
  return typeof iso === 'string' ? new Date(iso) : iso;
}

async function assertOwnCategories(db: Executor, userId: number, ids: number[]) {
  for (const [index, id] of ids.entries()) await assertOwnCategory(db, userId, id, `categoryIds.${index}`);
}

async function getBudget(db: Executor, userId: number, id: number): Promise<Budget> {
  const row = await selectBudget(db, userId, id);
  if (!row) throw notFound('Budget');
  const [budget] = await withCategories(db, [row]);
  return budget!;
}

async function budgetStats(
  db: Executor,
  clock: Clock,
  userId: number,
  id: number,
  query: BudgetStatsQuery = {},
): Promise<BudgetStats> {
  const budget = await getBudget(db, userId, id);
  const limit = budget.limitAmount;
  const progress = (spent: number, carried: number) => ({
    limit,
    remaining: limit === null ? null : limit + carried - spent,
    utilization: limit === null ? null : Math.round((spent / limit) * 1000) / 10,
  });
  if (budget.period === 'once') {
    const totals = await selectBudgetTotals(db, userId, id);
    return {
      month: null,
      carried: null,
      spent: totals.spent,
      income: totals.income,
      net: totals.income - totals.spent,
      ...progress(totals.spent, 0),
      transactionsCount: totals.count,
    };
  }
  const { timeZone } = await getSettings(db, userId);
  const month = query.month ?? zonedDay(clock.now(), timeZone).slice(0, 7);
  const months = await selectMonthlyTotals(db, userId, id, `${nextMonth(month)}-01`);
  const totals = months.find((m) => m.month === month) ?? { spent: 0, income: 0, count: 0 };
  // What each month from the budget's first left of its limit, up to the month asked for.
  const first = zonedDay(new Date(budget.startDate ?? budget.createdAt), timeZone).slice(0, 7);
  let carried = 0;
  if (budget.rollover && limit !== null) {
    for (let m = first; m < month; m = nextMonth(m)) {
      carried += limit - (months.find((row) => row.month === m)?.spent ?? 0);
    }
  }
  return {
    month,
    carried,
    spent: totals.spent,
    income: totals.income,
    net: totals.income - totals.spent,
    ...progress(totals.spent, carried),
    transactionsCount: totals.count,
  };
}

/** The month after a `YYYY-MM` one. */
function nextMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/** Locks the budget and the named transactions, answering NOT_FOUND for a budget or transaction not the caller's. */
async function lockMembersChange(tx: Executor, userId: number, id: number, transactionIds: number[]) {
  if (!(await lockBudget(tx, userId, id))) throw notFound('Budget');
  const own = await lockOwnTransactions(tx, userId, [...new Set(transactionIds)]);
  const index = transactionIds.findIndex((txId) => !own.has(txId));
  if (index >= 0) throw notFound(`Transaction ${transactionIds[index]}`, `transactionIds.${index}`);
  return own;
}

export interface BudgetsService {
  list(userId: number): Promise<Budget[]>;
  get(userId: number, id: number): Promise<Budget>;
  create(userId: number, body: NewBudget): Promise<Budget>;
  update(userId: number, id: number, body: UpdateBudgetBody): Promise<Budget>;
  remove(userId: number, id: number): Promise<void>;
  stats(userId: number, id: number, query?: BudgetStatsQuery): Promise<BudgetStats>;
  /**
   * Adding one that is in already is harmless: no error, no duplicate. A transfer is refused: budgets
   * count income and expenses only, so it could never show in the budget.
   */
  addTransactions(userId: number, id: number, transactionIds: number[]): Promise<BudgetStats>;
  removeTransactions(userId: number, id: number, transactionIds: number[]): Promise<BudgetStats>;
}

export function createBudgetsService(db: Database, clock: Clock): BudgetsService {
  return {
    async list(userId) {
      return withCategories(db, await selectBudgets(db, userId));
    },

    get: (userId, id) => getBudget(db, userId, id),

    async create(userId, body) {
      const categoryIds = [...new Set(body.categoryIds)];
      await assertOwnCategories(db, userId, categoryIds);
      const id = await db.transaction(async (tx) => {
        await assertRoomForOneMore(tx, 'budgets', userId, (locked) => countBudgets(locked, userId));
        const created = await insertBudget(tx, {
          userId,
          name: body.name,
          limitAmount: body.limitAmount ?? null,
          startDate: instant(body.startDate ?? null),
          endDate: instant(body.endDate ?? null),
          autoInclude: body.autoInclude,
          archived: body.archived,
          period: body.period,
          rollover: body.rollover,
        });
        await replaceBudgetCategories(tx, created, categoryIds);
        return created;
      });
      return getBudget(db, userId, id);
    },

    async update(userId, id, body) {
      const { categoryIds, startDate, endDate, ...fields } = body;
      const uniqueCategories = categoryIds ? [...new Set(categoryIds)] : undefined;
      await db.transaction(async (tx) => {
        // Locked, so two changes of one date each cannot together put the dates out of order.
        const current = await lockBudget(tx, userId, id);
        if (!current) throw notFound('Budget');
        const start = startDate !== undefined ? instant(startDate) : current.startDate;
        const end = endDate !== undefined ? instant(endDate) : current.endDate;
        if (start && end && start > end) {
          throw validationError('endDate', 'budget.dateOrder');
        }
        if (uniqueCategories) await assertOwnCategories(tx, userId, uniqueCategories);
        await updateBudgetRow(tx, userId, id, {
          ...fields,
          ...(startDate !== undefined ? { startDate: start } : {}),
          ...(endDate !== undefined ? { endDate: end } : {}),
        });
        if (uniqueCategories) await replaceBudgetCategories(tx, id, uniqueCategories);
      });
      return getBudget(db, userId, id);
    },

    async remove(userId, id) {
      await getBudget(db, userId, id);
      await deleteBudgetRow(db, userId, id);
    },

    stats: (userId, id, query) => budgetStats(db, clock, userId, id, query),

    async addTransactions(userId, id, transactionIds) {
      await db.transaction(async (tx) => {
        const own = await lockMembersChange(tx, userId, id, transactionIds);
        const transfer = transactionIds.findIndex((txId) => own.get(txId) !== 'not_transfer');
        if (transfer >= 0) throw validationError(`transactionIds.${transfer}`, 'budget.noTransfers');
        // Assigning explicitly also lifts a manual removal from this budget.
        const ids = [...own.keys()];
        await setBudgetOf(tx, userId, id, ids);
        await deleteExclusions(tx, id, ids);
      });
      return budgetStats(db, clock, userId, id);
    },

    async removeTransactions(userId, id, transactionIds) {
      await db.transaction(async (tx) => {
        const own = await lockMembersChange(tx, userId, id, transactionIds);
        // Explicit members lose the assignment; members by category rule are excluded from it.
        const ids = [...own.keys()];
        await clearBudgetOf(tx, userId, id, ids);
        await insertExclusions(tx, id, ids);
      });
      return budgetStats(db, clock, userId, id);
    },
  };
}

// For other modules' transactions: each takes the executor first, so it joins the caller's transaction.

/** A budget id given in a body must be one of the caller's; a missing and a foreign one read alike. */
export async function assertOwnBudget(db: Executor, userId: number, id: number, path: string): Promise<void> {
  if (!(await selectBudget(db, userId, id))) throw notFound('Budget', path);
}

/** When the base currency changes, limits are converted at the rate of the switch (inside its transaction). */
/** Answers false, converting nothing, when a limit at this rate would pass the largest amount. */
export async function convertBudgetLimits(db: Executor, userId: number, rate: number): Promise<boolean> {
  if (!isWithinAmountLimit(convertMinorUnits(await selectLargestLimit(db, userId), rate))) return false;
  await scaleBudgetLimits(db, userId, rate);
  return true;
}

export async function hasBudgetLimits(db: Executor, userId: number): Promise<boolean> {
  return (await countBudgetLimits(db, userId)) > 0;
}

/** A backup's budget with its categories (new ids), before its transactions (inside the restore's transaction). */
export async function restoreBudget(
  tx: Executor,
  userId: number,
  { startDate, endDate, name, limitAmount, autoInclude, archived, period, rollover }: BackupDocument['budgets'][number],
  categoryIds: number[],
  now: Date,
): Promise<number> {
  const id = await insertBudget(tx, {
    userId,
    name,
    limitAmount,
    autoInclude,
    archived,
    period,
    rollover,
    startDate: startDate === null ? null : new Date(startDate),
    endDate: endDate === null ? null : new Date(endDate),
    createdAt: now,
  });
  await replaceBudgetCategories(tx, id, categoryIds);
  return id;
}

/** The transactions taken out of a restored budget by hand, once they are restored (new ids). */
export async function restoreBudgetExclusions(tx: Executor, budgetId: number, transactionIds: number[]): Promise<void> {
  for (const batch of inBatches(transactionIds, 10_000)) await insertExclusions(tx, budgetId, batch);
}
