/** What other modules use of Binance holdings. */
export { cryptoBalanceHistory, cryptoKnownSince } from './service.ts';
