import type { BinanceAccount } from '@kopiyka/shared';
import { KeyRound, RotateCw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDisconnectBinance, useRefreshBinanceAccount } from '../../../api/binance.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Money } from '../../../components/ui/money.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { DisconnectButton } from '../../../entities/requests/disconnect-button.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { formatTimeAgo } from '../../../lib/dates.ts';
import { useT } from '../../../lib/i18n.ts';

/** "5 minutes ago" is renewed once a minute. */
const AGO_REFRESH_MS = 60_000;

/** A warning in the page's flow: what is wrong, and what it means. */
function Warning({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div role="alert" className="flex gap-3 rounded-xl border border-warning/40 bg-warning/10 px-4 py-3 text-sm">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-warning" />
      <div className="flex flex-col items-start gap-3">
        <p>
          <span className="font-semibold">{title}</span> <span className="text-muted-foreground">{children}</span>
        </p>
        {action}
      </div>
    </div>
  );
}

function DisconnectBinanceButton() {
  const disconnect = useDisconnectBinance();
  const t = useT();
  return (
    <DisconnectButton
      label={t('crypto.disconnect.button')}
      title={t('crypto.disconnect.title')}
      description={t('crypto.disconnect.description')}
      disconnect={() => disconnect.mutateAsync()}
      pending={disconnect.isPending}
      done={t('crypto.disconnect.done')}
    />
  );
}

/** Which of a key's powers beyond reading it has, for the warning's wording; null for a read-only key. */
function extraPowers({ canTrade, canWithdraw }: Pick<BinanceAccount, 'canTrade' | 'canWithdraw'>) {
  if (canTrade && canWithdraw) return 'both';
  if (canTrade) return 'trade';
  if (canWithdraw) return 'withdraw';
  return null;
}

/** The connection's state in a word: fine, Binance away, or the keys no longer taken. */
function StateBadge({ account }: { account: BinanceAccount }) {
  const t = useT();
  if (account.keysRefused) return <Badge variant="destructive">{t('crypto.summary.refusedBadge')}</Badge>;
  if (account.stale) return <Badge variant="warning">{t('crypto.summary.staleBadge')}</Badge>;
  return <Badge variant="success">{t('crypto.summary.connected')}</Badge>;
}

/**
 * The connection at a glance: what the holdings are worth in dollars and in the base currency,
 * how fresh the figures are (and why not: Binance down, or the keys refused), a key that can do
 * more than read, and what can be done: refresh, replace the keys, disconnect.
 */
export function SummaryCard({
  account,
  refreshing,
  onReplaceKeys,
}: {
  account: BinanceAccount;
  refreshing: boolean;
  /** Opens the form for new keys; absent while it is open. */
  onReplaceKeys?: () => void;
}) {
  const t = useT();
  const refresh = useRefreshBinanceAccount();
  const now = useNow(AGO_REFRESH_MS);
  const ago = formatTimeAgo(account.updatedAt, now);
  const powers = extraPowers(account);
  const base = account.baseCurrencyCode;
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle>Binance</CardTitle>
          <CardDescription className="truncate">
            {t('crypto.summary.key', { key: account.apiKeyMasked })}
          </CardDescription>
        </div>
        <StateBadge account={account} />
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <dl className="flex flex-wrap gap-x-10 gap-y-4">
          <div className="flex flex-col gap-1">
            <dt className="text-xs text-muted-foreground">{t('crypto.summary.total')}</dt>
            <dd>
              <Money minor={account.totalValue} currency="USD" className="text-3xl font-semibold tracking-tight" />
            </dd>
          </div>
          {base && base !== 'USD' ? (
            <div className="flex flex-col gap-1">
              <dt className="text-xs text-muted-foreground">{t('crypto.summary.inBase', { code: base })}</dt>
              <dd className="flex min-h-9 items-end">
                {account.totalRefValue === null ? (
                  <span className="text-sm text-muted-foreground">{t('crypto.summary.noRate', { code: base })}</span>
                ) : (
                  <Money minor={account.totalRefValue} currency={base} className="text-xl font-semibold" />
                )}
              </dd>
            </div>
          ) : null}
        </dl>
        {account.keysRefused ? (
          <Warning
            title={t('crypto.refused.title')}
            action={
              onReplaceKeys ? (
                <Button size="sm" onClick={onReplaceKeys}>
                  {t('crypto.refused.connectNew')}
                </Button>
              ) : null
            }
          >
            {t('crypto.refused.description', { ago })}
          </Warning>
        ) : account.stale ? (
          <Warning title={t('crypto.stale.title')}>{t('crypto.stale.description', { ago })}</Warning>
        ) : null}
        {powers ? (
          <Warning title={t('crypto.permissions.title', { what: powers })}>
            {t('crypto.permissions.description')}
          </Warning>
        ) : null}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
          <Button variant="outline" onClick={() => void refresh()} disabled={refreshing}>
            {refreshing ? <Spinner /> : <RotateCw aria-hidden="true" className="size-4" />}
            {refreshing ? t('crypto.summary.refreshing') : t('crypto.summary.refresh')}
          </Button>
          {onReplaceKeys ? (
            <Button variant="outline" onClick={onReplaceKeys}>
              <KeyRound aria-hidden="true" className="size-4" />
              {t('crypto.replace.button')}
            </Button>
          ) : null}
          <DisconnectBinanceButton />
          <p className="text-sm text-muted-foreground">
            <time dateTime={account.updatedAt}>{t('crypto.summary.updated', { ago })}</time>
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
