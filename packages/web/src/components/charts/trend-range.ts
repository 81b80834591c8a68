import { STATS_MAX_DAYS } from '@kopiyka/shared';
import type { DayKey } from '../../lib/dates.ts';
import { addDays, addMonths, type DayRange, earlierDay } from '../../lib/periods.ts';

export const TREND_PERIODS = ['1M', '3M', '1Y', 'ALL'] as const;
export type TrendPeriod = (typeof TREND_PERIODS)[number];

const TREND_MONTHS: Record<Exclude<TrendPeriod, 'ALL'>, number> = { '1M': 1, '3M': 3, '1Y': 12 };

/** The days a trend covers, ending today; `clipped` when the history reaches back further. */
export type TrendRange = DayRange & { clipped: boolean };

/**
 * The days a trend covers, ending today. "All" starts at the account's first day; a history
 * longer than one request of the API may cover (STATS_MAX_DAYS) starts that many days back
 * instead, and says it was clipped so the page can tell the user.
 */
export function trendRange(period: TrendPeriod, today: DayKey, firstDay: DayKey = today): TrendRange {
  if (period !== 'ALL') return { from: addMonths(today, -TREND_MONTHS[period]), to: today, clipped: false };
  const earliest = addDays(today, -(STATS_MAX_DAYS - 1));
  const clipped = firstDay < earliest;
  return { from: clipped ? earliest : earlierDay(firstDay, today), to: today, clipped };
}
