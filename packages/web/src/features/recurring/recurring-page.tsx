import type { Account, Recurring } from '@kopiyka/shared';
import { ChevronRight, CirclePause, Plus, Repeat } from 'lucide-react';
import type { ReactNode } from 'react';
import { useAccounts } from '../../api/accounts.ts';
import { loadFailureText } from '../../api/errors.ts';
import { useRecurringList, useRecurringSuggestions, useUpcoming } from '../../api/recurring.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { EmptyCard } from '../../components/ui/empty-card.tsx';
import { RetryButton } from '../../components/ui/retry-button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useT } from '../../lib/i18n.ts';
import { openRecurringDialog } from '../../stores/recurring-dialog-target.ts';
import { DueCard } from './components/due-card.tsx';
import { ScheduleRow } from './components/schedule-row.tsx';
import { SuggestionsCard } from './components/suggestions-card.tsx';

function ScheduleList({
  schedules,
  accounts,
  label,
}: {
  schedules: readonly Recurring[];
  accounts: readonly Account[];
  label: string;
}) {
  return (
    <Card className="overflow-hidden">
      <ul aria-label={label} className="divide-y">
        {schedules.map((recurring) => (
          <li key={recurring.id}>
            <ScheduleRow recurring={recurring} accounts={accounts} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

function ListSkeleton() {
  const t = useT();
  return (
    <Card role="status" aria-label={t('recurring.loading')} className="divide-y">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-center gap-3 px-4 py-3">
          <Skeleton className="size-9 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-4 w-2/5" />
            <Skeleton className="h-3 w-3/5" />
          </div>
          <Skeleton className="h-4 w-20" />
        </div>
      ))}
    </Card>
  );
}

/** A part of the page that could not be loaded while the rest could: a line and a retry. */
function PartFailed({ message, onRetry, retrying }: { message: string; onRetry: () => void; retrying: boolean }) {
  return (
    <Card className="flex-row flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm text-muted-foreground">
      {message}
      <RetryButton onRetry={onRetry} retrying={retrying} />
    </Card>
  );
}

/**
 * The person's schedules and instalment plans: what waits to be confirmed first, then every
 * schedule (paused ones folded away), then the rhythms found in the history that could become one.
 */
export function RecurringPage() {
  const schedules = useRecurringList();
  const upcoming = useUpcoming();
  const suggestions = useRecurringSuggestions();
  const accounts = useAccounts();
  const t = useT();
  const accountList = accounts.data ?? [];
  const newSchedule = (label = t('recurring.new')) => (
    <Button onClick={() => openRecurringDialog({ mode: 'create' })}>
      <Plus aria-hidden="true" className="size-4" />
      {label}
    </Button>
  );

  let list: ReactNode;
  if (schedules.isPending) {
    list = <ListSkeleton />;
  } else if (schedules.isError) {
    list = (
      <EmptyCard
        icon={Repeat}
        title={t('recurring.loadError.title')}
        description={loadFailureText(schedules.error)}
        action={<RetryButton onRetry={() => void schedules.refetch()} retrying={schedules.isFetching} />}
      />
    );
  } else if (schedules.data.length === 0) {
    list = (
      <EmptyCard
        icon={Repeat}
        title={t('recurring.empty.title')}
        description={t('recurring.empty.description')}
        action={newSchedule(t('recurring.createFirst'))}
      />
    );
  } else {
    const active = schedules.data.filter((recurring) => !recurring.archived);
    const paused = schedules.data.filter((recurring) => recurring.archived);
    list = (
      <>
        {active.length > 0 ? (
          <ScheduleList schedules={active} accounts={accountList} label={t('recurring.list')} />
        ) : (
          <p className="rounded-xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            {t('recurring.allPaused')}
          </p>
        )}
        {paused.length > 0 ? (
          <details className="group flex flex-col gap-4">
            <summary className="flex w-fit cursor-pointer list-none items-center gap-2 rounded-md py-1 text-sm font-medium text-muted-foreground hover:text-foreground [&::-webkit-details-marker]:hidden">
              <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90" />
              <CirclePause aria-hidden="true" className="size-4" />
              {t('recurring.pausedCount', { count: paused.length })}
            </summary>
            <div className="pt-4">
              <ScheduleList schedules={paused} accounts={accountList} label={t('recurring.pausedList')} />
            </div>
          </details>
        ) : null}
      </>
    );
  }

  const due = upcoming.data?.items.filter((item) => item.state === 'due') ?? [];
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-muted-foreground">{t('recurring.description')}</p>
        {schedules.data && schedules.data.length > 0 ? newSchedule() : null}
      </div>
      {upcoming.isError ? (
        <PartFailed
          message={t('recurring.due.loadError')}
          onRetry={() => void upcoming.refetch()}
          retrying={upcoming.isFetching}
        />
      ) : null}
      {due.length > 0 ? <DueCard due={due} schedules={schedules.data ?? []} accounts={accountList} /> : null}
      {list}
      {suggestions.isError ? (
        <PartFailed
          message={t('recurring.suggestions.loadError')}
          onRetry={() => void suggestions.refetch()}
          retrying={suggestions.isFetching}
        />
      ) : null}
      {suggestions.data && suggestions.data.length > 0 ? (
        <SuggestionsCard suggestions={suggestions.data} accounts={accountList} />
      ) : null}
    </div>
  );
}
