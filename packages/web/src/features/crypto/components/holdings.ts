import type { BinanceBalance } from '@kopiyka/shared';
import type { DonutSlice } from '../../../components/charts/donut-chart.tsx';
import { numberFormat } from '../../../lib/locale.ts';

/** Binance counts most coins to 8 decimals; a quantity shows them all, and no more. */
const QUANTITY_MAX_FRACTION_DIGITS = 8;
/** A coin worth less than a dollar is priced to this many significant digits ("$0.00001234")… */
const SMALL_PRICE_SIGNIFICANT_DIGITS = 4;
/** …and at least this many, so half a dollar reads "$0.50". */
const SMALL_PRICE_MIN_SIGNIFICANT_DIGITS = 2;
/** The largest holdings each have their slice of the ring; the rest share one. */
const ALLOCATION_SLICES = 5;

/** A slice per asset, told apart in both themes; "Other" is grey. */
const ASSET_COLORS = ['#f0b90b', '#3498db', '#2ecc71', '#8e44ad', '#e67e22'] as const;
const OTHER_COLOR = '#95a5a6';

/** Binance's decimals are strings: formatted as they are, so no float rounding creeps in ("0.1" stays 0.1). */
const exact = (decimal: string) => decimal as Intl.StringNumericLiteral;

/** A coin amount: "1,234.5", "0.00000001" (up to 8 decimals, trailing zeros dropped). */
export function formatQuantity(decimal: string): string {
  return numberFormat({ maximumFractionDigits: QUANTITY_MAX_FRACTION_DIGITS }).format(exact(decimal));
}

/** A price in US dollars per coin: cents from a dollar up, significant digits below ("US$0.00001234"). */
export function formatUsdPrice(decimal: string): string {
  const options: Intl.NumberFormatOptions =
    Number(decimal) >= 1
      ? { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }
      : {
          style: 'currency',
          currency: 'USD',
          minimumSignificantDigits: SMALL_PRICE_MIN_SIGNIFICANT_DIGITS,
          maximumSignificantDigits: SMALL_PRICE_SIGNIFICANT_DIGITS,
        };
  return numberFormat(options).format(exact(decimal));
}

/** Whether part of a holding sits in Simple Earn. */
export const hasEarn = (balance: Pick<BinanceBalance, 'earn'>) => /[1-9]/.test(balance.earn);

/**
 * The ring of the allocation chart, in US cents: the largest priced holdings one by one, the rest
 * as one "Other" slice. Unpriced holdings have no value to draw.
 */
export function allocationSlices(balances: readonly BinanceBalance[], otherName: string): DonutSlice[] {
  const priced = balances
    .filter((balance) => balance.value !== null && balance.value > 0)
    .sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
  const shown = priced.length > ALLOCATION_SLICES + 1 ? priced.slice(0, ALLOCATION_SLICES) : priced;
  const slices: DonutSlice[] = shown.map((balance, index) => ({
    id: index,
    name: balance.asset,
    color: ASSET_COLORS[index % ASSET_COLORS.length]!,
    value: balance.value ?? 0,
  }));
  const rest = priced.slice(shown.length).reduce((sum, balance) => sum + (balance.value ?? 0), 0);
  if (rest > 0) slices.push({ id: shown.length, name: otherName, color: OTHER_COLOR, value: rest });
  return slices;
}
