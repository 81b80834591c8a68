import { accountsQueryOptions, useAccounts } from '../../../api/accounts.ts';
import { budgetsQueryOptions } from '../../../api/budgets.ts';
import { prefetchAhead } from '../../../api/query-client.ts';
import { upcomingQueryOptions } from '../../../api/recurring.ts';
import {
  balanceHistoryQueryOptions,
  cashFlowQueryOptions,
  cryptoBalanceHistoryQueryOptions,
  latestTransactionsQueryOptions,
  spendingsQueryOptions,
  totalBalanceChangeQueryOptions,
  totalBalanceQueryOptions,
  useLatestTransactions,
} from '../../../api/stats.ts';
import { type DayKey, type MonthKey, parseMonth } from '../../../lib/dates.ts';
import { dayKey } from '../../../lib/periods.ts';
import { dashboardPeriods, LATEST_RECORDS, UPCOMING_DAYS } from './dashboard-periods.ts';
import type { WidgetQuery } from './widget.tsx';

/** What every widget is drawn for, and what decides their empty states. */
export type DashboardContext = {
  month: MonthKey;
  today: DayKey;
  periods: ReturnType<typeof dashboardPeriods>;
  /** The base currency: every figure is in it. */
  currency: string;
  /** The queries the empty states depend on: a widget waits for them and fails with them. */
  basics: readonly WidgetQuery[];
  noAccounts: boolean;
  noTransactions: boolean;
};

export function useDashboardContext(month: MonthKey, today: DayKey, currency: string): DashboardContext {
  const accounts = useAccounts();
  // The latest records tell whether there is any transaction at all; their widget shares the answer.
  const latest = useLatestTransactions(LATEST_RECORDS);
  return {
    month,
    today,
    periods: dashboardPeriods(month, today),
    currency,
    basics: [accounts, latest],
    noAccounts: accounts.data?.length === 0,
    noTransactions: latest.data?.length === 0,
  };
}

/**
 * Asks for everything the dashboard shows of the month in `search` (`?month=`) as the route is
 * entered, beside the session's restore instead of after it (the page waits for that); the widgets
 * find the answers, or the requests in flight, under the same keys. Today is the browser's until
 * the user's saved time zone arrives with the session: where that makes it another day, the
 * widgets ask for theirs.
 */
export function prefetchDashboard(search: URLSearchParams): void {
  const periods = dashboardPeriods(parseMonth(search.get('month')), dayKey(new Date()));
  prefetchAhead(accountsQueryOptions());
  prefetchAhead(latestTransactionsQueryOptions(LATEST_RECORDS));
  prefetchAhead(totalBalanceQueryOptions(periods.balanceDay));
  prefetchAhead(totalBalanceChangeQueryOptions(periods.balanceChange));
  prefetchAhead(balanceHistoryQueryOptions(periods.days));
  prefetchAhead(cryptoBalanceHistoryQueryOptions(periods.days));
  prefetchAhead(spendingsQueryOptions(periods.days));
  prefetchAhead(spendingsQueryOptions(periods.previousDays));
  prefetchAhead(cashFlowQueryOptions(periods.cashFlow));
  prefetchAhead(upcomingQueryOptions(UPCOMING_DAYS));
  prefetchAhead(budgetsQueryOptions());
}
