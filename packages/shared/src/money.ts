import { z } from 'zod';
import { issue, issueMessage } from './issues.ts';
import type { TransactionType } from './transactions.ts';

/** Money travels and is stored in minor units; display divides by this factor. */
export const MINOR_UNIT_FACTOR = 100;

/** Largest amount accepted anywhere, in minor units: far above any real balance, far below 2^53. */
export const MAX_MINOR_AMOUNT = 1_000_000_000_000_000;

/** MAX_MINOR_AMOUNT as people read it: "10,000,000,000,000.00". */
export const MAX_AMOUNT_TEXT = (MAX_MINOR_AMOUNT / MINOR_UNIT_FACTOR).toLocaleString('en-GB', {
  minimumFractionDigits: 2,
});

/** What is said of an amount past MAX_MINOR_AMOUNT, either way: "Too large: at most 10,000,000,000,000.00". */
export const AMOUNT_TOO_LARGE_MESSAGE = issueMessage('amount.tooLarge', { max: MAX_AMOUNT_TEXT });

/**
 * Whether a figure (an amount, a balance, a base-currency figure or a sum of them) is within
 * ±MAX_MINOR_AMOUNT: every figure stored or answered is (docs/decisions.md), so none is past 2^53.
 */
export function isWithinAmountLimit(minor: number | bigint): boolean {
  return minor <= MAX_MINOR_AMOUNT && minor >= -MAX_MINOR_AMOUNT;
}

/**
 * A signed amount in minor units within ±MAX_MINOR_AMOUNT. The range is checked first and stops
 * the rest: zod's whole-number check also refuses numbers past 2^53, and a huge amount is too
 * large, not a fraction.
 */
export const signedMinorAmountSchema = z
  .number(issue('value.notNumber'))
  .min(-MAX_MINOR_AMOUNT, { ...issue('amount.tooLarge', { max: MAX_AMOUNT_TEXT }), abort: true })
  .max(MAX_MINOR_AMOUNT, { ...issue('amount.tooLarge', { max: MAX_AMOUNT_TEXT }), abort: true })
  .int(issue('amount.notWhole'));

/**
 * Major units (what a person types) to minor units: multiply by 100 and round,
 * the single place where rounding happens on the way in.
 */
export function toMinorUnits(major: number): number {
  return Math.round(major * MINOR_UNIT_FACTOR);
}

/** Minor units to major units, for display and form fields only. */
export function fromMinorUnits(minor: number): number {
  return minor / MINOR_UNIT_FACTOR;
}

/**
 * A transaction's amount with its direction, as its account's balance sums it: income adds, an
 * expense (also the outgoing leg of a transfer) takes away. The one statement of the sign rule.
 */
export function signedAmount(transactionType: TransactionType, amount: number): number {
  return transactionType === 'income' ? amount : -amount;
}

/**
 * An amount in minor units of one currency, in minor units of another at `rate` (one unit of the
 * first is worth `rate` units of the second): the one rate conversion, rounding once, at the end.
 *
 * Rounding is `Math.round`'s, kept exactly: to the nearest integer, and a tie (x.5) goes up,
 * toward +∞ — not away from zero: 2.5 → 3 but −2.5 → −2 (and −0.4 → −0, which JSON writes as 0).
 * The float product is rounded as it comes: 3 × 0.5 = 1.5 → 2, but 100 × 0.0243 = 2.4299… → 2.
 */
export function convertMinorUnits(minor: number, rate: number): number {
  return Math.round(minor * rate);
}
