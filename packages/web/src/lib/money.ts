import { fromMinorUnits, MAX_MINOR_AMOUNT, MINOR_UNIT_FACTOR, toMinorUnits } from '@kopiyka/shared';
import { issueText, t } from './i18n.ts';
import { displayLocale, numberFormat } from './locale.ts';

export type MoneyFormatOptions = {
  /** Always shows + or − (income and expense); zero stays unsigned. */
  signed?: boolean;
  /** The short form for chart axes and tight spots: "UAH 1.2m". */
  compact?: boolean;
  /** With `compact`: how many digits to keep, where neighbouring figures must differ ("US$2.45k"). */
  significantDigits?: number;
  /** How the currency is named; `symbol` keeps look-alikes apart ("US$" next to "CA$"). */
  currencyDisplay?: 'symbol' | 'narrowSymbol' | 'code' | 'name';
  locale?: string;
};

/**
 * In Ukrainian the hryvnia is written with its sign, "1 234,56 ₴" (issue 16); some browsers' Intl
 * data writes "грн" for the plain symbol, so the narrow one is asked for. No other currency has "₴".
 */
function ownSign(currencyCode: string, locale: string): boolean {
  return currencyCode === 'UAH' && locale.split('-')[0] === 'uk';
}

/** The typographic minus: as wide as the plus, where Intl writes a hyphen. */
const MINUS_SIGN = '\u2212';
/** Every currency has a minor-unit factor of 100, so no amount has more than two decimals. */
const MAX_FRACTION_DIGITS = 2;

function withMinusSign(formatter: Intl.NumberFormat, value: number): string {
  return formatter
    .formatToParts(value)
    .map((part) => (part.type === 'minusSign' ? MINUS_SIGN : part.value))
    .join('');
}

/**
 * An amount in minor units as money: `formatMoney(123456, 'USD')` → "US$1,234.56". A currency
 * without decimals (JPY) shows none unless the amount has some.
 */
export function formatMoney(minor: number, currencyCode: string, options: MoneyFormatOptions = {}): string {
  const {
    signed = false,
    compact = false,
    significantDigits,
    currencyDisplay = 'symbol',
    locale = displayLocale(),
  } = options;
  const base: Intl.NumberFormatOptions = {
    style: 'currency',
    currency: currencyCode,
    currencyDisplay: currencyDisplay === 'symbol' && ownSign(currencyCode, locale) ? 'narrowSymbol' : currencyDisplay,
  };
  if (signed) base.signDisplay = 'exceptZero';
  if (compact) {
    base.notation = 'compact';
    if (significantDigits !== undefined) base.maximumSignificantDigits = significantDigits;
  } else {
    const usual = numberFormat({ style: 'currency', currency: currencyCode }, locale).resolvedOptions();
    base.minimumFractionDigits = Math.min(usual.minimumFractionDigits ?? MAX_FRACTION_DIGITS, MAX_FRACTION_DIGITS);
    base.maximumFractionDigits = MAX_FRACTION_DIGITS;
  }
  return withMinusSign(numberFormat(base, locale), fromMinorUnits(minor));
}

/** With its sign always shown: "+US$12.30", "−US$12.30". */
export function formatSignedMoney(minor: number, currencyCode: string): string {
  return formatMoney(minor, currencyCode, { signed: true });
}

/** Short, for charts: "UAH 1.2m". */
export function formatCompactMoney(minor: number, currencyCode: string): string {
  return formatMoney(minor, currencyCode, { compact: true });
}

/** Rates keep at least this many decimals ("41.7625")… */
const RATE_MIN_FRACTION_DIGITS = 4;
/** …and at least this many significant digits when small ("0.023945"). */
const RATE_SIGNIFICANT_DIGITS = 5;
/** Intl accepts up to 100; no rate between MIN_RATE and MAX_RATE needs more than this. */
const RATE_MAX_FRACTION_DIGITS = 20;

/**
 * An exchange rate with as many digits as make sense for its size, trailing zeros dropped:
 * 41.7625, 0.023945, 40. `useGrouping: false` suits a form field ("1234567.5").
 */
export function formatRate(rate: number, { useGrouping = true, locale = displayLocale() } = {}): string {
  const magnitude = rate === 0 || !Number.isFinite(rate) ? 0 : Math.floor(Math.log10(Math.abs(rate)));
  const fractionDigits = Math.min(
    RATE_MAX_FRACTION_DIGITS,
    Math.max(RATE_MIN_FRACTION_DIGITS, RATE_SIGNIFICANT_DIGITS - 1 - magnitude),
  );
  return withMinusSign(numberFormat({ maximumFractionDigits: fractionDigits, useGrouping }, locale), rate);
}

/** Spaces of any width, apostrophes and underscores: thousands separators people type or paste. */
const GROUPING_NOISE = /[\s\u00a0\u202f'’_]/g;
const SIGNED_NUMBER = /^([+\-\u2212]?)([\d.,]*\d[\d.,]*)$/;
/** An integer part written with one kind of thousands separator: "1,234,567" or "1.234". */
const GROUPED_INTEGER = /^\d{1,3}(?:,\d{3})+$|^\d{1,3}(?:\.\d{3})+$/;

const count = (text: string, mark: string) => text.split(mark).length - 1;

/**
 * A number as people type it, with either decimal mark: "1 234,56", "1,234.56", "1234.56",
 * "0,025". When both "," and "." appear the last one is the decimal mark; a mark that repeats
 * alone ("1,000,000") groups thousands; a single mark is the decimal one. Null when it is not a
 * number.
 */
export function parseDecimal(text: string): number | null {
  const match = SIGNED_NUMBER.exec(text.replace(GROUPING_NOISE, ''));
  if (!match) return null;
  const [, sign, digits = ''] = match;
  const commas = count(digits, ',');
  const dots = count(digits, '.');
  const groupingOnly = (commas > 1 && dots === 0) || (dots > 1 && commas === 0);
  const lastMark = Math.max(digits.lastIndexOf(','), digits.lastIndexOf('.'));
  let integer = digits;
  let fraction = '';
  if (lastMark !== -1 && !groupingOnly) {
    integer = digits.slice(0, lastMark);
    fraction = digits.slice(lastMark + 1);
  }
  if (/[.,]/.test(fraction) || (/[.,]/.test(integer) && !GROUPED_INTEGER.test(integer))) return null;
  const value = Number(`${integer.replace(/[.,]/g, '') || '0'}.${fraction || '0'}`);
  return sign === '-' || sign === MINUS_SIGN ? -value : value;
}

/**
 * One to three digits (not a lone zero), a single mark and exactly three digits: "1,500" is fifteen
 * hundred to some and one and a half to others, so such an amount is asked about, not guessed.
 */
const AMBIGUOUS = /^([+\-\u2212]?)([1-9]\d{0,2})[.,](\d{3})$/;
const NEGATIVE = /^[-\u2212]/;

/** Minor units as an amount field holds them: the language's decimal mark, no grouping ("1250.50", "1250,50"). */
export function amountText(minor: number): string {
  return numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(
    fromMinorUnits(minor),
  );
}

/** An amount as the language writes it, grouped, with two decimals: "1,250.50", "1 250,50". */
function groupedAmountText(minor: number): string {
  return numberFormat({ minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(fromMinorUnits(minor));
}

/** What an empty amount field shows: "0.00", "0,00". */
export function amountPlaceholder(): string {
  return amountText(0);
}

/** The amount an example in a hint shows: 1250.50. */
const EXAMPLE_MINOR = 125_050;

/**
 * "Is this 1,500 or 1.5? Write 1500 or 1.50" (in Ukrainian "1 500 чи 1,5? … 1500 або 1,50"): both
 * readings and how to write each, in the language's marks.
 */
function ambiguityMessage(sign: string, integer: string, fraction: string): string {
  const decimal = Number(`${integer}.${fraction}`);
  const decimalMinor = Number(integer) * MINOR_UNIT_FACTOR + Math.round(Number(fraction) / 10);
  return t('amount.ambiguous', {
    thousands: `${sign}${numberFormat().format(Number(`${integer}${fraction}`))}`,
    whole: `${sign}${integer}${fraction}`,
    decimal: `${sign}${numberFormat({ maximumFractionDigits: 3 }).format(decimal)}`,
    fraction: `${sign}${amountText(decimalMinor)}`,
  });
}

export type AmountReading = {
  /** Null when empty or zero: such amounts are not converted; NaN when not an amount. */
  minor: number | null;
  /** Why the text cannot be taken as it stands; null when it can (or is empty). */
  problem: string | null;
};

export type AmountRules = {
  /** Only an amount above zero is taken: a minus ("-" or "−") is refused as soon as it is typed. */
  positive?: boolean;
};

/**
 * A typed amount in minor units (× 100, rounded), with what keeps it from being taken:
 * a minus where only a positive amount goes, text that is no number, a single mark before three
 * digits ("1,500", "12.345": write "1500", "1,500.00" or "1.50"), an amount past MAX_MINOR_AMOUNT.
 */
export function readAmount(text: string, { positive = false }: AmountRules = {}): AmountReading {
  const compact = text.replace(GROUPING_NOISE, '');
  if (compact === '') return { minor: null, problem: null };
  if (positive && NEGATIVE.test(compact)) return { minor: Number.NaN, problem: t('amount.negative') };
  const ambiguous = AMBIGUOUS.exec(compact);
  if (ambiguous) {
    const [, sign = '', integer = '', fraction = ''] = ambiguous;
    return { minor: Number.NaN, problem: ambiguityMessage(sign, integer, fraction) };
  }
  const major = parseDecimal(compact);
  if (major === null) {
    return { minor: Number.NaN, problem: t('amount.format', { example: groupedAmountText(EXAMPLE_MINOR) }) };
  }
  const minor = toMinorUnits(major);
  if (Math.abs(minor) > MAX_MINOR_AMOUNT) {
    return {
      minor,
      problem: issueText({ code: 'amount.tooLarge', params: { max: groupedAmountText(MAX_MINOR_AMOUNT) } }),
    };
  }
  return { minor: minor === 0 ? null : minor, problem: null };
}

/** A typed amount in minor units, as `readAmount` reads it: null when empty or zero, NaN when not an amount. */
export function parseAmount(text: string): number | null {
  return readAmount(text).minor;
}
