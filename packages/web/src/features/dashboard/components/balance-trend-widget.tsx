import { CalendarX } from 'lucide-react';
import { useMemo } from 'react';
import { useBalanceHistory, useCryptoBalanceHistory } from '../../../api/stats.ts';
import { BalanceChart } from '../../../components/charts/balance-chart.tsx';
import { dailyTotals, unvaluedAccounts } from '../../../components/charts/series.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatMonth } from '../../../lib/dates.ts';
import { useT } from '../../../lib/i18n.ts';
import type { DashboardContext } from './dashboard-context.ts';
import { NoAccounts } from './empty-states.tsx';
import { UnvaluedNote } from './unvalued-note.tsx';
import { Widget } from './widget.tsx';

const CHART_HEIGHT = 240;

/** The daily total of all accounts (and the crypto holdings, unless left out) over the month, in the base currency. */
export function BalanceTrendWidget({ context, className }: { context: DashboardContext; className?: string }) {
  const { month, periods, currency } = context;
  const monthLabel = formatMonth(month);
  const history = useBalanceHistory(periods.days);
  const crypto = useCryptoBalanceHistory(periods.days);
  const points = useMemo(() => dailyTotals(history.data ?? [], crypto.data), [history.data, crypto.data]);
  const t = useT();
  let empty = null;
  if (context.noAccounts && crypto.data?.length === 0) {
    empty = <NoAccounts description={t('dashboard.trend.noAccounts')} />;
  } else if (history.data && crypto.data && points.length === 0) {
    empty = (
      <EmptyState
        icon={CalendarX}
        title={t('dashboard.trend.emptyTitle', { month: monthLabel })}
        description={t('dashboard.trend.emptyDescription')}
      />
    );
  }
  return (
    <Widget
      title={t('dashboard.trend.title')}
      description={t('dashboard.trend.description', { currency, month: monthLabel })}
      queries={[...context.basics, history, crypto]}
      empty={empty}
      skeleton={<Skeleton className="w-full" style={{ height: CHART_HEIGHT }} />}
      className={className}
    >
      {() => (
        <div className="flex flex-col gap-3">
          <BalanceChart
            data={points}
            currency={currency}
            label={t('dashboard.trend.chartLabel', { month: monthLabel })}
            height={CHART_HEIGHT}
          />
          <UnvaluedNote accountIds={unvaluedAccounts(points)} when="onSomeDays" />
        </div>
      )}
    </Widget>
  );
}
