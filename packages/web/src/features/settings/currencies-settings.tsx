import { Coins } from 'lucide-react';
import { useBaseCurrency, useUserCurrencies } from '../../api/currencies.ts';
import { loadFailureText } from '../../api/errors.ts';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { RetryButton } from '../../components/ui/retry-button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useT } from '../../lib/i18n.ts';
import { BaseCurrencyCard } from './components/base-currency-card.tsx';
import { CurrencyListCard } from './components/currency-list-card.tsx';

function CurrenciesSkeleton() {
  const t = useT();
  return (
    <div role="status" aria-label={t('currencyPicker.loading')} className="flex flex-col gap-6">
      <Skeleton className="h-44 w-full rounded-xl" />
      <Skeleton className="h-72 w-full rounded-xl" />
    </div>
  );
}

/** /settings/currencies: the base currency, the other currencies and their rates. */
export function CurrenciesSettings() {
  const userCurrencies = useUserCurrencies();
  const cachedBase = useBaseCurrency();
  const t = useT();

  if (userCurrencies.isPending) return <CurrenciesSkeleton />;
  if (userCurrencies.isError) {
    return (
      <Card>
        <EmptyState
          icon={Coins}
          title={t('currencies.loadError')}
          description={loadFailureText(userCurrencies.error)}
          className="py-14"
          action={<RetryButton onRetry={() => userCurrencies.refetch()} retrying={userCurrencies.isFetching} />}
        />
      </Card>
    );
  }
  // The list marks the base as the server has it now; the session's copy covers a list without it.
  const baseCurrency = userCurrencies.data.find((userCurrency) => userCurrency.isBase) ?? cachedBase;
  return (
    <div className="flex flex-col gap-6">
      {baseCurrency ? <BaseCurrencyCard baseCurrency={baseCurrency} userCurrencies={userCurrencies.data} /> : null}
      <CurrencyListCard userCurrencies={userCurrencies.data} baseCode={baseCurrency?.currency.code ?? ''} />
    </div>
  );
}
