import type { CategoryNode } from '@kopiyka/shared';
import { useId, useState } from 'react';
import { useDeleteCategory } from '../../../api/categories.ts';
import { hasErrorCode, inlineErrorMessage } from '../../../api/errors.ts';
import { useSubmission } from '../../../api/submission.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { categoryChoices } from '../../../entities/categories/category-tree.ts';
import { useT } from '../../../lib/i18n.ts';
import { indentLabel } from '../../../lib/tree.ts';
import { notify } from '../../../stores/notifications.ts';

type DeleteCategoryDialogProps = {
  category: CategoryNode;
  tree: readonly CategoryNode[];
  onClose: () => void;
};

/**
 * Deletes a category. One in use (subcategories, transactions) is refused by the server, which
 * says why; the dialog then offers to move all of that to another category and delete after.
 */
export function DeleteCategoryDialog({ category, tree, onClose }: DeleteCategoryDialogProps) {
  const deleteCategory = useDeleteCategory();
  const [conflict, setConflict] = useState<string | null>(null);
  // The category itself and its own subcategories cannot take what it holds.
  const targets = categoryChoices(tree, category.id);
  const fallback = targets.find(({ node }) => node.type === 'internal') ?? targets[0];
  const [moveTo, setMoveTo] = useState(fallback ? String(fallback.node.id) : '');
  const selectId = useId();
  const t = useT();

  const submission = useSubmission({
    send: (target: number | undefined) => deleteCategory.mutateAsync({ id: category.id, moveTo: target }),
    failureMessage: (failure, target) => {
      if (!hasErrorCode(failure, 'CONFLICT') || target !== undefined) return inlineErrorMessage(failure);
      setConflict(failure.statusText);
      return null;
    },
    onSuccess: (_answer, target) => {
      const movedTo = targets.find(({ node }) => node.id === target)?.node.name;
      notify(
        'success',
        movedTo
          ? t('categories.deleteDialog.movedAndDeleted', { name: category.name, target: movedTo })
          : t('categories.deleteDialog.deleted', { name: category.name }),
      );
      onClose();
    },
  });
  const { error } = submission;
  const remove = () => submission.submit(conflict && moveTo ? Number(moveTo) : undefined);

  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent
        title={t('categories.deleteDialog.title', { name: category.name })}
        description={conflict ? t('categories.deleteDialog.inUse') : t('categories.deleteDialog.description')}
        actions={
          <>
            <AlertDialogCancel asChild>
              <Button variant="outline">{t('common.cancel')}</Button>
            </AlertDialogCancel>
            <Button
              variant="destructive"
              onClick={remove}
              disabled={deleteCategory.isPending || (conflict !== null && moveTo === '')}
            >
              {deleteCategory.isPending ? <Spinner /> : null}
              {conflict ? t('categories.deleteDialog.moveAndDelete') : t('categories.deleteDialog.submit')}
            </Button>
          </>
        }
      >
        {conflict ? (
          <>
            <ErrorAlert>{conflict}</ErrorAlert>
            <div className="flex flex-col gap-2">
              <Label htmlFor={selectId}>{t('categories.deleteDialog.moveTo')}</Label>
              <NativeSelect id={selectId} value={moveTo} onChange={(event) => setMoveTo(event.target.value)}>
                {targets.map(({ node, depth }) => (
                  <option key={node.id} value={node.id}>
                    {indentLabel(node.name, depth)}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </>
        ) : null}
        {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      </AlertDialogContent>
    </AlertDialog>
  );
}
