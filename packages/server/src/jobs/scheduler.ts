import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { type LeasedWorker, startLeasedWorker } from './leased-worker.ts';
import { claimTask, finishTask, renewTask } from './scheduler-queries.ts';

/**
 * A task that did not get done for a reason it has told the log already (a provider down): the
 * scheduler says in one line that it will try again, without a stack.
 */
export class TaskNotDone extends Error {}

export interface PeriodicTask {
  name: string;
  /** Runs again once this long has passed since the start of its last successful run. */
  everyMs: number;
  run(): Promise<void>;
}

/** Longer than any run takes (and renewed while one runs); if an instance dies mid-run, another takes over after it. */
const LEASE_MS = 10 * 60_000;
const RETRY_FAILED_AFTER_MS = 5 * 60_000;

/**
 * Checks every `checkEveryMs` which tasks are due and runs those whose lease this instance wins,
 * each at most once a check, in their order.
 */
export function startScheduler(
  db: Database,
  tasks: PeriodicTask[],
  log: FastifyBaseLogger,
  clock: Clock,
  /** How often it looks (config.schedulerCheckMs: a minute). */
  checkEveryMs: number,
): LeasedWorker {
  /** The tasks this check has looked at already. */
  let looked = new Set<string>();
  return startLeasedWorker<PeriodicTask>(
    {
      name: 'scheduler',
      leaseMs: LEASE_MS,
      pollMs: checkEveryMs,
      async claim(terms) {
        for (const task of tasks) {
          if (looked.has(task.name)) continue;
          looked.add(task.name);
          try {
            if (await claimTask(db, terms.now, task.name, task.everyMs, LEASE_MS)) return task;
          } catch (error) {
            log.error({ err: error, task: task.name }, 'could not claim a scheduled task');
          }
        }
        looked = new Set();
        return undefined;
      },
      renew: (task, lease, until) => renewTask(db, task.name, lease.until, until),
      work: (task) => task.run(),
      async finish(task, lease, failure) {
        if (failure?.error instanceof TaskNotDone) {
          log.warn({ task: task.name, reason: failure.error.message }, 'scheduled task not done; tried again later');
        } else if (failure) log.error({ err: failure.error, task: task.name }, 'scheduled task failed');
        const recorded = await finishTask(
          db,
          { startedAt: lease.now, now: clock.now() },
          task.name,
          lease.until,
          !failure,
          RETRY_FAILED_AFTER_MS,
        );
        if (!recorded) log.warn({ task: task.name }, 'a scheduled task ran past its lease; its run is not recorded');
      },
      describe: (task) => ({ task: task.name }),
    },
    { clock, log, poll: true, passAtStart: true },
  );
}
