import type { Import, ImportState } from '@kopiyka/shared';
import { History } from 'lucide-react';
import { Link } from 'react-router';
import { useAccounts } from '../../../api/accounts.ts';
import { useImports } from '../../../api/imports.ts';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDateTime } from '../../../entities/transactions/describe.ts';
import { type MessageKey, useT } from '../../../lib/i18n.ts';
import { ImportCounts } from './import-status.tsx';
import { RemoveUploadButton } from './remove-upload-button.tsx';
import { UndoImportButton } from './undo-import-button.tsx';

const STATE_BADGES: Record<ImportState, { label: MessageKey; variant: BadgeVariant }> = {
  uploaded: { label: 'import.state.uploaded', variant: 'neutral' },
  running: { label: 'import.state.running', variant: 'info' },
  done: { label: 'import.state.done', variant: 'success' },
  failed: { label: 'import.state.failed', variant: 'destructive' },
  undone: { label: 'import.state.undone', variant: 'neutral' },
};

function ImportRow({ item, accountName }: { item: Import; accountName: string | undefined }) {
  const t = useT();
  const badge = STATE_BADGES[item.state];
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`?importId=${item.id}`} className="min-w-0 font-medium break-all hover:underline">
            {item.fileName ?? t('import.recent.noName')}
          </Link>
          <Badge variant={badge.variant}>{t(badge.label)}</Badge>
        </div>
        <p className="text-xs text-muted-foreground">
          {[accountName, formatDateTime(item.createdAt)].filter(Boolean).join(' · ')}
        </p>
        {item.state === 'uploaded' ? null : <ImportCounts item={item} />}
      </div>
      {(item.state === 'done' || item.state === 'failed') && item.imported > 0 ? (
        <UndoImportButton item={item} size="sm" />
      ) : item.state === 'uploaded' ? (
        <RemoveUploadButton importId={item.id} size="sm" />
      ) : null}
    </li>
  );
}

/** The latest imports, newest first: how each went, and Undo for those that brought rows in. */
export function RecentImports() {
  const t = useT();
  const imports = useImports();
  const accounts = useAccounts();
  const accountName = (id: number) => accounts.data?.find((account) => account.id === id)?.name;
  return (
    <Card aria-labelledby="recent-imports-title">
      <CardHeader>
        <CardTitle id="recent-imports-title">{t('import.recent.title')}</CardTitle>
        <CardDescription>{t('import.recent.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {imports.isPending ? (
          <div role="status" aria-label={t('import.recent.loading')} className="flex flex-col gap-3">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : imports.isError ? (
          <EmptyState
            icon={History}
            title={t('import.recent.loadError')}
            description={t('import.recent.loadErrorDescription')}
            action={<RetryButton onRetry={() => void imports.refetch()} retrying={imports.isFetching} />}
          />
        ) : imports.data.length === 0 ? (
          <EmptyState
            icon={History}
            title={t('import.recent.empty')}
            description={t('import.recent.emptyDescription')}
          />
        ) : (
          <ul className="divide-y">
            {imports.data.map((item) => (
              <ImportRow key={item.id} item={item} accountName={accountName(item.accountId)} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
