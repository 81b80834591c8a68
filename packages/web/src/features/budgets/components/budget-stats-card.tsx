import type { Budget } from '@kopiyka/shared';
import type { ReactNode } from 'react';
import { useBudgetStats } from '../../../api/budgets.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Money } from '../../../components/ui/money.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { BudgetProgress } from '../../../entities/budgets/budget-progress.tsx';
import { useT } from '../../../lib/i18n.ts';
import { numberFormat } from '../../../lib/locale.ts';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** Spent, earned and left, in the base currency; transfers never count. */
export function BudgetStatsCard({ budget, currency }: { budget: Budget; currency: string }) {
  const stats = useBudgetStats(budget.id);
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
    const { spent, income, net, remaining, utilization, transactionsCount } = stats.data;
    content = (
      <div className="flex flex-col gap-5">
        <BudgetProgress stats={stats.data} currency={currency} label={t('budget.stats.progress')} />
        <dl className="grid grid-cols-2 gap-4 border-t pt-4 sm:grid-cols-3">
          <Figure label={t('budget.stats.spent')}>
            <Money minor={spent} currency={currency} />
          </Figure>
          <Figure label={t('budget.stats.income')}>
            <Money minor={income} currency={currency} />
          </Figure>
          <Figure label={t('budget.stats.net')}>
            <Money minor={net} currency={currency} />
          </Figure>
          {remaining === null ? null : (
            <Figure label={t('budget.stats.remaining')}>
              <Money minor={remaining} currency={currency} />
            </Figure>
          )}
          {utilization === null ? null : (
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
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('budget.stats.title')}</CardTitle>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
