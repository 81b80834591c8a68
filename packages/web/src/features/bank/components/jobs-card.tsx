import type { MonobankJob, MonobankJobState } from '@kopiyka/shared';
import type { ReactNode } from 'react';
import { useBankUser, useRecentJobs } from '../../../api/monobank.ts';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ImportProgress } from '../../../entities/monobank/import-progress.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { formatShortDate, formatTimeAgo } from '../../../lib/dates.ts';
import { plural } from '../../../lib/utils.ts';
import { LoadFailed, LoadingRows } from './query-states.tsx';

const STATES: Record<MonobankJobState, { label: string; variant: BadgeVariant }> = {
  queued: { label: 'Waiting', variant: 'neutral' },
  running: { label: 'Running', variant: 'info' },
  done: { label: 'Done', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
};

const KINDS: Record<MonobankJob['kind'], string> = { import: 'Import', sync: 'Automatic sync' };

function JobRow({ job, requestIntervalMs, now }: { job: MonobankJob; requestIntervalMs?: number; now: number }) {
  const state = STATES[job.state];
  const active = job.state === 'queued' || job.state === 'running';
  const counts = [`${plural(job.imported, 'new transaction')}`];
  if (job.updated > 0) counts.push(`${job.updated} updated`);
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <span className="text-sm font-medium">
          {KINDS[job.kind]} · {formatShortDate(job.from)} – {formatShortDate(job.to)}
        </span>
        <Badge variant={state.variant}>{state.label}</Badge>
      </div>
      {active ? (
        <ImportProgress jobs={[job]} requestIntervalMs={requestIntervalMs} label={`${KINDS[job.kind]} progress`} />
      ) : (
        <p className="text-xs text-muted-foreground">
          {counts.join(', ')} · {job.done} of {plural(job.total, 'request')} · {formatTimeAgo(job.createdAt, now)}
        </p>
      )}
      {job.error ? <p className="text-sm text-destructive">{job.error.message}</p> : null}
    </li>
  );
}

/** The latest imports and syncs, newest first: what each brought, and why one failed. */
export function JobsCard() {
  const jobs = useRecentJobs();
  const requestIntervalMs = useBankUser().data?.requestIntervalMs;
  const now = useNow(60_000);
  let content: ReactNode;
  if (jobs.isPending) {
    content = <LoadingRows label="Loading imports" />;
  } else if (jobs.isError) {
    content = <LoadFailed message="Imports could not be loaded." query={jobs} />;
  } else if (jobs.data.length === 0) {
    content = (
      <p className="text-sm text-muted-foreground">No imports yet. The first sync starts within a few seconds.</p>
    );
  } else {
    content = (
      <ul aria-label="Recent imports" className="flex flex-col divide-y">
        {jobs.data.map((job) => (
          <JobRow key={job.id} job={job} requestIntervalMs={requestIntervalMs} now={now} />
        ))}
      </ul>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>Imports and syncs</CardTitle>
        <CardDescription>Each reads statements from Monobank, one request at a time.</CardDescription>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
