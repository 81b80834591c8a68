import { type DayKey, type MonthKey, shiftMonth } from '../../../lib/dates.ts';
import { lastMonthsRange, monthBalanceDay, monthEnd, monthRange } from '../../../lib/periods.ts';

/*
 * Light on purpose (calendar arithmetic only): the app's entry works these out to ask for the
 * dashboard's figures before the dashboard's code has arrived (app/early-requests.ts).
 */

/** How many records the dashboard lists. */
export const LATEST_RECORDS = 9;
/** How many months the cash flow shows, ending with the chosen one. */
export const CASH_FLOW_MONTHS = 6;
/** How many days ahead the regular payments and the forecast go, from today whatever the month shown. */
export const UPCOMING_DAYS = 30;

/** The days whose figures the widgets show for `month`: what they ask for, and what is asked for ahead. */
export function dashboardPeriods(month: MonthKey, today: DayKey) {
  const previousMonth = shiftMonth(month, -1);
  return {
    /** The total balance now (the month's last day once it has ended), and its change since the month before ended. */
    balanceDay: monthBalanceDay(month, today),
    balanceChange: { from: monthEnd(previousMonth), to: monthBalanceDay(month, today) },
    /** The month's days so far, for the trend and the expenses, and the month before's for comparison. */
    days: monthRange(month, today),
    previousDays: monthRange(previousMonth, today),
    cashFlow: { ...lastMonthsRange(month, CASH_FLOW_MONTHS, today), interval: 'month' as const },
  };
}
