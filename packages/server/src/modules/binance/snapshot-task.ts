import type { PeriodicTask } from '../../jobs/scheduler.ts';
import type { BinanceService } from './service.ts';

/**
 * Reads every linked Binance account every six hours, so each day has a value snapshot for the
 * dashboard's total and trend even when nobody opens the crypto page.
 */
export function binanceSnapshotTask(binance: BinanceService): PeriodicTask {
  return { name: 'binance-snapshot', everyMs: 6 * 60 * 60_000, run: () => binance.snapshotAll() };
}
