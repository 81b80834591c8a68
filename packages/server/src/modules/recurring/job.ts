/**
 * Automatic schedules record each occurrence on its local day: a job on the one leased worker
 * (jobs/leased-worker.ts) claims a schedule whose next day has come in its user's time zone and
 * records what is due. The occurrence's key, not the lease, makes each recording happen once; the
 * lease keeps two instances from doing the same work.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { type LeasedWorker, startLeasedWorker } from '../../jobs/leased-worker.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { EventBus } from '../events/index.ts';
import {
  type ClaimedRecurring,
  claimDueRecurring,
  releaseRecurringLeases,
  selectNextDue,
  updateLeasedRecurring,
} from './queries.ts';
import { RECORDING_LEASE_MS, type RecurringService } from './service.ts';

/** After a recording failed (a day without a rate, an account turned into a bank's): tried again this much later. */
const RETRY_AFTER_MS = 60 * 60_000;

export interface RecurringJobDeps {
  db: Database;
  recurring: RecurringService;
  events: EventBus;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Looks every this often for schedules come due (another instance's, or a day begun). */
  pollMs: number;
  /** Only this instance uses the database: leases its last process held are let go at the start. */
  singleInstance: boolean;
}

export function startRecurringJob(deps: RecurringJobDeps, poll: boolean): LeasedWorker {
  const { db, recurring, clock, log, events } = deps;
  return startLeasedWorker<ClaimedRecurring>(
    {
      name: 'recurring',
      leaseMs: RECORDING_LEASE_MS,
      pollMs: deps.pollMs,
      claim: (terms) => claimDueRecurring(db, terms.now, terms.until, terms.token),
      renew: (row, lease, until) => updateLeasedRecurring(db, row.id, lease.token, { lockedUntil: until }),
      work: async (row, lease) => {
        const recorded: number[] = [];
        try {
          await recurring.recordDue(row, lease.token, lease, recorded);
        } finally {
          // What was recorded before a failure is recorded all the same: open pages ask again.
          if (recorded.length > 0) {
            events.publish(row.userId, { type: 'recurring.recorded', recurringId: row.id, count: recorded.length });
          }
        }
      },
      async finish(row, lease, failure) {
        if (failure) {
          const { error } = failure;
          if (error instanceof AppError) {
            log.warn(
              { recurringId: row.id, reason: error.message },
              'recurring: an occurrence could not be recorded; tried again later',
            );
          } else log.error({ err: error, recurringId: row.id }, 'recurring: recording failed');
        }
        const retryAt = failure ? new Date(clock.now().getTime() + RETRY_AFTER_MS) : null;
        await updateLeasedRecurring(db, row.id, lease.token, { lockedUntil: null, leaseToken: null, retryAt });
      },
      nextDue: () => selectNextDue(db),
      beforeFirst: deps.singleInstance ? () => releaseRecurringLeases(db) : undefined,
      describe: (row) => ({ recurringId: row.id }),
    },
    { clock, log, poll, passAtStart: true },
  );
}
