import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../../api/auth.ts';
import { baseCurrencyQueryOptions, useSetBaseCurrency, useSystemCurrencies } from '../../api/currencies.ts';
import { useSubmission } from '../../api/submission.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { RestoreBackup } from '../../entities/backup/restore-backup.tsx';
import { currencyName } from '../../entities/currencies/currency-name.ts';
import {
  CurrencyPicker,
  CurrencyPickerError,
  CurrencyPickerSkeleton,
} from '../../entities/currencies/currency-picker.tsx';
import { AuthScreen } from '../../entities/settings/auth-screen.tsx';
import { useT } from '../../lib/i18n.ts';
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
  const [unchosen, setUnchosen] = useState(false);
  const t = useT();
  const queryClient = useQueryClient();

  /** A restored backup brings its base currency: home once it is known. */
  async function onRestored() {
    const restored = await queryClient.fetchQuery({ ...baseCurrencyQueryOptions(), staleTime: 0 });
    if (restored) await navigate(HOME_PATH, { replace: true });
  }

  const submission = useSubmission({
    send: (currencyId: number) => setBaseCurrency.mutateAsync({ currencyId }),
    onSuccess: async (baseCurrency) => {
      notify('success', t('welcome.chosen', { currency: baseCurrency.currency.code }));
      await navigate(HOME_PATH, { replace: true });
    },
  });
  const error = unchosen ? t('welcome.chooseOne') : submission.error;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setUnchosen(selected === null);
    if (selected !== null) void submission.submit(selected);
  }

  const busy = setBaseCurrency.isPending || setBaseCurrency.isSuccess;
  const chosen = currencies.data?.find((currency) => currency.id === selected);
  return (
    <AuthScreen
      wide
      title={t('welcome.title')}
      description={
        <>
          {user ? `${t('welcome.greeting', { username: user.username })} ` : null}
          {t('welcome.description')}
        </>
      }
      footer={
        <>
          {t('welcome.notNow')}{' '}
          <Button variant="link" onClick={signOut} className="text-sm">
            {t('shell.signOut')}
          </Button>
        </>
      }
    >
      {currencies.isPending ? (
        <CurrencyPickerSkeleton />
      ) : currencies.isError ? (
        <CurrencyPickerError onRetry={() => currencies.refetch()} retrying={currencies.isFetching} />
      ) : (
        <>
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
            <CurrencyPicker
              currencies={currencies.data}
              value={selected}
              onChange={(currencyId) => {
                setSelected(currencyId);
                setUnchosen(false);
                submission.clearError();
              }}
              error={error}
            />
            <p aria-live="polite" className="-mt-2 min-h-5 text-sm text-muted-foreground">
              {chosen ? (
                <>
                  {t('welcome.baseCurrency')} <span className="font-medium text-foreground">{chosen.code}</span> ·{' '}
                  {currencyName(chosen)}
                </>
              ) : (
                t('welcome.nothingChosen')
              )}
            </p>
            <Button type="submit" size="lg" disabled={busy} className="w-full">
              {busy ? <Spinner /> : null}
              {t('welcome.continue')}
            </Button>
          </form>
          <div className="mt-5 flex flex-col items-center gap-2 border-t pt-4 text-center">
            <p className="text-sm text-muted-foreground">{t('welcome.restore')}</p>
            <RestoreBackup variant="ghost" onRestored={() => void onRestored()} />
          </div>
        </>
      )}
    </AuthScreen>
  );
}
