import type { Budget } from '@kopiyka/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteBudget } from '../../../api/budgets.ts';
import { AlertDialog } from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialogContent } from '../../../entities/requests/confirm-dialog.tsx';
import { useT } from '../../../lib/i18n.ts';
import { notify } from '../../../stores/notifications.ts';

/** Deleting a budget loses only the budget: its transactions stay where they are. */
export function DeleteBudgetButton({ budget }: { budget: Budget }) {
  const navigate = useNavigate();
  const deleteBudget = useDeleteBudget();
  const [open, setOpen] = useState(false);
  const t = useT();

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
        {t('budget.delete.button')}
      </Button>
      {open ? (
        <ConfirmDialogContent
          title={t('budget.delete.title', { name: budget.name })}
          description={t('budget.delete.description')}
          confirmLabel={t('budget.delete.button')}
          confirmVariant="destructive"
          confirm={() => deleteBudget.mutateAsync(budget.id)}
          pending={deleteBudget.isPending}
          onConfirmed={async () => {
            notify('success', t('budget.delete.done', { name: budget.name }));
            await navigate('/budgets', { replace: true });
          }}
        />
      ) : null}
    </AlertDialog>
  );
}
