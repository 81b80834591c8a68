import { Download } from 'lucide-react';
import { useState } from 'react';
import { useDownloadBackup } from '../../../api/backup.ts';
import { useSubmission } from '../../../api/submission.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { RestoreBackup, type RestoreCounts, RestoredCounts } from '../../../entities/backup/restore-backup.tsx';
import { useT } from '../../../lib/i18n.ts';

/** Settings → User: the whole of the user's data as one file, and that file back into an empty user. */
export function BackupCard() {
  const t = useT();
  const download = useDownloadBackup();
  const [restored, setRestored] = useState<RestoreCounts | null>(null);

  const submission = useSubmission({ send: () => download.mutateAsync() });
  const downloadError = submission.error;
  const save = () => submission.submit();

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('backup.title')}</CardTitle>
        <CardDescription>{t('backup.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="flex flex-col gap-3">
          <div>
            <Button variant="outline" onClick={() => void save()} disabled={download.isPending}>
              {download.isPending ? <Spinner /> : <Download aria-hidden="true" className="size-4" />}
              {t('backup.download')}
            </Button>
          </div>
          {downloadError ? <ErrorAlert>{downloadError}</ErrorAlert> : null}
        </div>
        <section aria-labelledby="restore-backup-title" className="flex flex-col gap-3 border-t pt-5">
          <div className="flex flex-col gap-1">
            <h3 id="restore-backup-title" className="text-sm font-medium">
              {t('backup.restore.title')}
            </h3>
            <p className="text-sm text-muted-foreground">{t('backup.restore.description')}</p>
          </div>
          <RestoreBackup onRestored={setRestored} />
          {restored ? (
            <div className="flex flex-col gap-2" role="status" aria-labelledby="restored-backup-title">
              <p id="restored-backup-title" className="text-sm font-medium">
                {t('backup.restore.restored')}
              </p>
              <RestoredCounts counts={restored} />
            </div>
          ) : null}
        </section>
      </CardContent>
    </Card>
  );
}
