import type { CategoryNode } from '@kopiyka/shared';
import { useId, useState } from 'react';
import { useDeleteCategory } from '../../../api/categories.ts';
import { hasErrorCode, inlineErrorMessage } from '../../../api/errors.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { NativeSelect } from '../../../components/ui/native-select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { categoryChoices } from '../../../entities/categories/category-tree.ts';
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
  const [error, setError] = useState<string | null>(null);
  // The category itself and its own subcategories cannot take what it holds.
  const targets = categoryChoices(tree, category.id);
  const fallback = targets.find(({ node }) => node.type === 'internal') ?? targets[0];
  const [moveTo, setMoveTo] = useState(fallback ? String(fallback.node.id) : '');
  const selectId = useId();

  async function remove() {
    setError(null);
    const target = conflict && moveTo ? Number(moveTo) : undefined;
    try {
      await deleteCategory.mutateAsync({ id: category.id, moveTo: target });
    } catch (failure) {
      if (hasErrorCode(failure, 'CONFLICT') && target === undefined) setConflict(failure.statusText);
      else setError(inlineErrorMessage(failure));
      return;
    }
    const movedTo = targets.find(({ node }) => node.id === target)?.node.name;
    notify(
      'success',
      movedTo ? `“${category.name}” deleted; what it held is now in “${movedTo}”.` : `“${category.name}” deleted.`,
    );
    onClose();
  }

  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent
        title={`Delete “${category.name}”?`}
        description={
          conflict
            ? 'It is still in use, so it cannot simply go.'
            : 'It is deleted for good. A category still in use is not deleted without asking where its contents go.'
        }
        actions={
          <>
            <AlertDialogCancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialogCancel>
            <Button
              variant="destructive"
              onClick={remove}
              disabled={deleteCategory.isPending || (conflict !== null && moveTo === '')}
            >
              {deleteCategory.isPending ? <Spinner /> : null}
              {conflict ? 'Move and delete' : 'Delete category'}
            </Button>
          </>
        }
      >
        {conflict ? (
          <>
            <ErrorAlert>{conflict}</ErrorAlert>
            <div className="flex flex-col gap-2">
              <Label htmlFor={selectId}>Move its subcategories and transactions to…</Label>
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
