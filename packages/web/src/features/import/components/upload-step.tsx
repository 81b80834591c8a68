import { type CreateImportResponse, IMPORT_MAX_BYTES } from '@kopiyka/shared';
import { FileUp, Upload } from 'lucide-react';
import { type DragEvent, useState } from 'react';
import { Link } from 'react-router';
import { useAccounts } from '../../../api/accounts.ts';
import { inlineErrorMessage, isApiError } from '../../../api/errors.ts';
import { useUploadImport } from '../../../api/imports.ts';
import { useSubmission } from '../../../api/submission.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { FileButton } from '../../../components/ui/file-button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { issueText, t, useT } from '../../../lib/i18n.ts';
import { numberFormat } from '../../../lib/locale.ts';
import { cn } from '../../../lib/utils.ts';

/** "64 MB": the size limit as people read it. */
function megabytes(bytes: number): string {
  return numberFormat({ style: 'unit', unit: 'megabyte', maximumFractionDigits: 0 }).format(bytes / 1024 / 1024);
}

/** Why a file is refused before it is sent; null when it may go. */
export function fileProblem(file: File): string | null {
  return file.size > IMPORT_MAX_BYTES ? t('import.upload.tooLarge', { size: megabytes(IMPORT_MAX_BYTES) }) : null;
}

export type UploadedFile = { accountId: number; file: CreateImportResponse };

type UploadStepProps = {
  accountId: number | null;
  onAccountChange: (accountId: number) => void;
  onUploaded: (uploaded: UploadedFile) => void;
};

/** Step 1: the account the rows go to, and the file (chosen or dropped), sent as it is. */
export function UploadStep({ accountId, onAccountChange, onUploaded }: UploadStepProps) {
  const t = useT();
  const accounts = useAccounts();
  const upload = useUploadImport();
  const [file, setFile] = useState<File | null>(null);
  /** What the page itself finds wrong before sending: no account, no file, a file it cannot take. */
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const submission = useSubmission({
    send: (chosen: { accountId: number; file: File }) => upload.mutateAsync(chosen),
    // The server's own limit says the same as the check below.
    failureMessage: (failure) =>
      isApiError(failure) && failure.status === 413
        ? t('import.upload.tooLarge', { size: megabytes(IMPORT_MAX_BYTES) })
        : inlineErrorMessage(failure),
    onSuccess: (uploaded, { accountId }) => onUploaded({ accountId, file: uploaded }),
  });

  function choose(chosen: File) {
    setFile(chosen);
    setProblem(fileProblem(chosen));
    submission.clearError();
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) choose(dropped);
  }

  // A bank account's rows come from the bank: only the person's own accounts take a file.
  const own = accounts.data?.filter((account) => account.type === 'system') ?? [];
  const linked = accounts.data?.find((account) => account.id === accountId);
  const fromBank = linked && linked.type !== 'system' ? linked : undefined;
  // With one account there is nothing to choose.
  const only = own.length === 1 ? own[0]!.id : null;
  const account = fromBank ? only : (accountId ?? only);

  function send() {
    const found =
      account === null ? t('import.upload.chooseAccount') : !file ? t('import.upload.chooseFile') : fileProblem(file);
    setProblem(found);
    if (found === null && account !== null && file) void submission.submit({ accountId: account, file });
  }
  const error = problem ?? submission.error;

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('import.upload.title')}</CardTitle>
        <CardDescription>{t('import.upload.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {accounts.isPending ? (
          <div role="status" aria-label={t('import.upload.loading')} className="flex flex-col gap-4">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : accounts.isError ? (
          <EmptyState
            icon={FileUp}
            title={t('import.upload.accountsError')}
            description={t('import.upload.accountsErrorDescription')}
            action={<RetryButton onRetry={() => void accounts.refetch()} retrying={accounts.isFetching} />}
          />
        ) : own.length === 0 ? (
          <EmptyState
            icon={FileUp}
            title={t('import.upload.noAccounts')}
            description={
              fromBank
                ? issueText({ code: 'import.rowsFromBank', params: { account: fromBank.name } })
                : t('import.upload.noAccountsDescription')
            }
            action={
              <Button asChild>
                <Link to="/create-account">{t('import.upload.addAccount')}</Link>
              </Button>
            }
          />
        ) : (
          <form
            noValidate
            className="flex flex-col gap-5"
            onSubmit={(event) => {
              event.preventDefault();
              void send();
            }}
          >
            {fromBank ? (
              <p role="status" className="rounded-lg bg-muted/60 p-3 text-sm">
                {issueText({ code: 'import.rowsFromBank', params: { account: fromBank.name } })}
              </p>
            ) : null}
            <FormField id="import-account" label={t('import.upload.account')}>
              {(control) => (
                <NativeSelect
                  {...control}
                  value={account ?? ''}
                  onChange={(event) => onAccountChange(Number(event.target.value))}
                >
                  {account === null ? <option value="">{t('import.upload.chooseAccount')}</option> : null}
                  {own.map((account) => (
                    <option key={account.id} value={account.id}>
                      {account.name} · {account.currencyCode}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <section
              aria-label={t('import.upload.dropZone')}
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              className={cn(
                'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
                dragging ? 'border-primary bg-primary/5' : 'border-input',
              )}
            >
              <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
                <Upload aria-hidden="true" className="size-6" />
              </span>
              <p className="text-sm text-muted-foreground">{t('import.upload.drop')}</p>
              <FileButton
                variant="outline"
                accept=".csv,text/csv,text/plain"
                label={t('import.upload.chooseFile')}
                onFile={choose}
              >
                {t('import.upload.chooseFile')}
              </FileButton>
              <p className="text-sm font-medium break-all" aria-live="polite">
                {file ? file.name : t('import.upload.noFile')}
              </p>
              <p className="text-xs text-muted-foreground">
                {t('import.upload.formats', { size: megabytes(IMPORT_MAX_BYTES) })}
              </p>
            </section>
            {error ? <ErrorAlert>{error}</ErrorAlert> : null}
            <div>
              <Button type="submit" disabled={upload.isPending}>
                {upload.isPending ? <Spinner /> : null}
                {t('import.upload.submit')}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
