import { zodResolver } from '@hookform/resolvers/zod';
import { type Account, RECURRING_FREQUENCIES, type Recurring } from '@kopiyka/shared';
import { Info, Trash2 } from 'lucide-react';
import { type ComponentProps, useMemo, useRef, useState } from 'react';
import { Controller, type UseFormReturn, useForm } from 'react-hook-form';
import { useCategories } from '../../api/categories.ts';
import { hasErrorCode, inlineErrorMessage } from '../../api/errors.ts';
import { useCreateRecurring, useDeleteRecurring, useUpdateRecurring } from '../../api/recurring.ts';
import { useSubmission } from '../../api/submission.ts';
import { FormFailure } from '../../components/ui/alert.tsx';
import { AlertDialog } from '../../components/ui/alert-dialog.tsx';
import { AmountInput } from '../../components/ui/amount-input.tsx';
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
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { SwitchField } from '../../components/ui/switch-field.tsx';
import { AccountSelect, selectableAccounts } from '../../entities/accounts/account-select.tsx';
import { AccountsDialogBody } from '../../entities/accounts/accounts-dialog-body.tsx';
import { ConfirmDialogContent } from '../../entities/requests/confirm-dialog.tsx';
import { TagsField } from '../../entities/tags/tag-toggles.tsx';
import { NoteField } from '../../entities/transactions/note-field.tsx';
import { CategoryField } from '../../entities/transactions/pickers.tsx';
import { type DayKey, formatDay } from '../../lib/dates.ts';
import { issueText, t, useT } from '../../lib/i18n.ts';
import { formatMoney } from '../../lib/money.ts';
import { dayKey } from '../../lib/periods.ts';
import { notify } from '../../stores/notifications.ts';
import type { RecurringDialogTarget } from '../../stores/recurring-dialog-target.ts';
import {
  firstDates,
  initialRecurringValues,
  instalmentSchedule,
  RECURRING_ENDS,
  RECURRING_TYPES,
  type RecurringFormField,
  type RecurringFormResult,
  type RecurringFormValues,
  type RecurringRequest,
  recurringCurrencies,
  recurringFieldOf,
  recurringFormSchema,
  startAfter,
  switchRecurringKind,
} from './components/recurring-form.ts';

function dialogTitle(target: RecurringDialogTarget): string {
  if (target.mode === 'create') return t('recurring.dialog.new');
  return t(target.recurring.kind === 'instalments' ? 'recurring.dialog.editInstalments' : 'recurring.dialog.edit');
}

/** The dialog that makes or changes a schedule or an instalment plan, once the accounts are known. */
export function RecurringDialog({ target, onClose }: { target: RecurringDialogTarget; onClose: () => void }) {
  const t = useT();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg" onOpenAutoFocus={focusMarkedField}>
        <DialogHeader title={dialogTitle(target)} />
        <AccountsDialogBody
          needsAccount={target.mode === 'create'}
          noAccountsText={t('recurring.noAccounts')}
          onClose={onClose}
        >
          {(accounts) => <RecurringForm target={target} accounts={accounts} onClose={onClose} />}
        </AccountsDialogBody>
      </DialogContent>
    </Dialog>
  );
}

function RecurringForm({
  target,
  accounts,
  onClose,
}: {
  target: RecurringDialogTarget;
  accounts: Account[];
  onClose: () => void;
}) {
  const t = useT();
  const original = target.mode === 'edit' ? target.recurring : undefined;
  const categories = useCategories();
  const today = dayKey(new Date());
  const [initial] = useState(() =>
    initialRecurringValues(target, accounts, (id) => categories.find((category) => category.id === id)?.name, today),
  );
  const byId = useMemo(() => new Map(accounts.map((account) => [String(account.id), account])), [accounts]);
  const currencyOf = useMemo(() => (id: string) => byId.get(id)?.currencyCode, [byId]);
  const schema = useMemo(() => recurringFormSchema({ currencyOf, original }), [currencyOf, original]);
  const form = useForm<RecurringFormValues, unknown, RecurringFormResult>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: initial,
  });
  const createRecurring = useCreateRecurring();
  const updateRecurring = useUpdateRecurring();
  const { errors, isSubmitting } = form.formState;
  const values = form.watch();
  const currencies = recurringCurrencies(values, currencyOf);
  const instalments = values.kind === 'instalments';
  const transfer = values.type === 'transfer';
  const options = selectableAccounts(
    accounts,
    [original?.template.accountId, original?.template.destinationAccountId].filter(
      (id): id is number => typeof id === 'number',
    ),
  );

  /** Sets what changed, checking it again only once the form has been submitted. */
  function apply(next: RecurringFormValues) {
    const current = form.getValues();
    for (const field of Object.keys(next) as RecurringFormField[]) {
      if (next[field] !== current[field]) {
        form.setValue(field, next[field] as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
      }
    }
  }

  // Made from a transaction, the schedule starts a step of its rhythm after it, until the person picks a start.
  const from = target.mode === 'create' ? target.from : undefined;
  const anchor: DayKey | null = from && 'transaction' in from ? dayKey(from.transaction.time) : null;
  const startChosen = useRef(false);
  function changeRhythm(next: RecurringFormValues) {
    const interval = Number(next.interval);
    if (anchor && !startChosen.current && Number.isInteger(interval) && interval >= 1) {
      next.startDate = startAfter(anchor, next.frequency, interval, today);
    }
    apply(next);
  }

  /** Puts the server's messages on the fields they concern; what is left is the form's to say. */
  function serverErrorMessage(error: unknown): string | null {
    if (hasErrorCode(error, 'VALIDATION_ERROR', 'NOT_FOUND')) {
      const placed = error.details.flatMap((issue) => {
        const field = recurringFieldOf(issue.path);
        return field ? [{ field, issue }] : [];
      });
      placed.forEach(({ field, issue }, index) => {
        form.setError(field, { type: issue.code, message: issueText(issue) }, { shouldFocus: index === 0 });
      });
      if (placed.length > 0) return null;
    }
    return inlineErrorMessage(error);
  }

  const submission = useSubmission({
    send: async (request: RecurringRequest) => {
      if (request.kind === 'create') {
        const created = await createRecurring.mutateAsync(request.body);
        notify('success', t('recurring.created', { name: created.name }));
        return;
      }
      await updateRecurring.mutateAsync({ id: request.id, body: request.body });
      notify('success', t('recurring.saved'));
    },
    failureMessage: serverErrorMessage,
    onSuccess: () => onClose(),
  });
  const onSubmit = form.handleSubmit(({ request }) => (request ? submission.submit(request) : onClose()));

  // Made from a bank account's payment, it records on a manual account: say why.
  const sourceId = from && ('suggestion' in from ? from.suggestion.accountId : from.transaction.accountId);
  const source = accounts.find((account) => account.id === sourceId);
  const bankSource = source?.type === 'monobank' ? source : undefined;
  const interval = Number(values.interval);
  const unitCount = Number.isInteger(interval) && interval > 0 ? interval : 1;

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogBody>
        {bankSource ? (
          <p className="flex items-start gap-2 rounded-lg border bg-muted/40 px-3 py-2.5 text-sm text-muted-foreground">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{t('recurring.field.bankSource', { account: bankSource.name })}</span>
          </p>
        ) : null}

        {original ? null : (
          <SegmentedControl
            aria-label={t('recurring.field.kind')}
            value={values.kind}
            onValueChange={(kind) => {
              apply(switchRecurringKind(form.getValues(), kind));
              form.clearErrors();
            }}
            options={[
              { value: 'schedule', label: t('recurring.kind.schedule') },
              { value: 'instalments', label: t('recurring.kind.instalments') },
            ]}
          />
        )}

        <div className="flex flex-col gap-2">
          <SegmentedControl
            aria-label={t('transaction.field.type')}
            value={values.type}
            onValueChange={(type) => {
              apply({ ...form.getValues(), type });
              form.clearErrors();
            }}
            options={RECURRING_TYPES.map((type) => ({
              value: type,
              label: t(`transaction.kind.${type}`),
              disabled: instalments && type === 'transfer',
            }))}
          />
          {errors.type?.message ? <p className="text-sm text-destructive">{errors.type.message}</p> : null}
        </div>

        <FormField id="recurring-name" label={t('recurring.field.name')} error={errors.name?.message}>
          {(control) => (
            <Input
              {...control}
              data-autofocus={!original || undefined}
              autoComplete="off"
              placeholder={t(
                instalments ? 'recurring.field.instalmentsPlaceholder' : 'recurring.field.namePlaceholder',
              )}
              {...form.register('name')}
            />
          )}
        </FormField>

        <FormField
          id="recurring-amount"
          label={t(
            instalments
              ? 'recurring.field.total'
              : currencies.destination
                ? 'transaction.field.amountSent'
                : 'transaction.field.amount',
          )}
          error={errors.amount?.message}
        >
          {(control) => <AmountInput {...control} currency={currencies.amount} positive {...form.register('amount')} />}
        </FormField>

        <div className={transfer ? 'grid gap-5 sm:grid-cols-2' : 'flex flex-col'}>
          <Controller
            control={form.control}
            name="accountId"
            render={({ field }) => (
              <AccountField
                id="recurring-account"
                label={transfer ? t('transaction.field.from') : t('transaction.field.account')}
                placeholder={t('transaction.field.chooseAccount')}
                accounts={options}
                value={field.value}
                // Another account pays in its own usual way (a card, cash): the server picks it.
                onChange={(accountId) => apply({ ...form.getValues(), accountId, paymentType: null })}
                onBlur={field.onBlur}
                error={errors.accountId?.message}
              />
            )}
          />
          {transfer ? (
            <Controller
              control={form.control}
              name="toAccountId"
              render={({ field }) => (
                <AccountField
                  id="recurring-to-account"
                  label={t('transaction.field.to')}
                  placeholder={t('transaction.field.chooseTo')}
                  accounts={options}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.toAccountId?.message}
                />
              )}
            />
          ) : null}
        </div>

        {currencies.destination ? (
          <FormField
            id="recurring-destination-amount"
            label={t('transaction.field.amountReceived')}
            error={errors.destinationAmount?.message}
          >
            {(control) => (
              <AmountInput
                {...control}
                currency={currencies.destination}
                positive
                {...form.register('destinationAmount')}
              />
            )}
          </FormField>
        ) : null}

        {transfer ? null : (
          <Controller
            control={form.control}
            name="categoryId"
            render={({ field }) => (
              <CategoryField
                id="recurring-category"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                type={values.type === 'transfer' ? undefined : values.type}
                error={errors.categoryId?.message}
              />
            )}
          />
        )}

        {instalments ? (
          <InstalmentFields form={form} values={values} currency={currencies.amount} />
        ) : (
          <fieldset className="flex flex-col gap-5">
            <legend className="mb-3 text-sm font-semibold">{t('recurring.field.when')}</legend>
            <div className="grid grid-cols-[5.5rem_1fr] gap-3">
              <FormField id="recurring-interval" label={t('recurring.field.every')} error={errors.interval?.message}>
                {(control) => (
                  <WholeNumberInput
                    {...control}
                    {...form.register('interval', { onChange: () => changeRhythm({ ...form.getValues() }) })}
                  />
                )}
              </FormField>
              <FormField id="recurring-frequency" label={t('recurring.field.unit')} error={errors.frequency?.message}>
                {(control) => (
                  <NativeSelect
                    {...control}
                    value={values.frequency}
                    onChange={(event) =>
                      changeRhythm({
                        ...form.getValues(),
                        frequency: event.target.value as RecurringFormValues['frequency'],
                      })
                    }
                  >
                    {RECURRING_FREQUENCIES.map((frequency) => (
                      <option key={frequency} value={frequency}>
                        {t(`recurring.unit.${frequency}`, { count: unitCount })}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            </div>
            <StartField
              form={form}
              values={values}
              onChosen={() => {
                startChosen.current = true;
              }}
            />
            <div className="flex flex-col gap-3">
              <span id="recurring-ends-label" className="text-sm font-medium leading-none">
                {t('recurring.field.ends')}
              </span>
              <SegmentedControl
                aria-labelledby="recurring-ends-label"
                value={values.ends}
                onValueChange={(ends) => {
                  apply({ ...form.getValues(), ends });
                  form.clearErrors(['endDate', 'count']);
                }}
                options={RECURRING_ENDS.map((ends) => ({ value: ends, label: t(`recurring.ends.${ends}`) }))}
              />
              {values.ends === 'onDate' ? (
                <FormField id="recurring-end-date" label={t('recurring.field.endDate')} error={errors.endDate?.message}>
                  {(control) => (
                    <Input {...control} type="date" min={values.startDate || undefined} {...form.register('endDate')} />
                  )}
                </FormField>
              ) : null}
              {values.ends === 'afterCount' ? (
                <FormField id="recurring-count" label={t('recurring.field.times')} error={errors.count?.message}>
                  {(control) => <WholeNumberInput {...control} {...form.register('count')} />}
                </FormField>
              ) : null}
            </div>
          </fieldset>
        )}

        <Controller
          control={form.control}
          name="confirm"
          render={({ field }) => (
            <SwitchField
              label={t('recurring.field.confirm')}
              hint={t('recurring.field.confirmHint')}
              checked={field.value}
              onCheckedChange={field.onChange}
            />
          )}
        />

        <Controller
          control={form.control}
          name="tagIds"
          render={({ field }) => (
            <TagsField
              labelId="recurring-tags-label"
              value={field.value}
              onChange={field.onChange}
              error={errors.tagIds?.message}
            />
          )}
        />

        <NoteField
          id="recurring-note"
          placeholder={t('recurring.field.notePlaceholder')}
          error={errors.note?.message}
          registration={form.register('note')}
        />

        {original ? (
          <Controller
            control={form.control}
            name="archived"
            render={({ field }) => (
              <SwitchField
                label={t('recurring.field.paused')}
                hint={t('recurring.field.pausedHint')}
                checked={field.value}
                onCheckedChange={field.onChange}
              />
            )}
          />
        ) : null}

        {submission.error ? <FormFailure message={submission.error} unreachable={submission.unreachable} /> : null}
      </DialogBody>
      <DialogFooter>
        {original ? <DeleteRecurringButton recurring={original} onDone={onClose} /> : null}
        <DialogClose asChild>
          <Button variant="outline">{t('common.cancel')}</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {original ? t('common.save') : t('recurring.dialog.create')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** A count typed in digits (how often, how many times, how many parts), lined up as figures. */
function WholeNumberInput(props: ComponentProps<typeof Input>) {
  return <Input inputMode="numeric" autoComplete="off" className="tabular-nums" {...props} />;
}

type AccountFieldProps = {
  id: string;
  label: string;
  placeholder: string;
  accounts: readonly Account[];
  value: string;
  onChange: (accountId: string) => void;
  onBlur: () => void;
  error?: string;
};

/** One side of the schedule: the account it pays from, or the one a transfer goes to. */
function AccountField({ id, label, placeholder, accounts, value, onChange, onBlur, error }: AccountFieldProps) {
  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <AccountSelect
          {...control}
          accounts={accounts}
          placeholder={placeholder}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      )}
    </FormField>
  );
}

type RecurringFormApi = UseFormReturn<RecurringFormValues, unknown, RecurringFormResult>;

/** The first day, with the days that follow it for the person to check. */
function StartField({
  form,
  values,
  onChosen,
}: {
  form: RecurringFormApi;
  values: RecurringFormValues;
  onChosen: () => void;
}) {
  const t = useT();
  const dates = firstDates(values);
  const instalments = values.kind === 'instalments';
  return (
    <FormField
      id="recurring-start"
      label={t(instalments ? 'recurring.field.firstPayment' : 'recurring.field.starts')}
      hint={
        dates.length > 1 && !instalments
          ? t('recurring.field.firstDates', { dates: dates.map(formatDay).join(', ') })
          : undefined
      }
      error={form.formState.errors.startDate?.message}
    >
      {(control) => <Input {...control} type="date" {...form.register('startDate', { onChange: onChosen })} />}
    </FormField>
  );
}

/** An instalment plan's count and first day, and its parts as they will be recorded, before saving. */
function InstalmentFields({
  form,
  values,
  currency,
}: {
  form: RecurringFormApi;
  values: RecurringFormValues;
  currency: string | undefined;
}) {
  const t = useT();
  const parts = instalmentSchedule(values);
  return (
    <fieldset className="flex flex-col gap-5">
      <legend className="mb-3 text-sm font-semibold">{t('recurring.field.when')}</legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id="recurring-parts"
          label={t('recurring.field.parts')}
          hint={t('recurring.field.partsHint')}
          error={form.formState.errors.count?.message}
        >
          {(control) => <WholeNumberInput {...control} {...form.register('count')} />}
        </FormField>
        <StartField form={form} values={values} onChosen={() => undefined} />
      </div>
      <div className="flex flex-col gap-2">
        <span id="recurring-parts-preview" className="text-sm font-medium leading-none">
          {t('recurring.field.partsPreview')}
        </span>
        {parts.length > 0 && currency ? (
          <ol aria-labelledby="recurring-parts-preview" className="divide-y rounded-lg border text-sm">
            {parts.map((part, index) => (
              <li key={part.date} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="text-muted-foreground tabular-nums">
                  {t('recurring.partOf', { number: index + 1, of: parts.length })} · {formatDay(part.date)}
                </span>
                <span className="font-medium tabular-nums">{formatMoney(part.amount, currency)}</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-xs text-muted-foreground">{t('recurring.field.partsEmpty')}</p>
        )}
      </div>
    </fieldset>
  );
}

/** Deleting a schedule stops what comes next; what it recorded stays among the transactions. */
function DeleteRecurringButton({ recurring, onDone }: { recurring: Recurring; onDone: () => void }) {
  const deleteRecurring = useDeleteRecurring();
  const [open, setOpen] = useState(false);
  const t = useT();
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button
        variant="ghost"
        className="text-destructive hover:bg-destructive/10 sm:mr-auto"
        onClick={() => setOpen(true)}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {t('recurring.delete.button')}
      </Button>
      {open ? (
        <ConfirmDialogContent
          title={t('recurring.delete.title', { name: recurring.name })}
          description={t('recurring.delete.description')}
          confirmLabel={t('recurring.delete.button')}
          confirmVariant="destructive"
          confirm={() => deleteRecurring.mutateAsync(recurring.id)}
          pending={deleteRecurring.isPending}
          onConfirmed={() => {
            notify('success', t('recurring.delete.done', { name: recurring.name }));
            setOpen(false);
            onDone();
          }}
        />
      ) : null}
    </AlertDialog>
  );
}
