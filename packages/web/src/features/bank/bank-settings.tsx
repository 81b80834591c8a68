import { Landmark } from 'lucide-react';
import { loadFailureText } from '../../api/errors.ts';
import { useBankUser } from '../../api/monobank.ts';
import { Card } from '../../components/ui/card.tsx';
import { EmptyCard } from '../../components/ui/empty-card.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { RetryButton } from '../../components/ui/retry-button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ConnectMonobankButton } from '../../entities/monobank/connect-monobank-button.tsx';
import { useT } from '../../lib/i18n.ts';
import { ConnectionCard } from './components/connection-card.tsx';
import { JobsCard } from './components/jobs-card.tsx';
import { MerchantRulesCard } from './components/merchant-rules-card.tsx';
import { WebhookCard } from './components/webhook-card.tsx';

/** /settings/bank: the Monobank connection, its webhook, its imports and the remembered merchants. */
export function BankSettings() {
  const bankUser = useBankUser();
  const t = useT();
  if (bankUser.isPending) {
    return (
      <div role="status" aria-label={t('bank.settings.loading')} className="flex flex-col gap-6">
        <Skeleton className="h-48 w-full rounded-xl" />
        <Skeleton className="h-36 w-full rounded-xl" />
      </div>
    );
  }
  if (bankUser.isError) {
    return (
      <Card>
        <EmptyState
          icon={Landmark}
          title={t('bank.settings.loadError')}
          description={loadFailureText(bankUser.error)}
          className="py-14"
          action={<RetryButton onRetry={() => void bankUser.refetch()} retrying={bankUser.isFetching} />}
        />
      </Card>
    );
  }
  if (bankUser.data === null) {
    return (
      <EmptyCard
        icon={Landmark}
        title={t('bank.connect')}
        description={t('bank.settings.connectDescription')}
        action={<ConnectMonobankButton />}
      />
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <ConnectionCard bankUser={bankUser.data} />
      <WebhookCard bankUser={bankUser.data} />
      <JobsCard />
      <MerchantRulesCard />
    </div>
  );
}
