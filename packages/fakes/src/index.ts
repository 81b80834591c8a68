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
