import type { RateProviderStatus } from '@kopiyka/shared';
import { TriangleAlert } from 'lucide-react';
import { useRateProviders } from '../../../api/currencies.ts';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatTimeAgo } from '../../../lib/dates.ts';
import { cn } from '../../../lib/utils.ts';

const lastFetched = (provider: RateProviderStatus) =>
  provider.lastSuccessAt ? `rates last fetched ${formatTimeAgo(provider.lastSuccessAt)}` : 'no rates fetched yet';

/** What a person needs to know of one provider, in a line. */
function providerText(provider: RateProviderStatus): string {
  switch (provider.state) {
    case 'ok':
      return `${provider.name}: working, ${lastFetched(provider)}.`;
    case 'unreachable':
      return `${provider.name}: can’t be reached${provider.reason ? ` (${provider.reason})` : ''}; ${lastFetched(provider)}.`;
    default:
      return `${provider.name}: not asked yet; rates are fetched when a currency needs them.`;
  }
}

const DOT: Record<RateProviderStatus['state'], string> = {
  ok: 'bg-success',
  unreachable: 'bg-warning',
  unknown: 'bg-muted-foreground/50',
};

/**
 * Whether the exchange-rate providers answer: when one cannot be reached, live rates may be stale
 * or missing, and the person should know their own rates are unaffected.
 */
export function RateProvidersStatus() {
  const providers = useRateProviders();
  if (providers.isPending) {
    return (
      <div role="status" aria-label="Checking the exchange-rate providers" className="flex flex-col gap-1.5">
        <Skeleton className="h-4 w-64" />
        <Skeleton className="h-4 w-56" />
      </div>
    );
  }
  if (providers.isError) {
    return (
      <p className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted-foreground">
        Whether exchange rates can be fetched is not known right now.
        <RetryButton onRetry={() => providers.refetch()} retrying={providers.isFetching} />
      </p>
    );
  }
  const unreachable = providers.data.filter((provider) => provider.state === 'unreachable');
  return (
    <section aria-label="Exchange-rate providers" className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-3.5">
      {unreachable.length > 0 ? (
        <p className="flex items-start gap-2 text-sm font-medium text-warning">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {`Exchange rates can’t be fetched right now: ${unreachable.map((provider) => provider.name).join(' and ')} ${unreachable.length === 1 ? 'does' : 'do'} not answer. Your own rates still work; other currencies use the latest rates fetched.`}
        </p>
      ) : null}
      <ul className="flex flex-col gap-1">
        {providers.data.map((provider) => (
          <li key={provider.source} className="flex items-start gap-2 text-xs text-muted-foreground">
            <span aria-hidden="true" className={cn('mt-1.5 size-2 shrink-0 rounded-full', DOT[provider.state])} />
            {providerText(provider)}
          </li>
        ))}
      </ul>
    </section>
  );
}
