import { zodResolver } from '@hookform/resolvers/zod';
import type { Rate } from '@kopiyka/shared';
import { useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useDeleteCustomRates, useSetCustomRates } from '../../../api/currencies.ts';
import { hasErrorCode, inlineErrorMessage } from '../../../api/errors.ts';
import { DialogForm, type DialogOpenProps, FormDialog } from '../../../components/ui/form-dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { formatRate } from '../../../lib/money.ts';
import { useSubmission } from '../../../lib/submission.ts';
import { notify } from '../../../stores/notifications.ts';
import {
  linkedRateText,
  type RateField,
  type RateFormResult,
  type RateFormValues,
  rateFieldOfIssue,
  rateFieldText,
  rateFormSchema,
} from './rate-form.ts';

type EditRateDialogProps = DialogOpenProps & {
  currencyCode: string;
  baseCode: string;
  /** The rate shown in the list, to start from; undefined while rates are unknown. */
  rate: Rate | undefined;
  /** The user has a custom rate for this currency (it may apply from a later date only). */
  hasCustomRate: boolean;
};

export function EditRateDialog({ open, onOpenChange, ...props }: EditRateDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`${props.currencyCode} exchange rate`}
      description={`How much one ${props.currencyCode} is worth in ${props.baseCode}, your base currency.`}
    >
      <RateForm {...props} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

type RateFormProps = Omit<EditRateDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void };

function RateForm({ currencyCode, baseCode, rate, hasCustomRate, onDone }: RateFormProps) {
  const id = useId();
  const schema = useMemo(() => rateFormSchema(currencyCode, baseCode), [currencyCode, baseCode]);
  const current = rate?.rate ?? null;
  const form = useForm<RateFormValues, unknown, RateFormResult>({
    resolver: zodResolver(schema),
    defaultValues: {
      useLive: !hasCustomRate,
      forward: rateFieldText(current),
      reverse: current === null ? '' : rateFieldText(1 / current),
      edited: 'forward',
      effectiveFrom: rate?.custom ? (rate.effectiveFrom ?? '') : '',
    },
  });
  const setCustomRates = useSetCustomRates();
  const deleteCustomRates = useDeleteCustomRates();
  const useLive = form.watch('useLive');
  const { errors, isSubmitting } = form.formState;
  const nothingToSave = useLive && !hasCustomRate;

  /** Saves the choice; resolves with what to tell the user. */
  async function save(result: RateFormResult): Promise<string> {
    if (result.useLive) {
      await deleteCustomRates.mutateAsync({ pairs: [{ baseCode: currencyCode, quoteCode: baseCode }] });
      return `${currencyCode} follows the live rate again.`;
    }
    await setCustomRates.mutateAsync({ pairs: [result.pair] });
    return `Custom rate saved: 1 ${currencyCode} = ${formatRate(result.pair.rate)} ${baseCode}.`;
  }

  /** Puts the server's validation messages on the rate fields; the message for the whole form when none fitted. */
  function failureMessage(error: unknown): string | null {
    if (hasErrorCode(error, 'VALIDATION_ERROR')) {
      const edited = form.getValues('edited');
      const placed = error.details.filter((issue) => {
        const field = rateFieldOfIssue(issue.path, edited);
        if (field) form.setError(field, { type: 'server', message: issue.message });
        return field !== null;
      });
      if (placed.length > 0) return null;
    }
    return inlineErrorMessage(error);
  }

  const submission = useSubmission({
    send: save,
    failureMessage,
    onSuccess: (done) => {
      notify('success', done);
      onDone();
    },
  });

  /** Typing in one field rewrites the other as its reciprocal. */
  function link(field: RateField, text: string) {
    const other: RateField = field === 'forward' ? 'reverse' : 'forward';
    form.clearErrors(['forward', 'reverse']);
    form.setValue('edited', field);
    form.setValue(other, linkedRateText(text));
  }

  const rateRows: Array<{ field: RateField; from: string; to: string }> = [
    { field: 'forward', from: currencyCode, to: baseCode },
    { field: 'reverse', from: baseCode, to: currencyCode },
  ];

  return (
    <DialogForm
      onSubmit={form.handleSubmit(submission.submit)}
      error={submission.error}
      submitLabel="Save"
      submitting={isSubmitting}
      submitDisabled={nothingToSave}
    >
      <div className="flex items-start justify-between gap-4 rounded-lg border bg-muted/40 p-3.5">
        <div className="flex flex-col gap-1.5">
          <Label id={`${id}-live-label`} htmlFor={`${id}-live`}>
            Use live rate
          </Label>
          <p id={`${id}-live-hint`} className="text-xs text-muted-foreground">
            {useLive
              ? hasCustomRate
                ? `Saving removes your custom rate: ${currencyCode} follows the live rate again.`
                : current === null
                  ? `No live rate is available for ${currencyCode}. Turn this off to set your own.`
                  : 'The rate provider’s rate, updated daily.'
              : 'Your own rate replaces the live one in conversions.'}
          </p>
        </div>
        <Controller
          control={form.control}
          name="useLive"
          render={({ field }) => (
            <Switch
              id={`${id}-live`}
              aria-labelledby={`${id}-live-label`}
              aria-describedby={`${id}-live-hint`}
              checked={field.value}
              onCheckedChange={(checked) => {
                field.onChange(checked);
                form.clearErrors();
              }}
            />
          )}
        />
      </div>

      <fieldset disabled={useLive} className="flex flex-col gap-3 disabled:opacity-60">
        <legend className="mb-3 text-sm font-medium">Custom rate</legend>
        {rateRows.map(({ field, from, to }) => {
          const error = errors[field]?.message;
          const inputId = `${id}-${field}`;
          return (
            <div key={field} className="flex flex-col gap-1.5">
              <div className="flex items-center gap-3">
                <Label htmlFor={inputId} className="w-20 shrink-0 font-normal whitespace-nowrap tabular-nums">
                  {`1 ${from} =`}
                </Label>
                <Input
                  id={inputId}
                  inputMode="decimal"
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={Boolean(error)}
                  aria-describedby={error ? `${inputId}-error` : `${inputId}-unit`}
                  className="tabular-nums"
                  {...form.register(field, { onChange: (event) => link(field, event.target.value) })}
                />
                <span id={`${inputId}-unit`} className="w-10 shrink-0 text-sm text-muted-foreground">
                  {to}
                </span>
              </div>
              {error ? (
                <p id={`${inputId}-error`} className="pl-23 text-sm text-destructive">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
        <div className="mt-2">
          <FormField
            id={`${id}-from`}
            label="Applies from"
            hint="Leave empty to use this rate for all dates."
            error={errors.effectiveFrom?.message}
          >
            {(control) => <Input {...control} type="date" {...form.register('effectiveFrom')} />}
          </FormField>
        </div>
      </fieldset>
    </DialogForm>
  );
}
