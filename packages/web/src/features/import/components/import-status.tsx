import type { Import } from '@kopiyka/shared';
import { CircleCheck, FileWarning } from 'lucide-react';
import { Link } from 'react-router';
import { isApiError } from '../../../api/errors.ts';
import { isImportRunning, useImport } from '../../../api/imports.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LabelledProgress } from '../../../components/ui/labelled-progress.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { EMPTY_FILTERS, filtersToParams } from '../../../entities/transactions/filters.ts';
import { storedIssueText, useT } from '../../../lib/i18n.ts';
import { TRANSACTIONS_PATH } from '../../../lib/paths.ts';
import { RemoveUploadButton } from './remove-upload-button.tsx';
import { RowsTable } from './rows-table.tsx';
import { UndoImportButton } from './undo-import-button.tsx';

/** "12 imported · 3 duplicates skipped · 1 failed": the counts so far. */
export function ImportCounts({ item }: { item: Import }) {
  const t = useT();
  return (
    <p className="text-sm text-muted-foreground">
      {[
        t('import.counts.imported', { count: item.imported }),
        t('import.counts.duplicates', { count: item.duplicates }),
        t('import.counts.failed', { count: item.failedCount }),
      ].join(' · ')}
    </p>
  );
}

/** The rows that could not be read, with why; a long list scrolls. */
function FailedRows({ item }: { item: Import }) {
  const t = useT();
  if (item.failedCount === 0) return null;
  const unlisted = item.failedCount - item.failed.length;
  return (
    <section aria-labelledby="import-failed-title" className="flex flex-col gap-2">
      <h3 id="import-failed-title" className="text-sm font-semibold">
        {t('import.failed.title', { count: item.failedCount })}
      </h3>
      <RowsTable
        className="max-h-72"
        columns={[{ label: t('import.preview.line'), className: 'w-20' }, { label: t('import.failed.reason') }]}
      >
        {item.failed.map((failure) => (
          <tr key={failure.row} className="border-t align-top">
            <td className="px-3 py-2 tabular-nums">{failure.row}</td>
            <td className="px-3 py-2 break-words">{storedIssueText(failure.message, failure)}</td>
          </tr>
        ))}
      </RowsTable>
      {unlisted > 0 ? (
        <p className="text-xs text-muted-foreground">{t('import.failed.more', { count: unlisted })}</p>
      ) : null}
    </section>
  );
}

function Running({ item }: { item: Import }) {
  const t = useT();
  return (
    <LabelledProgress
      title={t('import.progress.rows', { done: item.done, total: item.total })}
      done={item.done}
      total={item.total}
      label={t('import.progress.label')}
      details={<ImportCounts item={item} />}
    />
  );
}

const seeTransactions = (accountId: number) =>
  `${TRANSACTIONS_PATH}?${filtersToParams({ ...EMPTY_FILTERS, accountIds: [accountId] })}`;

function Finished({ item, onAnother }: { item: Import; onAnother: () => void }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-5">
      {item.state === 'failed' ? (
        <ErrorAlert>
          {item.error ? storedIssueText(item.error, item.errorIssue) : t('import.summary.failed')}
        </ErrorAlert>
      ) : null}
      <ImportCounts item={item} />
      <FailedRows item={item} />
      <div className="flex flex-wrap gap-2">
        {item.state !== 'undone' ? (
          <Button asChild>
            <Link to={seeTransactions(item.accountId)}>{t('import.summary.see')}</Link>
          </Button>
        ) : null}
        {item.state !== 'undone' && item.imported > 0 ? <UndoImportButton item={item} /> : null}
        <Button variant="outline" onClick={onAnother}>
          {t('import.summary.another')}
        </Button>
      </div>
    </div>
  );
}

const TITLES = {
  uploaded: 'import.status.uploaded',
  running: 'import.status.running',
  done: 'import.status.done',
  failed: 'import.status.failed',
  undone: 'import.status.undone',
} as const;

/** Step 4: the import under way (a bar of rows done), then what it did; it is back after a reload. */
export function ImportStatus({ importId, onAnother }: { importId: number; onAnother: () => void }) {
  const t = useT();
  const query = useImport(importId);
  const item = query.data;
  if (!item) {
    return (
      <Card>
        {query.isPending ? (
          <CardContent role="status" aria-label={t('import.status.loading')} className="flex flex-col gap-3">
            <Skeleton className="h-6 w-1/2" />
            <Skeleton className="h-2 w-full" />
          </CardContent>
        ) : (
          <EmptyState
            icon={FileWarning}
            title={
              isApiError(query.error) && query.error.status === 404
                ? t('import.status.notFound')
                : t('import.status.loadError')
            }
            description={
              isApiError(query.error) && query.error.status === 404
                ? t('import.status.notFoundDescription')
                : t('import.status.loadErrorDescription')
            }
            action={
              <div className="flex flex-wrap justify-center gap-2">
                <RetryButton onRetry={() => void query.refetch()} retrying={query.isFetching} />
                <Button variant="outline" onClick={onAnother}>
                  {t('import.summary.another')}
                </Button>
              </div>
            }
          />
        )}
      </Card>
    );
  }
  return (
    <Card aria-labelledby="import-status-title">
      <CardHeader>
        <CardTitle id="import-status-title" className="flex items-center gap-2">
          {isImportRunning(item) ? (
            <Spinner className="text-primary" />
          ) : item.state === 'done' ? (
            <CircleCheck aria-hidden="true" className="size-5 text-success" />
          ) : null}
          {t(TITLES[item.state])}
        </CardTitle>
        {item.fileName ? <CardDescription className="break-all">{item.fileName}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        {isImportRunning(item) ? (
          <Running item={item} />
        ) : item.state === 'uploaded' ? (
          <div className="flex flex-col gap-4">
            <p className="text-sm text-muted-foreground">{t('import.status.uploadedDescription')}</p>
            <div className="flex flex-wrap gap-2">
              <Button onClick={onAnother}>{t('import.summary.another')}</Button>
              <RemoveUploadButton importId={item.id} onRemoved={onAnother} />
            </div>
          </div>
        ) : (
          <Finished item={item} onAnother={onAnother} />
        )}
      </CardContent>
    </Card>
  );
}
