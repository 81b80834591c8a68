import { zodResolver } from '@hookform/resolvers/zod';
import type { UserCurrency } from '@kopiyka/shared';
import { useMemo, useState } from 'react';
import { type Control, useController, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useCreateAccount } from '../../api/accounts.ts';
import { useBaseCurrency, useSystemCurrencies, useUserCurrencies } from '../../api/currencies.ts';
import { inlineErrorMessage } from '../../api/errors.ts';
import { CurrencyPicker, CurrencyPickerError, CurrencyPickerSkeleton } from '../../components/currency-picker.tsx';
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
import { serverFieldErrors, setServerFieldErrors } from '../../lib/form-errors.ts';
import { notify } from '../../stores/notifications.ts';
import { AccountCategoryChooser } from './components/account-category-chooser.tsx';
import { ACCOUNT_FORM_FIELDS, type AccountFormValues, accountFormSchema } from './components/account-form.ts';

type AccountFormOutput = z.output<typeof accountFormSchema>;

/** The select's value for "a currency I do not have yet". */
const OTHER_CURRENCY = 'other';

/** The base currency first, then the others by code. */
function sortUserCurrencies(userCurrencies: readonly UserCurrency[]): UserCurrency[] {
  return [...userCurrencies].sort(
    (a, b) => Number(b.isBase) - Number(a.isBase) || a.currency.code.localeCompare(b.currency.code),
  );
}

/** A server refusal for want of an exchange rate: the fix is on the currencies page. */
const isMissingRate = (message: string | undefined) => message !== undefined && /rate/i.test(message);

type CurrencyFieldProps = {
  control: Control<AccountFormValues, unknown, AccountFormOutput>;
  /** The server's refusal of the chosen currency. */
  refusal: string | null;
  onCurrencyChange: () => void;
};

/**
 * The user's currencies in a select, with "another currency" opening the searchable ISO list
 * below it; choosing there adds the currency to the user's list when the account is created.
 */
function CurrencyField({ control, refusal, onCurrencyChange }: CurrencyFieldProps) {
  const { field, fieldState } = useController({ control, name: 'currencyId' });
  const choose = (currencyId: number | null) => {
    field.onChange(currencyId);
    onCurrencyChange();
  };
  const userCurrencies = useUserCurrencies();
  const systemCurrencies = useSystemCurrencies();
  const [other, setOther] = useState(false);
  const owned = useMemo(() => sortUserCurrencies(userCurrencies.data ?? []), [userCurrencies.data]);
  const others = useMemo(() => {
    const ownedIds = new Set(owned.map((userCurrency) => userCurrency.currencyId));
    return systemCurrencies.data?.filter((currency) => !ownedIds.has(currency.id)) ?? [];
  }, [systemCurrencies.data, owned]);
  const error = refusal ?? fieldState.error?.message;

  return (
    <div className="flex flex-col gap-3">
      <FormField id="account-currency" label="Currency" error={other ? undefined : error}>
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
            {userCurrencies.isPending ? <option value="">Loading your currencies…</option> : null}
            {owned.map((userCurrency) => (
              <option key={userCurrency.currencyId} value={userCurrency.currencyId}>
                {userCurrency.currency.code} · {userCurrency.currency.name}
                {userCurrency.isBase ? ' (base)' : ''}
              </option>
            ))}
            <option value={OTHER_CURRENCY}>Another currency…</option>
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
      {isMissingRate(error) ? (
        <p className="text-sm">
          <Link to="/settings/currencies" className="font-medium text-primary underline-offset-4 hover:underline">
            Set a custom rate in currency settings
          </Link>
        </p>
      ) : null}
    </div>
  );
}

export function CreateAccountPage() {
  const navigate = useNavigate();
  const createAccount = useCreateAccount();
  const groups = useAccountTree();
  const baseCurrencyId = useBaseCurrency()?.currencyId ?? null;
  const [formError, setFormError] = useState<string | null>(null);
  const [currencyRefusal, setCurrencyRefusal] = useState<string | null>(null);
  const form = useForm<AccountFormValues, unknown, AccountFormOutput>({
    resolver: zodResolver(accountFormSchema),
    mode: 'onTouched',
    defaultValues: {
      name: '',
      currencyId: baseCurrencyId,
      accountCategory: 'general',
      initialBalance: '',
      creditLimit: '',
      accountGroupId: '',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const category = form.watch('accountCategory');
  const currencyId = form.watch('currencyId');
  const userCurrencies = useUserCurrencies();
  const systemCurrencies = useSystemCurrencies();
  const currencyCode = (
    userCurrencies.data?.find((userCurrency) => userCurrency.currencyId === currencyId)?.currency ??
    systemCurrencies.data?.find((currency) => currency.id === currencyId)
  )?.code;

  const onSubmit = form.handleSubmit(async (body) => {
    setFormError(null);
    let id: number;
    try {
      id = (await createAccount.mutateAsync(body)).id;
    } catch (error) {
      // Kept apart from the form's errors, which a blur re-checks away: it stays until the currency changes.
      const refusal = serverFieldErrors(error, ['currencyId']).currencyId ?? null;
      setCurrencyRefusal(refusal);
      const otherFields = ACCOUNT_FORM_FIELDS.filter((field) => field !== 'currencyId');
      if (!setServerFieldErrors(form.setError, error, otherFields) && !refusal) setFormError(inlineErrorMessage(error));
      return;
    }
    notify('success', `Account “${body.name}” created.`);
    await navigate(`/account/${id}`);
  });

  return (
    <Card className="mx-auto w-full max-w-2xl">
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
          <FormField id="account-name" label="Name" error={errors.name?.message}>
            {(control) => (
              <Input {...control} placeholder="e.g. Wallet, Visa Gold" autoComplete="off" {...form.register('name')} />
            )}
          </FormField>
          <CurrencyField
            control={form.control}
            refusal={currencyRefusal}
            onCurrencyChange={() => setCurrencyRefusal(null)}
          />
          <AccountCategoryChooser registration={form.register('accountCategory')} />
          <div className="grid gap-6 sm:grid-cols-2">
            <FormField
              id="account-initial-balance"
              label="Initial balance"
              hint="What the account holds now; negative for a debt."
              error={errors.initialBalance?.message}
            >
              {(control) => <AmountInput {...control} currency={currencyCode} {...form.register('initialBalance')} />}
            </FormField>
            <FormField
              id="account-credit-limit"
              label="Credit limit (optional)"
              hint={
                isCreditCategory(category)
                  ? 'What the bank lets you borrow; it is not counted as your money.'
                  : 'Only if the account lets you spend beyond what it holds; usually left empty.'
              }
              error={errors.creditLimit?.message}
            >
              {(control) => <AmountInput {...control} currency={currencyCode} {...form.register('creditLimit')} />}
            </FormField>
          </div>
          {groups.status === 'success' && groups.tree.groups.length > 0 ? (
            <FormField id="account-group" label="Group (optional)" error={errors.accountGroupId?.message}>
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
              <Link to="/accounts">Cancel</Link>
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? <Spinner /> : null}
              Create account
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
