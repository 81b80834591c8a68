import { describe, expect, it } from 'vitest';
import { fromMinorUnits, toMinorUnits } from './money.ts';

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
