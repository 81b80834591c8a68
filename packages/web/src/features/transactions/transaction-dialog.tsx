import { zodResolver } from '@hookform/resolvers/zod';
import {
  type Account,
  type CreateTransactionBody,
  convertMinorUnits,
  defaultPaymentType,
  type RecurringKind,
  type Transaction,
} from '@kopiyka/shared';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, CloudUpload, Info, Lock, Repeat, Split } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useBudgets } from '../../api/budgets.ts';
import { ratesQueryOptions, useBaseCurrencyCode } from '../../api/currencies.ts';
import { hasErrorCode, inlineErrorMessage } from '../../api/errors.ts';
import { keepTransaction, refusalError, refusalText } from '../../api/outbox.ts';
import { useRecurringList } from '../../api/recurring.ts';
import { useSubmission } from '../../api/submission.ts';
import { useCreateTransaction, useUpdateTransaction } from '../../api/transactions.ts';
import { ErrorAlert, FormFailure } from '../../components/ui/alert.tsx';
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
import { type FieldControlProps, FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { AccountSelect, selectableAccounts } from '../../entities/accounts/account-select.tsx';
import { AccountsDialogBody } from '../../entities/accounts/accounts-dialog-body.tsx';
import { TagsField } from '../../entities/tags/tag-toggles.tsx';
import { formatDateTime } from '../../entities/transactions/describe.ts';
import { NoteField } from '../../entities/transactions/note-field.tsx';
import { DropQueuedButton } from '../../entities/transactions/outbox-list.tsx';
import { CategoryPicker } from '../../entities/transactions/pickers.tsx';
import { isPlanned, type PurchaseInParts, purchaseInParts } from '../../entities/transactions/purchase-in-parts.ts';
import { formatDay } from '../../lib/dates.ts';
import { issueText, t, useT } from '../../lib/i18n.ts';
import { amountText, formatMoney, formatRate, parseAmount } from '../../lib/money.ts';
import { randomKey } from '../../lib/random-key.ts';
import { isConnected } from '../../stores/connection.ts';
import { notify } from '../../stores/notifications.ts';
import { removeFromOutbox, replaceInOutbox } from '../../stores/outbox.ts';
import { openRecurringDialog } from '../../stores/recurring-dialog-target.ts';
import {
  closeTransactionDialog,
  type DialogTarget,
  useTransactionDialogStore,
} from '../../stores/transaction-dialog-target.ts';
import { RefundField } from './components/refund-field.tsx';
import { useRuleOffer } from './components/rule-offer.ts';
import { SplitParts } from './components/split-parts.tsx';
import {
  amountCurrencies,
  changeAccount,
  crossRate,
  initialFormValues,
  isBankTransaction,
  kindLabel,
  kindOf,
  leftToAssign,
  PAYMENT_TYPE_CHOICES,
  payingAccount,
  paymentTypeLabel,
  readDateTimeLocal,
  removePart,
  startSplit,
  switchKind,
  TRANSACTION_KINDS,
  type TransactionFormField,
  type TransactionFormResult,
  type TransactionFormValues,
  type TransactionKind,
  type TransactionRequest,
  transactionFormSchema,
} from './components/transaction-form.ts';
import { DeleteTransactionButton, LinkPanel, TransferPairing } from './components/transfer-actions.tsx';

/** Mounted once in the signed-in shell; whatever opened the dialog set its target in the store. */
export function TransactionDialogHost() {
  const target = useTransactionDialogStore((state) => state.target);
  // Leaving the shell (signing out) must not leave a dialog waiting for the next session.
  useEffect(() => closeTransactionDialog, []);
  if (!target) return null;
  const key =
    target.mode === 'edit' ? `edit-${target.transaction.id}` : target.queued ? `queued-${target.queued.key}` : 'create';
  return <TransactionDialog key={key} target={target} onClose={closeTransactionDialog} />;
}

function dialogTitle(target: DialogTarget): string {
  if (target.mode === 'create') return target.queued ? t('outbox.dialogTitle') : t('transaction.dialog.new');
  return t(`transaction.dialog.edit.${kindOf(target.transaction)}`);
}

export function TransactionDialog({ target, onClose }: { target: DialogTarget; onClose: () => void }) {
  const [linking, setLinking] = useState(false);
  const editing = target.mode === 'edit' ? target.transaction : null;
  const t = useT();

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg" onOpenAutoFocus={focusMarkedField}>
        <DialogHeader
          title={linking ? t('transaction.link.title') : dialogTitle(target)}
          description={linking ? t('transaction.link.description') : undefined}
        />
        <AccountsDialogBody
          needsAccount={!editing}
          noAccountsText={t('transaction.noAccounts.description')}
          onClose={onClose}
        >
          {(accounts) =>
            editing && linking ? (
              <LinkPanel transaction={editing} accounts={accounts} onBack={() => setLinking(false)} onDone={onClose} />
            ) : (
              <TransactionForm target={target} accounts={accounts} onClose={onClose} onLink={() => setLinking(true)} />
            )
          }
        </AccountsDialogBody>
      </DialogContent>
    </Dialog>
  );
}

/** A field the bank fills in: shown (and read out) as a field, but not editable. */
function ReadOnlyValue({ value, ...control }: FieldControlProps & { value: string }) {
  return (
    <div className="relative">
      <Lock
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-3.5 -translate-y-1/2 text-muted-foreground"
      />
      <Input {...control} readOnly value={value} className="border-dashed bg-muted/40 pl-8 text-muted-foreground" />
    </div>
  );
}

/** What a submission sends: the request the form stands for; `later` keeps a new one on this device. */
type SubmitInput = { request: TransactionRequest; fieldOf: TransactionFormResult['fieldOf']; later?: boolean };

/** The day whose rate converts a transfer: a rate's day is the UTC day of the moment (docs/decisions.md). */
const rateDay = (time: string) => readDateTimeLocal(time)?.toISOString().slice(0, 10);

type TransactionFormProps = {
  target: DialogTarget;
  accounts: Account[];
  onClose: () => void;
  onLink: () => void;
};

function TransactionForm({ target, accounts, onClose, onLink }: TransactionFormProps) {
  const original = target.mode === 'edit' ? target.transaction : undefined;
  const bank = original ? isBankTransaction(original) : false;
  const t = useT();
  // A bank transaction keeps its side of a transfer: the account it came on, with its amount.
  const bankSide = bank && original ? (original.transactionType === 'income' ? 'toAccountId' : 'accountId') : null;
  const initial = useMemo(() => initialFormValues(target, accounts), [target, accounts]);
  const byId = useMemo(() => new Map(accounts.map((account) => [String(account.id), account])), [accounts]);
  const currencyOf = useMemo(() => (id: string) => byId.get(id)?.currencyCode, [byId]);
  const schema = useMemo(() => transactionFormSchema({ currencyOf, original }), [currencyOf, original]);
  const form = useForm<TransactionFormValues, unknown, TransactionFormResult>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: initial,
  });
  const createTransaction = useCreateTransaction();
  const updateTransaction = useUpdateTransaction();
  // A transaction kept on this device that the server refused, opened to be fixed (issue 39).
  const queued = target.mode === 'create' ? target.queued : undefined;
  const idempotency = useRef<{ body: string; key: string } | null>(null);
  /**
   * The Idempotency-Key of a new transaction: the same for every try of the same body (a try whose
   * answer was lost, sent again with "Try again" or kept to send later, is made once), a new one
   * once the body changes.
   */
  function idempotencyKeyOf(body: CreateTransactionBody): string {
    const text = JSON.stringify(body);
    if (idempotency.current?.body !== text) idempotency.current = { body: text, key: randomKey() };
    return idempotency.current.key;
  }
  /** Keeps the new transaction on this device to send later (the fixed one in its place in the line). */
  function keepForLater(body: CreateTransactionBody, key: string) {
    if (queued) replaceInOutbox(queued.key, body, key);
    else keepTransaction(body, key);
    notify('info', t('outbox.kept'));
  }
  const offerRule = useRuleOffer();
  const { errors, isSubmitting } = form.formState;
  const values = form.watch();
  const currencies = amountCurrencies(values, currencyOf);
  const options = selectableAccounts(
    accounts,
    [original?.accountId, original?.destinationAccountId].filter((id): id is number => typeof id === 'number'),
  );

  // What arrives in a transfer across currencies follows the amount at the day's rate until typed
  // over (or when the bank says what arrived).
  const destinationTyped = useRef(bankSide === 'toAccountId');
  const [following, setFollowing] = useState(!original);
  function followRate() {
    if (!destinationTyped.current) setFollowing(true);
  }

  /** Sets what changed, checking it again only once the form has been submitted. */
  function apply(next: TransactionFormValues) {
    const current = form.getValues();
    for (const field of Object.keys(next) as TransactionFormField[]) {
      if (next[field] !== current[field]) {
        form.setValue(field, next[field] as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
      }
    }
  }

  // The payment type follows the paying account until the user picks one.
  const paymentChosen = useRef(Boolean(original));
  function changeSide(side: 'accountId' | 'toAccountId', value: string) {
    const { next, destinationKept } = changeAccount(form.getValues(), side, value, currencyOf);
    if (destinationKept) destinationTyped.current = true;
    const payer = byId.get(payingAccount(next));
    if (payer && !paymentChosen.current) next.paymentType = defaultPaymentType(payer);
    apply(next);
    followRate();
  }

  function changeKind(next: TransactionKind) {
    apply(switchKind(form.getValues(), next));
    form.clearErrors();
    followRate();
  }

  const baseCode = useBaseCurrencyCode();
  const day = rateDay(values.time);
  const rates = useQuery({ ...ratesQueryOptions(day), enabled: Boolean(currencies.destination && baseCode) });
  const sameSidesAsOriginal =
    original !== undefined && initial.accountId === values.accountId && initial.toAccountId === values.toAccountId;
  const rate = useMemo(() => {
    if (!currencies.amount || !currencies.destination) return null;
    // An edited transfer keeps the rate it was made at, as long as its accounts stay.
    const initialFrom = parseAmount(initial.amount);
    const initialTo = parseAmount(initial.destinationAmount);
    if (sameSidesAsOriginal && initialFrom && initialTo) return initialTo / initialFrom;
    if (!rates.data || !baseCode) return null;
    return crossRate(currencies.amount, currencies.destination, rates.data, baseCode);
  }, [currencies.amount, currencies.destination, rates.data, baseCode, sameSidesAsOriginal, initial]);
  useEffect(() => {
    if (!following || destinationTyped.current || rate === null) return;
    const minor = parseAmount(values.amount);
    const next = minor && minor > 0 ? amountText(convertMinorUnits(minor, rate)) : '';
    if (next !== form.getValues('destinationAmount')) form.setValue('destinationAmount', next);
  }, [following, rate, values.amount, form]);

  /** Puts the server's messages on the fields they concern; what is left is the form's to say. */
  function serverErrorMessage(error: unknown, fieldOf: TransactionFormResult['fieldOf']): string | null {
    if (hasErrorCode(error, 'VALIDATION_ERROR', 'NOT_ALLOWED')) {
      const placed = error.details.flatMap((issue) => {
        const field = fieldOf(issue.path);
        return field ? [{ field, issue }] : [];
      });
      placed.forEach(({ field, issue }, index) => {
        // The issue's code as the error's type: the rate question below asks for it.
        form.setError(field, { type: issue.code, message: issueText(issue) }, { shouldFocus: index === 0 });
      });
      if (placed.length > 0) return null;
    }
    return inlineErrorMessage(error);
  }

  const submission = useSubmission({
    send: async ({ request, later }: SubmitInput) => {
      if (request.kind === 'create') {
        const idempotencyKey = idempotencyKeyOf(request.body);
        // Without a connection it is kept here at once; sent later, it is made once with its key.
        if (later || !isConnected()) return keepForLater(request.body, idempotencyKey);
        const [saved] = await createTransaction.mutateAsync({ body: request.body, idempotencyKey });
        if (queued) removeFromOutbox(queued.key);
        if (saved) notify('success', createdMessage(saved));
        return;
      }
      await updateTransaction.mutateAsync({ id: request.id, body: request.body });
      const { categoryId } = request.body;
      // A bank's or a file's row put in another category: its merchant's others likely belong there too.
      if (original && typeof categoryId === 'number') offerRule(original, categoryId);
      else notify('success', t('transaction.saved'));
    },
    failureMessage: (error, { fieldOf }) => serverErrorMessage(error, fieldOf),
    onSuccess: () => onClose(),
  });
  const formError = submission.error;

  const onSubmit = form.handleSubmit(({ request, fieldOf }) =>
    request ? submission.submit({ request, fieldOf }) : onClose(),
  );
  // The server could not be reached: a new transaction may wait on this device instead.
  const sendLater = form.handleSubmit(({ request, fieldOf }) =>
    request ? submission.submit({ request, fieldOf, later: true }) : onClose(),
  );

  // A refused one opens with the server's word on the fields it concerns, as if just answered.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the refusal it was opened with.
  useEffect(() => {
    if (!queued?.refusal) return;
    const checked = schema.safeParse(initial);
    if (checked.success) serverErrorMessage(refusalError(queued.refusal), checked.data.fieldOf);
  }, []);

  const transfer = values.kind === 'transfer';
  const bankAmount = original ? formatMoney(original.amount, original.currencyCode) : '';
  const allowedKinds: readonly TransactionKind[] =
    bank && original ? [original.transactionType, 'transfer'] : TRANSACTION_KINDS;
  const rateError = [errors.accountId?.type, errors.toAccountId?.type].includes('rate.missing');

  return (
    <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
      <DialogBody>
        {queued?.refusal ? (
          <ErrorAlert>{t('outbox.dialogRefused', { reason: refusalText(queued.refusal) })}</ErrorAlert>
        ) : null}
        {bank ? (
          <p className="flex items-start gap-2 rounded-lg border bg-muted/40 px-3 py-2.5 text-sm text-muted-foreground">
            <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{t('transaction.bankNote')}</span>
          </p>
        ) : null}

        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <div className="flex flex-col gap-2">
              <SegmentedControl
                aria-label={t('transaction.field.type')}
                value={field.value}
                onValueChange={changeKind}
                options={TRANSACTION_KINDS.map((kind) => ({
                  value: kind,
                  label: kindLabel(kind),
                  disabled: !allowedKinds.includes(kind),
                }))}
              />
              {errors.kind?.message ? <p className="text-sm text-destructive">{errors.kind.message}</p> : null}
            </div>
          )}
        />

        <FormField
          id="transaction-amount"
          label={currencies.destination ? t('transaction.field.amountSent') : t('transaction.field.amount')}
          error={errors.amount?.message}
        >
          {(control) =>
            bank && !(transfer && bankSide === 'toAccountId' && currencies.destination) ? (
              <ReadOnlyValue {...control} value={bankAmount} />
            ) : (
              <AmountInput
                {...control}
                data-autofocus={!original || undefined}
                currency={currencies.amount}
                positive
                {...form.register('amount', { onChange: followRate })}
              />
            )
          }
        </FormField>

        <div className={transfer ? 'grid gap-5 sm:grid-cols-2' : 'flex flex-col'}>
          <Controller
            control={form.control}
            name="accountId"
            render={({ field }) => (
              <FormField
                id="transaction-account"
                label={transfer ? t('transaction.field.from') : t('transaction.field.account')}
                error={errors.accountId?.message}
              >
                {(control) =>
                  bankSide === 'accountId' || (bank && !transfer) ? (
                    <ReadOnlyValue {...control} value={byId.get(String(original?.accountId))?.name ?? ''} />
                  ) : (
                    <AccountSelect
                      {...control}
                      accounts={options}
                      outOfWallet={transfer}
                      placeholder={t('transaction.field.chooseAccount')}
                      value={field.value}
                      onChange={(event) => changeSide('accountId', event.target.value)}
                      onBlur={field.onBlur}
                    />
                  )
                }
              </FormField>
            )}
          />
          {transfer ? (
            <Controller
              control={form.control}
              name="toAccountId"
              render={({ field }) => (
                <FormField
                  id="transaction-to-account"
                  label={t('transaction.field.to')}
                  error={errors.toAccountId?.message}
                >
                  {(control) =>
                    bankSide === 'toAccountId' ? (
                      <ReadOnlyValue {...control} value={byId.get(String(original?.accountId))?.name ?? ''} />
                    ) : (
                      <AccountSelect
                        {...control}
                        accounts={options}
                        outOfWallet
                        placeholder={t('transaction.field.chooseTo')}
                        value={field.value}
                        onChange={(event) => changeSide('toAccountId', event.target.value)}
                        onBlur={field.onBlur}
                      />
                    )
                  }
                </FormField>
              )}
            />
          ) : null}
        </div>
        {transfer && !original && accounts.some((account) => account.type !== 'system') ? (
          // Bank accounts take no manual rows, so they are not in the lists above: say where such a move is made.
          <p className="-mt-3 text-sm text-muted-foreground">{t('transaction.bankTransferHint')}</p>
        ) : null}
        {rateError ? (
          <p className="-mt-3 text-sm">
            <Link to="/settings/currencies" onClick={onClose} className="font-medium text-primary hover:underline">
              {t('transaction.field.setRate')}
            </Link>
          </p>
        ) : null}

        {currencies.destination ? (
          <FormField
            id="transaction-destination-amount"
            label={t('transaction.field.amountReceived')}
            hint={rateHint({
              from: currencies.amount ?? '',
              to: currencies.destination,
              rate,
              day,
              loading: rates.isFetching,
              kept: sameSidesAsOriginal,
            })}
            error={errors.destinationAmount?.message}
          >
            {(control) =>
              bank && bankSide === 'toAccountId' ? (
                <ReadOnlyValue {...control} value={bankAmount} />
              ) : (
                <AmountInput
                  {...control}
                  currency={currencies.destination}
                  positive
                  {...form.register('destinationAmount', {
                    onChange: () => {
                      destinationTyped.current = true;
                    },
                  })}
                />
              )
            }
          </FormField>
        ) : null}

        {values.kind !== 'transfer' && values.splits.length > 0 ? (
          <SplitParts
            parts={values.splits}
            type={values.kind}
            currency={currencies.amount}
            left={leftToAssign(values)}
            error={errors.splits?.message}
            onChange={(splits) => apply({ ...form.getValues(), splits })}
            onRemove={(index) => apply(removePart(form.getValues(), index))}
          />
        ) : (
          <Controller
            control={form.control}
            name="categoryId"
            render={({ field }) => (
              <div className="flex flex-col gap-1">
                <FormField
                  id="transaction-category"
                  label={t('transaction.field.category')}
                  hint={transfer ? t('transaction.field.categoryTransferHint') : undefined}
                  error={transfer ? undefined : errors.categoryId?.message}
                >
                  {(control) => (
                    <CategoryPicker
                      {...control}
                      value={transfer ? null : field.value}
                      disabled={transfer}
                      type={values.kind === 'transfer' ? undefined : values.kind}
                      placeholder={
                        transfer
                          ? t('transaction.field.noCategoryForTransfers')
                          : t('transactions.picker.chooseCategory')
                      }
                      onChange={(categoryId) => {
                        field.onChange(categoryId);
                        field.onBlur();
                      }}
                    />
                  )}
                </FormField>
                {transfer ? null : (
                  <Button
                    variant="link"
                    size="sm"
                    className="self-end"
                    onClick={() => {
                      apply(startSplit(form.getValues()));
                      form.clearErrors('categoryId');
                    }}
                  >
                    <Split aria-hidden="true" className="size-4" />
                    {t('transaction.split.start')}
                  </Button>
                )}
              </div>
            )}
          />
        )}

        {values.kind === 'income' ? (
          <Controller
            control={form.control}
            name="refundOfId"
            render={({ field }) => (
              <RefundField
                value={field.value}
                onChange={field.onChange}
                editing={original}
                error={errors.refundOfId?.message}
              />
            )}
          />
        ) : null}

        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="transaction-time" label={t('transaction.field.time')} error={errors.time?.message}>
            {(control) =>
              bank ? (
                <ReadOnlyValue {...control} value={original ? formatDateTime(original.time) : ''} />
              ) : (
                <Input {...control} type="datetime-local" {...form.register('time', { onChange: followRate })} />
              )
            }
          </FormField>
          <Controller
            control={form.control}
            name="paymentType"
            render={({ field }) => (
              <FormField
                id="transaction-payment-type"
                label={t('transaction.field.paymentType')}
                error={errors.paymentType?.message}
              >
                {(control) => (
                  <NativeSelect
                    {...control}
                    value={field.value}
                    onChange={(event) => {
                      paymentChosen.current = true;
                      field.onChange(event.target.value);
                    }}
                  >
                    {PAYMENT_TYPE_CHOICES.map((type) => (
                      <option key={type} value={type}>
                        {paymentTypeLabel(type)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            )}
          />
        </div>

        <BudgetField control={form.control} error={errors.budgetId?.message} />
        <Controller
          control={form.control}
          name="tagIds"
          render={({ field }) => (
            <TagsField
              labelId="transaction-tags-label"
              value={field.value}
              onChange={field.onChange}
              error={errors.tagIds?.message}
            />
          )}
        />

        <NoteField
          id="transaction-note"
          placeholder={t('transaction.field.notePlaceholder')}
          error={errors.note?.message}
          registration={form.register('note')}
          length={values.note.length}
        />

        {original && original.transferNature !== 'transfer_out_wallet' ? (
          <MakeRegular transaction={original} onClose={onClose} />
        ) : null}
        {original ? (
          <TransferPairing transaction={original} accounts={accounts} onLink={onLink} onDone={onClose} />
        ) : null}
        {formError ? (
          <FormFailure
            message={formError}
            unreachable={submission.unreachable}
            otherwise={
              original ? null : (
                <Button variant="outline" size="sm" onClick={() => void sendLater()}>
                  <CloudUpload aria-hidden="true" className="size-4" />
                  {t('outbox.sendLater')}
                </Button>
              )
            }
          />
        ) : null}
      </DialogBody>
      <DialogFooter>
        {original && !bank ? (
          <DeleteTransactionButton transaction={original} accounts={accounts} onDone={onClose} />
        ) : null}
        {queued ? <DropQueuedButton entry={queued} onDone={onClose} /> : null}
        <DialogClose asChild>
          <Button variant="outline">{t('transaction.cancel')}</Button>
        </DialogClose>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? <Spinner /> : null}
          {original ? t('transaction.save') : t(`transaction.submit.${values.kind}`)}
        </Button>
      </DialogFooter>
    </form>
  );
}

type RateHintInput = {
  from: string;
  to: string;
  rate: number | null;
  day: string | undefined;
  loading: boolean;
  kept: boolean;
};

function rateHint({ from, to, rate, day, loading, kept }: RateHintInput): string {
  if (rate !== null) {
    // Said the way round that gives a number above one: "1 USD = 41.6 UAH", not "1 UAH = 0.024 USD".
    const at = rate >= 1 ? `1 ${from} = ${formatRate(rate)} ${to}` : `1 ${to} = ${formatRate(1 / rate)} ${from}`;
    if (kept) return t('transaction.rate.kept', { rate: at });
    return day
      ? t('transaction.rate.ofDay', { rate: at, day: formatDay(day) })
      : t('transaction.rate.ofToday', { rate: at });
  }
  if (loading) return t('transaction.rate.loading');
  return t('transaction.rate.none', { from, to });
}

/**
 * A payment that comes again (rent, a subscription, a salary) made a schedule: the schedule's
 * dialog takes over, filled in from the transaction as it was saved. Money leaving the wallet has
 * no account on its other side for a schedule to move it to. A purchase in parts is offered as an
 * instalment plan instead.
 */
function MakeRegular({ transaction, onClose }: { transaction: Transaction; onClose: () => void }) {
  const purchase = purchaseInParts(transaction);
  const open = (kind: RecurringKind) => {
    onClose();
    openRecurringDialog({ mode: 'create', from: { transaction, kind } });
  };
  return purchase ? (
    <MakeInstalments purchase={purchase} onOpen={open} />
  ) : (
    <RegularOffer kind="schedule" onOpen={open} />
  );
}

/**
 * A purchase in parts made an instalment plan, unless one was made from it already (then it is
 * offered as a schedule, as any transaction is). Until the plans are read it is offered: most
 * purchases are not planned yet.
 */
function MakeInstalments({ purchase, onOpen }: { purchase: PurchaseInParts; onOpen: (kind: RecurringKind) => void }) {
  const plans = useRecurringList();
  const planned = plans.data ? isPlanned(purchase, plans.data) : false;
  return <RegularOffer kind={planned ? 'schedule' : 'instalments'} onOpen={onOpen} />;
}

/** The offer to make a transaction a schedule or an instalment plan: a word on why, and the button. */
function RegularOffer({ kind, onOpen }: { kind: RecurringKind; onOpen: (kind: RecurringKind) => void }) {
  const t = useT();
  const instalments = kind === 'instalments';
  const Icon = instalments ? CalendarClock : Repeat;
  return (
    <section className="flex flex-col items-start gap-3 rounded-lg border p-3.5">
      <p className="text-sm text-muted-foreground">
        {t(instalments ? 'transaction.makeInstalments.intro' : 'transaction.makeRegular.intro')}
      </p>
      <Button variant="outline" size="sm" onClick={() => onOpen(kind)}>
        <Icon aria-hidden="true" className="size-4" />
        {t(instalments ? 'transaction.makeInstalments.button' : 'transaction.makeRegular.button')}
      </Button>
    </section>
  );
}

function createdMessage(saved: Transaction): string {
  const amount = formatMoney(saved.amount, saved.currencyCode);
  if (saved.transferNature !== 'not_transfer') return t('transaction.created.transfer', { amount });
  return t(`transaction.created.${saved.transactionType}`, { amount });
}

/**
 * Assigns the transaction to a budget by hand. Offered once the user has budgets: active ones, and
 * an archived one only when it is the current choice.
 */
function BudgetField({
  control,
  error,
}: {
  control: Control<TransactionFormValues, unknown, TransactionFormResult>;
  error?: string;
}) {
  const budgets = useBudgets();
  const t = useT();
  return (
    <Controller
      control={control}
      name="budgetId"
      render={({ field }) => {
        const choices = (budgets.data ?? []).filter((budget) => !budget.archived || budget.id === field.value);
        if (choices.length === 0) return <></>;
        return (
          <FormField id="transaction-budget" label={t('transaction.field.budget')} error={error}>
            {(controlProps) => (
              <NativeSelect
                {...controlProps}
                value={field.value === null ? '' : String(field.value)}
                onChange={(event) => field.onChange(event.target.value === '' ? null : Number(event.target.value))}
              >
                <option value="">{t('transaction.field.noBudget')}</option>
                {choices.map((budget) => (
                  <option key={budget.id} value={budget.id}>
                    {budget.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        );
      }}
    />
  );
}
