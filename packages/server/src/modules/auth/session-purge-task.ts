import type { Database } from '../../db/client.ts';
import type { PeriodicTask } from '../../jobs/scheduler.ts';
import type { Clock } from '../../lib/clock.ts';
import { deleteExpiredSessions } from './queries.ts';

/**
 * Removes expired sessions every hour, so the table holds only sessions someone may still use. One
 * statement: a household's sessions are few, and each login adds one row at most.
 */
export function sessionPurgeTask(db: Database, clock: Clock): PeriodicTask {
  return { name: 'session-purge', everyMs: 60 * 60_000, run: () => deleteExpiredSessions(db, clock.now()) };
}
