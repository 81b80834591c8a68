import type { Transaction } from '@kopiyka/shared';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A day apart weighs as much as amounts ten per cent apart. */
const AMOUNT_WEIGHT = 10;

/**
 * The transactions `transaction` can be paired with into a transfer (another
 * account, the opposite type, neither a transfer already), the likeliest first: closest in time
 * and in base-currency amount.
 */
export function rankLinkCandidates(transaction: Transaction, candidates: readonly Transaction[]): Transaction[] {
  const time = Date.parse(transaction.time);
  const distance = (candidate: Transaction) => {
    const days = Math.abs(Date.parse(candidate.time) - time) / DAY_MS;
    const largest = Math.max(Math.abs(candidate.refAmount), Math.abs(transaction.refAmount), 1);
    return days + (AMOUNT_WEIGHT * Math.abs(candidate.refAmount - transaction.refAmount)) / largest;
  };
  return candidates
    .filter(
      (candidate) =>
        candidate.id !== transaction.id &&
        candidate.accountId !== transaction.accountId &&
        candidate.transactionType !== transaction.transactionType &&
        candidate.transferNature === 'not_transfer',
    )
    .map((candidate) => ({ candidate, score: distance(candidate) }))
    .sort((a, b) => a.score - b.score)
    .map(({ candidate }) => candidate);
}
