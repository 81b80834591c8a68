import { STATS_MAX_DAYS } from '@kopiyka/shared';
import { describe, expect, it } from 'vitest';
import { trendRange } from './trend-range.ts';

describe('trend ranges', () => {
  const today = '2026-11-22';

  it('ends every trend today; "all" starts at the first day, or says it was cut at the API bound', () => {
    expect(trendRange('1M', today)).toEqual({ from: '2026-10-22', to: today, clipped: false });
    expect(trendRange('3M', today)).toEqual({ from: '2026-08-22', to: today, clipped: false });
    expect(trendRange('1Y', today)).toEqual({ from: '2025-11-22', to: today, clipped: false });
    expect(trendRange('ALL', today, '2019-04-02')).toEqual({ from: '2019-04-02', to: today, clipped: false });
    // A first day after today (UTC is ahead of the user) still gives a range.
    expect(trendRange('ALL', today, '2026-11-23')).toEqual({ from: today, to: today, clipped: false });
    const all = trendRange('ALL', today, '2001-01-01');
    expect(all.clipped).toBe(true);
    expect((Date.parse(all.to) - Date.parse(all.from)) / 86_400_000).toBe(STATS_MAX_DAYS - 1);
  });
});
