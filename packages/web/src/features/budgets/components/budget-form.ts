import { type Budget, createBudgetBodySchema, type NewBudget, type UpdateBudgetBody } from '@kopiyka/shared';
import { z } from 'zod';
import { t } from '../../../lib/i18n.ts';
import { amountText, readAmount } from '../../../lib/money.ts';
import { type BudgetDates, dayEnd, dayKey, dayStart } from '../../../lib/periods.ts';

export const budgetFormValuesSchema = z.object({
  name: z.string(),
  /** Major units as typed; empty for no limit. */
  limit: z.string(),
  /** A day, YYYY-MM-DD, as a date field holds it (the user's own calendar); empty for none. */
  startDate: z.string(),
  endDate: z.string(),
  categoryIds: z.array(z.number()),
  autoInclude: z.boolean(),
});
export type BudgetFormValues = z.infer<typeof budgetFormValuesSchema>;
export type BudgetFormField = keyof BudgetFormValues;

export const BUDGET_FORM_FIELDS: readonly BudgetFormField[] = budgetFormValuesSchema.keyof().options;

/** The form's field for each field of the API body, where their names differ. */
const FIELD_OF: Partial<Record<string, BudgetFormField>> = { limitAmount: 'limit' };

/** The form for a new budget, or filled in from `budget`. */
export function budgetFormValues(budget?: Budget): BudgetFormValues {
  return {
    name: budget?.name ?? '',
    limit: budget?.limitAmount ? amountText(budget.limitAmount) : '',
    startDate: budget?.startDate ? dayKey(budget.startDate) : '',
    endDate: budget?.endDate ? dayKey(budget.endDate) : '',
    categoryIds: budget?.categoryIds ?? [],
    autoInclude: budget?.autoInclude ?? true,
  };
}

/** Dates as the date fields hold them: empty for none. */
export function dateFields({ startDate, endDate }: BudgetDates): Pick<BudgetFormValues, 'startDate' | 'endDate'> {
  return { startDate: startDate ?? '', endDate: endDate ?? '' };
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The form as typed, turned into the body of POST /budgets and checked with the shared contract,
 * so the form says what the server would before anything is sent. The limit goes in minor units
 * of the base currency; a typed zero is kept, for the contract to refuse. The days go as the
 * timestamps where they start and end in the user's time zone: the end is the last
 * millisecond of its day, as the budget includes it.
 */
export const budgetFormSchema = budgetFormValuesSchema.transform((values, ctx): NewBudget => {
  const limit = readAmount(values.limit, { positive: true });
  const limitAmount = values.limit.trim() === '' ? null : (limit.minor ?? 0);
  if (limit.problem !== null) ctx.addIssue({ code: 'custom', path: ['limit'], message: limit.problem });
  const bound = (field: 'startDate' | 'endDate', toInstant: (day: string) => Date) => {
    const day = values[field];
    if (day === '') return null;
    const instant = DAY_PATTERN.test(day) ? toInstant(day) : null;
    // A day that does not exist (13th month, 30 February) rolls over into another one.
    if (instant && !Number.isNaN(instant.getTime()) && dayKey(instant) === day) return instant.toISOString();
    ctx.addIssue({ code: 'custom', path: [field], message: t('budget.field.dateProblem') });
    return undefined;
  };
  const startDate = bound('startDate', dayStart);
  const endDate = bound('endDate', dayEnd);
  const body = createBudgetBodySchema.safeParse({
    name: values.name,
    limitAmount: Number.isNaN(limitAmount) ? null : limitAmount,
    startDate: startDate ?? null,
    endDate: endDate ?? null,
    categoryIds: values.categoryIds,
    autoInclude: values.autoInclude,
  });
  if (!body.success) {
    for (const issue of body.error.issues) {
      const field = String(issue.path[0]);
      ctx.addIssue({ code: 'custom', path: [FIELD_OF[field] ?? field], message: issue.message });
    }
  }
  if (!body.success || Number.isNaN(limitAmount) || startDate === undefined || endDate === undefined) return z.NEVER;
  return body.data;
});
export type BudgetFormOutput = z.output<typeof budgetFormSchema>;

const byNumber = (x: number, y: number) => x - y;
const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && [...a].sort(byNumber).join() === [...b].sort(byNumber).join();

/** The day a budget bound falls on for the user, as the form shows it. */
const shownDay = (time: string | null | undefined) => (time ? dayKey(time) : null);

/**
 * What the form changed in `budget`: PUT takes any subset, and the rest is left as it is. Dates
 * count as changed when their day did: a budget made elsewhere (another time zone, or with UTC
 * days) keeps its exact bounds unless the user picks another day.
 */
export function budgetChanges(budget: Budget, values: BudgetFormOutput): UpdateBudgetBody {
  const changes: UpdateBudgetBody = {};
  if (values.name !== budget.name) changes.name = values.name;
  if ((values.limitAmount ?? null) !== budget.limitAmount) changes.limitAmount = values.limitAmount ?? null;
  if (shownDay(values.startDate) !== shownDay(budget.startDate)) changes.startDate = values.startDate ?? null;
  if (shownDay(values.endDate) !== shownDay(budget.endDate)) changes.endDate = values.endDate ?? null;
  if (!sameIds(values.categoryIds, budget.categoryIds)) changes.categoryIds = values.categoryIds;
  if (values.autoInclude !== budget.autoInclude) changes.autoInclude = values.autoInclude;
  return changes;
}
