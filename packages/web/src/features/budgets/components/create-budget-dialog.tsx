import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useCreateBudget } from '../../../api/budgets.ts';
import { DialogForm, type DialogOpenProps, FormDialog } from '../../../components/ui/form-dialog.tsx';
import { budgetPresetDates, dayKey } from '../../../lib/periods.ts';
import { formFailureMessage, useSubmission } from '../../../lib/submission.ts';
import { notify } from '../../../stores/notifications.ts';
import { CategoriesFormField, DatesField, LimitField, NameField } from './budget-fields.tsx';
import {
  BUDGET_FORM_FIELDS,
  type BudgetFormOutput,
  type BudgetFormValues,
  budgetFormSchema,
  budgetFormValues,
  dateFields,
} from './budget-form.ts';

type CreateBudgetDialogProps = DialogOpenProps & { currency: string };

export function CreateBudgetDialog({ open, onOpenChange, currency }: CreateBudgetDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New budget"
      description="A limit for a period, for chosen categories, or both. Figures are in your base currency."
    >
      <CreateBudgetForm currency={currency} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function CreateBudgetForm({ currency, onDone }: { currency: string; onDone: () => void }) {
  const createBudget = useCreateBudget();
  const today = dayKey(new Date());
  const form = useForm<BudgetFormValues, unknown, BudgetFormOutput>({
    resolver: zodResolver(budgetFormSchema),
    mode: 'onTouched',
    // Most budgets are monthly: the current month is the likeliest choice.
    defaultValues: { ...budgetFormValues(), ...dateFields(budgetPresetDates('this-month', today)) },
  });

  const submission = useSubmission({
    send: (body: BudgetFormOutput) => createBudget.mutateAsync(body),
    failureMessage: (error) => formFailureMessage(form.setError, error, BUDGET_FORM_FIELDS),
    onSuccess: (budget) => {
      notify('success', `Budget “${budget.name}” created.`);
      onDone();
    },
  });

  return (
    <DialogForm
      onSubmit={form.handleSubmit(submission.submit)}
      error={submission.error}
      submitLabel="Create budget"
      submitting={form.formState.isSubmitting}
    >
      <NameField form={form} autoFocus />
      <LimitField form={form} currency={currency} />
      <DatesField form={form} today={today} />
      <CategoriesFormField form={form} />
    </DialogForm>
  );
}
