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
    period: 'once',
    rollover: false,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A monthly budget of 1,000.00 from October 2026 that carries over what a month leaves, changed by `overrides`. */
export function makeMonthlyBudget(overrides: Partial<Budget> & Pick<Budget, 'id' | 'name'>): Budget {
  return makeBudget({
    limitAmount: 100_000,
    period: 'month',
    rollover: true,
    startDate: localDayStart(2026, 10, 1),
    ...overrides,
  });
}

/** Figures of a budget that spent `spent` (three expenses) against `limit`. */
export function makeStats(spent: number, limit: number | null): BudgetStats {
  return {
    month: null,
    carried: null,
    spent,
    income: 0,
    net: -spent,
    limit,
    remaining: limit === null ? null : limit - spent,
    utilization: limit === null ? null : Math.round((spent / limit) * 1000) / 10,
    transactionsCount: 3,
  };
}

/** Figures of `month` of a monthly budget of `limit`: `spent` in it, `carried` from the months before. */
export function makeMonthStats(month: string, spent: number, limit: number, carried = 0): BudgetStats {
  return {
    ...makeStats(spent, limit),
    month,
    carried,
    remaining: limit + carried - spent,
  };
}

/** The first moment of a local day (month 1–12), as the budget form sends it: right in any time zone. */
export function localDayStart(year: number, month: number, day: number): string {
  return new Date(year, month - 1, day).toISOString();
}

/** The last moment of a local day (month 1–12), as the budget form sends it. */
export function localDayEnd(year: number, month: number, day: number): string {
  return new Date(new Date(year, month - 1, day + 1).getTime() - 1).toISOString();
}
