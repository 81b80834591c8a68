import type { BankUser, MonobankJob } from '@kopiyka/shared';
import { formatDuration } from '../../lib/dates.ts';
import { t } from '../../lib/i18n.ts';

/** Where the running jobs stand together: statement requests done of all, what they brought, when the next goes out. */
export type JobsProgress = {
  done: number;
  total: number;
  imported: number;
  /** The soonest next request of a running job; null when none is waiting. */
  nextRunAt: string | null;
};

export function jobsProgress(jobs: readonly MonobankJob[]): JobsProgress {
  const progress: JobsProgress = { done: 0, total: 0, imported: 0, nextRunAt: null };
  for (const job of jobs) {
    progress.done += job.done;
    progress.total += job.total;
    progress.imported += job.imported;
    if (job.nextRunAt && (progress.nextRunAt === null || job.nextRunAt < progress.nextRunAt)) {
      progress.nextRunAt = job.nextRunAt;
    }
  }
  return progress;
}

/** "one request a minute", "one request every 5 seconds": how often Monobank lets this server ask. */
export function requestPace(requestIntervalMs: number): string {
  const seconds = Math.round(requestIntervalMs / 1000);
  if (seconds < 1) return t('bank.pace.backToBack');
  if (seconds === 1) return t('bank.pace.perSecond');
  if (seconds === 60) return t('bank.pace.perMinute');
  if (seconds % 60 === 0) return t('bank.pace.everyMinutes', { count: seconds / 60 });
  return t('bank.pace.everySeconds', { count: seconds });
}

/** The line under a progress bar: what came in, when the next request goes out, and how long is left. */
export function progressDetails(progress: JobsProgress, requestIntervalMs: number | undefined, now: number): string {
  const parts = [t('bank.progress.imported', { count: progress.imported })];
  const waitMs = progress.nextRunAt === null ? 0 : Date.parse(progress.nextRunAt) - now;
  if (waitMs >= 1000) parts.push(t('bank.progress.nextIn', { seconds: Math.ceil(waitMs / 1000) }));
  const left = progress.total - progress.done;
  if (requestIntervalMs !== undefined && left > 1) {
    parts.push(
      t('bank.progress.left', {
        duration: formatDuration((Math.max(0, waitMs) + (left - 1) * requestIntervalMs) / 1000),
      }),
    );
  }
  return parts.join(' · ');
}

/** When the bank was last caught up with: the latest job that finished, else the last read of the cards. */
export function lastSyncedAt(
  bankUser: Pick<BankUser, 'lastRefreshAt'>,
  jobs: readonly MonobankJob[] | undefined,
): string | null {
  const finished = (jobs ?? []).flatMap((job) => (job.state === 'done' && job.finishedAt ? [job.finishedAt] : []));
  const moments = [...finished, bankUser.lastRefreshAt].filter((moment): moment is string => moment !== null);
  return moments.reduce<string | null>(
    (latest, moment) => (latest === null || moment > latest ? moment : latest),
    null,
  );
}
