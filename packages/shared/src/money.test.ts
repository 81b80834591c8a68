import { describe, expect, it } from 'vitest';
import { convertMinorUnits, fromMinorUnits, signedAmount, signedMinorAmountSchema, toMinorUnits } from './money.ts';

describe('minor units', () => {
  it('multiplies by 100 and rounds once, absorbing binary float noise', () => {
    expect(toMinorUnits(19.99)).toBe(1999);
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    expect(toMinorUnits(1.005)).toBe(100);
    expect(toMinorUnits(-12.5)).toBe(-1250);
    expect(toMinorUnits(1234567.891)).toBe(123456789);
  });

  it('divides by 100 for display', () => {
    expect(fromMinorUnits(1999)).toBe(19.99);
    expect(fromMinorUnits(-5)).toBe(-0.05);
  });
});

describe('conversion at a rate', () => {
  it('multiplies by the rate and rounds once to whole minor units', () => {
    expect(convertMinorUnits(12345, 41.2)).toBe(508614);
    expect(convertMinorUnits(1999, 0.1)).toBe(200);
    expect(convertMinorUnits(100, 0.0243)).toBe(2);
    expect(convertMinorUnits(0, 41.2)).toBe(0);
  });

  it('rounds a tie up, toward +infinity, like Math.round: not away from zero', () => {
    expect(convertMinorUnits(5, 0.5)).toBe(3);
    expect(convertMinorUnits(3, 0.5)).toBe(2);
    expect(convertMinorUnits(-5, 0.5)).toBe(-2);
    expect(convertMinorUnits(-3, 0.5)).toBe(-1);
    expect(convertMinorUnits(-7, 0.5)).toBe(-3);
    expect(convertMinorUnits(-11, 0.5)).toBe(-5);
  });

  it('rounds other negatives to the nearest, as positives mirrored', () => {
    expect(convertMinorUnits(-12345, 41.2)).toBe(-508614);
    expect(convertMinorUnits(-26, 0.1)).toBe(-3);
    expect(convertMinorUnits(-24, 0.1)).toBe(-2);
  });
});

describe('an amount in minor units', () => {
  const messages = (value: unknown) =>
    signedMinorAmountSchema.safeParse(value).error?.issues.map((issue) => issue.message);

  it('is too large past the largest amount either way, even past 2^53, and says the largest', () => {
    for (const value of [1e15 + 1, -1e15 - 1, 1e22, -1e22]) {
      expect(messages(value)).toEqual(['Too large: at most 10,000,000,000,000.00']);
    }
  });

  it('is a whole number of minor units', () => {
    expect(messages(1.5)).toEqual(['Must be a whole number of minor units (cents)']);
    expect(messages(-1e15)).toBeUndefined();
  });
});

describe('a signed amount', () => {
  it('is positive for income and negative for an expense', () => {
    expect(signedAmount('income', 250)).toBe(250);
    expect(signedAmount('expense', 250)).toBe(-250);
  });
});
