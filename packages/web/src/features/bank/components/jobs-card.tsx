import type { MonobankJob, MonobankJobState } from '@kopiyka/shared';
import type { ReactNode } from 'react';
import { useBankUser, useRecentJobs } from '../../../api/monobank.ts';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ImportProgress } from '../../../entities/monobank/import-progress.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { formatShortDate, formatTimeAgo } from '../../../lib/dates.ts';
import { type MessageKey, storedIssueText, useT } from '../../../lib/i18n.ts';
import { LoadFailed, LoadingRows } from './query-states.tsx';

const STATES: Record<MonobankJobState, { label: MessageKey; variant: BadgeVariant }> = {
  queued: { label: 'bank.jobs.queued', variant: 'neutral' },
  running: { label: 'bank.jobs.running', variant: 'info' },
  done: { label: 'bank.jobs.done', variant: 'success' },
  failed: { label: 'bank.jobs.failed', variant: 'destructive' },
};

const KINDS: Record<MonobankJob['kind'], { name: MessageKey; progress: MessageKey }> = {
  import: { name: 'bank.jobs.import', progress: 'bank.jobs.importProgress' },
  sync: { name: 'bank.jobs.sync', progress: 'bank.jobs.syncProgress' },
};

function JobRow({ job, requestIntervalMs, now }: { job: MonobankJob; requestIntervalMs?: number; now: number }) {
  const state = STATES[job.state];
  const active = job.state === 'queued' || job.state === 'running';
  const t = useT();
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <span className="text-sm font-medium">
          {t(KINDS[job.kind].name)} · {formatShortDate(job.from)} – {formatShortDate(job.to)}
        </span>
        <Badge variant={state.variant}>{t(state.label)}</Badge>
      </div>
      {active ? (
        <ImportProgress jobs={[job]} requestIntervalMs={requestIntervalMs} label={t(KINDS[job.kind].progress)} />
      ) : (
        <p className="text-xs text-muted-foreground">
          {t('bank.jobs.counts', { imported: job.imported, updated: job.updated })} ·{' '}
          {t('bank.jobs.requests', { done: job.done, total: job.total })} · {formatTimeAgo(job.createdAt, now)}
        </p>
      )}
      {job.error ? (
        <p className="text-sm text-destructive">{storedIssueText(job.error.message, job.error.issue)}</p>
      ) : null}
    </li>
  );
}

/** The latest imports and syncs, newest first: what each brought, and why one failed. */
export function JobsCard() {
  const jobs = useRecentJobs();
  const requestIntervalMs = useBankUser().data?.requestIntervalMs;
  const now = useNow(60_000);
  const t = useT();
  let content: ReactNode;
  if (jobs.isPending) {
    content = <LoadingRows label={t('bank.jobs.loading')} />;
  } else if (jobs.isError) {
    content = <LoadFailed message={t('bank.jobs.loadError')} query={jobs} />;
  } else if (jobs.data.length === 0) {
    content = <p className="text-sm text-muted-foreground">{t('bank.jobs.empty')}</p>;
  } else {
    content = (
      <ul aria-label={t('bank.jobs.recent')} className="flex flex-col divide-y">
        {jobs.data.map((job) => (
          <JobRow key={job.id} job={job} requestIntervalMs={requestIntervalMs} now={now} />
        ))}
      </ul>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('bank.jobs.title')}</CardTitle>
        <CardDescription>{t('bank.jobs.description')}</CardDescription>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
