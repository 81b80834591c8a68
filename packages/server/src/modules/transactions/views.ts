/** A transaction as the API answers it, from its row and what the view joins to it. */
import { convertMinorUnits, type PaymentType, type Transaction, type TransferNature } from '@kopiyka/shared';
import type { Executor } from '../../db/client.ts';
import { selectViewsByIds, type TransactionView } from './queries/pages.ts';
import type { TransactionRow } from './queries/rows.ts';
import type { SplitRow } from './queries/splits.ts';
import { BETWEEN, type OwnAccount } from './transfer-rules.ts';

export function toTransaction(view: TransactionView): Transaction {
  const { row } = view;
  const paired = row.transferNature === BETWEEN && view.destinationAccountId !== null;
  return {
    id: row.id,
    amount: row.amount,
    refAmount: row.refAmount,
    transactionType: row.transactionType,
    paymentType: row.paymentType as PaymentType,
    time: row.time.toISOString(),
    note: row.note,
    accountId: row.accountId,
    accountType: view.accountType,
    categoryId: row.categoryId,
    currencyId: view.currencyId,
    currencyCode: view.currencyCode,
    refCurrencyCode: view.refCurrencyCode,
    transferNature: row.transferNature as TransferNature,
    transferId: row.transferId,
    destinationAmount: paired ? view.destinationAmount : null,
    destinationAccountId: paired ? view.destinationAccountId : null,
    cashbackAmount: row.cashbackAmount,
    commissionRate: row.commissionRate,
    refCommissionRate: convertMinorUnits(row.commissionRate, row.rate),
    budgetId: row.budgetId,
    refundOfId: row.refundOfId,
    refundedRefAmount: Number(view.refundedRefAmount),
    tagIds: view.tagIds,
    splits: view.splits.map((part) => ({
      id: part.id,
      categoryId: part.categoryId,
      amount: part.amount,
      refAmount: part.refAmount,
      note: part.note,
    })),
    externalId: row.externalId,
    importId: row.importId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's transactions of `ids` as the API answers them, in the order of `ids` (a missing one left out). */
export async function transactionViews(db: Executor, userId: number, ids: number[]): Promise<Transaction[]> {
  if (ids.length === 0) return [];
  const found = await selectViewsByIds(db, userId, ids);
  return ids.flatMap((id) => found.filter((view) => view.row.id === id).map(toTransaction));
}

/**
 * The view of a leg just written, from what the write already knows (its account, the base
 * currency, the other leg, its parts), so answering a create costs no second read.
 */
export function newLegView(
  row: TransactionRow,
  account: Pick<OwnAccount, 'type' | 'currencyId' | 'currencyCode'>,
  refCurrencyCode: string,
  otherLeg: TransactionRow | undefined,
  tagIds: number[],
  splits: SplitRow[] = [],
): TransactionView {
  return {
    row,
    accountType: account.type,
    currencyId: account.currencyId,
    currencyCode: account.currencyCode,
    refCurrencyCode,
    destinationAmount: otherLeg?.amount ?? null,
    destinationAccountId: otherLeg?.accountId ?? null,
    // Nothing refunds a transaction just written.
    refundedRefAmount: '0',
    tagIds,
    splits,
  };
}
