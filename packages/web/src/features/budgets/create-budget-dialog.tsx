import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useCreateBudget } from '../../api/budgets.ts';
import { inlineErrorMessage } from '../../api/errors.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogHeader,
} from '../../components/ui/dialog.tsx';
import { focusMarkedField } from '../../components/ui/dialog-focus.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { setServerFieldErrors } from '../../lib/form-errors.ts';
import { budgetPresetDates, dayKey } from '../../lib/periods.ts';
import { notify } from '../../stores/notifications.ts';
import { CategoriesFormField, DatesField, LimitField, NameField } from './budget-fields.tsx';
import {
  BUDGET_FORM_FIELDS,
  type BudgetFormOutput,
  type BudgetFormValues,
  budgetFormSchema,
  budgetFormValues,
  dateFields,
} from './budget-form.ts';

type CreateBudgetDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currency: string;
};

export function CreateBudgetDialog({ open, onOpenChange, currency }: CreateBudgetDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onOpenAutoFocus={focusMarkedField}>
        <DialogHeader
          title="New budget"
          description="A limit for a period, for chosen categories, or both. Figures are in your base currency."
        />
        {/* Mounted only while open, so each opening starts from a fresh form. */}
        {open ? <CreateBudgetForm currency={currency} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CreateBudgetForm({ currency, onDone }: { currency: string; onDone: () => void }) {
  const createBudget = useCreateBudget();
  const [formError, setFormError] = useState<string | null>(null);
  const today = dayKey(new Date());
  const form = useForm<BudgetFormValues, unknown, BudgetFormOutput>({
    resolver: zodResolver(budgetFormSchema),
    mode: 'onTouched',
    // Most budgets are monthly: the current month is the likeliest choice.
    defaultValues: { ...budgetFormValues(), ...dateFields(budgetPresetDates('this-month', today)) },
  });

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      const budget = await createBudget.mutateAsync(body);
      notify('success', `Budget “${budget.name}” created.`);
    } catch (error) {
      if (!setServerFieldErrors(form.setError, error, BUDGET_FORM_FIELDS)) setFormError(inlineErrorMessage(error));
      return;
    }
    onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogBody>
        <NameField form={form} autoFocus />
        <LimitField form={form} currency={currency} />
        <DatesField form={form} today={today} />
        <CategoriesFormField form={form} />
        {formError ? <ErrorAlert>{formError}</ErrorAlert> : null}
      </DialogBody>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? <Spinner /> : null}
          Create budget
        </Button>
      </DialogFooter>
    </form>
  );
}
