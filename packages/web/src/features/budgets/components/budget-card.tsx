import type { Budget } from '@kopiyka/shared';
import { CalendarDays } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBudgetStats } from '../../../api/budgets.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import {
  BUDGET_STATE_BADGES,
  budgetState,
  budgetStateLabel,
  figuresMonth,
  formatBudgetDates,
  isOverLimit,
  rollsOver,
} from '../../../entities/budgets/budget-info.ts';
import { BudgetProgress } from '../../../entities/budgets/budget-progress.tsx';
import { formatMonthTitle } from '../../../lib/dates.ts';
import { useT } from '../../../lib/i18n.ts';
import { cn } from '../../../lib/utils.ts';
import { CategoryChips } from './category-chips.tsx';

/** A budget in the list: what it is for, when, and how much of it is spent. The whole card opens it. */
export function BudgetCard({ budget, currency, now }: { budget: Budget; currency: string; now: Date }) {
  // A monthly budget's figures are of this month (of its first, before it starts).
  const month = figuresMonth(budget, now);
  const stats = useBudgetStats(budget.id, month);
  const state = budgetState(budget, now);
  const t = useT();
  let figures: ReactNode;
  if (stats.isPending) {
    figures = (
      <div
        role="status"
        aria-label={t('budget.card.loadingFigures', { name: budget.name })}
        className="flex flex-col gap-2"
      >
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-2 w-full" />
      </div>
    );
  } else if (stats.isError) {
    figures = (
      <div className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
        {t('budget.card.figuresError')}
        {/* Above the card's link, so it can be pressed. */}
        <span className="relative z-10">
          <RetryButton onRetry={() => void stats.refetch()} retrying={stats.isFetching} />
        </span>
      </div>
    );
  } else {
    figures = (
      <div className="flex flex-col gap-1.5">
        {month ? <p className="text-xs font-medium text-muted-foreground">{formatMonthTitle(month)}</p> : null}
        <BudgetProgress
          stats={stats.data}
          currency={currency}
          label={t('budget.card.progress', { name: budget.name })}
        />
      </div>
    );
  }
  return (
    <Card
      className={cn('relative gap-4 p-5 transition-colors hover:border-primary/50', budget.archived && 'border-dashed')}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1.5">
          <h3 className="truncate font-semibold">
            {/* The link covers the whole card (its ::after), so the card is one big target. */}
            <Link
              to={`/budgets/${budget.id}`}
              className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:ring-3 focus-visible:after:ring-ring"
            >
              {budget.name}
            </Link>
          </h3>
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
            {formatBudgetDates(budget)}
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1.5">
          <Badge variant={BUDGET_STATE_BADGES[state]}>{budgetStateLabel(state)}</Badge>
          {rollsOver(budget) ? <Badge variant="neutral">{t('budget.rollover')}</Badge> : null}
          {stats.data && isOverLimit(stats.data) ? (
            <Badge variant="destructive">{t('budget.card.overLimit')}</Badge>
          ) : null}
        </div>
      </div>
      <CategoryChips ids={budget.categoryIds} />
      <div className="mt-auto">{figures}</div>
    </Card>
  );
}
