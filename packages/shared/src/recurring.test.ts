import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  instalmentParts,
  nextOccurrence,
  occurrenceDate,
  occurrencesWithin,
  RECURRING_FREQUENCIES,
  type Rhythm,
} from './recurring.ts';

const dates = (rhythm: Rhythm, from: string, to: string) => occurrencesWithin(rhythm, from, to).map((o) => o.date);

describe('a rhythm', () => {
  it('falls every N days or weeks from its start', () => {
    expect(dates({ frequency: 'day', interval: 3, startDate: '2026-02-26' }, '2026-02-01', '2026-03-08')).toEqual([
      '2026-02-26',
      '2026-03-01',
      '2026-03-04',
      '2026-03-07',
    ]);
    expect(dates({ frequency: 'week', interval: 2, startDate: '2026-12-24' }, '2026-12-25', '2027-01-31')).toEqual([
      '2027-01-07',
      '2027-01-21',
    ]);
  });

  it('on the 29th to 31st falls on the last day of a shorter month, and on its own day after it', () => {
    expect(dates({ frequency: 'month', interval: 1, startDate: '2026-01-31' }, '2026-01-01', '2026-05-31')).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
    expect(dates({ frequency: 'month', interval: 1, startDate: '2027-12-30' }, '2028-02-01', '2028-03-31')).toEqual([
      '2028-02-29',
      '2028-03-30',
    ]);
    expect(dates({ frequency: 'year', interval: 1, startDate: '2024-02-29' }, '2024-01-01', '2028-12-31')).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
    ]);
    expect(dates({ frequency: 'month', interval: 3, startDate: '2026-11-30' }, '2026-12-01', '2027-12-31')).toEqual([
      '2027-02-28',
      '2027-05-30',
      '2027-08-30',
      '2027-11-30',
    ]);
  });

  it('ends on its end date or after its count, whichever comes first', () => {
    const monthly = { frequency: 'month', interval: 1, startDate: '2026-01-15' } as const;
    expect(dates({ ...monthly, count: 3 }, '2026-01-01', '2027-01-01')).toEqual([
      '2026-01-15',
      '2026-02-15',
      '2026-03-15',
    ]);
    expect(dates({ ...monthly, endDate: '2026-03-15' }, '2026-02-01', '2027-01-01')).toEqual([
      '2026-02-15',
      '2026-03-15',
    ]);
    expect(dates({ ...monthly, endDate: '2026-03-14', count: 10 }, '2026-01-01', '2027-01-01')).toEqual([
      '2026-01-15',
      '2026-02-15',
    ]);
    expect(nextOccurrence({ ...monthly, count: 3 }, '2026-03-16')).toBeNull();
    expect(nextOccurrence({ ...monthly, count: 3 }, '2026-03-15')).toEqual({ index: 2, date: '2026-03-15' });
    expect(nextOccurrence(monthly, '2025-06-01')).toEqual({ index: 0, date: '2026-01-15' });
  });

  it('gives the same occurrences whatever window they are read through', () => {
    const day = fc
      .integer({ min: Date.UTC(2000, 0, 1) / 86_400_000, max: Date.UTC(2040, 0, 1) / 86_400_000 })
      .map((n) => new Date(n * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.constantFrom(...RECURRING_FREQUENCIES),
        fc.integer({ min: 1, max: 14 }),
        day,
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 0, max: 800 }),
        (frequency, interval, startDate, offset, width) => {
          const rhythm: Rhythm = { frequency, interval, startDate };
          const all = occurrencesWithin(rhythm, startDate, '2100-01-01', 400);
          // Strictly later each time, and each the rhythm's own n-th date.
          all.forEach((o, k) => {
            expect(o).toEqual({ index: k, date: occurrenceDate(rhythm, k) });
            if (k > 0) expect(o.date > all[k - 1]!.date).toBe(true);
          });
          const from = new Date(Date.parse(startDate) + offset * 86_400_000).toISOString().slice(0, 10);
          const to = new Date(Date.parse(from) + width * 86_400_000).toISOString().slice(0, 10);
          // Only windows within what `all` holds (its 400 occurrences end before 2100 for most rhythms).
          if (to < all.at(-1)!.date) {
            expect(occurrencesWithin(rhythm, from, to)).toEqual(all.filter((o) => o.date >= from && o.date <= to));
            expect(nextOccurrence(rhythm, from)).toEqual(all.find((o) => o.date >= from));
          }
        },
      ),
    );
  });
});

describe('instalment parts', () => {
  it('add up to the total exactly, the remainder in the last part', () => {
    expect(instalmentParts(100_000, 3)).toEqual([33_333, 33_333, 33_334]);
    expect(instalmentParts(90_000, 3)).toEqual([30_000, 30_000, 30_000]);
    expect(instalmentParts(5, 1)).toEqual([5]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), fc.integer({ min: 1, max: 60 }), (total, count) => {
        const parts = instalmentParts(total, count);
        expect(parts).toHaveLength(count);
        expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
        expect(new Set(parts.slice(0, -1)).size).toBeLessThanOrEqual(1);
        expect(parts.at(-1)! - parts[0]!).toBeLessThan(count);
      }),
    );
  });
});
