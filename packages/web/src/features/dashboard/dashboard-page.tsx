import { useSearchParams } from 'react-router';
import { useBaseCurrencyCode } from '../../api/currencies.ts';
import { useStatsFollowChanges } from '../../api/stats.ts';
import { MonthSwitcher } from '../../components/month-switcher.tsx';
import { ActiveImportCard } from '../../entities/monobank/import-progress.tsx';
import { OutboxCard } from '../../entities/transactions/outbox-list.tsx';
import { parseMonth } from '../../lib/dates.ts';
import { useT } from '../../lib/i18n.ts';
import { dayKey } from '../../lib/periods.ts';
import { BalanceTrendWidget } from './components/balance-trend-widget.tsx';
import { BudgetsWidget } from './components/budgets-widget.tsx';
import { CashFlowWidget } from './components/cash-flow-widget.tsx';
import { useDashboardContext } from './components/dashboard-context.ts';
import { ExpensesWidget } from './components/expenses-widget.tsx';
import { GettingStarted, isSettingUp } from './components/getting-started.tsx';
import { LatestRecordsWidget } from './components/latest-records-widget.tsx';
import { TotalBalanceWidget } from './components/total-balance-widget.tsx';
import { UpcomingWidget } from './components/upcoming-widget.tsx';

/** The month shown lives in the URL (`?month=2026-11`), so it survives a reload and can be shared. */
export function DashboardPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const month = parseMonth(searchParams.get('month'));
  // The shell opens only once the base currency is chosen.
  const currency = useBaseCurrencyCode() ?? '';
  const context = useDashboardContext(month, dayKey(new Date()), currency);
  useStatsFollowChanges();
  const t = useT();

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">{t('dashboard.description', { currency })}</p>
        <MonthSwitcher
          month={month}
          onChange={(next) => setSearchParams((params) => ({ ...Object.fromEntries(params), month: next }))}
        />
      </div>
      <ActiveImportCard />
      <OutboxCard />
      {currency && isSettingUp(context) ? <GettingStarted context={context} /> : null}
      {currency ? (
        // Two columns from 1024 px, three from 1280 px. With two, the total and the expenses share
        // the first row and the charts take whole rows: `dense` lets the expenses move up beside the total.
        // With three, the budgets sit beside the payments coming up.
        <div className="grid gap-4 lg:grid-flow-row-dense lg:grid-cols-2 xl:grid-cols-3">
          <TotalBalanceWidget context={context} />
          <BalanceTrendWidget context={context} className="lg:col-span-2" />
          <ExpensesWidget context={context} />
          <CashFlowWidget context={context} className="lg:col-span-2" />
          <BudgetsWidget currency={currency} className="lg:col-span-2 xl:col-span-1" />
          <UpcomingWidget context={context} className="lg:col-span-2" />
          <LatestRecordsWidget context={context} className="lg:col-span-2 xl:col-span-3" />
        </div>
      ) : null}
    </div>
  );
}
