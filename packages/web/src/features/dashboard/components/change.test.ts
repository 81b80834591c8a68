import { describe, expect, it } from 'vitest';
import { formatPercent, percentChange } from './change.ts';

describe('percentage change', () => {
  it('is the change as a share of the previous figure', () => {
    expect(percentChange(12_000, 10_000)).toEqual({ amount: 2_000, percent: 20 });
    expect(percentChange(7_500, 10_000)).toEqual({ amount: -2_500, percent: -25 });
  });

  it('has no percentage from zero, and none needed when both are zero', () => {
    expect(percentChange(5_000, 0)).toEqual({ amount: 5_000, percent: null });
    expect(percentChange(-5_000, 0)).toEqual({ amount: -5_000, percent: null });
    expect(percentChange(0, 0)).toEqual({ amount: 0, percent: 0 });
  });

  it('keeps the sign of the change when the figures cross zero or are below it', () => {
    expect(percentChange(5_000, -10_000)).toEqual({ amount: 15_000, percent: 150 });
    expect(percentChange(-5_000, 10_000)).toEqual({ amount: -15_000, percent: -150 });
    // A debt shrinking from −100 to −50 is a rise.
    expect(percentChange(-5_000, -10_000)).toEqual({ amount: 5_000, percent: 50 });
    expect(percentChange(-15_000, -10_000)).toEqual({ amount: -5_000, percent: -50 });
  });

  it('is written with a sign and at most one decimal', () => {
    expect(formatPercent(9.625)).toBe('+9.6%');
    expect(formatPercent(-25)).toBe('\u221225%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatPercent(0.01)).toBe('0%');
    expect(formatPercent(12_345.6)).toBe('+12,345.6%');
  });
});
