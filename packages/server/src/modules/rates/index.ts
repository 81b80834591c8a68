/** What other modules use of exchange rates. */
export { deleteCustomRatesOfCurrency } from './queries.ts';
export type { CustomRow } from './resolution.ts';
export {
  type RateSeries,
  type RateSession,
  type RatesService,
  restoreCustomRates,
} from './service.ts';
