import { zodResolver } from '@hookform/resolvers/zod';
import type { Rate } from '@kopiyka/shared';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useDeleteCustomRates, useRates, useSetCustomRates, useUserCurrencies } from '../../api/currencies.ts';
import { hasErrorCode, inlineErrorMessage } from '../../api/errors.ts';
import { useSubmission } from '../../api/submission.ts';
import { DialogForm, type DialogOpenProps, FormDialog } from '../../components/ui/form-dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { useT } from '../../lib/i18n.ts';
import { formatRate } from '../../lib/money.ts';
import { notify } from '../../stores/notifications.ts';
import {
  linkedRateText,
  type PairFacts,
  pairFacts,
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
  /**
   * Lets the person choose both currencies of the pair among theirs, starting from `currencyCode`
   * in `baseCode`: a rate between two other currencies values one through the other. The dialog
   * then reads today's rates of whichever pair is chosen itself (`rate` and `hasCustomRate` unused).
   */
  choosePair?: boolean;
  /** Called once the rate is saved, before the dialog closes (closing alone saves nothing). */
  onSaved?: () => void;
};

export function EditRateDialog({ open, onOpenChange, choosePair = false, onSaved, ...props }: EditRateDialogProps) {
  const t = useT();
  const onDone = () => {
    onSaved?.();
    onOpenChange(false);
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={choosePair ? t('rates.form.pairTitle') : t('rates.form.title', { code: props.currencyCode })}
      description={
        choosePair
          ? t('rates.form.pairDescription')
          : t('rates.form.description', { code: props.currencyCode, base: props.baseCode })
      }
    >
      {choosePair ? (
        <PairRateForm currencyCode={props.currencyCode} baseCode={props.baseCode} onDone={onDone} />
      ) : (
        <RateForm
          fromCode={props.currencyCode}
          toCode={props.baseCode}
          facts={pairFacts(
            props.currencyCode,
            props.baseCode,
            props.baseCode,
            () => props.rate,
            () => !props.hasCustomRate,
          )}
          onDone={onDone}
        />
      )}
    </FormDialog>
  );
}

type PairRateFormProps = { currencyCode: string; baseCode: string; onDone: () => void };

/** The rate form for a pair the person chooses; each pair starts a form of its own. */
function PairRateForm({ currencyCode, baseCode, onDone }: PairRateFormProps) {
  const id = useId();
  const t = useT();
  const userCurrencies = useUserCurrencies();
  const rates = useRates();
  const [pair, setPair] = useState({ from: currencyCode, to: baseCode });
  // Each pair has a form of its own, the selects with it: the one just used keeps the focus.
  const [lastChosen, setLastChosen] = useState<'from' | 'to' | null>(null);
  const codes = useMemo(
    () => (userCurrencies.data ?? []).map((userCurrency) => userCurrency.currency.code).sort(),
    [userCurrencies.data],
  );
  const facts = pairFacts(
    pair.from,
    pair.to,
    baseCode,
    (code) => rates.data?.find((rate) => rate.baseCode === code),
    (code) => userCurrencies.data?.find((userCurrency) => userCurrency.currency.code === code)?.liveRateUpdate ?? true,
  );

  /** Choosing on one side the currency of the other swaps them: a pair is two different currencies. */
  function choose(side: 'from' | 'to', code: string) {
    const other = side === 'from' ? 'to' : 'from';
    setLastChosen(side);
    setPair((current) => {
      const next = { ...current, [side]: code };
      if (current[other] === code) next[other] = current[side];
      return next;
    });
  }

  const picker = (
    <div className="grid grid-cols-2 gap-3">
      {(['from', 'to'] as const).map((side) => (
        <div key={side} className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-${side}`}>
            {side === 'from' ? t('rates.form.oneUnitOf') : t('rates.form.isWorthIn')}
          </Label>
          <NativeSelect
            id={`${id}-${side}`}
            value={pair[side]}
            autoFocus={lastChosen === side}
            disabled={userCurrencies.isPending}
            onChange={(event) => choose(side, event.target.value)}
          >
            {codes.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </NativeSelect>
        </div>
      ))}
    </div>
  );
  // Rates arriving after the form opened would not reach its fields: the form waits for them.
  const ready = rates.isFetched && userCurrencies.isFetched;
  return (
    <RateForm
      key={`${pair.from}-${pair.to}-${ready}`}
      fromCode={pair.from}
      toCode={pair.to}
      facts={facts}
      pairPicker={picker}
      onDone={onDone}
    />
  );
}

type RateFormProps = {
  fromCode: string;
  toCode: string;
  facts: PairFacts;
  /** Where the pair is chosen, above the rate. */
  pairPicker?: ReactNode;
  onDone: () => void;
};

/** The rate of 1 `fromCode` in `toCode`: custom, or, for a pair with the base, the live one. */
function RateForm({ fromCode, toCode, facts, pairPicker, onDone }: RateFormProps) {
  const id = useId();
  const schema = useMemo(() => rateFormSchema(fromCode, toCode), [fromCode, toCode]);
  const { current, live } = facts;
  const hasCustomRate = live?.hasCustomRate ?? false;
  // The switch cannot be turned on for a currency no provider quotes: that would leave it with no rate.
  const liveUnavailable = live !== null && !live.available && !hasCustomRate;
  const form = useForm<RateFormValues, unknown, RateFormResult>({
    resolver: zodResolver(schema),
    defaultValues: {
      useLive: live !== null && !hasCustomRate && !liveUnavailable,
      forward: rateFieldText(current),
      reverse: current === null ? '' : rateFieldText(1 / current),
      edited: 'forward',
      effectiveFrom: facts.effectiveFrom,
    },
  });
  const setCustomRates = useSetCustomRates();
  const t = useT();
  const deleteCustomRates = useDeleteCustomRates();
  const useLive = form.watch('useLive');
  const { errors, isSubmitting } = form.formState;
  const nothingToSave = useLive && !hasCustomRate;

  /** Saves the choice; resolves with what to tell the user. */
  async function save(result: RateFormResult): Promise<string> {
    if (result.useLive) {
      await deleteCustomRates.mutateAsync({ pairs: [{ baseCode: fromCode, quoteCode: toCode }] });
      return t('rates.form.liveAgain', { code: live?.code ?? fromCode });
    }
    await setCustomRates.mutateAsync({ pairs: [result.pair] });
    return t('rates.form.saved', { from: fromCode, rate: formatRate(result.pair.rate), to: toCode });
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
    { field: 'forward', from: fromCode, to: toCode },
    { field: 'reverse', from: toCode, to: fromCode },
  ];

  return (
    <DialogForm
      onSubmit={form.handleSubmit(submission.submit)}
      error={submission.error}
      unreachable={submission.unreachable}
      submitLabel={t('categories.form.save')}
      submitting={isSubmitting}
      submitDisabled={nothingToSave}
    >
      {pairPicker}
      {live ? (
        <div className="flex items-start justify-between gap-4 rounded-lg border bg-muted/40 p-3.5">
          <div className="flex flex-col gap-1.5">
            <Label id={`${id}-live-label`} htmlFor={`${id}-live`}>
              {t('rates.form.useLive')}
            </Label>
            <p id={`${id}-live-hint`} className="text-xs text-muted-foreground">
              {liveUnavailable
                ? t('rates.form.liveUnavailable', { code: live.code })
                : useLive
                  ? hasCustomRate
                    ? t('rates.form.removesCustom', { code: live.code })
                    : t('rates.source.liveExplanation')
                  : t('rates.form.customReplaces')}
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
                disabled={liveUnavailable}
                onCheckedChange={(checked) => {
                  field.onChange(checked);
                  form.clearErrors();
                }}
              />
            )}
          />
        </div>
      ) : null}

      <fieldset disabled={useLive} className="flex flex-col gap-3 disabled:opacity-60">
        <legend className="mb-3 text-sm font-medium">{t('rates.form.custom')}</legend>
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
            label={t('rates.form.appliesFrom')}
            hint={t('rates.form.appliesFromHint')}
            error={errors.effectiveFrom?.message}
          >
            {(control) => <Input {...control} type="date" {...form.register('effectiveFrom')} />}
          </FormField>
        </div>
      </fieldset>
    </DialogForm>
  );
}
