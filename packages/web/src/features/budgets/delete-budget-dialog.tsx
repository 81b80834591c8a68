import type { Budget } from '@kopiyka/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteBudget } from '../../api/budgets.ts';
import { inlineErrorMessage } from '../../api/errors.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { AlertDialog, AlertDialogCancel, AlertDialogContent } from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { notify } from '../../stores/notifications.ts';

/** Deleting a budget loses only the budget: its transactions stay where they are. */
export function DeleteBudgetButton({ budget }: { budget: Budget }) {
  const navigate = useNavigate();
  const deleteBudget = useDeleteBudget();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setError(null);
    try {
      await deleteBudget.mutateAsync(budget.id);
    } catch (failure) {
      setError(inlineErrorMessage(failure));
      return;
    }
    notify('success', `Budget “${budget.name}” deleted.`);
    await navigate('/budgets', { replace: true });
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
    >
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
        Delete budget
      </Button>
      <AlertDialogContent
        title={`Delete “${budget.name}”?`}
        description="The budget is deleted for good. Its transactions stay in your accounts; they only leave the budget."
        actions={
          <>
            <AlertDialogCancel asChild>
              <Button variant="outline">Cancel</Button>
            </AlertDialogCancel>
            <Button variant="destructive" onClick={() => void confirm()} disabled={deleteBudget.isPending}>
              {deleteBudget.isPending ? <Spinner /> : null}
              Delete budget
            </Button>
          </>
        }
      >
        {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      </AlertDialogContent>
    </AlertDialog>
  );
}
