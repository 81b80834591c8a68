import { formatMoney } from '../../lib/money.ts';

/** The most steps a value axis is cut into: it has at most one tick more, at least two. */
const MAX_STEPS = 5;
/** Steps between ticks are one of these times a power of ten: 10, 20, 50, 100… */
const NICE_FACTORS = [1, 2, 5, 10];
/** How far a flat line's axis reaches each side of it when the line is at zero: one major unit. */
const ZERO_PAD = 100;

/** A value axis: where its ticks are and the range it spans, in minor units. */
export type ValueScale = { ticks: number[]; domain: [number, number] };

/** The smallest round step (10, 20, 50, 100…) that cuts `span` into MAX_STEPS parts or fewer; at least one minor unit. */
function niceStep(span: number): number {
  const rough = span / MAX_STEPS;
  const power = 10 ** Math.floor(Math.log10(rough));
  const factor = NICE_FACTORS.find((nice) => nice * power >= rough) ?? 10;
  return Math.max(1, Math.round(factor * power));
}

/**
 * Ticks a round step apart that cover `values`. A flat line gets one tick, its own value, with
 * the line in the middle of the axis: a column of equal labels would say nothing.
 */
export function valueScale(values: readonly number[]): ValueScale {
  if (values.length === 0) return { ticks: [0], domain: [-ZERO_PAD, ZERO_PAD] };
  const low = Math.min(...values);
  const high = Math.max(...values);
  if (low === high) {
    const pad = Math.abs(low) || ZERO_PAD;
    return { ticks: [low], domain: [low - pad, low + pad] };
  }
  const step = niceStep(high - low);
  const first = Math.floor(low / step) * step;
  const last = Math.ceil(high / step) * step;
  const ticks: number[] = [];
  for (let tick = first; tick <= last; tick += step) ticks.push(tick);
  return { ticks, domain: [first, last] };
}

/** The significant digits of a whole number of minor units: 9,000,000 has 1, 8,999,500 has 5. */
function significantDigits(minor: number): number {
  let digits = Math.abs(minor);
  if (digits === 0) return 1;
  while (digits % 10 === 0) digits /= 10;
  return String(digits).length;
}

/** Beyond this many significant digits a flat line's one label reads better written out ("UAH 369,456.28" over "UAH 369.45628k"). */
const FLAT_COMPACT_DIGITS = 3;

/**
 * A value axis of money over `values`, as YAxis props: round ticks, labelled short ("UAH 90k")
 * yet with every digit a tick has ("UAH 89.995k"), so no label is rounded onto its neighbour's.
 */
export function moneyAxis(values: readonly number[], currency: string) {
  const { ticks, domain } = valueScale(values);
  const digits = Math.max(...ticks.map(significantDigits));
  const writtenOut = ticks.length === 1 && digits > FLAT_COMPACT_DIGITS;
  const tickFormatter = (minor: number) =>
    writtenOut
      ? formatMoney(minor, currency)
      : formatMoney(minor, currency, { compact: true, significantDigits: digits });
  return { ticks, domain, tickFormatter };
}
