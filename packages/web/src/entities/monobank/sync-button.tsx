import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useIsSyncing, useSyncNow } from '../../api/financial-sync.ts';
import { useActiveJobs, useBankUser, useRecentJobs } from '../../api/monobank.ts';
import { useSubmission } from '../../api/submission.ts';
import { Button } from '../../components/ui/button.tsx';
import { useNow } from '../../hooks/use-now.ts';
import { formatTimeAgo } from '../../lib/dates.ts';
import { useT } from '../../lib/i18n.ts';
import { cn } from '../../lib/utils.ts';
import { openBankDialog } from '../../stores/bank-dialog-target.ts';
import { notify } from '../../stores/notifications.ts';
import { lastSyncedAt } from './job-progress.ts';

/** "Last synced" is said in minutes: the words are renewed once a minute. */
const LAST_SYNC_REFRESH_MS = 60_000;

/**
 * The header's sync button, shown while Monobank is paired: syncs now (refresh and load of every
 * enabled bank account), spins while a sync or import runs, and says when the last one was.
 * When Monobank refuses the token, it leads to pasting a new one instead.
 */
export function SyncButton({ className }: { className?: string }) {
  const bankUser = useBankUser().data;
  const paired = Boolean(bankUser);
  const activeJobs = useActiveJobs(paired).data ?? [];
  const recentJobs = useRecentJobs(paired).data;
  const syncNow = useSyncNow();
  const submission = useSubmission({ send: () => syncNow.mutateAsync() });
  const syncing = useIsSyncing() || activeJobs.length > 0;
  const now = useNow(LAST_SYNC_REFRESH_MS, paired);
  const t = useT();
  if (!bankUser) return null;

  const iconButton = cn('text-muted-foreground hover:text-foreground', className);
  if (bankUser.tokenState === 'invalid') {
    const label = t('bank.sync.stopped');
    return (
      <Button
        variant="ghost"
        size="icon"
        aria-label={label}
        title={label}
        className={cn(iconButton, 'text-warning hover:text-warning')}
        onClick={() => openBankDialog('replace-token')}
      >
        <TriangleAlert aria-hidden="true" className="size-5" />
      </Button>
    );
  }

  const last = lastSyncedAt(bankUser, recentJobs);
  const label = syncing
    ? t('bank.sync.syncing')
    : last
      ? t('bank.sync.button', { ago: formatTimeAgo(last, now) })
      : t('bank.sync.buttonNever');
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={label}
      aria-disabled={syncing}
      title={label}
      className={iconButton}
      onClick={async () => {
        if (syncing) return;
        const refusal = await submission.submit();
        if (refusal) notify('error', refusal, { title: t('bank.sync.failed') });
      }}
    >
      <RefreshCw aria-hidden="true" className={cn('size-5', syncing && 'animate-spin')} />
    </Button>
  );
}
