/** What a create or update may do with a transaction's parts (docs/decisions.md "Split transactions"). */
import { largestPart, type SplitPart, splitsIssue, type TransferNature } from '@kopiyka/shared';
import type { Executor } from '../../db/client.ts';
import { validationError } from '../../lib/errors.ts';
import { assertOwnCategory } from '../categories/index.ts';
import type { TransactionRow } from './queries/rows.ts';

/**
 * Parts given for a transaction of `amount`: an income or expense only, adding up to the amount
 * exactly, each in one of the caller's categories (another user's: 404, as `categoryId`).
 * Answers the category the transaction takes: its largest part's.
 */
export async function splitCategoryOf(
  db: Executor,
  userId: number,
  parts: SplitPart[],
  amount: number,
  nature: TransferNature,
): Promise<number> {
  if (nature !== 'not_transfer') throw validationError('splits', 'splits.transfer');
  if (splitsIssue(amount, parts)) throw validationError('splits', 'splits.sum');
  const checked = new Set<number>();
  for (const [i, part] of parts.entries()) {
    if (checked.has(part.categoryId)) continue;
    await assertOwnCategory(db, userId, part.categoryId, `splits.${i}.categoryId`);
    checked.add(part.categoryId);
  }
  return largestPart(parts)!.categoryId;
}

/**
 * An update that gives no parts keeps a split transaction's: its amount, category and kind then
 * stay, since the parts would no longer add up or count where they did.
 */
export function refuseChangesOfSplit(
  current: TransactionRow,
  change: { amount: number; nature: TransferNature; categoryId: number | null },
) {
  if (change.amount !== current.amount) throw validationError('splits', 'splits.amountChanged');
  if (change.nature !== 'not_transfer') throw validationError('splits', 'splits.transfer');
  if (change.categoryId !== current.categoryId) throw validationError('splits', 'splits.categoryChanged');
}
