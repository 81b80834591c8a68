import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  budgetPresetDates,
  dayKey,
  lastMonthsRange,
  matchingPreset,
  monthBalanceDay,
  monthEnd,
  monthRange,
  trendRange,
} from './periods.ts';

describe('calendar arithmetic', () => {
  it('writes a moment as its day in the local time zone', () => {
    expect(dayKey(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(dayKey(new Date(2026, 0, 5, 23, 59).toISOString())).toBe('2026-01-05');
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('adds months keeping the day within the target month', () => {
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2026-01-15', -3)).toBe('2025-10-15');
    expect(addMonths('2026-11-22', -12)).toBe('2025-11-22');
  });

  it('knows the last day of every month', () => {
    expect(monthEnd('2026-02')).toBe('2026-02-28');
    expect(monthEnd('2024-02')).toBe('2024-02-29');
    expect(monthEnd('2026-12')).toBe('2026-12-31');
  });
});

describe('dashboard periods', () => {
  const today = '2026-11-22';

  it('covers a past month whole and the current one up to today', () => {
    expect(monthRange('2026-10', today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(monthRange('2026-11', today)).toEqual({ from: '2026-11-01', to: '2026-11-22' });
  });

  it('reads the balance at the end of a past month, and today for the current one', () => {
    expect(monthBalanceDay('2026-09', today)).toBe('2026-09-30');
    expect(monthBalanceDay('2026-11', today)).toBe('2026-11-22');
  });

  it('takes six months ending with the chosen one, across a year end', () => {
    expect(lastMonthsRange('2026-02', 6, today)).toEqual({ from: '2025-09-01', to: '2026-02-28' });
    expect(lastMonthsRange('2026-11', 6, today)).toEqual({ from: '2026-06-01', to: '2026-11-22' });
  });

  it('ends every trend today; "all" reaches as far back as the API allows', () => {
    expect(trendRange('1M', today)).toEqual({ from: '2026-10-22', to: today });
    expect(trendRange('3M', today)).toEqual({ from: '2026-08-22', to: today });
    expect(trendRange('1Y', today)).toEqual({ from: '2025-11-22', to: today });
    const all = trendRange('ALL', today);
    const days = (Date.parse(all.to) - Date.parse(all.from)) / 86_400_000;
    expect(days).toBe(3659);
  });
});

describe('budget date presets', () => {
  const today = '2026-12-10';

  it('gives this month, next month (across the year end), this year, or none', () => {
    expect(budgetPresetDates('this-month', today)).toEqual({ startDate: '2026-12-01', endDate: '2026-12-31' });
    expect(budgetPresetDates('next-month', today)).toEqual({ startDate: '2027-01-01', endDate: '2027-01-31' });
    expect(budgetPresetDates('this-year', today)).toEqual({ startDate: '2026-01-01', endDate: '2026-12-31' });
    expect(budgetPresetDates('none', today)).toEqual({ startDate: null, endDate: null });
  });

  it('recognises the preset that dates match, if any', () => {
    expect(matchingPreset({ startDate: '2027-01-01', endDate: '2027-01-31' }, today)).toBe('next-month');
    expect(matchingPreset({ startDate: null, endDate: null }, today)).toBe('none');
    expect(matchingPreset({ startDate: '2026-12-02', endDate: '2026-12-31' }, today)).toBeNull();
  });
});
