import { afterEach, describe, expect, it } from 'vitest';
import { savedTimeZoneEachTest } from '../test/time-zone.ts';
import { setDisplayTimeZone } from './locale.ts';
import {
  addDays,
  addMonths,
  budgetPresetDates,
  dayEnd,
  dayKey,
  dayStart,
  historyStart,
  lastMonthsRange,
  matchingPreset,
  monthBalanceDay,
  monthEnd,
  monthRange,
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
});

describe('budget day boundaries', () => {
  it('are the first and the last millisecond of the day in local time', () => {
    expect(dayStart('2026-03-29').getTime()).toBe(new Date(2026, 2, 29).getTime());
    expect(dayEnd('2026-03-29').getTime()).toBe(new Date(2026, 2, 30).getTime() - 1);
    expect(dayEnd('2026-12-31').getTime()).toBe(new Date(2027, 0, 1).getTime() - 1);
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

describe('days of the user’s time zone, not the browser’s', () => {
  afterEach(() => setDisplayTimeZone(null));

  it.each([
    ['Europe/Kyiv', '2026-03-29', '2026-03-28T22:00:00.000Z', '2026-03-29T20:59:59.999Z', 23],
    ['Europe/Kyiv', '2026-10-25', '2026-10-24T21:00:00.000Z', '2026-10-25T21:59:59.999Z', 25],
    ['America/New_York', '2026-03-08', '2026-03-08T05:00:00.000Z', '2026-03-09T03:59:59.999Z', 23],
    ['America/New_York', '2026-11-01', '2026-11-01T04:00:00.000Z', '2026-11-02T04:59:59.999Z', 25],
  ])('in %s, %s runs from midnight to midnight, %s to %s: %i hours', (zone, day, start, end, hours) => {
    setDisplayTimeZone(zone);
    expect(dayStart(day).toISOString()).toBe(start);
    expect(dayEnd(day).toISOString()).toBe(end);
    expect((dayEnd(day).getTime() + 1 - dayStart(day).getTime()) / 3_600_000).toBe(hours);
  });

  describe('in Europe/Kyiv', () => {
    savedTimeZoneEachTest('Europe/Kyiv');

    it('turns the day at Kyiv’s midnight', () => {
      expect(dayKey('2026-10-31T21:59:59.999Z')).toBe('2026-10-31');
      expect(dayKey('2026-10-31T22:00:00.000Z')).toBe('2026-11-01');
      expect(dayKey(new Date('2026-10-31T22:30:00.000Z'))).toBe('2026-11-01');
    });

    it("starts an account's history on the day of its creation or oldest transaction there", () => {
      expect(historyStart('2026-03-10T23:30:00.000Z', null)).toBe('2026-03-11');
      expect(historyStart('2026-03-10T23:30:00.000Z', '2026-03-12T08:00:00.000Z')).toBe('2026-03-11');
      expect(historyStart('2026-03-10T23:30:00.000Z', '2019-01-04T22:10:00Z')).toBe('2019-01-05');
    });

    it('presets budgets to its months, whole days from midnight to midnight', () => {
      const today = dayKey('2026-10-31T22:30:00.000Z');
      expect(budgetPresetDates('this-month', today)).toEqual({ startDate: '2026-11-01', endDate: '2026-11-30' });
      expect(dayStart('2026-11-01').toISOString()).toBe('2026-10-31T22:00:00.000Z');
      expect(dayEnd('2026-11-30').toISOString()).toBe('2026-11-30T21:59:59.999Z');
    });
  });

  describe('in America/New_York', () => {
    savedTimeZoneEachTest('America/New_York');

    it('turns the day at New York’s midnight', () => {
      expect(dayKey('2026-11-01T03:59:59.999Z')).toBe('2026-10-31');
      expect(dayKey('2026-11-01T04:00:00.000Z')).toBe('2026-11-01');
    });

    it('keeps calendar arithmetic free of the zone', () => {
      expect(addDays('2026-03-07', 1)).toBe('2026-03-08');
      expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
      expect(addDays('2026-11-01', 1)).toBe('2026-11-02');
      expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
      expect(monthEnd('2026-11')).toBe('2026-11-30');
    });

    it('refuses a day that does not exist by rolling it over', () => {
      expect(dayKey(dayStart('2026-02-30'))).toBe('2026-03-02');
    });
  });
});
