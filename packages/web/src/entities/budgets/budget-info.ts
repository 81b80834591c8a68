import type { Budget, BudgetStats } from '@kopiyka/shared';
import type { BadgeVariant } from '../../components/ui/badge.tsx';
import { formatDay, laterMonth, type MonthKey, monthKey, parseMonth } from '../../lib/dates.ts';
import { t } from '../../lib/i18n.ts';
import { dayKey, monthStart } from '../../lib/periods.ts';

/** A date kept on one line where a line is short: "1 лист. 2026 р." never leaves its "р." alone. */
const unbroken = (date: string) => date.replaceAll(' ', '\u00a0');

/** The day of a budget bound in the user's time zone, as "1 Nov 2026". */
const boundDay = (time: string) => unbroken(formatDay(dayKey(time)));

/** The first month of a monthly budget: that of its start, or of its creation, as the server counts its months. */
export function budgetFirstMonth({ startDate, createdAt }: Pick<Budget, 'startDate' | 'createdAt'>): MonthKey {
  return monthKey(new Date(startDate ?? createdAt));
}

/**
 * The months a monthly budget has figures of, in the user's time zone: from its first up to this
 * one (only the first, before the budget starts).
 */
export function budgetMonths(budget: Pick<Budget, 'startDate' | 'createdAt'>, now: Date) {
  const first = budgetFirstMonth(budget);
  return { first, last: laterMonth(first, monthKey(now)) };
}

/**
 * The month whose figures a monthly budget shows: the one `asked` for (the page's `?month=`) within
 * its months, else this one (its first, before it starts). Null for a budget of dates: its figures
 * are of them all.
 */
export function figuresMonth(
  budget: Pick<Budget, 'period' | 'startDate' | 'createdAt'>,
  now: Date,
  asked: string | null = null,
): MonthKey | null {
  if (budget.period !== 'month') return null;
  // Not past this month: a month to come has no figures yet.
  const month = parseMonth(asked, now);
  const { first } = budgetMonths(budget, now);
  return laterMonth(first, month);
}

/** Carries what a month left into the next: only a monthly budget does, whatever the flag of one of dates says. */
export const rollsOver = (budget: Pick<Budget, 'period' | 'rollover'>) => budget.period === 'month' && budget.rollover;

type BudgetDatesShown = Pick<Budget, 'period' | 'startDate' | 'endDate' | 'createdAt'>;

/**
 * "1 Nov 2026 – 30 Nov 2026", "From 1 Nov 2026", "Until 30 Nov 2026" or "No dates"; a monthly
 * budget, "Every month from 1 Nov 2026".
 */
export function formatBudgetDates(budget: BudgetDatesShown): string {
  const { startDate, endDate } = budget;
  if (budget.period === 'month') {
    const start = unbroken(formatDay(monthStart(budgetFirstMonth(budget))));
    // Only the API gives a monthly budget an end: its months stop counting there.
    return endDate
      ? t('budget.dates.monthlyUntil', { start, end: boundDay(endDate) })
      : t('budget.dates.monthly', { start });
  }
  if (startDate && endDate) return `${boundDay(startDate)} – ${boundDay(endDate)}`;
  if (startDate) return t('budget.dates.from', { start: boundDay(startDate) });
  if (endDate) return t('budget.dates.until', { end: boundDay(endDate) });
  return t('budget.dates.none');
}

export type BudgetState = 'active' | 'upcoming' | 'ended' | 'archived';

/** "Active", "Upcoming", "Ended" or "Archived", in the current language. */
export function budgetStateLabel(state: BudgetState): string {
  return t(`budget.state.${state}`);
}

export const BUDGET_STATE_BADGES: Record<BudgetState, BadgeVariant> = {
  active: 'success',
  upcoming: 'info',
  ended: 'neutral',
  archived: 'neutral',
};

/** Where a budget stands now: archived wins, then its dates decide. */
export function budgetState(budget: Pick<Budget, 'startDate' | 'endDate' | 'archived'>, now: Date): BudgetState {
  if (budget.archived) return 'archived';
  if (budget.startDate && Date.parse(budget.startDate) > now.getTime()) return 'upcoming';
  if (budget.endDate && Date.parse(budget.endDate) < now.getTime()) return 'ended';
  return 'active';
}

/**
 * Spent more than the limit allows (with what earlier months carried in, for a monthly budget that
 * rolls over). Without a limit nothing is too much.
 */
export function isOverLimit(stats: Pick<BudgetStats, 'remaining'>): boolean {
  return stats.remaining !== null && stats.remaining < 0;
}

/** What the period allows: the limit, and for a monthly budget what earlier months carried in (or took). */
export function budgetAllowance(stats: Pick<BudgetStats, 'limit' | 'carried'>): number | null {
  return stats.limit === null ? null : stats.limit + (stats.carried ?? 0);
}
