import { numberFormat } from '../../../lib/locale.ts';

export type Change = {
  /** current − previous, in minor units. */
  amount: number;
  /**
   * The change as a percentage of the previous figure's size, so its sign is always the sign of
   * `amount` (from −100 to +50 is up 150%). Null when there is nothing to compare with: a
   * percentage of zero is no number.
   */
  percent: number | null;
};

export function percentChange(current: number, previous: number): Change {
  const amount = current - previous;
  if (previous === 0) return { amount, percent: amount === 0 ? 0 : null };
  return { amount, percent: (amount / Math.abs(previous)) * 100 };
}

/** "+12.5%", "−3%", "0%" ("+12,5%" in Ukrainian); the typographic minus, as money has. */
export function formatPercent(percent: number): string {
  return numberFormat({ style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' })
    .format(percent / 100)
    .replace('-', '\u2212');
}
