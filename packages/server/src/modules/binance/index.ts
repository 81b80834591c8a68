/** What other modules use of Binance holdings. */
export { selectCryptoKnownSince } from './queries.ts';
export { cryptoBalanceHistory } from './service.ts';
