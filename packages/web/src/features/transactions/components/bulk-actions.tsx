import {
  BULK_IDS_MAX,
  type BulkSkipReason,
  type BulkTransactionsBody,
  type BulkTransactionsResult,
  NOTE_MAX,
  TRANSACTION_TAGS_MAX,
} from '@kopiyka/shared';
import { FolderInput, NotebookPen, Tags, Trash2, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useSubmission } from '../../../api/submission.ts';
import { useTags } from '../../../api/tags.ts';
import { useBulkTransactions } from '../../../api/transactions.ts';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogForm, FormDialog } from '../../../components/ui/form-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { ConfirmDialogContent } from '../../../entities/requests/confirm-dialog.tsx';
import { TagToggles } from '../../../entities/tags/tag-toggles.tsx';
import { CategoryPicker } from '../../../entities/transactions/pickers.tsx';
import { t, useT } from '../../../lib/i18n.ts';
import { notify } from '../../../stores/notifications.ts';

type BulkAction = 'category' | 'tags' | 'note' | 'delete';

/** What a bulk change did, in words: how many changed, and how many it passed by and why. */
export function bulkResultText(result: BulkTransactionsResult): string {
  const done =
    result.deleted > 0 || result.updated === 0
      ? t('bulk.result.deleted', { count: result.deleted })
      : t('bulk.result.updated', { count: result.updated });
  if (result.skipped.length === 0) return done;
  const skippedFor = (reason: BulkSkipReason) => result.skipped.filter((skip) => skip.reason === reason).length;
  const [transfers, splits, bank, tags] = [
    skippedFor('transfer'),
    skippedFor('split'),
    skippedFor('bank'),
    skippedFor('tags'),
  ];
  const why = [
    transfers > 0 ? t('bulk.result.skippedTransfers', { count: transfers }) : null,
    splits > 0 ? t('bulk.result.skippedSplits', { count: splits }) : null,
    bank > 0 ? t('bulk.result.skippedBank', { count: bank }) : null,
    tags > 0 ? t('bulk.result.skippedTags', { count: tags, max: TRANSACTION_TAGS_MAX }) : null,
  ].filter((part) => part !== null);
  return `${done} ${why.join(' ')}`;
}

type BulkActionsProps = {
  /** The ids chosen, in the list's order. */
  ids: readonly number[];
  /** More match than one change takes (BULK_IDS_MAX): the first of them are chosen. */
  capped: boolean;
  /** "Select all N matching": asks for every id the filters match. */
  onSelectAll: () => void;
  selectingAll: boolean;
  /** Whether every matching transaction is chosen already. */
  allSelected: boolean;
  /** Forgets the selection: asked for, or once a change is made (the rows it named may be gone). */
  onClear: () => void;
};

/**
 * The bar over a selection of transactions: how many are chosen, choosing every one that
 * matches across pages, and the changes made to all of them at once (POST /transactions/bulk).
 */
export function BulkActions({ ids, capped, onSelectAll, selectingAll, allSelected, onClear }: BulkActionsProps) {
  const [action, setAction] = useState<BulkAction | null>(null);
  const t = useT();
  const close = () => setAction(null);
  const done = () => {
    close();
    onClear();
  };
  return (
    <section
      aria-label={t('bulk.label')}
      className="sticky bottom-20 z-20 md:bottom-3 flex flex-col gap-2 rounded-xl border bg-card p-3 shadow-lg sm:flex-row sm:flex-wrap sm:items-center"
    >
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="font-medium" aria-live="polite">
          {t('bulk.selected', { count: ids.length })}
        </span>
        {allSelected ? null : (
          <Button variant="link" onClick={onSelectAll} disabled={selectingAll}>
            {selectingAll ? <Spinner /> : null}
            {t('bulk.selectAll')}
          </Button>
        )}
        {capped ? (
          <span className="text-xs text-muted-foreground">{t('bulk.capped', { max: BULK_IDS_MAX })}</span>
        ) : null}
      </div>
      <div className="grid grid-cols-2 gap-1.5 sm:flex">
        <Button variant="outline" size="sm" onClick={() => setAction('category')}>
          <FolderInput aria-hidden="true" className="size-4" />
          {t('bulk.action.category')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setAction('tags')}>
          <Tags aria-hidden="true" className="size-4" />
          {t('bulk.action.tags')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setAction('note')}>
          <NotebookPen aria-hidden="true" className="size-4" />
          {t('bulk.action.note')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setAction('delete')} className="text-destructive">
          <Trash2 aria-hidden="true" className="size-4" />
          {t('bulk.action.delete')}
        </Button>
      </div>
      <Button variant="ghost" size="sm" onClick={onClear} className="self-end sm:self-auto">
        <X aria-hidden="true" className="size-4" />
        {t('bulk.clear')}
      </Button>

      <FormDialog
        open={action === 'category' || action === 'tags' || action === 'note'}
        onOpenChange={(open) => !open && close()}
        title={action ? t(`bulk.dialog.${action}.title`, { count: ids.length }) : ''}
        description={action === 'category' ? t('bulk.dialog.category.description') : undefined}
      >
        {action === 'category' || action === 'tags' || action === 'note' ? (
          <BulkForm action={action} ids={ids} onDone={done} />
        ) : null}
      </FormDialog>
      <AlertDialog open={action === 'delete'} onOpenChange={(open) => !open && close()}>
        {action === 'delete' ? <BulkDelete ids={ids} onDone={done} /> : null}
      </AlertDialog>
    </section>
  );
}

function BulkDelete({ ids, onDone }: { ids: readonly number[]; onDone: () => void }) {
  const bulk = useBulkTransactions();
  const t = useT();
  return (
    <ConfirmDialogContent
      title={t('bulk.dialog.delete.title', { count: ids.length })}
      description={t('bulk.dialog.delete.description')}
      confirmLabel={t('bulk.action.delete')}
      confirmVariant="destructive"
      confirm={() => bulk.mutateAsync({ ids: [...ids], delete: true })}
      pending={bulk.isPending}
      onConfirmed={(result) => {
        notify('success', bulkResultText(result));
        onDone();
      }}
    />
  );
}

function BulkForm({
  action,
  ids,
  onDone,
}: {
  action: 'category' | 'tags' | 'note';
  ids: readonly number[];
  onDone: () => void;
}) {
  const bulk = useBulkTransactions();
  const tags = useTags().data ?? [];
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [adding, setAdding] = useState<number[]>([]);
  const [removing, setRemoving] = useState<number[]>([]);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const t = useT();
  const submission = useSubmission({
    send: (body: BulkTransactionsBody) => bulk.mutateAsync(body),
    onSuccess: (result) => {
      notify('success', bulkResultText(result));
      onDone();
    },
  });

  async function send(event: FormEvent) {
    event.preventDefault();
    const set: BulkTransactionsBody['set'] =
      action === 'category'
        ? categoryId === null
          ? undefined
          : { categoryId }
        : action === 'tags'
          ? adding.length + removing.length === 0
            ? undefined
            : { addTagIds: adding, removeTagIds: removing }
          : { note };
    if (!set) {
      setProblem(action === 'category' ? t('bulk.problem.category') : t('bulk.problem.tags'));
      return;
    }
    setProblem(null);
    await submission.submit({ ids: [...ids], set });
  }

  return (
    <DialogForm
      onSubmit={(event) => void send(event)}
      error={problem ?? submission.error}
      unreachable={submission.unreachable}
      submitLabel={t('bulk.apply', { count: ids.length })}
      submitting={bulk.isPending}
    >
      {action === 'category' ? (
        <FormField id="bulk-category" label={t('transaction.field.category')}>
          {(control) => <CategoryPicker {...control} value={categoryId} onChange={setCategoryId} />}
        </FormField>
      ) : action === 'tags' ? (
        <>
          <div className="flex flex-col gap-2">
            <span id="bulk-add-tags" className="text-sm font-medium leading-none">
              {t('bulk.dialog.tags.add')}
            </span>
            <TagToggles
              tags={tags}
              value={adding}
              onChange={(next) => {
                setAdding(next);
                setRemoving(removing.filter((id) => !next.includes(id)));
              }}
              labelledBy="bulk-add-tags"
            />
          </div>
          {tags.length > 0 ? (
            <div className="flex flex-col gap-2">
              <span id="bulk-remove-tags" className="text-sm font-medium leading-none">
                {t('bulk.dialog.tags.remove')}
              </span>
              <TagToggles
                tags={tags}
                value={removing}
                onChange={(next) => {
                  setRemoving(next);
                  setAdding(adding.filter((id) => !next.includes(id)));
                }}
                labelledBy="bulk-remove-tags"
              />
            </div>
          ) : null}
        </>
      ) : (
        <FormField id="bulk-note" label={t('transaction.field.note')}>
          {(control) => (
            <Textarea
              {...control}
              data-autofocus
              rows={3}
              maxLength={NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              placeholder={t('bulk.dialog.note.placeholder')}
            />
          )}
        </FormField>
      )}
    </DialogForm>
  );
}
