import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useCreateBudget } from '../../../api/budgets.ts';
import { formFailureMessage, useSubmission } from '../../../api/submission.ts';
import { DialogForm, type DialogOpenProps, FormDialog } from '../../../components/ui/form-dialog.tsx';
import { useT } from '../../../lib/i18n.ts';
import { budgetPresetDates, dayKey } from '../../../lib/periods.ts';
import { notify } from '../../../stores/notifications.ts';
import { CategoriesFormField, LimitField, NameField, PeriodFields } from './budget-fields.tsx';
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
  const t = useT();
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('budgets.new')}
      description={t('budget.create.description')}
    >
      <CreateBudgetForm currency={currency} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function CreateBudgetForm({ currency, onDone }: { currency: string; onDone: () => void }) {
  const createBudget = useCreateBudget();
  const t = useT();
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
      notify('success', t('budget.create.done', { name: budget.name }));
      onDone();
    },
  });

  return (
    <DialogForm
      onSubmit={form.handleSubmit(submission.submit)}
      error={submission.error}
      unreachable={submission.unreachable}
      submitLabel={t('budget.create.submit')}
      submitting={form.formState.isSubmitting}
    >
      <NameField form={form} autoFocus />
      <LimitField form={form} currency={currency} />
      <PeriodFields form={form} today={today} />
      <CategoriesFormField form={form} />
    </DialogForm>
  );
}
