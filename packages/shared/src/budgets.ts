import { z } from 'zod';
import { idSchema } from './ids.ts';
import { issue } from './issues.ts';
import { signedMinorAmountSchema } from './money.ts';
import { freeText } from './text.ts';
import { timeSchema } from './time.ts';

export const BUDGET_NAME_MAX = 200;
export const BUDGET_CATEGORIES_MAX = 200;
/** The most budgets one user may have, archived ones included (a monthly budget for forty years). */
export const BUDGETS_MAX = 500;

/** once: the budget's dates; month: its limit again every local month from its start. */
export const BUDGET_PERIODS = ['once', 'month'] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

export const budgetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** In base-currency minor units. */
  limitAmount: z.number().int().nullable(),
  /** The first instant the budget covers (ISO timestamp). */
  startDate: z.iso.datetime().nullable(),
  /** The last instant it covers, included, to the millisecond: the end of its last day. */
  endDate: z.iso.datetime().nullable(),
  categoryIds: z.array(z.number().int()),
  /** Transactions in the categories (and dates) join the budget by themselves. */
  autoInclude: z.boolean(),
  archived: z.boolean(),
  period: z.enum(BUDGET_PERIODS),
  /** A monthly budget carries what a month left (negative: overspent) into the next. */
  rollover: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type Budget = z.infer<typeof budgetSchema>;

const nameSchema = freeText(z.string(issue('name.required')).trim(), 'name')
  .min(1, issue('name.required'))
  .max(BUDGET_NAME_MAX, issue('name.tooLong', { max: BUDGET_NAME_MAX }));
const limitSchema = signedMinorAmountSchema.positive(issue('limit.notPositive'));

const budgetFields = {
  name: nameSchema,
  limitAmount: limitSchema.nullable(),
  startDate: timeSchema.nullable(),
  endDate: timeSchema.nullable(),
  categoryIds: z.array(idSchema).max(BUDGET_CATEGORIES_MAX),
  autoInclude: z.boolean(),
  archived: z.boolean(),
  period: z.enum(BUDGET_PERIODS),
  rollover: z.boolean(),
};

/** Compared as instants: the two may carry different offsets. */
const datesInOrder = (b: { startDate?: string | null; endDate?: string | null }) =>
  !b.startDate || !b.endDate || Date.parse(b.startDate) <= Date.parse(b.endDate);
const datesMessage = { ...issue('budget.dateOrder'), path: ['endDate'] };

export const createBudgetBodySchema = z
  .object({
    ...budgetFields,
    limitAmount: budgetFields.limitAmount.optional(),
    startDate: budgetFields.startDate.optional(),
    endDate: budgetFields.endDate.optional(),
    categoryIds: budgetFields.categoryIds.default([]),
    autoInclude: budgetFields.autoInclude.default(true),
    archived: budgetFields.archived.default(false),
    period: budgetFields.period.default('once'),
    rollover: budgetFields.rollover.default(false),
  })
  .refine(datesInOrder, datesMessage);
export type CreateBudgetBody = z.input<typeof createBudgetBodySchema>;
export type NewBudget = z.output<typeof createBudgetBodySchema>;

export const updateBudgetBodySchema = z.object(budgetFields).partial().refine(datesInOrder, datesMessage);
export type UpdateBudgetBody = z.infer<typeof updateBudgetBodySchema>;

export const BUDGET_TRANSACTIONS_MAX = 500;

export const budgetTransactionsBodySchema = z.object({
  transactionIds: z
    .array(idSchema)
    .min(1, issue('transaction.required'))
    .max(BUDGET_TRANSACTIONS_MAX, issue('transaction.tooMany', { max: BUDGET_TRANSACTIONS_MAX })),
});
export type BudgetTransactionsBody = z.infer<typeof budgetTransactionsBodySchema>;

/** A month of a monthly budget, `YYYY-MM` (1900 or later). */
export const budgetMonthSchema = z.string().regex(/^(19|[2-9]\d)\d\d-(0[1-9]|1[0-2])$/, issue('value.month'));

export const budgetStatsQuerySchema = z.object({ month: budgetMonthSchema.optional() });
export type BudgetStatsQuery = z.infer<typeof budgetStatsQuerySchema>;

export const budgetStatsSchema = z.object({
  /** For a monthly budget, the month the figures are of (this one unless asked); null otherwise. */
  month: z.string().nullable(),
  /**
   * What the months before left (negative: overspent) with rollover, 0 without it; null for a
   * budget that is not monthly.
   */
  carried: z.number().int().nullable(),
  /** Expenses, income and their difference in base-currency minor units; transfers left out. */
  spent: z.number().int(),
  income: z.number().int(),
  net: z.number().int(),
  limit: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  /** Spent as a percentage of the limit, one decimal. */
  utilization: z.number().nullable(),
  transactionsCount: z.number().int(),
});
export type BudgetStats = z.infer<typeof budgetStatsSchema>;
