import { Bitcoin, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useBinanceAccount } from '../../api/binance.ts';
import { errorText, hasErrorCode, isApiError } from '../../api/errors.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { RetryButton } from '../../components/ui/retry-button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { t, useT } from '../../lib/i18n.ts';
import { AllocationCard } from './components/allocation-card.tsx';
import { ConnectCard } from './components/connect-card.tsx';
import { HoldingsCard } from './components/holdings-card.tsx';
import { SummaryCard } from './components/summary-card.tsx';

/** What works without keys: an account of the Crypto category kept by hand (coins are no currency here). */
function ManualAccountOffer() {
  const t = useT();
  return (
    <Card>
      <EmptyState
        icon={Wallet}
        title={t('crypto.manual.title')}
        description={t('crypto.manual.description')}
        action={
          <Button asChild variant="outline">
            <Link to="/create-account">{t('crypto.manual.add')}</Link>
          </Button>
        }
      />
    </Card>
  );
}

/** Why the holdings could not be read: Binance down is said in plain words, anything else as the server says it. */
function failureText(error: unknown): string {
  if (hasErrorCode(error, 'BAD_GATEWAY')) return t('crypto.unreachable');
  return isApiError(error) ? errorText(error) : t('error.unexpected');
}

/** /crypto: the Binance holdings once keys are stored, else how to connect them. */
export function CryptoPage() {
  const t = useT();
  const account = useBinanceAccount();
  const [replacingKeys, setReplacingKeys] = useState(false);
  if (account.isPending) {
    return (
      <div role="status" aria-label={t('crypto.loading')} className="flex flex-col gap-6">
        <Skeleton className="h-52 w-full rounded-xl" />
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <Skeleton className="h-72 rounded-xl" />
          <Skeleton className="h-72 rounded-xl" />
        </div>
      </div>
    );
  }
  if (account.data === undefined) {
    return (
      <Card>
        <EmptyState
          icon={Bitcoin}
          title={t('crypto.loadError')}
          description={failureText(account.error)}
          className="py-14"
          action={<RetryButton onRetry={() => void account.refetch()} retrying={account.isFetching} />}
        />
      </Card>
    );
  }
  if (account.data === null) {
    return (
      <div className="flex flex-col gap-6">
        <ConnectCard />
        <ManualAccountOffer />
      </div>
    );
  }
  const connected = account.data;
  return (
    <div className="flex flex-col gap-6">
      {/* A refresh that failed keeps the figures read before in view. */}
      {account.isError && !account.isFetching ? <ErrorAlert>{failureText(account.error)}</ErrorAlert> : null}
      {replacingKeys ? (
        <ConnectCard replacing={{ apiKeyMasked: connected.apiKeyMasked, close: () => setReplacingKeys(false) }} />
      ) : null}
      <SummaryCard
        account={connected}
        refreshing={account.isFetching}
        onReplaceKeys={replacingKeys ? undefined : () => setReplacingKeys(true)}
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <HoldingsCard account={connected} />
        <AllocationCard account={connected} />
      </div>
    </div>
  );
}
