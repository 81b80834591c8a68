import { accountsQueryOptions, useAccounts } from '../../../api/accounts.ts';
import { prefetchAhead } from '../../../api/query-client.ts';
import {
  balanceHistoryQueryOptions,
  cashFlowQueryOptions,
  cryptoBalanceHistoryQueryOptions,
  latestTransactionsQueryOptions,
  spendingsQueryOptions,
  totalBalanceQueryOptions,
  useLatestTransactions,
} from '../../../api/stats.ts';
import { type DayKey, type MonthKey, parseMonth, shiftMonth } from '../../../lib/dates.ts';
import { dayKey, lastMonthsRange, monthBalanceDay, monthEnd, monthRange } from '../../../lib/periods.ts';
import type { WidgetQuery } from './widget.tsx';

/** How many records the dashboard lists. */
export const LATEST_RECORDS = 9;
/** How many months the cash flow shows, ending with the chosen one. */
export const CASH_FLOW_MONTHS = 6;

/** The days whose figures the widgets show for `month`: what they ask for, and what is asked for ahead. */
export function dashboardPeriods(month: MonthKey, today: DayKey) {
  const previousMonth = shiftMonth(month, -1);
  return {
    /** The total balance now (the month's last day once it has ended) and at the end of the month before. */
    balanceDay: monthBalanceDay(month, today),
    previousBalanceDay: monthEnd(previousMonth),
    /** The month's days so far, for the trend and the expenses, and the month before's for comparison. */
    days: monthRange(month, today),
    previousDays: monthRange(previousMonth, today),
    cashFlow: { ...lastMonthsRange(month, CASH_FLOW_MONTHS, today), interval: 'month' as const },
  };
}

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
  prefetchAhead(totalBalanceQueryOptions(periods.previousBalanceDay));
  prefetchAhead(balanceHistoryQueryOptions(periods.days));
  prefetchAhead(cryptoBalanceHistoryQueryOptions(periods.days));
  prefetchAhead(spendingsQueryOptions(periods.days));
  prefetchAhead(spendingsQueryOptions(periods.previousDays));
  prefetchAhead(cashFlowQueryOptions(periods.cashFlow));
}
