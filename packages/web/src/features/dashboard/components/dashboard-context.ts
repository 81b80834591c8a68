import { useAccounts } from '../../../api/accounts.ts';
import { useLatestTransactions } from '../../../api/stats.ts';
import type { DayKey, MonthKey } from '../../../lib/dates.ts';
import type { WidgetQuery } from './widget.tsx';

/** How many records the dashboard lists. */
export const LATEST_RECORDS = 9;

/** What every widget is drawn for, and what decides their empty states. */
export type DashboardContext = {
  month: MonthKey;
  today: DayKey;
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
    currency,
    basics: [accounts, latest],
    noAccounts: accounts.data?.length === 0,
    noTransactions: latest.data?.length === 0,
  };
}
