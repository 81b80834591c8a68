import { describe, expect, it } from 'vitest';
import { addDays, daysBetween } from './dates.ts';

/** The same step through a Date, as the calendar arithmetic must agree with. */
const byDate = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

describe('day arithmetic', () => {
  it('agrees with the calendar across month ends, leap days and centuries', () => {
    const starts = ['1899-12-31', '1900-02-28', '1970-01-01', '1999-12-31', '2000-02-28', '2024-02-28', '2025-02-28'];
    for (const start of starts) {
      for (let step = -800; step <= 800; step += 7) expect(addDays(start, step)).toBe(byDate(start, step));
    }
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2000-03-01', -1)).toBe('2000-02-29');
  });

  it('walks every day of a stretch one by one', () => {
    let day = '1995-06-15';
    for (let i = 0; i < 20_000; i++) {
      const next = addDays(day, 1);
      expect(next).toBe(byDate(day, 1));
      day = next;
    }
  });

  it('lists the days of a range, both ends included, and none for a range that ends before it starts', () => {
    expect(daysBetween('2024-02-27', '2024-03-01')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
    expect(daysBetween('2025-01-01', '2025-01-01')).toEqual(['2025-01-01']);
    expect(daysBetween('2025-01-02', '2025-01-01')).toEqual([]);
    expect(daysBetween('2023-01-01', '2025-12-31')).toHaveLength(365 + 366 + 365);
  });
});
