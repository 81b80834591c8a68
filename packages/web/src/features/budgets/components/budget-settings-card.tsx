import { zodResolver } from '@hookform/resolvers/zod';
import type { Budget, UpdateBudgetBody } from '@kopiyka/shared';
import { useForm } from 'react-hook-form';
import { useUpdateBudget } from '../../../api/budgets.ts';
import { formFailureMessage, useSubmission } from '../../../api/submission.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useT } from '../../../lib/i18n.ts';
import { dayKey } from '../../../lib/periods.ts';
import { notify } from '../../../stores/notifications.ts';
import { AutoIncludeField, CategoriesFormField, LimitField, PeriodFields } from './budget-fields.tsx';
import {
  BUDGET_FORM_FIELDS,
  type BudgetFormOutput,
  type BudgetFormValues,
  budgetChanges,
  budgetFormSchema,
  budgetFormValues,
} from './budget-form.ts';

/** The limit, dates, categories and the auto-include rule, saved together. The name is edited in place above. */
export function BudgetSettingsCard({ budget, currency }: { budget: Budget; currency: string }) {
  const update = useUpdateBudget();
  const t = useT();
  const form = useForm<BudgetFormValues, unknown, BudgetFormOutput>({
    resolver: zodResolver(budgetFormSchema),
    mode: 'onTouched',
    defaultValues: budgetFormValues(budget),
  });
  const { isDirty, isSubmitting } = form.formState;

  const submission = useSubmission({
    send: async (body: UpdateBudgetBody) => {
      if (Object.keys(body).length === 0) return;
      const saved = await update.mutateAsync({ id: budget.id, body });
      form.reset(budgetFormValues(saved));
    },
    failureMessage: (error) => formFailureMessage(form.setError, error, BUDGET_FORM_FIELDS),
    onSuccess: () => notify('success', t('budget.settings.saved')),
  });
  const formError = submission.error;
  // The name is renamed in place above, not here: the form's copy may be older.
  const onSubmit = form.handleSubmit((values) =>
    submission.submit(budgetChanges(budget, { ...values, name: budget.name })),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('budget.settings.title')}</CardTitle>
        <CardDescription>{t('budget.settings.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <LimitField form={form} currency={currency} />
          <PeriodFields form={form} today={dayKey(new Date())} />
          <CategoriesFormField form={form} />
          <AutoIncludeField form={form} />
          {formError ? <ErrorAlert>{formError}</ErrorAlert> : null}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="outline"
              disabled={!isDirty || isSubmitting}
              onClick={() => form.reset(budgetFormValues(budget))}
            >
              {t('budget.settings.undo')}
            </Button>
            <Button type="submit" disabled={!isDirty || isSubmitting}>
              {isSubmitting ? <Spinner /> : null}
              {t('budget.settings.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
