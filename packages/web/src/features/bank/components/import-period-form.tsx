import { zodResolver } from '@hookform/resolvers/zod';
import type { LoadMonobankTransactionsResponse } from '@kopiyka/shared';
import { Clock } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLoadMonobankTransactions } from '../../../api/monobank.ts';
import { formFailureMessage, useSubmission } from '../../../api/submission.ts';
import { DialogForm } from '../../../components/ui/form-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { useT } from '../../../lib/i18n.ts';
import { dayKey } from '../../../lib/periods.ts';
import { cn } from '../../../lib/utils.ts';
import {
  DEFAULT_IMPORT_PERIOD,
  EARLIEST_IMPORT_DAY,
  FROM_A_DATE,
  IMPORT_PERIODS,
  type ImportPeriodValues,
  importEstimate,
  importPeriodSchema,
  statementRequests,
} from './import-period.ts';

type ImportPeriodFormProps = {
  /** The bank accounts the import covers: the enabled ones. */
  accountCount: number;
  requestIntervalMs: number;
  /** What the secondary button says: "Not now" after pairing, "Cancel" otherwise. */
  dismissLabel: string;
  onStarted: (load: LoadMonobankTransactionsResponse) => void;
};

const PERIOD_CHOICES = [...IMPORT_PERIODS, { value: FROM_A_DATE, label: 'bank.period.fromDate' }] as const;

/** How far back to import, with an honest estimate of how long Monobank's pace makes it take. */
export function ImportPeriodForm({ accountCount, requestIntervalMs, dismissLabel, onStarted }: ImportPeriodFormProps) {
  // One moment for the whole form, so the estimate and what is sent agree.
  const [now] = useState(() => new Date());
  const t = useT();
  const schema = useMemo(() => importPeriodSchema(now), [now]);
  const load = useLoadMonobankTransactions();
  const form = useForm<ImportPeriodValues, unknown, number>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: { period: DEFAULT_IMPORT_PERIOD, date: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const values = form.watch();
  const submission = useSubmission({
    send: (from: number) => load.mutateAsync({ from }),
    failureMessage: (error) => formFailureMessage(form.setError, error, ['date']),
    onSuccess: onStarted,
  });

  const checked = schema.safeParse(values);
  const estimate = checked.success
    ? importEstimate(accountCount, statementRequests(accountCount, checked.data, now.getTime()), requestIntervalMs)
    : null;

  return (
    <DialogForm
      onSubmit={form.handleSubmit(submission.submit)}
      error={submission.error}
      unreachable={submission.unreachable}
      submitLabel={t('bank.period.start')}
      submitting={isSubmitting}
      cancelLabel={dismissLabel}
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-3 text-sm font-medium leading-none">{t('bank.period.howFar')}</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          {PERIOD_CHOICES.map((choice) => (
            <label key={choice.value} className="relative cursor-pointer">
              <input type="radio" value={choice.value} className="peer sr-only" {...form.register('period')} />
              <span
                className={cn(
                  'flex h-full items-center justify-center rounded-lg border px-3 py-2.5 text-center text-sm font-medium text-muted-foreground transition-colors',
                  'hover:bg-accent hover:text-foreground',
                  'peer-checked:border-primary peer-checked:bg-primary/10 peer-checked:text-primary',
                  'peer-focus-visible:ring-3 peer-focus-visible:ring-ring',
                )}
              >
                {t(choice.label)}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {values.period === FROM_A_DATE ? (
        <FormField id="import-from" label={t('bank.period.importFrom')} error={errors.date?.message}>
          {(control) => (
            <Input {...control} type="date" min={EARLIEST_IMPORT_DAY} max={dayKey(now)} {...form.register('date')} />
          )}
        </FormField>
      ) : null}
      {estimate ? (
        <div aria-live="polite" className="flex items-start gap-3 rounded-lg border bg-muted/40 px-3 py-3 text-sm">
          <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <p className="flex flex-col gap-1">
            <span className="font-medium">{estimate.duration}</span>
            <span className="text-muted-foreground">{estimate.reason}</span>
            <span className="text-muted-foreground">{t('bank.period.runsOnServer')}</span>
          </p>
        </div>
      ) : null}
    </DialogForm>
  );
}
