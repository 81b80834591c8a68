/** The ledger's public side: what the modules above it call, each inside their own database transaction. */
export { baseOf, refsAt } from './base-amounts.ts';
export { bulkSkipReason, type RowsChange, writeRowsChange } from './bulk.ts';
export {
  applyPendingRefs,
  detachTransfersOf,
  insertImportedTransactions,
  linkBankTransfer,
  linkRestoredRefunds,
  lockLedgerAccounts,
  meetStatedBalance,
  moveAccountBalances,
  regroupNextAccountDays,
  removeImportedTransactions,
  restoreTransactions,
  type StatedBalance,
} from './entry-points.ts';
export { ChangedMeanwhile, changeLeg, insertLegs, onFreshRows } from './ledger.ts';
export { selectTurnovers } from './queries/balances.ts';
export {
  clearBudgetOf,
  moveToCategory,
  type NewTransactionRow,
  nextTransferIds,
  nullPendingRefs,
  setBudgetOf,
  setCategoryOf,
  setPendingRefs,
  type TransactionRow,
} from './queries/rows.ts';
export { type SplitRow, selectSplits } from './queries/splits.ts';
export type { TransactionsService, WrittenAlongside } from './service.ts';
export { transactionViews } from './views.ts';
