import type { CommitImportBody, ImportCategoryChoice } from '@kopiyka/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAccounts } from '../../api/accounts.ts';
import { useCommitImport, useUndoImport } from '../../api/imports.ts';
import { useSubmission } from '../../api/submission.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { useT } from '../../lib/i18n.ts';
import { CategoriesStep } from './components/categories-step.tsx';
import { ImportStatus } from './components/import-status.tsx';
import { MappingStep } from './components/mapping-step.tsx';
import { RecentImports } from './components/recent-imports.tsx';
import { type UploadedFile, UploadStep } from './components/upload-step.tsx';
import { type DraftCheck, type ImportDraft, initialDraft } from './import-draft.ts';

type Mapped = Extract<DraftCheck, { ok: true }>;

/** A positive whole number from the URL, else null. */
function idParam(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * /import: a CSV file into an account, step by step: upload, mapping with a parsed preview,
 * the file's category names, then the import's progress and summary (`?importId=`, so a reload
 * comes back to it). `?accountId=` chooses the account. The recent imports are listed below.
 */
export function ImportPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const importId = idParam(params.get('importId'));
  const accountId = idParam(params.get('accountId'));
  const accounts = useAccounts();
  const [uploaded, setUploaded] = useState<UploadedFile | null>(null);
  const [draft, setDraft] = useState<ImportDraft | null>(null);
  const [mapped, setMapped] = useState<Mapped | null>(null);
  const commit = useCommitImport();
  const drop = useUndoImport();

  function startOver() {
    setUploaded(null);
    setDraft(null);
    setMapped(null);
    submission.clearError();
    setParams(accountId === null ? {} : { accountId: String(accountId) });
  }

  const submission = useSubmission({
    send: (started: { accountId: number; id: number; body: CommitImportBody }) =>
      commit.mutateAsync({ id: started.id, body: started.body }),
    onSuccess: (_answer, { accountId, id }) => {
      setUploaded(null);
      setDraft(null);
      setMapped(null);
      setParams({ accountId: String(accountId), importId: String(id) });
    },
  });
  const commitError = submission.error;

  function start(checked: Mapped, categories: ImportCategoryChoice[]) {
    if (!uploaded || !draft) return;
    return submission.submit({
      accountId: uploaded.accountId,
      id: uploaded.file.importId,
      body: {
        mapping: checked.mapping,
        dateFormat: checked.dateFormat,
        decimalSeparator: draft.decimalSeparator,
        skipDuplicates: draft.skipDuplicates,
        categories,
        ...(checked.balance ? { balance: checked.balance } : {}),
      },
    });
  }

  function cancelUpload() {
    // The upload is of no use any more: the server drops it rather than keeping it among the imports.
    if (uploaded) void drop.mutateAsync(uploaded.file.importId).catch(() => undefined);
    startOver();
  }

  const currency = accounts.data?.find((account) => account.id === uploaded?.accountId)?.currencyCode ?? '';

  return (
    <div className="flex flex-col gap-6">
      {importId !== null ? (
        <ImportStatus importId={importId} onAnother={startOver} />
      ) : uploaded && draft ? (
        mapped && draft.mapping.category !== undefined ? (
          <CategoriesStep
            importId={uploaded.file.importId}
            column={draft.mapping.category}
            onBack={() => setMapped(null)}
            onImport={(categories) => void start(mapped, categories)}
            busy={commit.isPending}
          />
        ) : (
          <MappingStep
            file={uploaded.file}
            currency={currency}
            draft={draft}
            onDraftChange={setDraft}
            onContinue={(checked) => {
              if (draft.mapping.category === undefined) void start(checked, []);
              else setMapped(checked);
            }}
            onCancel={cancelUpload}
            continueLabel={draft.mapping.category === undefined ? t('import.start') : t('import.next')}
            busy={commit.isPending}
          />
        )
      ) : (
        <UploadStep
          accountId={accountId}
          onAccountChange={(id) => setParams({ accountId: String(id) }, { replace: true })}
          onUploaded={(file) => {
            const account = accounts.data?.find((account) => account.id === file.accountId);
            setUploaded(file);
            setDraft(initialDraft(file.file.detected, account?.currentBalance ?? 0));
          }}
        />
      )}
      {commitError ? <ErrorAlert>{commitError}</ErrorAlert> : null}
      <RecentImports />
    </div>
  );
}
