/**
 * The rules of refunds (docs/decisions.md "Refunds"): only an income that is no transfer refunds,
 * only an expense of the same user that is no transfer is refunded, and the refunds of one expense
 * add up to at most its base-currency figure. The sums are checked under the expense row's lock,
 * which every write of a refund or of its expense takes (lockForWrite), so two refunds written at
 * once cannot both take the last of it.
 */
import type { Transaction, TransactionRefund, TransactionType } from '@kopiyka/shared';
import type { Database, Executor } from '../../db/client.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { markRefunded, selectRefundedRefAmount, selectRefundIds } from './queries/refunds.ts';
import { selectTransactions, type TransactionRow } from './queries/rows.ts';

/** A refund is an income and no transfer; refused on `refundOfId`. */
export function refuseRefundShape(transactionType: TransactionType, transferNature: string) {
  if (transferNature !== 'not_transfer') throw validationError('refundOfId', 'refund.transfer');
  if (transactionType !== 'income') throw validationError('refundOfId', 'refund.notIncome');
}

/** The caller's expense a refund names (read before the write locks it): another user's id is not found. */
export async function refundedExpense(db: Executor, userId: number, expenseId: number, refundId?: number) {
  const [expense] = await selectTransactions(db, userId, [expenseId]);
  if (!expense) throw notFound('Transaction', 'refundOfId');
  if (expense.id === refundId || expense.transactionType !== 'expense' || expense.transferNature !== 'not_transfer') {
    throw validationError('refundOfId', 'refund.notExpense');
  }
  return expense;
}

/**
 * With the expense locked: a refund of `refAmount` (replacing `refundId`'s own) keeps its refunds
 * within it, and the expense is marked as refunded (its ever_refunded hint for the list).
 */
export async function admitRefund(
  tx: Executor,
  userId: number,
  expense: TransactionRow,
  refAmount: number,
  refundId?: number,
) {
  const others = await selectRefundedRefAmount(tx, userId, expense.id, refundId);
  if (others + refAmount > expense.refAmount) throw validationError('amount', 'refund.tooMuch');
  if (!expense.everRefunded) await markRefunded(tx, userId, [expense.id]);
}

/**
 * With the expense locked: a change of an expense keeps what its refunds give back. One with
 * refunds stays an expense that is no transfer, and never falls below them (then refused: the
 * person unlinks or lowers the refunds first, rather than the figures going wrong quietly).
 */
export async function refuseLosingRefunds(
  tx: Executor,
  userId: number,
  after: Pick<TransactionRow, 'id' | 'transactionType' | 'transferNature' | 'refAmount'>,
) {
  const refunded = await selectRefundedRefAmount(tx, userId, after.id);
  if (refunded === 0) return;
  if (after.transferNature !== 'not_transfer') throw validationError('transferNature', 'refund.hasRefunds');
  if (after.transactionType !== 'expense') throw validationError('transactionType', 'refund.hasRefunds');
  if (after.refAmount < refunded) throw validationError('amount', 'refund.belowRefunds');
}

/**
 * GET /transactions/{id}/refunds: an expense's refunds, or the one link of a refund, each named by
 * the refund's id; [] for a transaction with neither.
 */
export async function refundLinks(
  db: Database,
  userId: number,
  id: number,
  views: (userId: number, ids: number[]) => Promise<Transaction[]>,
): Promise<TransactionRefund[]> {
  const [row] = await selectTransactions(db, userId, [id]);
  if (!row) throw notFound('Transaction');
  const pairs: Array<[number, number]> =
    row.refundOfId !== null
      ? [[row.refundOfId, row.id]]
      : (await selectRefundIds(db, userId, row.id)).map((refundId) => [row.id, refundId]);
  if (pairs.length === 0) return [];
  const found = new Map((await views(userId, [...new Set(pairs.flat())])).map((view) => [view.id, view]));
  return pairs.flatMap(([originalTxId, refundTxId]) => {
    const [originalTransaction, refundTransaction] = [found.get(originalTxId), found.get(refundTxId)];
    // Unlinked or deleted between the two reads: that link is gone.
    if (!originalTransaction || !refundTransaction) return [];
    return [{ id: refundTxId, originalTxId, refundTxId, originalTransaction, refundTransaction }];
  });
}
