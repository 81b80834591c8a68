/** What other modules use of accounts (the rows; their balances move through the ledger). */
export { moveAccountsToGroup } from './queries.ts';
export {
  type AccountDeleted,
  type AccountsService,
  assertOwnAccount,
  createBankAccount,
  restoreAccount,
  setBankFigures,
  tooLargeForAccount,
  valueInBase,
} from './service.ts';
