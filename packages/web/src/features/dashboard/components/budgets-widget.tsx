import type { Budget, BudgetStats } from '@kopiyka/shared';
import { PiggyBank } from 'lucide-react';
import { Link } from 'react-router';
import { useBudgets, useBudgetsStats } from '../../../api/budgets.ts';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { budgetState, figuresMonth, formatBudgetDates, isOverLimit } from '../../../entities/budgets/budget-info.ts';
import { BudgetBar } from '../../../entities/budgets/budget-progress.tsx';
import { formatMonthTitle, type MonthKey } from '../../../lib/dates.ts';
import { useT } from '../../../lib/i18n.ts';
import { formatMoney } from '../../../lib/money.ts';
import { BUDGETS_PATH } from '../../../lib/paths.ts';
import { cn } from '../../../lib/utils.ts';
import { Widget } from './widget.tsx';

/** The budgets listed; the budgets page has them all. */
const LISTED = 5;

type ShownBudget = { budget: Budget; month: MonthKey | null };

/** What is left of one budget: its name, the amount left (or over), the bar, and the month or dates it is of. */
function BudgetRow({ budget, month, stats, currency }: ShownBudget & { stats: BudgetStats; currency: string }) {
  const t = useT();
  const { remaining } = stats;
  const over = isOverLimit(stats);
  let left: string;
  if (remaining === null) left = t('dashboard.budgets.spent', { amount: formatMoney(stats.spent, currency) });
  else if (over) left = t('dashboard.budgets.over', { amount: formatMoney(-remaining, currency) });
  else left = t('dashboard.budgets.left', { amount: formatMoney(remaining, currency) });
  return (
    <li className="flex min-w-0 flex-col gap-1.5">
      {/* A name too long to share its line with the amount takes a line of its own. */}
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <Link to={`${BUDGETS_PATH}/${budget.id}`} className="min-w-0 font-medium break-words hover:underline">
          {budget.name}
        </Link>
        <span className={cn('ml-auto shrink-0 tabular-nums', over && 'font-medium text-destructive')}>{left}</span>
      </div>
      {stats.limit === null ? null : (
        <BudgetBar stats={stats} label={t('budget.card.progress', { name: budget.name })} />
      )}
      <p className="truncate text-xs text-muted-foreground">
        {month === null ? formatBudgetDates(budget) : formatMonthTitle(month)}
      </p>
    </li>
  );
}

function BudgetsSkeleton() {
  return (
    <div className="flex flex-col gap-4">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex flex-col gap-1.5">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-2 w-full" />
        </div>
      ))}
    </div>
  );
}

/**
 * What is left of each active budget: of this month for a monthly one, of its dates for the
 * others, whatever month the dashboard shows. The figures are the budgets page's, under the same keys.
 */
export function BudgetsWidget({ currency, className }: { currency: string; className?: string }) {
  const budgets = useBudgets();
  const t = useT();
  const now = new Date();
  const active = (budgets.data ?? []).filter((budget) => budgetState(budget, now) === 'active');
  const shown: ShownBudget[] = active.slice(0, LISTED).map((budget) => ({ budget, month: figuresMonth(budget, now) }));
  const figures = useBudgetsStats(shown.map(({ budget, month }) => ({ id: budget.id, month })));
  const empty =
    budgets.data && active.length === 0 ? (
      <EmptyState
        icon={PiggyBank}
        title={t('dashboard.budgets.emptyTitle')}
        description={t('dashboard.budgets.emptyDescription')}
        action={
          <Button asChild variant="outline" size="sm">
            <Link to={BUDGETS_PATH}>{t('dashboard.budgets.setUp')}</Link>
          </Button>
        }
      />
    ) : null;
  return (
    <Widget
      title={t('dashboard.budgets.title')}
      description={t('dashboard.budgets.description', { currency })}
      aside={
        active.length > 0 ? (
          <Button asChild variant="link" size="sm" className="shrink-0">
            <Link to={BUDGETS_PATH}>{t('dashboard.budgets.showAll')}</Link>
          </Button>
        ) : null
      }
      queries={[budgets, ...figures]}
      empty={empty}
      skeleton={<BudgetsSkeleton />}
      className={className}
    >
      {() => (
        <div className="flex flex-col gap-4">
          <ul aria-label={t('dashboard.budgets.list')} className="grid gap-x-8 gap-y-4 md:grid-cols-2 xl:grid-cols-1">
            {shown.map(({ budget, month }, index) => {
              const stats = figures[index]?.data;
              return stats ? (
                <BudgetRow key={budget.id} budget={budget} month={month} stats={stats} currency={currency} />
              ) : null;
            })}
          </ul>
          {active.length > LISTED ? (
            <p className="text-xs text-muted-foreground">
              {t('dashboard.budgets.more', { count: active.length - LISTED })}
            </p>
          ) : null}
        </div>
      )}
    </Widget>
  );
}
