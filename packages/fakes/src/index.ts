export type { BalanceSeed, BinanceAccountSeed, FlexibleSeed, Holdings, LockedSeed } from './binance/account.ts';
export { DEFAULT_WEIGHT_LIMITS, type Limiter } from './binance/api.ts';
export {
  DEFAULT_PRICES,
  DEMO_BINANCE_KEYS,
  demoAccountSeed,
  TRADING_BINANCE_KEYS,
  tradingAccountSeed,
} from './binance/data.ts';
export {
  BINANCE_MODES,
  type BinanceEmulator,
  type BinanceEmulatorOptions,
  type BinanceMode,
  type BinanceRequest,
  DEFAULT_BINANCE_SLOW_MS,
  DEFAULT_RECV_WINDOW_MS,
  MAX_RECV_WINDOW_MS,
  startBinanceEmulator,
} from './binance/emulator.ts';
export { sign as binanceSignature } from './binance/signing.ts';
export {
  MAX_STATEMENT_SECONDS,
  STATEMENT_PAGE_SIZE,
} from './monobank/api.ts';
export type { AccountSeed, ClientSeed, ItemSeed, JarSeed } from './monobank/client.ts';
export { demoClientSeed, demoShiftSeconds, loadDemoData } from './monobank/data.ts';
export {
  DEFAULT_MONOBANK_SLOW_MS,
  DEFAULT_REQUEST_INTERVAL_MS,
  MONOBANK_MODES,
  type MonobankEmulator,
  type MonobankEmulatorOptions,
  type MonobankMode,
  type MonobankRequest,
  type NewItem,
  type RateLimitScope,
  startMonobankEmulator,
} from './monobank/emulator.ts';
export { DEMO_FIRST_DAY, DEMO_LAST_DAY, DEMO_TOKEN, type DemoData, writeDemoData } from './monobank/generate.ts';
export type {
  AccountType,
  CashbackType,
  ClientInfo,
  MonobankAccount,
  MonobankJar,
  StatementItem,
  WebhookEvent,
} from './monobank/types.ts';
export { DEFAULT_WEBHOOK_RETRY_DELAYS_MS, DEFAULT_WEBHOOK_TIMEOUT_MS, type WebhookCall } from './monobank/webhook.ts';
export { type DailyRates, loadEcbRates, loadNbuRates, parseRatesCsv } from './rates/data.ts';
export {
  DEFAULT_SLOW_MS,
  RATES_MODES,
  RATES_PROVIDERS,
  type RatesEmulator,
  type RatesEmulatorOptions,
  type RatesMode,
  type RatesProvider,
  startRatesEmulator,
} from './rates/emulator.ts';
export { DATA_END, DATA_START, ECB_CODES, generateRateCsv, NBU_CODES, writeRateData } from './rates/generate.ts';
