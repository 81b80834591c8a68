import type { PeriodicTask } from '../../jobs/scheduler.ts';
import type { ImportsService } from './service.ts';

/**
 * Every hour, deletes the uploads left uncommitted for a day, files and all: a file uploaded and
 * never imported is of no use to anyone, and otherwise stays in the database for good.
 */
export function importsExpiryTask(imports: ImportsService): PeriodicTask {
  return { name: 'imports-expiry', everyMs: 60 * 60_000, run: () => imports.expireUploads() };
}
