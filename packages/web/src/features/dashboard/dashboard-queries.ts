import type { QueryClient } from '@tanstack/react-query';
import { accountsQueryOptions } from '../../api/accounts.ts';
import {
  balanceHistoryQueryOptions,
  cashFlowQueryOptions,
  latestTransactionsQueryOptions,
  spendingsQueryOptions,
  totalBalanceQueryOptions,
} from '../../api/stats.ts';
import { type DayKey, type MonthKey, shiftMonth } from '../../lib/dates.ts';
import { lastMonthsRange, monthBalanceDay, monthEnd, monthRange } from '../../lib/periods.ts';

/** How many records the dashboard lists. */
export const LATEST_RECORDS = 9;
/** How many months the cash flow shows, ending with the chosen one. */
export const CASH_FLOW_MONTHS = 6;

/** What the widgets ask the server for when showing `month`: the one place both they and the prefetch read. */
export function dashboardParams(month: MonthKey, today: DayKey) {
  const previousMonth = shiftMonth(month, -1);
  return {
    balanceDay: monthBalanceDay(month, today),
    previousBalanceDay: monthEnd(previousMonth),
    range: monthRange(month, today),
    previousRange: monthRange(previousMonth, today),
    cashFlow: { ...lastMonthsRange(month, CASH_FLOW_MONTHS, today), interval: 'month' as const },
  };
}

export type DashboardParams = ReturnType<typeof dashboardParams>;

/**
 * Starts every query of the dashboard for `month` at once, beside the session restore, so the
 * figures do not wait for the restore and then for the page to mount (the widgets find them
 * under the same keys). Failures are the widgets' to show: prefetching never throws.
 */
export function prefetchDashboard(queryClient: QueryClient, month: MonthKey, today: DayKey): void {
  const params = dashboardParams(month, today);
  void queryClient.prefetchQuery(accountsQueryOptions());
  void queryClient.prefetchQuery(latestTransactionsQueryOptions(LATEST_RECORDS));
  void queryClient.prefetchQuery(totalBalanceQueryOptions(params.balanceDay));
  void queryClient.prefetchQuery(totalBalanceQueryOptions(params.previousBalanceDay));
  void queryClient.prefetchQuery(balanceHistoryQueryOptions(params.range));
  void queryClient.prefetchQuery(spendingsQueryOptions(params.range));
  void queryClient.prefetchQuery(spendingsQueryOptions(params.previousRange));
  void queryClient.prefetchQuery(cashFlowQueryOptions(params.cashFlow));
}
