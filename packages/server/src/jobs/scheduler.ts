import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import { claimTask, finishTask } from './scheduler-queries.ts';

/**
 * A task that did not get done for a reason it has told the log already (a provider down): the
 * scheduler says in one line that it will try again, without a stack.
 */
export class TaskNotDone extends Error {}

export interface PeriodicTask {
  name: string;
  /** Runs again once this long has passed since its last success. */
  everyMs: number;
  run(): Promise<void>;
}

/** Longer than any run takes; if an instance dies mid-run, another takes over after it. */
const LEASE_MS = 10 * 60_000;
const RETRY_FAILED_AFTER_MS = 5 * 60_000;

/** Checks every `checkEveryMs` which tasks are due and runs those whose lease this instance wins. */
export function startScheduler(
  db: Database,
  tasks: PeriodicTask[],
  log: FastifyBaseLogger,
  clock: Clock,
  /** How often it looks (config.schedulerCheckMs: a minute). */
  checkEveryMs: number,
): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  async function tick() {
    for (const task of tasks) {
      if (stopped) return;
      try {
        if (!(await claimTask(db, clock.now(), task.name, task.everyMs, LEASE_MS))) continue;
      } catch (error) {
        log.error({ err: error, task: task.name }, 'could not claim a scheduled task');
        continue;
      }
      let succeeded = true;
      try {
        await task.run();
      } catch (error) {
        succeeded = false;
        if (error instanceof TaskNotDone)
          log.warn({ task: task.name, reason: error.message }, 'scheduled task not done; tried again later');
        else log.error({ err: error, task: task.name }, 'scheduled task failed');
      }
      await finishTask(db, clock.now(), task.name, succeeded, RETRY_FAILED_AFTER_MS).catch((error) =>
        log.error({ err: error, task: task.name }, 'could not record a scheduled task run'),
      );
    }
  }

  const schedule = () => {
    running = running.then(tick);
  };
  const first = setTimeout(schedule, 0);
  const timer = setInterval(schedule, checkEveryMs);
  timer.unref();
  first.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
