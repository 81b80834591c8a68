import { describe, expect, it } from 'vitest';
import { moneyAxis, valueScale } from './axis.ts';

const labels = (values: number[], currency = 'UAH') => {
  const { ticks, tickFormatter } = moneyAxis(values, currency);
  return ticks.map((tick) => tickFormatter(tick).replaceAll('\u00a0', ' '));
};

describe('value axes', () => {
  it('covers the values with round steps', () => {
    expect(valueScale([7_750_000, 9_000_000])).toEqual({
      ticks: [7_500_000, 8_000_000, 8_500_000, 9_000_000],
      domain: [7_500_000, 9_000_000],
    });
    expect(valueScale([0, 27_000_000]).ticks).toEqual([0, 10_000_000, 20_000_000, 30_000_000]);
    expect(valueScale([-12_000, 30_000]).ticks).toEqual([-20_000, -10_000, 0, 10_000, 20_000, 30_000]);
    expect(valueScale([0, 1_250_000]).ticks).toEqual([0, 500_000, 1_000_000, 1_500_000]);
  });

  it('gives a flat line one tick, its value, in the middle of the axis', () => {
    expect(valueScale([9_000_000, 9_000_000, 9_000_000])).toEqual({ ticks: [9_000_000], domain: [0, 18_000_000] });
    expect(valueScale([-500, -500])).toEqual({ ticks: [-500], domain: [-1_000, 0] });
    expect(valueScale([0, 0])).toEqual({ ticks: [0], domain: [-100, 100] });
    expect(valueScale([])).toEqual({ ticks: [0], domain: [-100, 100] });
  });

  it('never steps by less than a minor unit', () => {
    expect(valueScale([100, 101]).ticks).toEqual([100, 101]);
    expect(labels([0, 3])).toEqual(['UAH 0', 'UAH 0.01', 'UAH 0.02', 'UAH 0.03']);
  });

  it('labels a flat line once', () => {
    expect(labels([9_000_000, 9_000_000])).toEqual(['UAH 90k']);
    expect(labels([9_050_000, 9_050_000])).toEqual(['UAH 90.5k']);
    expect(labels([9_012_345, 9_012_345])).toEqual(['UAH 90,123.45']);
  });

  it('labels every tick apart, as precisely as each needs, on nearly flat lines too', () => {
    const nearlyFlat = labels([10_000_000, 10_001_000]);
    expect(nearlyFlat).toEqual(expect.arrayContaining(['UAH 100k', 'UAH 100.002k', 'UAH 100.01k']));
    expect(new Set(nearlyFlat).size).toBe(nearlyFlat.length);
    expect(labels([23_000_000, 25_000_000])).toEqual(['UAH 230k', 'UAH 235k', 'UAH 240k', 'UAH 245k', 'UAH 250k']);
    expect(labels([100, 200], 'USD')).toEqual(['US$1', 'US$1.2', 'US$1.4', 'US$1.6', 'US$1.8', 'US$2']);
  });
});
