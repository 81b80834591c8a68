/**
 * Statement imports as persistent jobs (docs/decisions.md): windows of at most 31 days + 1 hour,
 * one call per turn of the token, pages of 500 followed down, 429s waited out, a failing bank
 * retried with a growing wait. The job's place moves in the same database transaction as the
 * items of each answer, so an instance that dies mid-job leaves it for the next one (its lease
 * runs out), and nothing is lost or stored twice.
 */
import { MONOBANK_WINDOW_SECONDS, type MonobankStatementItem } from '@kopiyka/shared';
import { maintainAfterLargeWrite } from '../../db/maintenance.ts';
import { MonobankError } from '../../integrations/monobank/client.ts';
import { type LeasedWorker, LeaseLost, startLeasedWorker } from '../../jobs/leased-worker.ts';
import { AppError, refusal } from '../../lib/errors.ts';
import type { RatesService } from '../rates/index.ts';
import { jobFailure, jobView, type MonobankDeps, type Turn, withTurn } from './bank-calls.ts';
import {
  claimDueJob,
  type JobRow,
  releaseJobLeases,
  renewJobLease,
  type StatementWindow,
  selectBankAccounts,
  selectNextJobTime,
  updateLeasedJob,
} from './queries.ts';
import { announceApplied, applyStatementItems } from './statement-items.ts';

/** The most items Monobank puts in one statement answer; a full page means there may be more. */
export const STATEMENT_PAGE_SIZE = 500;
/** Longer than one step takes (one call of at most 20 s, and storing its page); renewed while it runs. */
const LEASE_MS = 2 * 60_000;
/** After this many failed calls in a row the job gives up. */
const MAX_FAILURES = 6;
const MAX_RETRY_WAIT_MS = 10 * 60_000;
/** How often an idle worker looks for jobs another instance queued or a restart left. */
const POLL_MS = 5_000;
/** Seconds a statement call itself takes, for estimates. */
const CALL_SECONDS = 1;

/**
 * Windows covering `from`–`to` (Unix seconds) for each account, newest first across accounts, so
 * recent spending shows up first. Consecutive windows share no second.
 */
export function planWindows(accountIds: number[], from: number, to: number): StatementWindow[] {
  const windows: StatementWindow[] = [];
  for (const accountId of accountIds) {
    for (let end = to; end >= from; end -= MONOBANK_WINDOW_SECONDS + 1) {
      windows.push({ accountId, from: Math.max(from, end - MONOBANK_WINDOW_SECONDS), to: end });
    }
  }
  return windows.sort((a, b) => b.to - a.to || a.accountId - b.accountId);
}

/** How long `calls` calls take after `ahead` others, one per interval, the first after `waitMs`. */
export function estimateSeconds(ahead: number, calls: number, intervalMs: number, waitMs: number): number {
  if (calls === 0) return 0;
  return Math.ceil((Math.max(0, waitMs) + (ahead + calls - 1) * intervalMs) / 1000) + calls * CALL_SECONDS;
}

export type ImportWorker = LeasedWorker;

/**
 * Runs due jobs one step at a time, back to back while they are due, then sleeps until the next
 * one is (or, with `poll`, at most a few seconds, for jobs of other instances and restarts).
 */
export function startImportWorker(deps: MonobankDeps, rates: RatesService, poll: boolean): ImportWorker {
  /** Writes the step's outcome (only while the lease is ours), lets the lease go and tells the user. */
  async function finishStep(job: JobRow, leaseToken: string, changes: Partial<JobRow>): Promise<void> {
    const row = await updateLeasedJob(deps.db, job.id, leaseToken, { ...changes, lockedUntil: null });
    if (row) await announce(row);
  }

  /** Tells the user where the job is; a finished one's rows are in the planner's statistics first. */
  async function announce(row: JobRow): Promise<void> {
    if (row.state === 'done') {
      await maintainAfterLargeWrite(deps.db, deps.log, row.imported, [
        'transactions',
        'account_day_deltas',
        'account_day_totals',
        'account_month_totals',
        'monobank_items',
      ]);
    }
    deps.events.publish(row.userId, { type: 'monobank.job', job: jobView(row) });
  }

  function fail(job: JobRow, leaseToken: string, error: AppError) {
    return finishStep(job, leaseToken, {
      state: 'failed',
      ...jobFailure(error),
      finishedAt: deps.clock.now(),
    });
  }

  /** The step failed for a reason that may pass (the bank down): again later, waiting longer each time. */
  function retryLater(job: JobRow, leaseToken: string, reason: string) {
    const failures = job.failures + 1;
    if (failures >= MAX_FAILURES) {
      return fail(job, leaseToken, refusal('BAD_GATEWAY', 'jobId', 'monobank.noAnswer', { reason }));
    }
    const wait = Math.min(MAX_RETRY_WAIT_MS, Math.max(deps.intervalMs, deps.retryAfterFailureMs * 2 ** (failures - 1)));
    return finishStep(job, leaseToken, { failures, nextRunAt: new Date(deps.clock.now().getTime() + wait) });
  }

  /** Past the current window: the next one, or done. */
  function nextWindow(job: JobRow): Partial<JobRow> {
    const position = job.position + 1;
    const done = position >= job.windows.length;
    return {
      position,
      pageTo: null,
      done: job.done + 1,
      failures: 0,
      ...(done ? { state: 'done' as const, finishedAt: deps.clock.now() } : {}),
    };
  }

  async function step(job: JobRow, leaseToken: string): Promise<void> {
    const window = job.windows[job.position];
    if (!window) return finishStep(job, leaseToken, { state: 'done', finishedAt: deps.clock.now() });
    const account = (await selectBankAccounts(deps.db, job.userId)).find((row) => row.accountId === window.accountId);
    // Deleted or turned off meanwhile: its windows are skipped.
    if (!account?.isEnabled) return finishStep(job, leaseToken, nextWindow(job));

    const to = job.pageTo ?? window.to;
    let turn: Turn<MonobankStatementItem[]>;
    try {
      turn = await withTurn(deps, job.userId, 'statement', (token) =>
        deps.client.statement(token, account.externalId, window.from, to),
      );
    } catch (error) {
      if (error instanceof AppError) return fail(job, leaseToken, error);
      if (error instanceof MonobankError && error.failure === 'rejected') {
        deps.log.warn({ jobId: job.id, accountId: account.accountId, reason: error.description }, 'statement refused');
        return finishStep(job, leaseToken, nextWindow(job));
      }
      return retryLater(job, leaseToken, error instanceof MonobankError ? error.description : 'the call failed');
    }
    if ('freeAt' in turn) return finishStep(job, leaseToken, { nextRunAt: turn.freeAt });

    const items = turn.value;
    const full = items.length >= STATEMENT_PAGE_SIZE;
    // A full page continues from its oldest second (Monobank repeats that second: items are
    // stored once by id). A page of one second only cannot move on by its time; it steps past it.
    const oldest = Math.min(...items.map((item) => item.time));
    const progress: Partial<JobRow> = full ? { pageTo: oldest < to ? oldest : to - 1, failures: 0 } : nextWindow(job);
    let stored: JobRow | undefined;
    try {
      const applied = await applyStatementItems(deps.db, rates, job.userId, account, items, async (tx, outcome) => {
        stored = await updateLeasedJob(tx, job.id, leaseToken, {
          ...progress,
          imported: job.imported + outcome.inserted.length,
          updated: job.updated + outcome.updated,
          nextRunAt: deps.clock.now(),
          lockedUntil: null,
        });
        // Another instance took the job over meanwhile: this page is its to store.
        if (!stored) throw new LeaseLost();
      });
      announceApplied(deps.events, job.userId, 'import', account.accountId, applied);
    } catch (error) {
      if (error instanceof AppError) return fail(job, leaseToken, error);
      throw error;
    }
    if (stored) await announce(stored);
  }

  return startLeasedWorker<JobRow>(
    {
      name: 'monobank jobs',
      leaseMs: LEASE_MS,
      pollMs: POLL_MS,
      claim: (terms) => claimDueJob(deps.db, terms.now, LEASE_MS, terms.token),
      renew: (job, lease, until) => renewJobLease(deps.db, job.id, lease.token, until),
      work: (job, lease) => step(job, lease.token),
      async finish(job, lease, failure) {
        if (!failure) return;
        deps.log.error({ err: failure.error, jobId: job.id }, 'job step failed');
        // Not left locked for the lease's two minutes: tried again like a failed call.
        await retryLater(job, lease.token, 'the step failed');
      },
      nextDue: () => selectNextJobTime(deps.db),
      beforeFirst: deps.singleInstance ? () => releaseJobLeases(deps.db) : undefined,
      describe: (job) => ({ jobId: job.id }),
    },
    { clock: deps.clock, log: deps.log, poll, passAtStart: true },
  );
}
