import { STATS_MAX_DAYS } from '@kopiyka/shared';
import { CircleAlert } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { useAccount } from '../../api/accounts.ts';
import { useBaseCurrencyCode } from '../../api/currencies.ts';
import { useBalanceHistory, useOldestTransaction, useStatsFollowChanges } from '../../api/stats.ts';
import { formatDay } from '../../lib/dates.ts';
import { numberFormat } from '../../lib/locale.ts';
import { dayKey, historyStart, TREND_PERIODS, type TrendPeriod, trendRange } from '../../lib/periods.ts';
import { cn } from '../../lib/utils.ts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../ui/card.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { RetryButton } from '../ui/retry-button.tsx';
import { SegmentedControl } from '../ui/segmented-control.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { BalanceChart } from './charts.tsx';
import { accountSeries } from './series.ts';

const CHART_HEIGHT = 220;

const PERIOD_OPTIONS = TREND_PERIODS.map((period) => ({ value: period, label: period === 'ALL' ? 'All' : period }));

const PERIOD_NAMES: Record<TrendPeriod, string> = {
  '1M': 'the last month',
  '3M': 'the last three months',
  '1Y': 'the last year',
  ALL: 'all its history',
};

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

  let content: ReactNode;
  if (account.isError || history.isError || oldest.isError) {
    content = (
      <EmptyState
        icon={CircleAlert}
        title="The balance trend could not be loaded"
        description="Check your connection and try again."
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
      <div role="status" aria-label="Loading the balance trend">
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
          label={`Balance of ${account.data.name} over ${PERIOD_NAMES[period]}`}
          height={CHART_HEIGHT}
        />
        {clipped && firstDay ? (
          <p className="text-xs text-muted-foreground">
            The history goes back to {formatDay(firstDay)}; the chart shows its latest{' '}
            {numberFormat().format(STATS_MAX_DAYS)} days, the most one chart can draw.
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <Card className="min-w-0">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <CardTitle>Balance trend</CardTitle>
          <CardDescription>End-of-day balance{account.data ? ` in ${account.data.currencyCode}` : ''}</CardDescription>
        </div>
        <SegmentedControl aria-label="Period" value={period} onValueChange={setPeriod} options={PERIOD_OPTIONS} />
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
