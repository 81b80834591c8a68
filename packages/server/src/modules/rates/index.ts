/** What other modules use of exchange rates. */
export { deleteCustomRatesOfCurrency } from './queries.ts';
export {
  type CustomRow,
  type RateQuote,
  type RateSeries,
  type RateSession,
  type RatesService,
  restoreCustomRates,
} from './service.ts';
