import { describe, expect, it } from 'vitest';
import { savedTimeZoneEachTest } from '../test/time-zone.ts';
import {
  formatDay,
  formatDuration,
  formatMonth,
  formatMonthTitle,
  formatTimeAgo,
  laterMonth,
  monthKey,
  parseMonth,
  shiftMonth,
} from './dates.ts';
import { setLocale } from './i18n.ts';

describe('dashboard month', () => {
  const now = new Date(2025, 10, 20);

  it('reads a valid past or current month', () => {
    expect(parseMonth('2025-03', now)).toBe('2025-03');
    expect(parseMonth('2025-11', now)).toBe('2025-11');
  });

  it('falls back to the current month for a missing, malformed or future value', () => {
    for (const value of [null, '', '2025-13', '25-01', 'next', '2026-01'])
      expect(parseMonth(value, now)).toBe('2025-11');
  });

  it('moves across year ends', () => {
    expect(shiftMonth('2025-01', -1)).toBe('2024-12');
    expect(shiftMonth('2024-12', 1)).toBe('2025-01');
  });
});

describe('calendar days', () => {
  it('formats a day key as a short date, the same day in any time zone', () => {
    expect(formatDay('2026-11-14')).toBe('14 Nov 2026');
  });

  it('names a month standing alone with a capital, in a language that writes months in lower case', async () => {
    await setLocale('uk');
    expect(formatMonth('2026-11')).toBe('листопад 2026 р.');
    expect(formatMonthTitle('2026-11')).toBe('Листопад 2026 р.');
    await setLocale('en');
    expect(formatMonthTitle('2026-11')).toBe('November 2026');
    expect(laterMonth('2026-11', '2025-12')).toBe('2026-11');
  });
});

describe('months of the user’s time zone, not the browser’s', () => {
  savedTimeZoneEachTest('Europe/Kyiv');

  it('turns the month at Kyiv’s midnight, and names months and days the same in any zone', () => {
    expect(monthKey(new Date('2026-10-31T21:59:59.999Z'))).toBe('2026-10');
    expect(monthKey(new Date('2026-10-31T22:30:00.000Z'))).toBe('2026-11');
    expect(parseMonth(null, new Date('2026-10-31T22:30:00.000Z'))).toBe('2026-11');
    expect(parseMonth('2026-11', new Date('2026-10-31T21:30:00.000Z'))).toBe('2026-10');
    expect(shiftMonth('2026-03', -1)).toBe('2026-02');
    expect(formatMonth('2026-11')).toBe('November 2026');
    expect(formatDay('2026-11-01')).toBe('1 Nov 2026');
  });
});

describe('moments and lengths in words', () => {
  // Dates are the user's: 15 November here is the 16th in Kiritimati, had the process's zone counted.
  savedTimeZoneEachTest('Europe/Kyiv');
  const now = Date.parse('2026-11-25T12:00:00Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('says how long ago, in the largest whole unit', () => {
    expect(formatTimeAgo(ago(20), now)).toBe('just now');
    expect(formatTimeAgo(ago(5 * 60 + 30), now)).toBe('5 minutes ago');
    expect(formatTimeAgo(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(formatTimeAgo(ago(30 * 3600), now)).toBe('yesterday');
    expect(formatTimeAgo(ago(10 * 86_400), now)).toBe('15 November 2026');
  });

  it('rounds a length to minutes, with hours past the hour', () => {
    expect(formatDuration(20)).toBe('less than a minute');
    expect(formatDuration(60)).toBe('about 1 minute');
    expect(formatDuration(9 * 60 + 5)).toBe('about 9 minutes');
    expect(formatDuration(2 * 3600)).toBe('about 2 hours');
    expect(formatDuration(3600 + 20 * 60)).toBe('about 1 hour 20 minutes');
  });
});
