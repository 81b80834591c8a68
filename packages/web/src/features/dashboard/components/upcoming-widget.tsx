import { CalendarCheck } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useUpcoming } from '../../../api/recurring.ts';
import { BalanceChart } from '../../../components/charts/balance-chart.tsx';
import type { TrendPoint } from '../../../components/charts/series.ts';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { OccurrenceRow } from '../../../entities/recurring/occurrence-row.tsx';
import { useT } from '../../../lib/i18n.ts';
import { RECURRING_PATH } from '../../../lib/paths.ts';
import type { DashboardContext } from './dashboard-context.ts';
import { UPCOMING_DAYS } from './dashboard-periods.ts';
import { NoAccounts } from './empty-states.tsx';
import { Widget } from './widget.tsx';

const CHART_HEIGHT = 200;
/** The bills listed beside the forecast; the regular payments page has them all. */
const LISTED = 5;

/**
 * The days ahead: the regular payments due and coming, and where the total balance goes with
 * them (in the base currency, due ones counted today), whatever month the dashboard shows.
 */
export function UpcomingWidget({ context, className }: { context: DashboardContext; className?: string }) {
  const { currency } = context;
  const upcoming = useUpcoming(UPCOMING_DAYS);
  const t = useT();
  const forecast = useMemo(
    (): TrendPoint[] =>
      (upcoming.data?.forecast ?? []).map(({ date, refBalance }) => ({
        date,
        value: refBalance,
        unvaluedAccountIds: [],
      })),
    [upcoming.data],
  );
  const items = upcoming.data?.items ?? [];
  const due = items.filter((item) => item.state === 'due').length;
  let empty = null;
  if (context.noAccounts) {
    empty = <NoAccounts description={t('dashboard.upcoming.noAccounts')} />;
  } else if (upcoming.data && items.length === 0) {
    empty = (
      <EmptyState
        icon={CalendarCheck}
        title={t('dashboard.upcoming.emptyTitle')}
        description={t('dashboard.upcoming.emptyDescription')}
        action={
          <Button asChild variant="outline" size="sm">
            <Link to={RECURRING_PATH}>{t('dashboard.upcoming.setUp')}</Link>
          </Button>
        }
      />
    );
  }
  return (
    <Widget
      title={t('dashboard.upcoming.title')}
      description={t('dashboard.upcoming.description', { days: UPCOMING_DAYS, currency })}
      aside={
        items.length > 0 ? (
          <Button asChild variant="link" size="sm" className="shrink-0">
            <Link to={RECURRING_PATH}>{t('dashboard.upcoming.showAll')}</Link>
          </Button>
        ) : null
      }
      queries={[...context.basics, upcoming]}
      empty={empty}
      skeleton={<Skeleton className="w-full" style={{ height: CHART_HEIGHT }} />}
      className={className}
    >
      {() => (
        <div className="grid grid-cols-1 gap-5 md:grid-cols-2 md:gap-8">
          <BalanceChart
            data={forecast}
            currency={currency}
            label={t('dashboard.upcoming.chartLabel', { days: UPCOMING_DAYS })}
            height={CHART_HEIGHT}
          />
          <div className="flex min-w-0 flex-col gap-2">
            {due > 0 ? (
              <p className="text-sm">
                <Link to={RECURRING_PATH} className="font-medium text-primary hover:underline">
                  {t('dashboard.upcoming.due', { count: due })}
                </Link>
              </p>
            ) : null}
            <ul aria-label={t('dashboard.upcoming.list')} className="-mx-4 divide-y">
              {items.slice(0, LISTED).map((item) => (
                <li key={`${item.recurringId}:${item.date}`}>
                  <OccurrenceRow occurrence={item} />
                </li>
              ))}
            </ul>
            {items.length > LISTED ? (
              <p className="text-xs text-muted-foreground">
                {t('dashboard.upcoming.more', { count: items.length - LISTED })}
              </p>
            ) : null}
          </div>
        </div>
      )}
    </Widget>
  );
}
