import type { PeriodicTask } from '../../jobs/scheduler.ts';
import type { RatesService } from './service.ts';

/** Keeps today's provider rates stored, so conversions rarely wait for a provider. */
export function ratesSyncTask(rates: RatesService): PeriodicTask {
  return { name: 'rates-sync', everyMs: 3 * 60 * 60_000, run: () => rates.syncToday() };
}
