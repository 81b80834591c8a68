import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../../api/auth.ts';
import { useSetBaseCurrency, useSystemCurrencies } from '../../api/currencies.ts';
import { inlineErrorMessage } from '../../api/errors.ts';
import { AuthScreen } from '../../components/auth-screen.tsx';
import { CurrencyPicker, CurrencyPickerError, CurrencyPickerSkeleton } from '../../components/currency-picker.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { HOME_PATH } from '../../lib/paths.ts';
import { notify } from '../../stores/notifications.ts';
import { useSessionStore } from '../../stores/session.ts';

/** The first stop after sign-up: the base currency every total is shown in. */
export function WelcomePage() {
  const navigate = useNavigate();
  const user = useSessionStore((state) => state.user);
  const currencies = useSystemCurrencies();
  const setBaseCurrency = useSetBaseCurrency();
  const [selected, setSelected] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (selected === null) {
      setError('Choose a currency to continue.');
      return;
    }
    setError(null);
    try {
      const baseCurrency = await setBaseCurrency.mutateAsync({ currencyId: selected });
      notify('success', `${baseCurrency.currency.code} is your base currency.`);
    } catch (failure) {
      setError(inlineErrorMessage(failure));
      return;
    }
    await navigate(HOME_PATH, { replace: true });
  }

  const busy = setBaseCurrency.isPending || setBaseCurrency.isSuccess;
  const chosen = currencies.data?.find((currency) => currency.id === selected);
  return (
    <AuthScreen
      wide
      title="Choose your base currency"
      description={
        <>
          {user ? `Welcome, ${user.username}! ` : null}Totals, budgets and statistics are shown in this currency. Your
          accounts can still be in any currency.
        </>
      }
      footer={
        <>
          Not now?{' '}
          <Button variant="link" onClick={signOut} className="text-sm">
            Sign out
          </Button>
        </>
      }
    >
      {currencies.isPending ? (
        <CurrencyPickerSkeleton />
      ) : currencies.isError ? (
        <CurrencyPickerError onRetry={() => currencies.refetch()} retrying={currencies.isFetching} />
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <CurrencyPicker
            currencies={currencies.data}
            value={selected}
            onChange={(currencyId) => {
              setSelected(currencyId);
              setError(null);
            }}
            error={error}
          />
          <p aria-live="polite" className="-mt-2 min-h-5 text-sm text-muted-foreground">
            {chosen ? (
              <>
                Base currency: <span className="font-medium text-foreground">{chosen.code}</span> · {chosen.name}
              </>
            ) : (
              'Nothing chosen yet.'
            )}
          </p>
          <Button type="submit" size="lg" disabled={busy} className="w-full">
            {busy ? <Spinner /> : null}
            Continue
          </Button>
        </form>
      )}
    </AuthScreen>
  );
}
