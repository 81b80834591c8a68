import { describe, expect, it } from 'vitest';
import { parseImportAmount, parseImportDebitCredit, parseImportRowAmount, parseImportTime } from './import-values.ts';

const amount = (text: string, separator: '.' | ',' = '.') => {
  const parsed = parseImportAmount(text, separator);
  return parsed.ok ? parsed.value : parsed.message;
};
const time = (text: string, format: Parameters<typeof parseImportTime>[1]) => {
  const parsed = parseImportTime(text, format);
  return parsed.ok ? parsed.value : parsed.message;
};

describe('amounts in imported files', () => {
  it('reads debit as money out and credit as money in, one of them filled', () => {
    const split = (debit: string | undefined, credit: string | undefined) => {
      const parsed = parseImportDebitCredit(debit, credit, '.');
      return parsed.ok ? parsed.value : parsed.message;
    };
    expect(split('80.00', '')).toBe(-8_000);
    expect(split('', '15.00')).toBe(1_500);
    expect(split('-80.00', undefined)).toBe(-8_000);
    expect(split('0.00', '15.00')).toBe(1_500);
    expect(split(undefined, ' ')).toBe('The amount is empty');
    expect(split('80.00', '15.00')).toBe('Both the debit and the credit are filled');
    expect(split('abc', '15.00')).toBe('“abc” is not an amount');
  });

  it('reads the ways bank exports write amounts, in minor units', () => {
    expect(amount('-1 234,56', ',')).toBe(-123_456);
    expect(amount('1\u00a0234,5', ',')).toBe(123_450);
    expect(amount('1.234,56', ',')).toBe(123_456);
    expect(amount('1,234.56')).toBe(123_456);
    expect(amount("1'234.56")).toBe(123_456);
    expect(amount('+7')).toBe(700);
    expect(amount('−3.10')).toBe(-310);
    expect(amount('(12.50)')).toBe(-1_250);
    expect(amount('UAH -15.00')).toBe(-1_500);
    expect(amount('15.00 ₴')).toBe(1_500);
    expect(amount('15,00 грн', ',')).toBe(1_500);
    expect(amount('-0.00')).toBe(0);
    expect(amount('.5')).toBe('“.5” is not an amount');
  });

  it('refuses what is not an amount, a third decimal and a figure past the limit', () => {
    expect(amount('')).toBe('The amount is empty');
    expect(amount('12abc')).toBe('“12abc” is not an amount');
    expect(amount('1.234', '.')).toBe('“1.234” has more than two decimals');
    // With the decimal point ".", a comma groups thousands.
    expect(amount('1,500')).toBe(150_000);
    expect(amount('99999999999999999999')).toBe('The amount is too large: at most 10,000,000,000,000.00');
  });
});

describe('the amount of a row as mapped', () => {
  const row = ['2026-11-25', '-12,50', '', '3,00', '0,00'];
  const read = (mapping: { amount?: number; debit?: number; credit?: number }) => {
    const parsed = parseImportRowAmount(row, mapping, ',');
    return parsed.ok ? parsed.value : parsed.message;
  };

  it('takes the amount column, else debit and credit, and never moves nothing', () => {
    expect(read({ amount: 1 })).toBe(-1_250);
    expect(read({ debit: 3, credit: 2 })).toBe(-300);
    expect(read({ debit: 2, credit: 3 })).toBe(300);
    expect(read({ amount: 4 })).toBe('The amount is 0');
    expect(read({ debit: 4, credit: 2 })).toBe('The amount is 0');
    expect(read({ amount: 9 })).toBe('The amount is empty');
  });
});

describe('times in imported files', () => {
  it('reads wall-clock times in the chosen format, one-digit fields too', () => {
    expect(time('25.11.2026 14:03:09', 'dd.MM.yyyy HH:mm:ss')).toEqual({
      wall: { year: 2026, month: 11, day: 25, hour: 14, minute: 3, second: 9 },
    });
    expect(time('5.3.2026', 'dd.MM.yyyy')).toEqual({
      wall: { year: 2026, month: 3, day: 5, hour: 0, minute: 0, second: 0 },
    });
    expect(time('03/05/2026 7:30', 'MM/dd/yyyy HH:mm')).toEqual({
      wall: { year: 2026, month: 3, day: 5, hour: 7, minute: 30, second: 0 },
    });
    expect(time('2026-11-25 14:03', 'ISO')).toEqual({
      wall: { year: 2026, month: 11, day: 25, hour: 14, minute: 3, second: 0 },
    });
  });

  it('reads ISO with an offset as an instant', () => {
    expect(time('2026-11-25T14:03:00+02:00', 'ISO')).toEqual({ instant: '2026-11-25T12:03:00.000Z' });
    expect(time('2026-11-25T14:03:00.250+0200', 'ISO')).toEqual({ instant: '2026-11-25T12:03:00.000Z' });
    expect(time('2026-11-25T14:03:00Z', 'ISO')).toEqual({ instant: '2026-11-25T14:03:00.000Z' });
  });

  it('refuses other formats and days not in the calendar', () => {
    expect(time('2026-11-25', 'dd.MM.yyyy')).toBe('“2026-11-25” is not a time as dd.MM.yyyy');
    expect(time('31.02.2026', 'dd.MM.yyyy')).toBe('“31.02.2026” is not a date in the calendar');
    expect(time('01.01.1899', 'dd.MM.yyyy')).toBe('“01.01.1899” is not a date in the calendar');
    expect(time('  ', 'ISO')).toBe('The time is empty');
  });
});
