import { formatMoney } from '../../lib/money.ts';

/** About how many ticks a value axis gets. */
const TICKS = 4;

/**
 * Digits an axis needs so its ticks read apart: a balance between 2,300 and 2,500 needs three
 * ("2.35k"), one between 0 and 270,000 two ("270k").
 */
export function axisDigits(values: readonly number[]): number {
  if (values.length === 0) return 2;
  const high = Math.max(...values);
  const low = Math.min(...values);
  const size = Math.max(Math.abs(high), Math.abs(low));
  const step = (high - low) / TICKS;
  if (size === 0 || step === 0) return 2;
  return Math.min(6, Math.max(2, Math.ceil(Math.log10(size / step)) + 1));
}

/** A tick formatter for an axis of money over `values`. */
export function moneyTicks(values: readonly number[], currency: string) {
  const significantDigits = axisDigits(values);
  return (minor: number) => formatMoney(minor, currency, { compact: true, significantDigits });
}
