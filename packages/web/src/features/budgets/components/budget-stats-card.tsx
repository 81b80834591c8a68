import type { Budget } from '@kopiyka/shared';
import type { ReactNode } from 'react';
import { useBudgetStats } from '../../../api/budgets.ts';
import { MonthSwitcher } from '../../../components/month-switcher.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Money } from '../../../components/ui/money.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { budgetMonths, rollsOver } from '../../../entities/budgets/budget-info.ts';
import { BudgetProgress } from '../../../entities/budgets/budget-progress.tsx';
import type { MonthKey } from '../../../lib/dates.ts';
import { useT } from '../../../lib/i18n.ts';
import { numberFormat } from '../../../lib/locale.ts';
import { cn } from '../../../lib/utils.ts';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

type BudgetStatsCardProps = {
  budget: Budget;
  currency: string;
  /** The month shown of a monthly budget (`figuresMonth`); null for a budget of dates. */
  month: MonthKey | null;
  onMonthChange: (month: MonthKey) => void;
};

/**
 * Spent, earned and left, in the base currency; transfers never count. A monthly budget's are of
 * one month, stepped through from its first up to this one; with rollover, what the month before
 * left (or overspent) is carried into it.
 */
export function BudgetStatsCard({ budget, currency, month, onMonthChange }: BudgetStatsCardProps) {
  const stats = useBudgetStats(budget.id, month);
  const t = useT();
  let content: ReactNode;
  if (stats.isPending) {
    content = (
      <div role="status" aria-label={t('budget.stats.loading')} className="flex flex-col gap-3">
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-2 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  } else if (stats.isError) {
    content = (
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
        {t('budget.stats.error')}
        <RetryButton onRetry={() => void stats.refetch()} retrying={stats.isFetching} />
      </div>
    );
  } else {
    const { spent, income, net, limit, carried, remaining, utilization, transactionsCount } = stats.data;
    const monthly = stats.data.month !== null;
    content = (
      <div
        aria-busy={stats.isPlaceholderData}
        className={cn('flex flex-col gap-5 transition-opacity', stats.isPlaceholderData && 'opacity-60')}
      >
        <BudgetProgress stats={stats.data} currency={currency} label={t('budget.stats.progress')} />
        <dl className="grid grid-cols-2 gap-4 border-t pt-4 sm:grid-cols-3">
          {monthly && limit !== null ? (
            <Figure label={t('budget.stats.limit')}>
              <Money minor={limit} currency={currency} />
            </Figure>
          ) : null}
          {rollsOver(budget) && carried !== null ? (
            <Figure label={t('budget.stats.carried')}>
              <Money minor={carried} currency={currency} />
            </Figure>
          ) : null}
          <Figure label={t('budget.stats.spent')}>
            <Money minor={spent} currency={currency} />
          </Figure>
          {remaining === null ? null : (
            <Figure label={t(remaining < 0 ? 'budget.stats.overspent' : 'budget.stats.remaining')}>
              <Money
                minor={Math.abs(remaining)}
                currency={currency}
                className={remaining < 0 ? 'text-destructive' : ''}
              />
            </Figure>
          )}
          <Figure label={t('budget.stats.income')}>
            <Money minor={income} currency={currency} />
          </Figure>
          <Figure label={t('budget.stats.net')}>
            <Money minor={net} currency={currency} />
          </Figure>
          {/* Of the limit alone: with what a month carries in, the bar above says what is spent of it. */}
          {utilization === null || monthly ? null : (
            <Figure label={t('budget.stats.utilisation')}>
              <span className="tabular-nums">{numberFormat({ style: 'percent' }).format(utilization / 100)}</span>
            </Figure>
          )}
          <Figure label={t('budget.stats.transactions')}>
            <span className="tabular-nums">{numberFormat().format(transactionsCount)}</span>
          </Figure>
        </dl>
      </div>
    );
  }
  const months = month === null ? null : budgetMonths(budget, new Date());
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>{t('budget.stats.title')}</CardTitle>
        {month !== null && months ? (
          <MonthSwitcher month={month} onChange={onMonthChange} earliest={months.first} latest={months.last} />
        ) : null}
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
