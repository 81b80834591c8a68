/** What a create or update may do with a transaction's parts (docs/decisions.md "Split transactions"). */
import {
  largestPart,
  type SplitPart,
  splitsIssue,
  type TransferNature,
  type UpdateTransactionBody,
} from '@kopiyka/shared';
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
 * The category an update leaves the transaction in: the one given (the caller's own), or its
 * largest new part's. An update that gives no parts keeps a split transaction's, and so its
 * amount, category and kind stay, since the parts would no longer add up or count where they did;
 * `splits: []` joins them into the category given.
 */
export async function categoryOfUpdate(
  db: Executor,
  userId: number,
  current: TransactionRow,
  body: Pick<UpdateTransactionBody, 'categoryId' | 'splits'>,
  change: { amount: number; nature: TransferNature },
): Promise<number | null> {
  const joined = current.isSplit && body.splits?.length === 0;
  if (joined && body.categoryId == null) throw validationError('categoryId', 'transaction.categoryRequired');
  if (body.categoryId != null) await assertOwnCategory(db, userId, body.categoryId, 'categoryId');
  if (body.splits?.length) return splitCategoryOf(db, userId, body.splits, change.amount, change.nature);
  const categoryId = body.categoryId !== undefined ? body.categoryId : current.categoryId;
  if (current.isSplit && !joined) {
    if (change.amount !== current.amount) throw validationError('splits', 'splits.amountChanged');
    if (change.nature !== 'not_transfer') throw validationError('splits', 'splits.transfer');
    if (categoryId !== current.categoryId) throw validationError('splits', 'splits.categoryChanged');
  }
  return categoryId;
}
