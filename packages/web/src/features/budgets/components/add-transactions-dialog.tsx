import { BUDGET_TRANSACTIONS_MAX } from '@kopiyka/shared';
import { ReceiptText } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { useAccounts } from '../../../api/accounts.ts';
import { budgetCandidatesFilter, useAddBudgetTransactions } from '../../../api/budgets.ts';
import { loadFailureText } from '../../../api/errors.ts';
import { useSubmission } from '../../../api/submission.ts';
import { useTransactionList } from '../../../api/transactions.ts';
import { ErrorAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogHeader,
} from '../../../components/ui/dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { RetryButton } from '../../../components/ui/retry-button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { CustomDates, PeriodSelect, TextSearch } from '../../../entities/transactions/filter-panel.tsx';
import { EMPTY_FILTERS, type FilterState, hasFilters, toListFilters } from '../../../entities/transactions/filters.ts';
import { AccountFilter, CategoryFilter } from '../../../entities/transactions/pickers.tsx';
import { RecordList } from '../../../entities/transactions/record-list.tsx';
import { uniqueTransactions } from '../../../entities/transactions/transaction-days.ts';
import { useT } from '../../../lib/i18n.ts';
import { notify } from '../../../stores/notifications.ts';
import { useSelection } from './use-selection.ts';

type AddTransactionsDialogProps = {
  budgetId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export function AddTransactionsDialog({ budgetId, open, onOpenChange }: AddTransactionsDialogProps) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader title={t('budget.transactions.add')} description={t('budget.add.description')} />
        {open ? <CandidatePicker budgetId={budgetId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function PickerFilters({
  filters,
  onChange,
}: {
  filters: FilterState;
  onChange: (patch: Partial<FilterState>) => void;
}) {
  const id = useId();
  const accounts = useAccounts();
  return (
    <div className="flex flex-col gap-3 border-b px-5 py-3">
      <TextSearch value={filters.search} onChange={onChange} />
      <div className="grid gap-2 sm:grid-cols-3">
        <PeriodSelect filters={filters} onChange={onChange} />
        <AccountFilter
          id={`${id}-accounts`}
          accounts={accounts.data ?? []}
          value={filters.accountIds}
          onChange={(accountIds) => onChange({ accountIds })}
        />
        <CategoryFilter
          id={`${id}-categories`}
          value={filters.categoryIds}
          onChange={(categoryIds) => onChange({ categoryIds })}
        />
      </div>
      <CustomDates filters={filters} onChange={onChange} />
    </div>
  );
}

function CandidatePicker({ budgetId, onDone }: { budgetId: number; onDone: () => void }) {
  const [filters, setFilters] = useState<FilterState>(EMPTY_FILTERS);
  // Whole days: the range, and so the query, stays the same while the dialog is open.
  const listFilters = useMemo(() => budgetCandidatesFilter(budgetId, toListFilters(filters)), [budgetId, filters]);
  const candidates = useTransactionList(listFilters);
  const shown = useMemo(() => uniqueTransactions(candidates.data?.pages ?? []), [candidates.data]);
  const add = useAddBudgetTransactions();
  // Ticks survive a change of filters: narrowing down twice to pick from two places works.
  const selection = useSelection();
  const count = selection.selected.size;
  const filtered = hasFilters(filters);
  const t = useT();

  const submission = useSubmission({
    send: (transactionIds: number[]) => add.mutateAsync({ id: budgetId, transactionIds }),
    onSuccess: (_stats, transactionIds) => {
      notify('success', t('budget.add.done', { count: transactionIds.length }));
      onDone();
    },
  });
  const { error } = submission;
  const submit = () => submission.submit([...selection.selected]);

  let list: ReactNode;
  if (candidates.isPending) {
    list = (
      <div role="status" aria-label={t('budget.add.loading')} className="flex flex-col gap-3 p-4">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} className="h-10 w-full" />
        ))}
      </div>
    );
  } else if (candidates.isError) {
    list = (
      <EmptyState
        icon={ReceiptText}
        title={t('budget.add.loadError')}
        description={loadFailureText(candidates.error)}
        action={<RetryButton onRetry={() => void candidates.refetch()} retrying={candidates.isFetching} />}
      />
    );
  } else if (shown.length === 0) {
    list = (
      <EmptyState
        icon={ReceiptText}
        title={filtered ? t('budget.add.noMatch.title') : t('budget.add.nothing.title')}
        description={filtered ? t('budget.add.noMatch.description') : t('budget.add.nothing.description')}
      />
    );
  } else {
    list = (
      <>
        <RecordList
          transactions={shown}
          label={t('budget.add.listLabel')}
          selection={selection}
          onOpen={selection.onToggle}
        />
        {candidates.hasNextPage ? (
          <div className="flex justify-center border-t p-3">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => void candidates.fetchNextPage({ cancelRefetch: false })}
              disabled={candidates.isFetchingNextPage}
            >
              {candidates.isFetchingNextPage ? <Spinner /> : null}
              {t('budget.add.loadMore')}
            </Button>
          </div>
        ) : null}
      </>
    );
  }

  const tooMany = count > BUDGET_TRANSACTIONS_MAX;
  return (
    <>
      <PickerFilters filters={filters} onChange={(patch) => setFilters((current) => ({ ...current, ...patch }))} />
      <DialogBody className="gap-3 p-0">
        {list}
        {error ? <ErrorAlert className="mx-5 mb-4">{error}</ErrorAlert> : null}
      </DialogBody>
      <DialogFooter>
        {tooMany ? (
          <p className="mr-auto self-center text-xs text-destructive">
            {t('budget.add.tooMany', { max: BUDGET_TRANSACTIONS_MAX })}
          </p>
        ) : null}
        <DialogClose asChild>
          <Button variant="outline">{t('budget.add.cancel')}</Button>
        </DialogClose>
        <Button onClick={() => void submit()} disabled={count === 0 || tooMany || add.isPending}>
          {add.isPending ? <Spinner /> : null}
          {count === 0 ? t('budget.transactions.add') : t('budget.add.submit', { count })}
        </Button>
      </DialogFooter>
    </>
  );
}
