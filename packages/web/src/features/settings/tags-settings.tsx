import { TAG_NAME_MAX, type Tag, updateTagBodySchema } from '@kopiyka/shared';
import { Plus, Tags, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { loadFailureText } from '../../api/errors.ts';
import { useSubmission } from '../../api/submission.ts';
import { useCreateTag, useDeleteTag, useTags, useUpdateTag } from '../../api/tags.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { AlertDialog } from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { InlineEdit } from '../../components/ui/inline-edit.tsx';
import { Input } from '../../components/ui/input.tsx';
import { RetryButton } from '../../components/ui/retry-button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ConfirmDialogContent } from '../../entities/requests/confirm-dialog.tsx';
import { useT } from '../../lib/i18n.ts';
import { notify } from '../../stores/notifications.ts';

/** The colour a new tag starts with: the first swatch categories offer. */
const NEW_TAG_COLOR = '#3498db';

function nameProblem(name: string): string | null {
  const checked = updateTagBodySchema.safeParse({ name });
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

function NewTagForm() {
  const createTag = useCreateTag();
  const [name, setName] = useState('');
  const [color, setColor] = useState(NEW_TAG_COLOR);
  const t = useT();
  const submission = useSubmission({
    send: (body: { name: string; color: string }) => createTag.mutateAsync(body),
    onSuccess: (tag) => {
      notify('success', t('tags.created', { name: tag.name }));
      setName('');
    },
  });
  const [problem, setProblem] = useState<string | null>(null);
  async function add(event: FormEvent) {
    event.preventDefault();
    const local = nameProblem(name);
    setProblem(local);
    if (local === null) await submission.submit({ name: name.trim(), color });
  }
  const error = problem ?? submission.error;
  return (
    <form onSubmit={(event) => void add(event)} className="flex flex-col gap-2" aria-label={t('tags.new')}>
      <div className="flex items-center gap-2">
        <input
          type="color"
          value={color}
          onChange={(event) => setColor(event.target.value)}
          aria-label={t('tags.newColour')}
          className="size-10 shrink-0 cursor-pointer rounded-lg border border-input bg-transparent p-1"
        />
        <Input
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={TAG_NAME_MAX}
          placeholder={t('tags.namePlaceholder')}
          aria-label={t('tags.name')}
          aria-invalid={error ? true : undefined}
          autoComplete="off"
          className="min-w-0 flex-1"
        />
        <Button type="submit" disabled={createTag.isPending} aria-label={t('tags.add')}>
          {createTag.isPending ? <Spinner /> : <Plus aria-hidden="true" className="size-4" />}
          <span className="hidden sm:inline">{t('tags.add')}</span>
        </Button>
      </div>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
    </form>
  );
}

function TagItem({ tag, onDelete }: { tag: Tag; onDelete: (tag: Tag) => void }) {
  const updateTag = useUpdateTag();
  const t = useT();
  const save = useSubmission({
    send: (body: { name?: string; color?: string }) => updateTag.mutateAsync({ id: tag.id, body }),
  });
  async function recolour(color: string) {
    const refusal = await save.submit({ color });
    if (refusal) notify('error', refusal);
  }
  return (
    <li className="flex items-center gap-2 py-1.5 pr-1 pl-2">
      <input
        type="color"
        defaultValue={tag.color}
        // Saved once the picker closes, not at every shade it passes through.
        onBlur={(event) => {
          if (event.target.value !== tag.color) void recolour(event.target.value);
        }}
        aria-label={t('tags.colourOf', { name: tag.name })}
        className="size-8 shrink-0 cursor-pointer rounded-md border border-input bg-transparent p-0.5"
      />
      <InlineEdit
        label={t('tags.nameOf', { name: tag.name })}
        value={tag.name}
        className="min-w-0 flex-1"
        validate={nameProblem}
        onSave={(name) => save.submit({ name })}
      />
      <Button
        variant="ghost"
        size="icon"
        aria-label={t('tags.deleteOne', { name: tag.name })}
        onClick={() => onDelete(tag)}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </li>
  );
}

function DeleteTagContent({ tag, onClose }: { tag: Tag; onClose: () => void }) {
  const deleteTag = useDeleteTag();
  const t = useT();
  return (
    <ConfirmDialogContent
      title={t('tags.deleteDialog.title', { name: tag.name })}
      description={t('tags.deleteDialog.description')}
      confirmLabel={t('tags.delete')}
      confirmVariant="destructive"
      confirm={() => deleteTag.mutateAsync(tag.id)}
      pending={deleteTag.isPending}
      onConfirmed={() => {
        notify('success', t('tags.deleted', { name: tag.name }));
        onClose();
      }}
    />
  );
}

/** Settings → Tags: the user's tags, made, renamed, recoloured and deleted here. */
export function TagsSettings() {
  const tags = useTags();
  const [deleting, setDeleting] = useState<Tag | null>(null);
  const t = useT();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('page.tags')}</CardTitle>
        <CardDescription>{t('tags.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <NewTagForm />
        {tags.isSuccess ? (
          tags.data.length === 0 ? (
            <EmptyState
              icon={Tags}
              title={t('tags.empty.title')}
              description={t('tags.empty.description')}
              className="rounded-lg border border-dashed"
            />
          ) : (
            <ul aria-label={t('page.tags')} className="flex flex-col divide-y">
              {tags.data.map((tag) => (
                <TagItem key={tag.id} tag={tag} onDelete={setDeleting} />
              ))}
            </ul>
          )
        ) : tags.isError ? (
          <EmptyState
            icon={Tags}
            title={t('tags.loadError')}
            description={loadFailureText(tags.error)}
            action={<RetryButton onRetry={() => void tags.refetch()} retrying={tags.isFetching} />}
          />
        ) : (
          <div role="status" aria-label={t('tags.loading')} className="flex flex-col gap-3">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-9 w-full" />
            ))}
          </div>
        )}
      </CardContent>
      <AlertDialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        {deleting ? <DeleteTagContent tag={deleting} onClose={() => setDeleting(null)} /> : null}
      </AlertDialog>
    </Card>
  );
}
