import type { PeriodicTask } from '../../jobs/scheduler.ts';
import type { AuthService } from './service.ts';

/**
 * Every hour, deletes what no request can use any more: expired sessions, throttle buckets past
 * every rule's memory, sign-ins too old to vouch for an address. A few statements: a household's
 * rows are few, and each login adds one or two at most.
 */
export function authPurgeTask(auth: AuthService): PeriodicTask {
  return { name: 'auth-purge', everyMs: 60 * 60_000, run: () => auth.purgeExpired() };
}
