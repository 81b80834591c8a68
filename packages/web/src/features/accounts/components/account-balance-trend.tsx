import { STATS_MAX_DAYS } from '@kopiyka/shared';
import { CircleAlert } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useAccount } from '../../../api/accounts.ts';
import { useBaseCurrencyCode } from '../../../api/currencies.ts';
import { loadFailureText } from '../../../api/errors.ts';
import { useBalanceHistory, useOldestTransaction, useStatsFollowChanges } from '../../../api/stats.ts';
import { BalanceChart } from '../../../components/charts/balance-chart.tsx';
import { accountSeries } from '../../../components/charts/series.ts';
import { TREND_PERIODS, type TrendPeriod, trendRange } from '../../../components/charts/trend-range.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatDay } from '../../../lib/dates.ts';
import { useT } from '../../../lib/i18n.ts';
import { dayKey, historyStart } from '../../../lib/periods.ts';
import { cn } from '../../../lib/utils.ts';

const CHART_HEIGHT = 220;

/**
 * One account's end-of-day balance in its own currency over a period the user picks, with the
 * base-currency value on hover when the account is in another currency.
 */
export function AccountBalanceTrend({ accountId }: { accountId: number }) {
  const [period, setPeriod] = useState<TrendPeriod>('1M');
  const account = useAccount(accountId);
  // "All" starts where the account's history does: its creation, or a transaction backdated before it.
  const all = period === 'ALL';
  const oldest = useOldestTransaction(accountId, all);
  const firstDay =
    all && account.data && oldest.data !== undefined
      ? historyStart(account.data.createdAt, oldest.data?.time ?? null)
      : undefined;
  const { clipped, ...range } = trendRange(period, dayKey(new Date()), firstDay);
  const history = useBalanceHistory({ ...range, accountId }, !all || firstDay !== undefined);
  const baseCode = useBaseCurrencyCode();
  const points = useMemo(() => accountSeries(history.data ?? [], accountId), [history.data, accountId]);
  useStatsFollowChanges();
  const t = useT();
  const periodOptions = TREND_PERIODS.map((value) => ({ value, label: t(`charts.trend.period.${value}`) }));

  let content: ReactNode;
  if (account.isError || history.isError || oldest.isError) {
    content = (
      <EmptyState
        icon={CircleAlert}
        title={t('charts.trend.loadError')}
        description={loadFailureText(account.error ?? history.error ?? oldest.error)}
        action={
          <RetryButton
            onRetry={() => {
              if (account.isError) void account.refetch();
              if (oldest.isError) void oldest.refetch();
              if (history.isError) void history.refetch();
            }}
            retrying={account.isFetching || oldest.isFetching || history.isFetching}
          />
        }
      />
    );
  } else if (account.isPending || history.isPending) {
    content = (
      <div role="status" aria-label={t('charts.trend.loading')}>
        <Skeleton className="w-full" style={{ height: CHART_HEIGHT }} />
      </div>
    );
  } else {
    content = (
      <div
        aria-busy={history.isPlaceholderData}
        className={cn('flex flex-col gap-3', history.isPlaceholderData && 'opacity-60')}
      >
        <BalanceChart
          data={points}
          currency={account.data.currencyCode}
          refCurrency={baseCode}
          label={t(`charts.trend.label.${period}`, { name: account.data.name })}
          height={CHART_HEIGHT}
        />
        {clipped && firstDay ? (
          <p className="text-xs text-muted-foreground">
            {t('charts.trend.clipped', { day: formatDay(firstDay), count: STATS_MAX_DAYS })}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <Card className="min-w-0">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <CardTitle>{t('charts.trend.title')}</CardTitle>
          <CardDescription>
            {account.data
              ? t('charts.trend.description', { currency: account.data.currencyCode })
              : t('charts.trend.descriptionLoading')}
          </CardDescription>
        </div>
        <SegmentedControl
          aria-label={t('charts.trend.period')}
          value={period}
          onValueChange={setPeriod}
          options={periodOptions}
        />
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
