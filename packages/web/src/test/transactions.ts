import type { Transaction } from '@kopiyka/shared';

/** A manual UAH expense of UAH 100.00 on account 1, changed by `overrides`. */
export function makeTransaction(overrides: Partial<Transaction> & Pick<Transaction, 'id'>): Transaction {
  const amount = overrides.amount ?? 10_000;
  return {
    amount,
    refAmount: amount,
    transactionType: 'expense',
    paymentType: 'debitCard',
    time: '2026-03-18T09:30:00.000Z',
    note: '',
    accountId: 1,
    accountType: 'system',
    categoryId: 2,
    currencyId: 1,
    currencyCode: 'UAH',
    refCurrencyCode: 'UAH',
    transferNature: 'not_transfer',
    transferId: null,
    destinationAmount: null,
    destinationAccountId: null,
    cashbackAmount: 0,
    commissionRate: 0,
    refCommissionRate: 0,
    budgetId: null,
    refundOfId: null,
    refundedRefAmount: 0,
    tagIds: [],
    splits: [],
    externalId: null,
    importId: null,
    createdAt: '2026-03-18T09:30:00.000Z',
    ...overrides,
  };
}
