import { describe, expect, it } from 'vitest';
import { setLocale } from './i18n.ts';
import {
  amountPlaceholder,
  amountText,
  formatCompactMoney,
  formatMoney,
  formatRate,
  formatSignedMoney,
  parseAmount,
  parseDecimal,
  readAmount,
} from './money.ts';

// The app formats in one fixed locale (en-GB), so these strings are the same on any machine.
describe('formatMoney', () => {
  it('divides minor units by 100 and names the currency', () => {
    expect(formatMoney(123456, 'USD')).toBe('US$1,234.56');
    expect(formatMoney(123456, 'UAH')).toBe('UAH\u00a01,234.56');
    expect(formatMoney(5, 'EUR')).toBe('€0.05');
    expect(formatMoney(0, 'GBP')).toBe('£0.00');
  });

  it('writes negatives with a real minus sign', () => {
    expect(formatMoney(-123456, 'USD')).toBe('\u2212US$1,234.56');
  });

  it('shows no decimals for currencies without them, unless the amount has some', () => {
    expect(formatMoney(150000, 'JPY')).toBe('JP¥1,500');
    expect(formatMoney(150050, 'JPY')).toBe('JP¥1,500.5');
  });

  it('never shows more than two decimals, whatever the currency', () => {
    expect(formatMoney(123456, 'KWD')).toBe('KWD\u00a01,234.56');
  });

  it('can name the currency by its code or narrow symbol, and use another locale', () => {
    expect(formatMoney(123456, 'USD', { currencyDisplay: 'code' })).toBe('USD\u00a01,234.56');
    expect(formatMoney(123456, 'UAH', { currencyDisplay: 'narrowSymbol' })).toBe('₴1,234.56');
    expect(formatMoney(123456, 'UAH', { locale: 'uk-UA' })).toMatch(/^1\s234,56\s₴$/);
  });
});

describe('formatSignedMoney and formatCompactMoney', () => {
  it('always shows the sign, except for zero', () => {
    expect(formatSignedMoney(1230, 'USD')).toBe('+US$12.30');
    expect(formatSignedMoney(-1230, 'USD')).toBe('\u2212US$12.30');
    expect(formatSignedMoney(0, 'USD')).toBe('US$0.00');
  });

  it('shortens large amounts for charts', () => {
    expect(formatCompactMoney(123456780, 'UAH')).toBe('UAH\u00a01.2m');
    expect(formatCompactMoney(-1234500, 'USD')).toBe('\u2212US$12k');
    expect(formatCompactMoney(99900, 'EUR')).toBe('€999');
    expect(formatMoney(245_000, 'USD', { compact: true, significantDigits: 3 })).toBe('US$2.45k');
  });
});

describe('formatRate', () => {
  it('keeps four decimals for rates above one', () => {
    expect(formatRate(41.7625)).toBe('41.7625');
    expect(formatRate(41.762512)).toBe('41.7625');
    expect(formatRate(1234567.891)).toBe('1,234,567.891');
  });

  it('keeps five significant digits for small rates', () => {
    expect(formatRate(1 / 41.7625)).toBe('0.023945');
    expect(formatRate(0.000012345678)).toBe('0.000012346');
  });

  it('drops trailing zeros', () => {
    expect(formatRate(40)).toBe('40');
    expect(formatRate(0.025)).toBe('0.025');
    expect(formatRate(1)).toBe('1');
  });

  it('leaves out thousands separators for form fields', () => {
    expect(formatRate(1234567.5, { useGrouping: false })).toBe('1234567.5');
  });
});

describe('parseDecimal', () => {
  it('reads either decimal mark and any thousands separator', () => {
    expect(parseDecimal('1 234,56')).toBe(1234.56);
    expect(parseDecimal('1234.56')).toBe(1234.56);
    expect(parseDecimal('1,234.56')).toBe(1234.56);
    expect(parseDecimal('1.234,56')).toBe(1234.56);
    expect(parseDecimal('1\u00a0234\u202f567,5')).toBe(1234567.5);
    expect(parseDecimal("1'000'000")).toBe(1000000);
    expect(parseDecimal('1,000,000')).toBe(1000000);
  });

  it('takes a single mark as the decimal one, as rates need', () => {
    expect(parseDecimal('0,025')).toBe(0.025);
    expect(parseDecimal('41.763')).toBe(41.763);
    expect(parseDecimal('.5')).toBe(0.5);
    expect(parseDecimal('5.')).toBe(5);
  });

  it('reads a sign', () => {
    expect(parseDecimal('-12,5')).toBe(-12.5);
    expect(parseDecimal('\u221212.5')).toBe(-12.5);
    expect(parseDecimal('+3')).toBe(3);
  });

  it('refuses what is not a number', () => {
    for (const text of ['', '   ', 'abc', '12a', '1.2.3,4,5', '1,2.5', '--1', '.', '1e5', '12,34,567'])
      expect(parseDecimal(text)).toBeNull();
  });
});

describe('parseAmount', () => {
  it('converts to minor units, rounding', () => {
    expect(parseAmount('1 234,56')).toBe(123456);
    expect(parseAmount('1234.56')).toBe(123456);
    expect(parseAmount('0.1')).toBe(10);
    expect(parseAmount('0.125')).toBe(13);
    expect(parseAmount('-20')).toBe(-2000);
  });

  it('reads thousands separators only where they cannot be a decimal mark', () => {
    expect(parseAmount('1 500')).toBe(150000);
    expect(parseAmount('1,500.00')).toBe(150000);
    expect(parseAmount('1.500,00')).toBe(150000);
    expect(parseAmount('1,000,000')).toBe(100000000);
    expect(parseAmount('1234,567')).toBe(123457);
    expect(parseAmount('0,500')).toBe(50);
  });

  it('leaves empty and zero amounts unconverted', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('  ')).toBeNull();
    expect(parseAmount('0')).toBeNull();
    expect(parseAmount('0,00')).toBeNull();
    expect(parseAmount('0.001')).toBeNull();
  });

  it('answers NaN for text that is not an amount', () => {
    expect(parseAmount('twelve')).toBeNaN();
    expect(parseAmount('1,2.5')).toBeNaN();
  });
});

describe('readAmount', () => {
  it('asks about a single mark before three digits instead of guessing', () => {
    expect(readAmount('1,500')).toEqual({ minor: Number.NaN, problem: 'Is this 1,500 or 1.5? Write 1500 or 1.50' });
    expect(readAmount('12.345').problem).toBe('Is this 12,345 or 12.345? Write 12345 or 12.35');
    expect(readAmount('1.000').problem).toBe('Is this 1,000 or 1? Write 1000 or 1.00');
    expect(readAmount('-2.500').problem).toBe('Is this -2,500 or -2.5? Write -2500 or -2.50');
  });

  it('says an amount past the largest one is too large, with the largest', () => {
    expect(readAmount('99999999999999999999')).toMatchObject({ problem: 'Too large: at most 10,000,000,000,000.00' });
    expect(readAmount('-10000000000000.01').problem).toBe('Too large: at most 10,000,000,000,000.00');
    expect(readAmount('10000000000000')).toEqual({ minor: 1_000_000_000_000_000, problem: null });
  });

  it('says how to write text that is no number, and nothing of an empty field', () => {
    expect(readAmount('twelve')).toEqual({ minor: Number.NaN, problem: 'Enter an amount, e.g. 1,250.50' });
    expect(readAmount(' ')).toEqual({ minor: null, problem: null });
  });
});

describe('amounts in the language’s separators', () => {
  it('fills a field with the decimal mark of English or Ukrainian, ungrouped', async () => {
    expect(amountText(24550)).toBe('245.50');
    expect(amountText(125050)).toBe('1250.50');
    expect(amountPlaceholder()).toBe('0.00');
    await setLocale('uk');
    expect(amountText(24550)).toBe('245,50');
    expect(amountText(125050)).toBe('1250,50');
    expect(amountText(-25000)).toBe('-250,00');
    expect(amountPlaceholder()).toBe('0,00');
    // What a field holds is read back as it was written.
    expect(readAmount(amountText(125050))).toEqual({ minor: 125050, problem: null });
  });

  it('asks about "1,500" and gives examples in Ukrainian separators', async () => {
    await setLocale('uk');
    expect(readAmount('1,500').problem).toBe('Це 1\u00a0500 чи 1,5? Напишіть 1500 або 1,50');
    expect(readAmount('12.345').problem).toBe('Це 12\u00a0345 чи 12,345? Напишіть 12345 або 12,35');
    expect(readAmount('twelve').problem).toBe('Введіть суму, наприклад 1\u00a0250,50');
    expect(readAmount('99999999999999999999').problem).toBe(
      'Забагато: щонайбільше 10\u00a0000\u00a0000\u00a0000\u00a0000,00',
    );
  });
});

describe('readAmount with only positive amounts', () => {
  it('refuses a minus at once, whichever minus is typed, before anything else about the text', () => {
    const problem = 'Enter the amount without a minus: it cannot be negative here';
    expect(readAmount('-250', { positive: true })).toEqual({ minor: Number.NaN, problem });
    expect(readAmount('\u2212250', { positive: true }).problem).toBe(problem);
    expect(readAmount('-', { positive: true }).problem).toBe(problem);
    expect(readAmount('-1,500', { positive: true }).problem).toBe(problem);
    expect(readAmount('250', { positive: true })).toEqual({ minor: 25000, problem: null });
  });

  it('takes a negative amount where it may be one (a balance)', () => {
    expect(readAmount('\u2212250')).toEqual({ minor: -25000, problem: null });
  });

  it('says it in Ukrainian', async () => {
    await setLocale('uk');
    expect(readAmount('−250', { positive: true }).problem).toBe(
      'Введіть суму без мінуса: тут вона не може бути від’ємною',
    );
  });
});
