import type { MonobankJob } from '@kopiyka/shared';
import { useActiveJobs, useBankUser } from '../../api/monobank.ts';
import { Card } from '../../components/ui/card.tsx';
import { LabelledProgress } from '../../components/ui/labelled-progress.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useNow } from '../../hooks/use-now.ts';
import { useT } from '../../lib/i18n.ts';
import { cn } from '../../lib/utils.ts';
import { jobsProgress, progressDetails } from './job-progress.ts';

type ImportProgressProps = {
  jobs: readonly MonobankJob[];
  /** Monobank's pace for this server, for the time left; unknown leaves it out. */
  requestIntervalMs: number | undefined;
  label?: string;
};

/** A bar of statement requests done, with what they brought in and when the next one goes out. */
export function ImportProgress({ jobs, requestIntervalMs, label }: ImportProgressProps) {
  const t = useT();
  const progress = jobsProgress(jobs);
  // The countdown to the next request ticks only while one is waited for.
  const now = useNow(1000, progress.nextRunAt !== null);
  return (
    <LabelledProgress
      title={
        progress.total === 0
          ? t('bank.progress.gettingReady')
          : t('bank.progress.requests', { done: progress.done, total: progress.total })
      }
      done={progress.done}
      total={progress.total}
      label={label ?? t('bank.progress.label')}
      details={progressDetails(progress, requestIntervalMs, now)}
    />
  );
}

/**
 * The bank import under way, wherever people look for their money (the accounts page, the
 * dashboard). Drawn from the server's active jobs, so it is back after a reload; while none runs,
 * or before they are known, there is nothing to show.
 */
export function ActiveImportCard({ className }: { className?: string }) {
  const bankUser = useBankUser().data;
  const jobs = useActiveJobs(Boolean(bankUser)).data ?? [];
  const t = useT();
  if (!bankUser || jobs.length === 0) return null;
  const importing = jobs.some((job) => job.kind === 'import');
  return (
    <Card className={cn('gap-3 p-4', className)} aria-labelledby="active-import-title">
      <h2 id="active-import-title" className="flex items-center gap-2 text-sm font-semibold">
        <Spinner className="text-primary" />
        {importing ? t('bank.progress.importing') : t('bank.progress.syncing')}
      </h2>
      <ImportProgress jobs={jobs} requestIntervalMs={bankUser.requestIntervalMs} />
    </Card>
  );
}
