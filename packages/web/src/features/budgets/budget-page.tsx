import { type Budget, type UpdateBudgetBody, updateBudgetBodySchema } from '@kopiyka/shared';
import { Archive, ArchiveRestore, CalendarDays, PiggyBank } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { useBudget, useUpdateBudget } from '../../api/budgets.ts';
import { useBaseCurrencyCode } from '../../api/currencies.ts';
import { useStatsFollowChanges } from '../../api/stats.ts';
import { useSubmission } from '../../api/submission.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { InlineEdit } from '../../components/ui/inline-edit.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import {
  BUDGET_STATE_BADGES,
  budgetState,
  budgetStateLabel,
  figuresMonth,
  formatBudgetDates,
  rollsOver,
} from '../../entities/budgets/budget-info.ts';
import { DangerZoneCard, DetailNotFound, DetailPage, useDetailId } from '../../entities/requests/detail-page.tsx';
import type { MonthKey } from '../../lib/dates.ts';
import { t, useT } from '../../lib/i18n.ts';
import { notify } from '../../stores/notifications.ts';
import { BudgetSettingsCard } from './components/budget-settings-card.tsx';
import { BudgetStatsCard } from './components/budget-stats-card.tsx';
import { BudgetTransactions } from './components/budget-transactions.tsx';
import { CategoryChips } from './components/category-chips.tsx';
import { DeleteBudgetButton } from './components/delete-budget-dialog.tsx';

/** The list a budget belongs to, named in the current language. */
const budgetsList = () => ({ path: '/budgets', label: t('budgets.all') });

/** The message the shared contract gives for `body`, or null when it is acceptable. */
function contractProblem(body: UpdateBudgetBody): string | null {
  const checked = updateBudgetBodySchema.safeParse(body);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

function BudgetHeader({ budget }: { budget: Budget }) {
  const update = useUpdateBudget();
  const state = budgetState(budget, new Date());
  const t = useT();
  const submission = useSubmission({
    send: ({ body }: { body: UpdateBudgetBody; done: string }) => update.mutateAsync({ id: budget.id, body }),
    onSuccess: (_budget, { done }) => notify('success', done),
  });
  const save = (body: UpdateBudgetBody, done: string) => submission.submit({ body, done });
  const toggleArchived = async () => {
    const refusal = await save(
      { archived: !budget.archived },
      budget.archived ? t('budget.unarchived') : t('budget.archived'),
    );
    if (refusal) notify('error', refusal);
  };
  return (
    <Card className={budget.archived ? 'border-dashed' : undefined}>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <InlineEdit
            label={t('budget.name')}
            value={budget.name}
            textClassName="text-xl font-semibold tracking-tight"
            validate={(name) => contractProblem({ name })}
            onSave={(name) => save({ name }, t('budget.renamed', { name }))}
          />
          <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <Badge variant={BUDGET_STATE_BADGES[state]}>{budgetStateLabel(state)}</Badge>
            {rollsOver(budget) ? <Badge variant="neutral">{t('budget.rollover')}</Badge> : null}
            <span className="flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" className="size-4" />
              {formatBudgetDates(budget)}
            </span>
          </div>
          <CategoryChips ids={budget.categoryIds} />
        </div>
        <Button
          variant="outline"
          size="sm"
          className="self-start"
          onClick={() => void toggleArchived()}
          disabled={update.isPending}
        >
          {update.isPending ? (
            <Spinner />
          ) : budget.archived ? (
            <ArchiveRestore aria-hidden="true" className="size-4" />
          ) : (
            <Archive aria-hidden="true" className="size-4" />
          )}
          {budget.archived ? t('budget.unarchive') : t('budget.archive')}
        </Button>
      </CardContent>
    </Card>
  );
}

function BudgetSkeleton() {
  return (
    <>
      <Skeleton className="h-32 w-full rounded-xl" />
      <Skeleton className="h-64 w-full rounded-xl" />
    </>
  );
}

/**
 * The budget's parts. A monthly budget shows one month's figures and transactions: the month lives
 * in the URL (`?month=2026-11`), as the dashboard's does, so it survives a reload.
 */
function BudgetDetails({ budget, currency }: { budget: Budget; currency: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const month = figuresMonth(budget, new Date(), searchParams.get('month'));
  const showMonth = (next: MonthKey) => setSearchParams((params) => ({ ...Object.fromEntries(params), month: next }));
  const t = useT();
  return (
    // Two columns from 1024 px. In one, the figures and settings come first and the
    // transactions last: their list grows as the page scrolls.
    <>
      <BudgetHeader budget={budget} />
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <div className="contents lg:flex lg:min-w-0 lg:flex-col lg:gap-4">
          <BudgetStatsCard budget={budget} currency={currency} month={month} onMonthChange={showMonth} />
          <BudgetTransactions budget={budget} month={month} className="order-last lg:order-none" />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <BudgetSettingsCard budget={budget} currency={currency} />
          <DangerZoneCard description={t('budget.dangerNote')}>
            <DeleteBudgetButton budget={budget} />
          </DangerZoneCard>
        </div>
      </div>
    </>
  );
}

function BudgetView({ id }: { id: number }) {
  const budget = useBudget(id);
  const currency = useBaseCurrencyCode() ?? '';
  useStatsFollowChanges();
  return (
    <DetailPage
      query={budget}
      list={budgetsList()}
      noun="budget"
      name={(b) => b.name}
      icon={PiggyBank}
      placeholder={<BudgetSkeleton />}
    >
      {(data) => <BudgetDetails budget={data} currency={currency} />}
    </DetailPage>
  );
}

export function BudgetPage() {
  const id = useDetailId();
  useT();
  return id === null ? <DetailNotFound list={budgetsList()} noun="budget" /> : <BudgetView key={id} id={id} />;
}
