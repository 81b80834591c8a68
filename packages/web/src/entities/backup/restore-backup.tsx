import type { EndpointResponse, endpoints } from '@kopiyka/shared';
import { ArchiveRestore } from 'lucide-react';
import { useState } from 'react';
import { type BackupBody, useRestoreBackup } from '../../api/backup.ts';
import { hasErrorCode, inlineErrorMessage } from '../../api/errors.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { AlertDialog } from '../../components/ui/alert-dialog.tsx';
import type { ButtonProps } from '../../components/ui/button.tsx';
import { FileButton } from '../../components/ui/file-button.tsx';
import { issueText, type MessageKey, t, useT } from '../../lib/i18n.ts';
import { notify } from '../../stores/notifications.ts';
import { ConfirmDialogContent } from '../requests/confirm-dialog.tsx';

export type RestoreCounts = EndpointResponse<typeof endpoints.backup.restore>['counts'];

const COUNT_LABELS: Record<keyof RestoreCounts, MessageKey> = {
  accounts: 'backup.counts.accounts',
  accountGroups: 'backup.counts.accountGroups',
  categories: 'backup.counts.categories',
  transactions: 'backup.counts.transactions',
  budgets: 'backup.counts.budgets',
  tags: 'backup.counts.tags',
  currencies: 'backup.counts.currencies',
  rates: 'backup.counts.rates',
};

/** Refusals in plain words: a user who has data already (409), a file that is no backup (422). */
function restoreFailure(error: unknown): string | null {
  if (hasErrorCode(error, 'CONFLICT')) return t('backup.restore.notEmpty');
  if (hasErrorCode(error, 'VALIDATION_ERROR')) {
    // The document's first problem, for whoever wants to look into the file.
    const reason = error.details[0];
    return reason ? t('backup.restore.invalidBecause', { reason: issueText(reason) }) : t('backup.restore.invalid');
  }
  return inlineErrorMessage(error);
}

/** What was restored, by kind. */
export function RestoredCounts({ counts }: { counts: RestoreCounts }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-muted/60 p-3 text-sm sm:grid-cols-4">
      {(Object.keys(COUNT_LABELS) as Array<keyof RestoreCounts>).map((kind) => (
        <div key={kind} className="flex flex-col">
          <dt className="text-xs text-muted-foreground">{t(COUNT_LABELS[kind])}</dt>
          <dd className="font-medium tabular-nums">{counts[kind]}</dd>
        </div>
      ))}
    </dl>
  );
}

type RestoreBackupProps = Pick<ButtonProps, 'variant' | 'className'> & {
  onRestored: (counts: RestoreCounts) => void;
};

/**
 * Restores a backup file chosen here into this user, after asking. The file is read as JSON
 * first: anything else is refused at once, in the words the server uses for a damaged backup.
 */
export function RestoreBackup({ onRestored, variant = 'outline', className }: RestoreBackupProps) {
  const t = useT();
  const restore = useRestoreBackup();
  const [chosen, setChosen] = useState<{ name: string; backup: BackupBody } | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function read(file: File) {
    setError(null);
    try {
      setChosen({ name: file.name, backup: JSON.parse(await file.text()) as BackupBody });
    } catch {
      setError(t('backup.restore.invalid'));
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <AlertDialog open={chosen !== null} onOpenChange={(open) => (open ? undefined : setChosen(null))}>
        <div>
          <FileButton
            variant={variant}
            className={className}
            accept="application/json,.json"
            label={t('backup.restore.button')}
            onFile={(file) => void read(file)}
          >
            <ArchiveRestore aria-hidden="true" className="size-4" />
            {t('backup.restore.button')}
          </FileButton>
        </div>
        {chosen ? (
          <ConfirmDialogContent
            title={t('backup.restore.confirmTitle')}
            description={t('backup.restore.confirmDescription', { file: chosen.name })}
            confirmLabel={t('backup.restore.confirm')}
            confirm={() => restore.mutateAsync(chosen.backup)}
            pending={restore.isPending}
            failureMessage={restoreFailure}
            onConfirmed={({ counts }) => {
              setChosen(null);
              notify('success', t('backup.restore.done', { count: counts.transactions }));
              onRestored(counts);
            }}
          />
        ) : null}
      </AlertDialog>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
    </div>
  );
}
