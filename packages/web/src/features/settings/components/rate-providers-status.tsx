import type { RateProviderStatus } from '@kopiyka/shared';
import { TriangleAlert } from 'lucide-react';
import { useRateProviders } from '../../../api/currencies.ts';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatTimeAgo } from '../../../lib/dates.ts';
import { type MessageKey, t, useT } from '../../../lib/i18n.ts';
import { displayLocale } from '../../../lib/locale.ts';
import { cn } from '../../../lib/utils.ts';

const lastFetched = (provider: RateProviderStatus) =>
  provider.lastSuccessAt
    ? t('rates.providers.lastFetched', { ago: formatTimeAgo(provider.lastSuccessAt) })
    : t('rates.providers.neverFetched');

/** The providers the server knows, named in the interface's language; another keeps the server's (English) name. */
const PROVIDER_NAMES: Record<string, MessageKey> = {
  nbu: 'rates.providers.name.nbu',
  ecb: 'rates.providers.name.ecb',
};

const nameOf = (provider: RateProviderStatus) => {
  const key = PROVIDER_NAMES[provider.source];
  return key ? t(key) : provider.name;
};

/** What a person needs to know of one provider, in a line. */
function providerText(status: RateProviderStatus): string {
  const provider = { ...status, name: nameOf(status) };
  switch (provider.state) {
    case 'ok':
      return t('rates.providers.ok', { name: provider.name, fetched: lastFetched(provider) });
    case 'unreachable':
      return provider.reason
        ? t('rates.providers.unreachableBecause', {
            name: provider.name,
            reason: provider.reason,
            fetched: lastFetched(provider),
          })
        : t('rates.providers.unreachable', { name: provider.name, fetched: lastFetched(provider) });
    default:
      return t('rates.providers.unknown', { name: provider.name });
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
  useT();
  if (providers.isPending) {
    return (
      <div role="status" aria-label={t('rates.providers.checking')} className="flex flex-col gap-1.5">
        <Skeleton className="h-4 w-64" />
        <Skeleton className="h-4 w-56" />
      </div>
    );
  }
  if (providers.isError) {
    return (
      <p className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-muted-foreground">
        {t('rates.providers.unknownState')}
        <RetryButton onRetry={() => providers.refetch()} retrying={providers.isFetching} />
      </p>
    );
  }
  const unreachable = providers.data.filter((provider) => provider.state === 'unreachable');
  return (
    <section
      aria-label={t('rates.providers.label')}
      className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-3.5"
    >
      {unreachable.length > 0 ? (
        <p className="flex items-start gap-2 text-sm font-medium text-warning">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('rates.providers.down', {
            names: new Intl.ListFormat(displayLocale(), { type: 'conjunction' }).format(unreachable.map(nameOf)),
            count: unreachable.length,
          })}
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
