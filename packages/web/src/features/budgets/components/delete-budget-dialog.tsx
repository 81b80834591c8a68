import type { Budget } from '@kopiyka/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteBudget } from '../../../api/budgets.ts';
import { ConfirmDialogContent } from '../../../components/confirm-dialog.tsx';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { notify } from '../../../stores/notifications.ts';

/** Deleting a budget loses only the budget: its transactions stay where they are. */
export function DeleteBudgetButton({ budget }: { budget: Budget }) {
  const navigate = useNavigate();
  const deleteBudget = useDeleteBudget();
  const [open, setOpen] = useState(false);

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
        Delete budget
      </Button>
      {open ? (
        <ConfirmDialogContent
          title={`Delete “${budget.name}”?`}
          description="The budget is deleted for good. Its transactions stay in your accounts; they only leave the budget."
          confirmLabel="Delete budget"
          confirmVariant="destructive"
          confirm={() => deleteBudget.mutateAsync(budget.id)}
          pending={deleteBudget.isPending}
          onConfirmed={async () => {
            notify('success', `Budget “${budget.name}” deleted.`);
            await navigate('/budgets', { replace: true });
          }}
        />
      ) : null}
    </AlertDialog>
  );
}
