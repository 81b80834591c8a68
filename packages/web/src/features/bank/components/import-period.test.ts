import { describe, expect, it } from 'vitest';
import { savedTimeZoneEachTest } from '../../../test/time-zone.ts';
import { EARLIEST_IMPORT_DAY, importPeriodSchema } from './import-period.ts';

describe('an import from a day of the user’s time zone, not the browser’s', () => {
  savedTimeZoneEachTest('Europe/Kyiv');
  // 00:30 on 1 November in Kyiv: still 31 October in UTC and west of it.
  const schema = () => importPeriodSchema(new Date('2026-10-31T22:30:00.000Z'));

  it('starts at Kyiv’s midnight, and takes Kyiv’s today as the last day allowed', () => {
    expect(schema().parse({ period: 'date', date: '2026-11-01' })).toBe(Date.parse('2026-10-31T22:00:00.000Z'));
    expect(schema().safeParse({ period: 'date', date: '2026-11-02' }).success).toBe(false);
  });

  it('counts months back on Kyiv’s calendar: three months before 1 November is 1 August, at the same hour', () => {
    expect(schema().parse({ period: '3', date: '' })).toBe(Date.parse('2026-07-31T21:30:00.000Z'));
    // 31 May in Kyiv, one month back: the last day of April.
    const endOfMay = importPeriodSchema(new Date('2026-05-30T21:30:00.000Z'));
    expect(endOfMay.parse({ period: '1', date: '' })).toBe(Date.parse('2026-04-29T21:30:00.000Z'));
  });

  it('reaches back to 1 January 2017 in any zone', () => {
    expect(EARLIEST_IMPORT_DAY).toBe('2017-01-01');
    expect(schema().parse({ period: 'date', date: '2017-01-01' })).toBe(Date.parse('2016-12-31T22:00:00.000Z'));
  });
});
