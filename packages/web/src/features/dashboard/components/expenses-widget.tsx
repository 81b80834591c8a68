import type { CategorySpending } from '@kopiyka/shared';
import { ChartPie } from 'lucide-react';
import { Link } from 'react-router';
import { useCategories } from '../../../api/categories.ts';
import { useUserSettings } from '../../../api/settings.ts';
import { useSpendingsByCategories } from '../../../api/stats.ts';
import { DonutChart } from '../../../components/charts/donut-chart.tsx';
import { DonutLegend } from '../../../components/charts/donut-legend.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Money } from '../../../components/ui/money.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatMonth, shiftMonth } from '../../../lib/dates.ts';
import { useT } from '../../../lib/i18n.ts';
import { formatShare } from '../../../lib/locale.ts';
import { percentChange } from './change.ts';
import { ChangeLine } from './change-line.tsx';
import type { DashboardContext } from './dashboard-context.ts';
import { NoAccounts, NoTransactions } from './empty-states.tsx';
import { Widget } from './widget.tsx';

const DONUT_SIZE = 176;

const sum = (spendings: readonly CategorySpending[] | undefined) =>
  spendings?.reduce((total, spending) => total + spending.amount, 0) ?? 0;

/** The names of the categories the user leaves out of expense statistics, as they are now. */
function useExcludedCategoryNames(): string[] {
  const settings = useUserSettings();
  const categories = useCategories();
  const ids = settings.data?.stats.excludedCategoryIds ?? [];
  return ids.flatMap((id) => categories.find((category) => category.id === id)?.name ?? []);
}

/** A span, as it also goes inside an empty state's paragraph. */
function ExcludedNote({ names }: { names: readonly string[] }) {
  const t = useT();
  if (names.length === 0) return null;
  return (
    <span className="mt-1 block text-xs text-muted-foreground">
      {t('dashboard.expenses.excluded', { names: names.join(', ') })}{' '}
      <Link to="/settings/categories" className="font-medium text-primary underline-offset-4 hover:underline">
        {t('dashboard.expenses.changeInSettings')}
      </Link>
    </span>
  );
}

/** The month's expenses by root category as a ring, with the total and how it compares with the month before. */
export function ExpensesWidget({ context }: { context: DashboardContext }) {
  const { month, periods, currency } = context;
  const monthLabel = formatMonth(month);
  const previousMonth = shiftMonth(month, -1);
  const current = useSpendingsByCategories(periods.days);
  const previous = useSpendingsByCategories(periods.previousDays);
  const excluded = useExcludedCategoryNames();

  const t = useT();
  let empty = null;
  if (context.noAccounts) {
    empty = <NoAccounts description={t('dashboard.expenses.noAccounts')} />;
  } else if (context.noTransactions) {
    empty = <NoTransactions description={t('dashboard.expenses.noTransactions')} />;
  } else if (current.data?.length === 0) {
    empty = (
      <EmptyState
        icon={ChartPie}
        title={t('dashboard.expenses.emptyTitle', { month: monthLabel })}
        description={
          <>
            {t('dashboard.expenses.emptyDescription')}
            <ExcludedNote names={excluded} />
          </>
        }
      />
    );
  }

  return (
    <Widget
      title={t('dashboard.expenses.title')}
      description={t('dashboard.expenses.description', { month: monthLabel })}
      queries={[...context.basics, current, previous]}
      empty={empty}
      skeleton={
        <div className="flex flex-col items-center gap-5">
          <Skeleton className="shrink-0 rounded-full" style={{ width: DONUT_SIZE, height: DONUT_SIZE }} />
          <div className="flex w-full flex-col gap-2.5">
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} className="h-4 w-full" />
            ))}
          </div>
        </div>
      }
    >
      {() => {
        const spendings = current.data ?? [];
        const total = sum(spendings);
        // The biggest share is named in the ring's hole; the total is said in full above it.
        const [top] = spendings as [CategorySpending];
        const slices = spendings.map((spending) => ({
          id: spending.categoryId,
          name: spending.name,
          color: spending.color,
          value: spending.amount,
        }));
        return (
          <div className="@container flex flex-col gap-4">
            <div className="flex flex-col gap-1">
              <Money minor={total} currency={currency} className="text-2xl font-semibold tracking-tight" />
              <ChangeLine
                change={percentChange(total, sum(previous.data))}
                currency={currency}
                against={t('dashboard.expenses.against', { month: formatMonth(previousMonth) })}
                goodWhen="down"
              />
            </div>
            <div className="flex flex-col items-center gap-5 @sm:flex-row">
              <DonutChart
                slices={slices}
                currency={currency}
                size={DONUT_SIZE}
                label={t('dashboard.expenses.chartLabel', { month: monthLabel })}
                center={
                  <>
                    <span className="text-2xl font-semibold tabular-nums">{formatShare(top.amount, total)}</span>
                    <span className="line-clamp-2 text-xs text-muted-foreground">{top.name}</span>
                  </>
                }
              />
              <DonutLegend slices={slices} currency={currency} label={t('dashboard.expenses.legend')} />
            </div>
            <ExcludedNote names={excluded} />
          </div>
        );
      }}
    </Widget>
  );
}
