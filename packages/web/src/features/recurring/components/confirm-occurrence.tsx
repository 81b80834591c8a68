import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Account,
  type ConfirmOccurrenceBody,
  confirmOccurrenceBodySchema,
  type Recurring,
  type UpcomingOccurrence,
} from '@kopiyka/shared';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useConfirmOccurrence } from '../../../api/recurring.ts';
import { formFailureMessage, useSubmission } from '../../../api/submission.ts';
import { AmountInput } from '../../../components/ui/amount-input.tsx';
import { DialogForm, FormDialog } from '../../../components/ui/form-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { NoteField } from '../../../entities/transactions/note-field.tsx';
import { CategoryField } from '../../../entities/transactions/pickers.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { t, useT } from '../../../lib/i18n.ts';
import { amountText, formatMoney, readAmount } from '../../../lib/money.ts';
import { notify } from '../../../stores/notifications.ts';

const confirmValuesSchema = z.object({
  /** As typed, in the account's currency. */
  amount: z.string(),
  /** What arrives of a transfer across currencies, in the currency of the account it goes to. */
  destinationAmount: z.string(),
  categoryId: z.number().nullable(),
  note: z.string(),
});
type ConfirmValues = z.infer<typeof confirmValuesSchema>;
const CONFIRM_FIELDS = confirmValuesSchema.keyof().options;

/** What the occurrence would be recorded as, unchanged: the schedule's template with its own amount. */
function plannedValues(occurrence: UpcomingOccurrence, recurring: Recurring | undefined): ConfirmValues {
  const destination = recurring?.template.destinationAmount;
  return {
    amount: amountText(occurrence.amount),
    destinationAmount: destination == null ? '' : amountText(destination),
    categoryId: recurring?.template.categoryId ?? null,
    note: recurring?.template.note ?? '',
  };
}

/**
 * The confirmation's body: only what the person changed of the planned occurrence (the server
 * records the rest as planned), checked with the shared contract.
 */
function confirmSchema(planned: ConfirmValues) {
  return confirmValuesSchema.transform((values, ctx): ConfirmOccurrenceBody => {
    const body: Record<string, unknown> = {};
    for (const field of ['amount', 'destinationAmount'] as const) {
      if (values[field] === planned[field]) continue;
      const { minor, problem } = readAmount(values[field], { positive: true });
      if (problem !== null || minor === null) {
        ctx.addIssue({ code: 'custom', path: [field], message: problem ?? t('transaction.problem.amount') });
      } else body[field] = minor;
    }
    if (values.categoryId !== planned.categoryId) body.categoryId = values.categoryId;
    if (values.note !== planned.note) body.note = values.note;
    const checked = confirmOccurrenceBodySchema.safeParse(body);
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        ctx.addIssue({ code: 'custom', path: [String(issue.path[0])], message: issue.message });
      }
      return z.NEVER;
    }
    return checked.data;
  });
}

type ConfirmOccurrenceDialogProps = {
  /** The occurrence to confirm; null while the dialog is closed. */
  occurrence: UpcomingOccurrence | null;
  recurring: Recurring | undefined;
  accounts: readonly Account[];
  onClose: () => void;
};

/** Confirms a due occurrence: it is recorded as planned, or with the amount, category or note changed first. */
export function ConfirmOccurrenceDialog({ occurrence, recurring, accounts, onClose }: ConfirmOccurrenceDialogProps) {
  const t = useT();
  return (
    <FormDialog
      open={occurrence !== null}
      onOpenChange={(open) => !open && onClose()}
      title={occurrence ? t('recurring.confirm.title', { name: occurrence.name }) : ''}
      description={occurrence ? t('recurring.confirm.description', { date: formatDay(occurrence.date) }) : ''}
    >
      {occurrence ? (
        <ConfirmForm occurrence={occurrence} recurring={recurring} accounts={accounts} onDone={onClose} />
      ) : null}
    </FormDialog>
  );
}

function ConfirmForm({
  occurrence,
  recurring,
  accounts,
  onDone,
}: {
  occurrence: UpcomingOccurrence;
  recurring: Recurring | undefined;
  accounts: readonly Account[];
  onDone: () => void;
}) {
  const t = useT();
  const confirm = useConfirmOccurrence();
  const planned = plannedValues(occurrence, recurring);
  const form = useForm<ConfirmValues, unknown, ConfirmOccurrenceBody>({
    resolver: zodResolver(confirmSchema(planned)),
    mode: 'onTouched',
    defaultValues: planned,
  });
  const currencyOf = (id: number | null) => accounts.find((account) => account.id === id)?.currencyCode;
  const currency = currencyOf(occurrence.accountId);
  const destination = currencyOf(occurrence.destinationAccountId);
  const transfer = occurrence.destinationAccountId !== null;
  const crossCurrency = transfer && destination !== undefined && destination !== currency;
  const { errors } = form.formState;

  const submission = useSubmission({
    send: (body: ConfirmOccurrenceBody) =>
      confirm.mutateAsync({ id: occurrence.recurringId, date: occurrence.date, body }),
    failureMessage: (error) => formFailureMessage(form.setError, error, CONFIRM_FIELDS),
    onSuccess: ([recorded]) => {
      const amount = recorded ? formatMoney(recorded.amount, recorded.currencyCode) : '';
      notify('success', t('recurring.confirm.done', { name: occurrence.name, amount }));
      onDone();
    },
  });

  return (
    <DialogForm
      onSubmit={form.handleSubmit(submission.submit)}
      error={submission.error}
      unreachable={submission.unreachable}
      submitLabel={t('recurring.confirm.submit')}
      submitting={form.formState.isSubmitting}
    >
      <FormField
        id="confirm-amount"
        label={crossCurrency ? t('transaction.field.amountSent') : t('transaction.field.amount')}
        error={errors.amount?.message}
      >
        {(control) => (
          <AmountInput {...control} data-autofocus currency={currency} positive {...form.register('amount')} />
        )}
      </FormField>
      {crossCurrency ? (
        <FormField
          id="confirm-destination-amount"
          label={t('transaction.field.amountReceived')}
          error={errors.destinationAmount?.message}
        >
          {(control) => (
            <AmountInput {...control} currency={destination} positive {...form.register('destinationAmount')} />
          )}
        </FormField>
      ) : null}
      {transfer ? null : (
        <Controller
          control={form.control}
          name="categoryId"
          render={({ field }) => (
            <CategoryField
              id="confirm-category"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              type={occurrence.transactionType}
              error={errors.categoryId?.message}
            />
          )}
        />
      )}
      <NoteField
        id="confirm-note"
        placeholder={t('transaction.field.notePlaceholder')}
        error={errors.note?.message}
        registration={form.register('note')}
      />
    </DialogForm>
  );
}
