import {
  BUDGET_PERIODS,
  type Budget,
  type BudgetPeriod,
  createBudgetBodySchema,
  type NewBudget,
  type UpdateBudgetBody,
} from '@kopiyka/shared';
import { z } from 'zod';
import { budgetFirstMonth } from '../../../entities/budgets/budget-info.ts';
import { type DayKey, monthKey } from '../../../lib/dates.ts';
import { t } from '../../../lib/i18n.ts';
import { amountText, readAmount } from '../../../lib/money.ts';
import { type BudgetDates, dayEnd, dayKey, dayStart, monthEnd, monthStart } from '../../../lib/periods.ts';

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const budgetFormValuesSchema = z.object({
  name: z.string(),
  /** Major units as typed; empty for no limit. */
  limit: z.string(),
  /** once: for its dates; month: the limit again every month. */
  period: z.enum(BUDGET_PERIODS),
  /**
   * A day, YYYY-MM-DD, as a date field holds it (the user's own calendar); empty for none. A
   * monthly budget's is the first day of its first month, and it has no end.
   */
  startDate: z.string(),
  endDate: z.string(),
  /** A monthly budget carries what a month left, or overspent, into the next. */
  rollover: z.boolean(),
  categoryIds: z.array(z.number()),
  autoInclude: z.boolean(),
});
export type BudgetFormValues = z.infer<typeof budgetFormValuesSchema>;
export type BudgetFormField = keyof BudgetFormValues;

export const BUDGET_FORM_FIELDS: readonly BudgetFormField[] = budgetFormValuesSchema.keyof().options;

/** The form's field for each field of the API body, where their names differ. */
const FIELD_OF: Partial<Record<string, BudgetFormField>> = { limitAmount: 'limit' };

/** The form for a new budget, or filled in from `budget`: a monthly one starts on the first day of its first month. */
export function budgetFormValues(budget?: Budget): BudgetFormValues {
  const monthly = budget?.period === 'month';
  return {
    name: budget?.name ?? '',
    limit: budget?.limitAmount ? amountText(budget.limitAmount) : '',
    period: budget?.period ?? 'once',
    startDate: monthly ? monthStart(budgetFirstMonth(budget)) : budget?.startDate ? dayKey(budget.startDate) : '',
    endDate: !monthly && budget?.endDate ? dayKey(budget.endDate) : '',
    rollover: budget?.rollover ?? false,
    categoryIds: budget?.categoryIds ?? [],
    autoInclude: budget?.autoInclude ?? true,
  };
}

/** Dates as the date fields hold them: empty for none. */
export function dateFields({ startDate, endDate }: BudgetDates): Pick<BudgetFormValues, 'startDate' | 'endDate'> {
  return { startDate: startDate ?? '', endDate: endDate ?? '' };
}

/**
 * The dates when the budget turns monthly or back: a monthly one starts with the month the dates
 * started in (this one when they did not) and has no end; one of dates takes that whole month.
 */
export function periodDates(
  period: BudgetPeriod,
  { startDate }: Pick<BudgetFormValues, 'startDate'>,
  today: DayKey,
): Pick<BudgetFormValues, 'startDate' | 'endDate'> {
  const month = (DAY_PATTERN.test(startDate) ? startDate : today).slice(0, 7);
  return period === 'month'
    ? { startDate: monthStart(month), endDate: '' }
    : { startDate: monthStart(month), endDate: monthEnd(month) };
}

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
  const monthly = values.period === 'month';
  const startDate = bound('startDate', dayStart);
  // A monthly budget has no end: its months go on.
  const endDate = monthly ? null : bound('endDate', dayEnd);
  const body = createBudgetBodySchema.safeParse({
    name: values.name,
    limitAmount: Number.isNaN(limitAmount) ? null : limitAmount,
    startDate: startDate ?? null,
    endDate: endDate ?? null,
    categoryIds: values.categoryIds,
    autoInclude: values.autoInclude,
    period: values.period,
    rollover: monthly && values.rollover,
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
/** The month of a monthly budget's start for the user, as the form shows it. */
const shownMonth = (time: string | null | undefined) => (time ? monthKey(new Date(time)) : null);

/**
 * What the form changed in `budget`: PUT takes any subset, and the rest is left as it is. Dates
 * count as changed when their day did: a budget made elsewhere (another time zone, or with UTC
 * days) keeps its exact bounds unless the user picks another day.
 */
export function budgetChanges(budget: Budget, values: BudgetFormOutput): UpdateBudgetBody {
  const changes: UpdateBudgetBody = {};
  if (values.name !== budget.name) changes.name = values.name;
  if ((values.limitAmount ?? null) !== budget.limitAmount) changes.limitAmount = values.limitAmount ?? null;
  if (values.period !== budget.period) changes.period = values.period;
  if (values.rollover !== budget.rollover) changes.rollover = values.rollover;
  // A monthly budget that stays monthly keeps its start (or none: the month it was made in) while its first month does.
  const sameStart =
    values.period === 'month' && budget.period === 'month'
      ? shownMonth(values.startDate) === budgetFirstMonth(budget)
      : shownDay(values.startDate) === shownDay(budget.startDate);
  if (!sameStart) changes.startDate = values.startDate ?? null;
  if (shownDay(values.endDate) !== shownDay(budget.endDate)) changes.endDate = values.endDate ?? null;
  if (!sameIds(values.categoryIds, budget.categoryIds)) changes.categoryIds = values.categoryIds;
  if (values.autoInclude !== budget.autoInclude) changes.autoInclude = values.autoInclude;
  return changes;
}
