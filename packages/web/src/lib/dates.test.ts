import { describe, expect, it } from 'vitest';
import { formatDay, formatDuration, formatTimeAgo, parseMonth, shiftMonth } from './dates.ts';

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
});

describe('moments and lengths in words', () => {
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
