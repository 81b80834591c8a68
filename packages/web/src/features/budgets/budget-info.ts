import type { Budget, BudgetStats } from '@kopiyka/shared';
import type { BadgeVariant } from '../../components/ui/badge.tsx';
import { type DayKey, formatDay } from '../../lib/dates.ts';

/** "1 Nov 2026 – 30 Nov 2026", "From 1 Nov 2026", "Until 30 Nov 2026" or "No dates". */
export function formatBudgetDates({ startDate, endDate }: Pick<Budget, 'startDate' | 'endDate'>): string {
  if (startDate && endDate) return `${formatDay(startDate)} – ${formatDay(endDate)}`;
  if (startDate) return `From ${formatDay(startDate)}`;
  if (endDate) return `Until ${formatDay(endDate)}`;
  return 'No dates';
}

export type BudgetState = 'active' | 'upcoming' | 'ended' | 'archived';

export const BUDGET_STATE_LABELS: Record<BudgetState, string> = {
  active: 'Active',
  upcoming: 'Upcoming',
  ended: 'Ended',
  archived: 'Archived',
};

export const BUDGET_STATE_BADGES: Record<BudgetState, BadgeVariant> = {
  active: 'success',
  upcoming: 'info',
  ended: 'neutral',
  archived: 'neutral',
};

/** Where a budget stands today: archived wins, then its dates decide. */
export function budgetState(budget: Pick<Budget, 'startDate' | 'endDate' | 'archived'>, today: DayKey): BudgetState {
  if (budget.archived) return 'archived';
  if (budget.startDate && budget.startDate > today) return 'upcoming';
  if (budget.endDate && budget.endDate < today) return 'ended';
  return 'active';
}

/** Spent more than the limit allows. Without a limit nothing is too much. */
export function isOverLimit(stats: Pick<BudgetStats, 'spent' | 'limit'>): boolean {
  return stats.limit !== null && stats.spent > stats.limit;
}
