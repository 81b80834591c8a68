import type { PeriodicTask } from '../../jobs/scheduler.ts';
import type { MonobankService } from './service.ts';

/**
 * The financial sync on the server (the web app runs it too; here it keeps a bank current with no
 * page open): every five minutes one instance looks for paired clients not synced for 30 minutes.
 */
export function monobankSyncTask(monobank: MonobankService): PeriodicTask {
  return { name: 'monobank-sync', everyMs: 5 * 60_000, run: () => monobank.syncDue() };
}
