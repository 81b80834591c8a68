/** What other modules use of the currency list and the user's currencies. */
export {
  countAccountsInCurrency,
  deleteUserCurrency,
  holdBaseCurrency,
  insertUserCurrenciesIfMissing,
  lockCurrencySettings,
  markBaseCurrency,
  selectBaseCurrency,
  selectCurrenciesByIds,
  selectCurrencyByNumber,
  selectUserCurrencies,
  selectUserCurrency,
} from './queries.ts';
export { assertOffered, currenciesByCode, findCurrency, restoreUserCurrencies } from './service.ts';
