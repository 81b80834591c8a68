/** Statement loads: which windows of which bank accounts a load or a sync queues for the import worker. */
import type { LoadMonobankTransactionsResponse } from '@kopiyka/shared';
import { notFound, validationError } from '../../lib/errors.ts';
import { assertOwnAccount } from '../accounts/index.ts';
import { jobView, type MonobankDeps, requireBankUser, tokenInvalid } from './bank-calls.ts';
import { estimateSeconds, type ImportWorker, planWindows } from './jobs.ts';
import { insertJob, selectActiveJobs, selectBankAccounts, selectSyncStart, updateBankUser } from './queries.ts';
import type { LoadQuery } from './service.ts';

/** How far back a sync of an account with no bank transactions yet looks: one window. */
const FIRST_SYNC_SECONDS = 31 * 86_400;

/** Queues a statement import of the enabled bank accounts (or one), and tells the user's pages. */
export async function queueImport(
  deps: MonobankDeps,
  worker: ImportWorker,
  userId: number,
  kind: 'import' | 'sync',
  query: LoadQuery,
): Promise<LoadMonobankTransactionsResponse> {
  const { db, clock } = deps;
  const row = await requireBankUser(db, userId);
  if (row.tokenState === 'invalid') throw tokenInvalid();
  const bankAccounts = await selectBankAccounts(db, userId);
  let targets = bankAccounts.filter((account) => account.isEnabled);
  if (query.accountId !== undefined) {
    const chosen = bankAccounts.find((account) => account.accountId === query.accountId);
    if (!chosen) {
      await assertOwnAccount(db, userId, query.accountId).catch(() => {
        throw notFound('Account', 'accountId');
      });
      throw validationError('accountId', 'monobank.notBankAccount');
    }
    if (!chosen.isEnabled) throw validationError('accountId', 'monobank.accountOff');
    targets = [chosen];
  }
  if (targets.length === 0) throw validationError('accountId', 'monobank.noAccountOn');

  const now = clock.now();
  const active = await selectActiveJobs(db, userId);
  const ids = targets.map((account) => account.accountId);
  const remaining = (job: (typeof active)[number]) => job.windows.length - job.position;
  // Catching up (no `from`) while a job for these accounts is under way: that job is the answer.
  const covering =
    query.from === undefined ? active.find((job) => ids.every((id) => job.accountIds.includes(id))) : undefined;
  if (covering) {
    const ahead = active.filter((job) => job.id < covering.id).reduce((n, job) => n + remaining(job), 0);
    return {
      jobId: covering.id,
      windows: remaining(covering),
      estimatedSeconds: estimateSeconds(ahead, remaining(covering), deps.intervalMs, 0),
    };
  }

  const toSeconds = Math.floor(Math.min(query.to ?? now.getTime(), now.getTime()) / 1000);
  const windows = [];
  let fromSeconds = toSeconds;
  for (const account of targets) {
    const start =
      query.from !== undefined
        ? Math.floor(query.from / 1000)
        : Math.floor(
            ((await selectSyncStart(db, userId, account.accountId))?.getTime() ??
              now.getTime() - FIRST_SYNC_SECONDS * 1000) / 1000,
          );
    fromSeconds = Math.min(fromSeconds, start);
    windows.push(...planWindows([account.accountId], start, toSeconds));
  }
  windows.sort((a, b) => b.to - a.to || a.accountId - b.accountId);
  const job = await insertJob(db, {
    userId,
    kind,
    state: windows.length === 0 ? 'done' : 'queued',
    windows,
    accountIds: ids,
    fromTime: new Date(fromSeconds * 1000),
    toTime: new Date(toSeconds * 1000),
    total: windows.length,
    nextRunAt: now,
    finishedAt: windows.length === 0 ? now : null,
  });
  deps.events.publish(userId, { type: 'monobank.job', job: jobView(job) });
  worker.kick();
  // A catch-up of the bank's news counts as a sync: the periodic one need not repeat it.
  if (query.from === undefined) await updateBankUser(db, userId, { lastSyncAt: now });
  const ahead = active.reduce((n, other) => n + remaining(other), 0);
  const wait = (row.statementNextAt?.getTime() ?? 0) - now.getTime();
  return {
    jobId: job.id,
    windows: windows.length,
    estimatedSeconds: estimateSeconds(ahead, windows.length, deps.intervalMs, wait),
  };
}
