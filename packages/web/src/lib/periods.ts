import {
  calendarDate,
  calendarDay,
  type DayKey,
  type MonthKey,
  pad,
  shiftMonth,
  wallTime,
  zonedInstant,
} from './dates.ts';
import type { MessageKey } from './i18n.ts';

/** A span of whole days, both ends included, as the statistics API takes it. */
export type DayRange = { from: DayKey; to: DayKey };

/** The calendar day of a moment (a Date, or an ISO time such as a transaction's) in the user's time zone. */
export function dayKey(time: Date | string): DayKey {
  const { year, month, day } = wallTime(typeof time === 'string' ? new Date(time) : time);
  return `${year}-${pad(month)}-${pad(day)}`;
}

export function addDays(day: DayKey, days: number): DayKey {
  const date = calendarDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return calendarDay(date);
}

/**
 * The same day `months` months away, kept within the target month: a month before 31 March is
 * 28 (or 29) February, not 3 March.
 */
export function addMonths(day: DayKey, months: number): DayKey {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const lastOfTarget = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return calendarDay(new Date(Date.UTC(year, month - 1 + months, Math.min(date, lastOfTarget))));
}

export function monthStart(month: MonthKey): DayKey {
  return `${month}-01`;
}

export function monthEnd(month: MonthKey): DayKey {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return calendarDay(new Date(Date.UTC(year, monthNumber, 0)));
}

/** The earlier of two days. */
export const earlierDay = (a: DayKey, b: DayKey) => (a < b ? a : b);

/** The days of `month` up to today: the rest of the current month has not happened yet. */
export function monthRange(month: MonthKey, today: DayKey): DayRange {
  return { from: monthStart(month), to: earlierDay(monthEnd(month), today) };
}

/** The day a month's balance is read on: its last day, or today while it runs. */
export function monthBalanceDay(month: MonthKey, today: DayKey): DayKey {
  return monthRange(month, today).to;
}

/** `count` months ending with `month` (included), clamped to today. */
export function lastMonthsRange(month: MonthKey, count: number, today: DayKey): DayRange {
  return { from: monthStart(shiftMonth(month, -(count - 1))), to: monthRange(month, today).to };
}

/**
 * Where an account's balance history starts, as the statistics API counts days (in the user's time
 * zone): the day it was created, or of its oldest transaction when that is earlier (a backdated one).
 */
export function historyStart(createdAt: string, oldestTransactionTime: string | null): DayKey {
  const created = dayKey(createdAt);
  if (!oldestTransactionTime) return created;
  return earlierDay(created, dayKey(oldestTransactionTime));
}

/** The days a budget starts and ends on, as its form holds them; null where it has none. */
export type BudgetDates = { startDate: DayKey | null; endDate: DayKey | null };

/**
 * The first instant of a day in the user's time zone (its local midnight): where a budget starting
 * that day starts. A day that does not exist (30 February) rolls over, as in `Date.UTC`.
 */
export function dayStart(day: DayKey): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return zonedInstant({ year, month, day: date, hour: 0, minute: 0, second: 0 });
}

/** The last millisecond of a day in the user's time zone (23 or 25 hours on a clock change): a budget's end is included (API). */
export function dayEnd(day: DayKey): Date {
  return new Date(dayStart(addDays(day, 1)).getTime() - 1);
}

export const BUDGET_DATE_PRESETS = ['this-month', 'next-month', 'this-year', 'none'] as const;
export type BudgetDatePreset = (typeof BUDGET_DATE_PRESETS)[number];

export const BUDGET_DATE_PRESET_LABELS: Record<BudgetDatePreset, MessageKey> = {
  'this-month': 'budget.preset.thisMonth',
  'next-month': 'budget.preset.nextMonth',
  'this-year': 'budget.preset.thisYear',
  none: 'budget.preset.none',
};

export function budgetPresetDates(preset: BudgetDatePreset, today: DayKey): BudgetDates {
  const month = today.slice(0, 7);
  switch (preset) {
    case 'this-month':
      return { startDate: monthStart(month), endDate: monthEnd(month) };
    case 'next-month': {
      const next = shiftMonth(month, 1);
      return { startDate: monthStart(next), endDate: monthEnd(next) };
    }
    case 'this-year': {
      const year = today.slice(0, 4);
      return { startDate: `${year}-01-01`, endDate: `${year}-12-31` };
    }
    case 'none':
      return { startDate: null, endDate: null };
  }
}

/** The preset that gives exactly these dates, if any, so its button can show as chosen. */
export function matchingPreset(dates: BudgetDates, today: DayKey): BudgetDatePreset | null {
  return (
    BUDGET_DATE_PRESETS.find((preset) => {
      const candidate = budgetPresetDates(preset, today);
      return candidate.startDate === dates.startDate && candidate.endDate === dates.endDate;
    }) ?? null
  );
}
