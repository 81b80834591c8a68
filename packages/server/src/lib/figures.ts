import { MAX_MINOR_AMOUNT } from '@kopiyka/shared';

/**
 * A sum of stored figures as the database answers it (numeric, as text), as a number. Every write
 * keeps each account's balances and the user's base-currency figures within MAX_MINOR_AMOUNT
 * (docs/decisions.md), so such a sum is exact; should rows from before that bound add up past
 * it, the sum answers at the limit rather than past 2^53, where no answer could carry it.
 */
export function figureOf(sum: string): number {
  const exact = BigInt(sum);
  const limit = BigInt(MAX_MINOR_AMOUNT);
  return Number(exact > limit ? limit : exact < -limit ? -limit : exact);
}
