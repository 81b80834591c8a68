import type { CashFlowPoint } from '@kopiyka/shared';
import { ChartColumn } from 'lucide-react';
import type { ReactNode } from 'react';
import { useCashFlow } from '../../../api/stats.ts';
import { CashFlowChart } from '../../../components/charts/cash-flow-chart.tsx';
import { EXPENSE_COLOR, INCOME_COLOR } from '../../../components/charts/colors.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Money } from '../../../components/ui/money.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatMonth, shiftMonth } from '../../../lib/dates.ts';
import { useT } from '../../../lib/i18n.ts';
import type { DashboardContext } from './dashboard-context.ts';
import { CASH_FLOW_MONTHS } from './dashboard-periods.ts';
import { NoAccounts, NoTransactions } from './empty-states.tsx';
import { Widget } from './widget.tsx';

const CHART_HEIGHT = 220;

function Total({ color, label, children }: { color?: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
        {color ? <span aria-hidden="true" className="size-2.5 rounded-sm" style={{ backgroundColor: color }} /> : null}
        {label}
      </dt>
      <dd className="text-sm font-semibold">{children}</dd>
    </div>
  );
}

const total = (points: readonly CashFlowPoint[], key: 'income' | 'expense' | 'net') =>
  points.reduce((sum, point) => sum + point[key], 0);

/** Income against expenses, month by month, over the six months ending with the chosen one. */
export function CashFlowWidget({ context, className }: { context: DashboardContext; className?: string }) {
  const { month, periods, currency } = context;
  const first = formatMonth(shiftMonth(month, -(CASH_FLOW_MONTHS - 1)));
  const flow = useCashFlow(periods.cashFlow);
  const quiet = flow.data?.every((point) => point.income === 0 && point.expense === 0);
  const last = formatMonth(month);
  const t = useT();
  let empty = null;
  if (context.noAccounts) {
    empty = <NoAccounts description={t('dashboard.cashFlow.noAccounts')} />;
  } else if (context.noTransactions) {
    empty = <NoTransactions description={t('dashboard.cashFlow.noTransactions')} />;
  } else if (quiet) {
    empty = (
      <EmptyState
        icon={ChartColumn}
        title={t('dashboard.cashFlow.emptyTitle')}
        description={t('dashboard.cashFlow.emptyDescription', { from: first, to: last })}
      />
    );
  }
  return (
    <Widget
      title={t('dashboard.cashFlow.title')}
      description={t('dashboard.cashFlow.description', { from: first, to: last })}
      queries={[...context.basics, flow]}
      empty={empty}
      skeleton={<Skeleton className="w-full" style={{ height: CHART_HEIGHT + 52 }} />}
      className={className}
    >
      {() => {
        const points = flow.data ?? [];
        return (
          <div className="flex flex-col gap-4">
            <dl className="flex flex-wrap gap-x-8 gap-y-2">
              <Total color={INCOME_COLOR} label={t('dashboard.cashFlow.income')}>
                <Money minor={total(points, 'income')} currency={currency} />
              </Total>
              <Total color={EXPENSE_COLOR} label={t('dashboard.cashFlow.expenses')}>
                <Money minor={total(points, 'expense')} currency={currency} />
              </Total>
              <Total label={t('dashboard.cashFlow.net')}>
                <Money minor={total(points, 'net')} currency={currency} />
              </Total>
            </dl>
            <CashFlowChart
              data={points}
              currency={currency}
              height={CHART_HEIGHT}
              label={t('dashboard.cashFlow.chartLabel', { from: first, to: last })}
            />
          </div>
        );
      }}
    </Widget>
  );
}
