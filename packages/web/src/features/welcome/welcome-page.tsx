import { RotateCw } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../../api/auth.ts';
import { useSetBaseCurrency, useSystemCurrencies } from '../../api/currencies.ts';
import { isApiError } from '../../api/errors.ts';
import { HOME_PATH } from '../../app/guards.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { notify } from '../../stores/notifications.ts';
import { useSessionStore } from '../../stores/session.ts';
import { AuthScreen } from '../auth/auth-screen.tsx';
import { CurrencyPicker } from './currency-picker.tsx';

function PickerSkeleton() {
  return (
    <div className="flex flex-col gap-2" role="status" aria-label="Loading currencies">
      <Skeleton className="h-4 w-32" />
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-72 w-full" />
    </div>
  );
}

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
      // Network and server failures have been announced by the client already.
      if (!(isApiError(failure) && failure.notified)) {
        setError(isApiError(failure) ? failure.statusText : 'Unexpected error');
      }
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
        <PickerSkeleton />
      ) : currencies.isError ? (
        <div className="flex flex-col items-center gap-3">
          <ErrorAlert className="w-full">The list of currencies could not be loaded.</ErrorAlert>
          <Button variant="outline" onClick={() => currencies.refetch()} disabled={currencies.isFetching}>
            {currencies.isFetching ? <Spinner /> : <RotateCw aria-hidden="true" className="size-4" />}
            Try again
          </Button>
        </div>
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
