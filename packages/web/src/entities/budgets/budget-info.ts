import type { Budget, BudgetStats } from '@kopiyka/shared';
import type { BadgeVariant } from '../../components/ui/badge.tsx';
import { formatDay } from '../../lib/dates.ts';
import { t } from '../../lib/i18n.ts';
import { dayKey } from '../../lib/periods.ts';

/** The day of a budget bound in the user's time zone, as "1 Nov 2026". */
const boundDay = (time: string) => formatDay(dayKey(time));

/** "1 Nov 2026 – 30 Nov 2026", "From 1 Nov 2026", "Until 30 Nov 2026" or "No dates". */
export function formatBudgetDates({ startDate, endDate }: Pick<Budget, 'startDate' | 'endDate'>): string {
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

/** Spent more than the limit allows. Without a limit nothing is too much. */
export function isOverLimit(stats: Pick<BudgetStats, 'spent' | 'limit'>): boolean {
  return stats.limit !== null && stats.spent > stats.limit;
}
