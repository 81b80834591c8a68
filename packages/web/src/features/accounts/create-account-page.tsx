import { zodResolver } from '@hookform/resolvers/zod';
import type { Rate, UserCurrency } from '@kopiyka/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type Control, useController, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useCreateAccount } from '../../api/accounts.ts';
import {
  ratesQueryOptions,
  useAddUserCurrencies,
  useBaseCurrency,
  useSystemCurrencies,
  useUserCurrencies,
} from '../../api/currencies.ts';
import { inlineErrorMessage } from '../../api/errors.ts';
import { serverFieldErrors, setServerFieldErrors } from '../../api/form-errors.ts';
import { useSubmission } from '../../api/submission.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { AmountInput } from '../../components/ui/amount-input.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { NativeSelect } from '../../components/ui/native-select.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { isCreditCategory } from '../../entities/accounts/account-categories.ts';
import { GroupOptions } from '../../entities/accounts/group-options.tsx';
import { useAccountTree } from '../../entities/accounts/use-account-tree.ts';
import { currencyName } from '../../entities/currencies/currency-name.ts';
import {
  CurrencyPicker,
  CurrencyPickerError,
  CurrencyPickerSkeleton,
} from '../../entities/currencies/currency-picker.tsx';
import { EditRateDialog } from '../../entities/currencies/edit-rate-dialog.tsx';
import { formatDay } from '../../lib/dates.ts';
import { useT } from '../../lib/i18n.ts';
import { dayKey } from '../../lib/periods.ts';
import { notify } from '../../stores/notifications.ts';
import { AccountCategoryChooser } from './components/account-category-chooser.tsx';
import { ACCOUNT_FORM_FIELDS, type AccountFormValues, accountFormSchema } from './components/account-form.ts';

type AccountFormOutput = z.output<ReturnType<typeof accountFormSchema>>;

/** The select's value for "a currency I do not have yet". */
const OTHER_CURRENCY = 'other';

/** The base currency first, then the others by code. */
function sortUserCurrencies(userCurrencies: readonly UserCurrency[]): UserCurrency[] {
  return [...userCurrencies].sort(
    (a, b) => Number(b.isBase) - Number(a.isBase) || a.currency.code.localeCompare(b.currency.code),
  );
}

/** A server refusal for want of an exchange rate: the person can give one right here. */
const isMissingRate = (message: string | undefined) => message !== undefined && /rate/i.test(message);

type CurrencyFieldProps = {
  control: Control<AccountFormValues, unknown, AccountFormOutput>;
  /** The chosen currency's code; undefined until one is chosen. */
  currencyCode: string | undefined;
  baseCode: string | undefined;
  /** The server's refusal of the chosen currency. */
  refusal: string | null;
  /** The currency changed, or got the rate it was refused for: the refusal no longer holds. */
  onRefusalResolved: () => void;
};

/**
 * The user's currencies in a select, with "another currency" opening the searchable ISO list
 * below it; choosing there adds the currency to the user's list when the account is created.
 */
function CurrencyField({ control, currencyCode, baseCode, refusal, onRefusalResolved }: CurrencyFieldProps) {
  const { field, fieldState } = useController({ control, name: 'currencyId' });
  const choose = (currencyId: number | null) => {
    field.onChange(currencyId);
    onRefusalResolved();
  };
  const queryClient = useQueryClient();
  const addCurrencies = useAddUserCurrencies();
  /** The rate to start the rate dialog from while it is open (undefined: none listed); null while closed. */
  const [rateDialog, setRateDialog] = useState<{ rate: Rate | undefined } | null>(null);
  const userCurrencies = useUserCurrencies();
  const systemCurrencies = useSystemCurrencies();
  const [other, setOther] = useState(false);
  const owned = useMemo(() => sortUserCurrencies(userCurrencies.data ?? []), [userCurrencies.data]);
  const others = useMemo(() => {
    const ownedIds = new Set(owned.map((userCurrency) => userCurrency.currencyId));
    return systemCurrencies.data?.filter((currency) => !ownedIds.has(currency.id)) ?? [];
  }, [systemCurrencies.data, owned]);
  const error = refusal ?? fieldState.error?.message;
  const t = useT();

  /**
   * A rate can be set only for one of the user's currencies: one chosen from the whole list is
   * added first (creating the account would add it anyway), then the dialog opens at its rate.
   */
  const preparation = useSubmission({
    send: async (currencyId: number) => {
      if (!owned.some((userCurrency) => userCurrency.currencyId === currencyId)) {
        await addCurrencies.mutateAsync({ currencies: [{ currencyId }] });
        setOther(false);
      }
      return queryClient.fetchQuery(ratesQueryOptions());
    },
    failureMessage: (failure) => inlineErrorMessage(failure) || t('account.create.rateFailed'),
    onSuccess: (rates) => setRateDialog({ rate: rates.find((rate) => rate.baseCode === currencyCode) }),
  });
  const preparing = preparation.pending;
  const preparingError = preparation.error;

  function openRateDialog() {
    const currencyId = field.value;
    if (currencyId !== null) void preparation.submit(currencyId);
  }

  return (
    <div className="flex flex-col gap-3">
      <FormField id="account-currency" label={t('account.create.currency')} error={other ? undefined : error}>
        {(controlProps) => (
          <NativeSelect
            {...controlProps}
            name={field.name}
            ref={field.ref}
            disabled={userCurrencies.isPending}
            value={other ? OTHER_CURRENCY : String(field.value ?? '')}
            onBlur={field.onBlur}
            onChange={(event) => {
              const chosen = event.target.value;
              setOther(chosen === OTHER_CURRENCY);
              choose(chosen === OTHER_CURRENCY || chosen === '' ? null : Number(chosen));
            }}
          >
            {userCurrencies.isPending ? <option value="">{t('account.create.loadingCurrencies')}</option> : null}
            {owned.map((userCurrency) => (
              <option key={userCurrency.currencyId} value={userCurrency.currencyId}>
                {userCurrency.currency.code} · {currencyName(userCurrency.currency)}
                {userCurrency.isBase ? ` ${t('account.create.baseMark')}` : ''}
              </option>
            ))}
            <option value={OTHER_CURRENCY}>{t('account.create.otherCurrency')}</option>
          </NativeSelect>
        )}
      </FormField>
      {other ? (
        systemCurrencies.isPending ? (
          <CurrencyPickerSkeleton />
        ) : systemCurrencies.isError ? (
          <CurrencyPickerError onRetry={() => systemCurrencies.refetch()} retrying={systemCurrencies.isFetching} />
        ) : (
          <CurrencyPicker currencies={others} value={field.value} onChange={choose} error={error} />
        )
      ) : null}
      {isMissingRate(error) && currencyCode && baseCode ? (
        <div className="flex flex-col items-start gap-1">
          <Button type="button" variant="outline" size="sm" onClick={openRateDialog} disabled={preparing}>
            {preparing ? <Spinner /> : null}
            {t('account.create.setRate', { currency: currencyCode })}
          </Button>
          {preparingError ? (
            <p role="alert" className="text-sm text-destructive">
              {preparingError}
            </p>
          ) : null}
        </div>
      ) : null}
      {currencyCode && baseCode ? (
        <EditRateDialog
          open={rateDialog !== null}
          onOpenChange={(open) => !open && setRateDialog(null)}
          currencyCode={currencyCode}
          baseCode={baseCode}
          rate={rateDialog?.rate}
          hasCustomRate={
            owned.find((userCurrency) => userCurrency.currencyId === field.value)?.liveRateUpdate === false
          }
          onSaved={onRefusalResolved}
        />
      ) : null}
    </div>
  );
}

export function CreateAccountPage() {
  const navigate = useNavigate();
  const createAccount = useCreateAccount();
  const groups = useAccountTree();
  const baseCurrency = useBaseCurrency();
  const baseCurrencyId = baseCurrency?.currencyId ?? null;
  // The day the page opened: the latest day a balance can be given for.
  const [today] = useState(() => dayKey(new Date()));
  const schema = useMemo(() => accountFormSchema(today), [today]);
  const [currencyRefusal, setCurrencyRefusal] = useState<string | null>(null);
  const t = useT();
  const form = useForm<AccountFormValues, unknown, AccountFormOutput>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      name: '',
      currencyId: baseCurrencyId,
      accountCategory: 'general',
      initialBalance: '',
      openingDay: today,
      creditLimit: '',
      accountGroupId: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const category = form.watch('accountCategory');
  const currencyId = form.watch('currencyId');
  const openingDay = form.watch('openingDay');
  const userCurrencies = useUserCurrencies();
  const systemCurrencies = useSystemCurrencies();
  const currencyCode = (
    userCurrencies.data?.find((userCurrency) => userCurrency.currencyId === currencyId)?.currency ??
    systemCurrencies.data?.find((currency) => currency.id === currencyId)
  )?.code;

  const submission = useSubmission({
    send: (body: AccountFormOutput) => createAccount.mutateAsync(body),
    failureMessage: (error) => {
      // Kept apart from the form's errors, which a blur re-checks away: it stays until the currency changes.
      const refusal = serverFieldErrors(error, ['currencyId']).currencyId ?? null;
      setCurrencyRefusal(refusal);
      const otherFields = ACCOUNT_FORM_FIELDS.filter((field) => field !== 'currencyId');
      return setServerFieldErrors(form.setError, error, otherFields) || refusal ? null : inlineErrorMessage(error);
    },
    onSuccess: async (account, body) => {
      notify('success', t('account.create.done', { name: body.name }));
      await navigate(`/account/${account.id}`);
    },
  });
  const formError = submission.error;
  const onSubmit = form.handleSubmit(submission.submit);

  return (
    <Card className="mx-auto w-full max-w-2xl">
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
          <FormField id="account-name" label={t('account.create.name')} error={errors.name?.message}>
            {(control) => (
              <Input
                {...control}
                placeholder={t('account.create.namePlaceholder')}
                autoComplete="off"
                {...form.register('name')}
              />
            )}
          </FormField>
          <CurrencyField
            control={form.control}
            currencyCode={currencyCode}
            baseCode={baseCurrency?.currency.code}
            refusal={currencyRefusal}
            onRefusalResolved={() => setCurrencyRefusal(null)}
          />
          <AccountCategoryChooser registration={form.register('accountCategory')} />
          <div className="grid gap-6 sm:grid-cols-2">
            <FormField
              id="account-opening-day"
              label={t('account.create.balanceOn')}
              hint={t('account.create.balanceOnHint')}
              error={errors.openingDay?.message}
            >
              {(control) => <Input {...control} type="date" max={today} {...form.register('openingDay')} />}
            </FormField>
            <FormField
              id="account-initial-balance"
              label={t('account.create.openingBalance')}
              hint={
                openingDay === today || !openingDay
                  ? t('account.create.openingToday')
                  : t('account.create.openingEarlier', { day: formatDay(openingDay) })
              }
              error={errors.initialBalance?.message}
            >
              {(control) => <AmountInput {...control} currency={currencyCode} {...form.register('initialBalance')} />}
            </FormField>
            <FormField
              id="account-credit-limit"
              label={t('account.create.creditLimit')}
              hint={isCreditCategory(category) ? t('account.create.creditHint') : t('account.create.creditRare')}
              error={errors.creditLimit?.message}
            >
              {(control) => (
                <AmountInput {...control} currency={currencyCode} positive {...form.register('creditLimit')} />
              )}
            </FormField>
          </div>
          {groups.status === 'success' && groups.tree.groups.length > 0 ? (
            <FormField id="account-group" label={t('account.create.group')} error={errors.accountGroupId?.message}>
              {(control) => (
                <NativeSelect {...control} {...form.register('accountGroupId')}>
                  <GroupOptions tree={groups.tree} />
                </NativeSelect>
              )}
            </FormField>
          ) : null}
          {formError ? <ErrorAlert>{formError}</ErrorAlert> : null}
          <div className="flex flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link to="/accounts">{t('account.create.cancel')}</Link>
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Spinner /> : null}
              {t('account.create.submit')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
