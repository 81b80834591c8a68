import { describe, expect, it } from 'vitest';
import { formatDay, parseMonth, shiftMonth } from './dates.ts';

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
