/** What other modules use of Binance holdings. */
export { cryptoBalanceHistory } from './service.ts';
