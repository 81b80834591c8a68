import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useMonobankJob } from '../../../api/monobank.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogBody, DialogClose, DialogFooter } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ImportProgress } from '../../../entities/monobank/import-progress.tsx';
import { storedIssueText, useT } from '../../../lib/i18n.ts';
import { TRANSACTIONS_PATH } from '../../../lib/paths.ts';
import { LoadFailed } from './query-states.tsx';

type ImportJobPanelProps = {
  jobId: number;
  /** Monobank's pace for this server, for the time left; unknown leaves it out. */
  requestIntervalMs: number | undefined;
  onClose: () => void;
};

/** The import just started, as it goes (events keep its query current), and how it ended. */
export function ImportJobPanel({ jobId, requestIntervalMs, onClose }: ImportJobPanelProps) {
  const job = useMonobankJob(jobId);
  const t = useT();
  let content: ReactNode;
  if (job.data?.state === 'done') {
    content = (
      <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-success/12 text-success">
          <CircleCheck aria-hidden="true" className="size-6" />
        </span>
        <p className="font-medium">{t('bank.job.finished')}</p>
        <p className="text-sm text-muted-foreground">
          {t('bank.job.finishedDescription', { count: job.data.imported })}
        </p>
      </div>
    );
  } else if (job.data?.state === 'failed') {
    content = (
      <ErrorAlert>
        {job.data.error ? storedIssueText(job.data.error.message, job.data.error.issue) : t('bank.job.noAnswer')}
      </ErrorAlert>
    );
  } else if (job.data) {
    content = (
      <>
        <ImportProgress jobs={[job.data]} requestIntervalMs={requestIntervalMs} label={t('bank.job.progress')} />
        <p className="text-sm text-muted-foreground">{t('bank.job.newestFirst')}</p>
      </>
    );
  } else if (job.isError) {
    content = <LoadFailed message={t('bank.job.loadError')} query={job} />;
  } else {
    content = (
      <div role="status" aria-label={t('bank.job.loading')} className="flex flex-col gap-2">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-2 w-full" />
        <Skeleton className="h-4 w-56" />
      </div>
    );
  }

  const finished = job.data?.state === 'done';
  return (
    <>
      <DialogBody>{content}</DialogBody>
      <DialogFooter>
        {finished ? (
          <Button asChild variant="outline" className="w-full sm:w-auto">
            <Link to={TRANSACTIONS_PATH} onClick={onClose}>
              {t('bank.job.seeTransactions')}
            </Link>
          </Button>
        ) : null}
        <DialogClose asChild>
          <Button>{finished ? t('bank.job.done') : t('common.close')}</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}
