import type { Budget, BudgetStats } from '@kopiyka/shared';

/** A budget with no limit, dates or categories, changed by `overrides`. */
export function makeBudget(overrides: Partial<Budget> & Pick<Budget, 'id' | 'name'>): Budget {
  return {
    limitAmount: null,
    startDate: null,
    endDate: null,
    categoryIds: [],
    autoInclude: true,
    archived: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/** Figures of a budget that spent `spent` (three expenses) against `limit`. */
export function makeStats(spent: number, limit: number | null): BudgetStats {
  return {
    spent,
    income: 0,
    net: -spent,
    limit,
    remaining: limit === null ? null : limit - spent,
    utilization: limit === null ? null : Math.round((spent / limit) * 1000) / 10,
    transactionsCount: 3,
  };
}
