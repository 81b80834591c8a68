import type { Budget } from '@kopiyka/shared';
import { Archive, ChevronRight, PiggyBank, Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useBudgets } from '../../api/budgets.ts';
import { useBaseCurrencyCode } from '../../api/currencies.ts';
import { loadFailureText } from '../../api/errors.ts';
import { useStatsFollowChanges } from '../../api/stats.ts';
import { Button } from '../../components/ui/button.tsx';
import { EmptyCard } from '../../components/ui/empty-card.tsx';
import { RetryButton } from '../../components/ui/retry-button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useT } from '../../lib/i18n.ts';
import { BudgetCard } from './components/budget-card.tsx';
import { CreateBudgetDialog } from './components/create-budget-dialog.tsx';

function BudgetGrid({ budgets, currency, now }: { budgets: readonly Budget[]; currency: string; now: Date }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {budgets.map((budget) => (
        <BudgetCard key={budget.id} budget={budget} currency={currency} now={now} />
      ))}
    </div>
  );
}

function BudgetsSkeleton() {
  const t = useT();
  return (
    <div role="status" aria-label={t('budgets.loading')} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {[0, 1, 2].map((card) => (
        <Skeleton key={card} className="h-44 rounded-xl" />
      ))}
    </div>
  );
}

export function BudgetsPage() {
  const budgets = useBudgets();
  const currency = useBaseCurrencyCode() ?? '';
  const [creating, setCreating] = useState(false);
  const now = new Date();
  useStatsFollowChanges();
  const t = useT();
  const newBudget = (label = t('budgets.new')) => (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden="true" className="size-4" />
      {label}
    </Button>
  );

  let content: ReactNode;
  if (budgets.isPending) {
    content = <BudgetsSkeleton />;
  } else if (budgets.isError) {
    content = (
      <EmptyCard
        icon={PiggyBank}
        title={t('budgets.loadError.title')}
        description={loadFailureText(budgets.error)}
        action={<RetryButton onRetry={() => void budgets.refetch()} retrying={budgets.isFetching} />}
      />
    );
  } else if (budgets.data.length === 0) {
    content = (
      <EmptyCard
        icon={PiggyBank}
        title={t('budgets.empty.title')}
        description={t('budgets.empty.description')}
        action={newBudget(t('budgets.createFirst'))}
      />
    );
  } else {
    const active = budgets.data.filter((budget) => !budget.archived);
    const archived = budgets.data.filter((budget) => budget.archived);
    content = (
      <>
        {active.length > 0 ? (
          <BudgetGrid budgets={active} currency={currency} now={now} />
        ) : (
          <p className="rounded-xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            {t('budgets.allArchived')}
          </p>
        )}
        {archived.length > 0 ? (
          <details className="group flex flex-col gap-4">
            <summary className="flex w-fit cursor-pointer list-none items-center gap-2 rounded-md py-1 text-sm font-medium text-muted-foreground hover:text-foreground [&::-webkit-details-marker]:hidden">
              <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90" />
              <Archive aria-hidden="true" className="size-4" />
              {t('budgets.archivedCount', { count: archived.length })}
            </summary>
            <div className="pt-4">
              <BudgetGrid budgets={archived} currency={currency} now={now} />
            </div>
          </details>
        ) : null}
      </>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">{t('budgets.description', { currency })}</p>
        {budgets.data && budgets.data.length > 0 ? newBudget() : null}
      </div>
      {content}
      <CreateBudgetDialog open={creating} onOpenChange={setCreating} currency={currency} />
    </div>
  );
}
