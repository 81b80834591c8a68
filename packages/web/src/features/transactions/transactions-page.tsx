import { BULK_IDS_MAX, type Transaction } from '@kopiyka/shared';
import { Download, ListFilter, SearchX, Upload } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAccounts } from '../../api/accounts.ts';
import { useSubmission } from '../../api/submission.ts';
import {
  matchingTransactionIds,
  type TransactionListFilters,
  useExportTransactions,
  useTransactionList,
} from '../../api/transactions.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogHeader,
} from '../../components/ui/dialog.tsx';
import { EmptyCard } from '../../components/ui/empty-card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import {
  ClearFiltersButton,
  FilterPanel,
  TextSearch,
  type UpdateFilters,
} from '../../entities/transactions/filter-panel.tsx';
import {
  countFilters,
  filtersToParams,
  hasFilters,
  parseFilters,
  toListFilters,
} from '../../entities/transactions/filters.ts';
import { OutboxCard } from '../../entities/transactions/outbox-list.tsx';
import { uniqueTransactions } from '../../entities/transactions/transaction-days.ts';
import { TransactionList } from '../../entities/transactions/transaction-list.tsx';
import type { RowSelection } from '../../entities/transactions/transaction-row.tsx';
import { useT } from '../../lib/i18n.ts';
import { IMPORT_PATH } from '../../lib/paths.ts';
import { notify } from '../../stores/notifications.ts';
import { BulkActions } from './components/bulk-actions.tsx';

/** The filters live in the URL: links can be shared, and back and forward step through them. */
function useUrlFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseFilters(params), [params]);
  // A navigation takes a moment to land (the shell's loader runs first): changes made meanwhile
  // build on the one on its way, not on the URL still shown.
  const latest = useRef(params);
  const shown = useRef(params);
  if (shown.current !== params) {
    shown.current = params;
    latest.current = params;
  }
  const navigate = useCallback(
    (next: URLSearchParams, options?: { replace?: boolean }) => {
      latest.current = next;
      setParams(next, options);
    },
    [setParams],
  );
  const update: UpdateFilters = useCallback(
    (patch, options) => navigate(filtersToParams({ ...parseFilters(latest.current), ...patch }), options),
    [navigate],
  );
  const clear = useCallback(() => navigate(new URLSearchParams()), [navigate]);
  return { filters, update, clear };
}

/** Import a file (into the one account filtered on, if so), and export what the filters show. */
function FileActions({ filters, accountIds }: { filters: TransactionListFilters; accountIds: readonly number[] }) {
  const t = useT();
  const exportCsv = useExportTransactions();
  const importPath = accountIds.length === 1 ? `${IMPORT_PATH}?accountId=${accountIds[0]}` : IMPORT_PATH;
  const submission = useSubmission({ send: () => exportCsv.mutateAsync(filters) });
  async function download() {
    const refusal = await submission.submit();
    if (refusal) notify('error', refusal, { title: t('transactions.export.failed') });
  }
  return (
    <>
      <Button asChild variant="outline" aria-label={t('transactions.import')}>
        <Link to={importPath}>
          <Upload aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">{t('transactions.import')}</span>
        </Link>
      </Button>
      <Button
        variant="outline"
        aria-label={t('transactions.export')}
        onClick={() => void download()}
        disabled={exportCsv.isPending}
      >
        {exportCsv.isPending ? <Spinner /> : <Download aria-hidden="true" className="size-4" />}
        <span className="hidden sm:inline">{t('transactions.export')}</span>
      </Button>
    </>
  );
}

/**
 * The rows chosen for a bulk change: ticked one by one, a range with Shift (from the row ticked
 * last, in the list's order, every row taking that row's new state), or every row the filters
 * match across pages, at most BULK_IDS_MAX (docs/decisions.md "Tags and bulk edits"). Other filters start
 * a new selection.
 */
function useBulkSelection(filters: TransactionListFilters) {
  const loaded = useTransactionList(filters).data;
  const order = useMemo(() => uniqueTransactions(loaded?.pages ?? []).map((row) => row.id), [loaded]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [allMatching, setAllMatching] = useState<{ capped: boolean } | null>(null);
  const anchor = useRef<number | null>(null);
  const t = useT();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters changing is the point.
  useEffect(() => {
    setSelected(new Set());
    setAllMatching(null);
    anchor.current = null;
  }, [filters]);

  const onToggle = useCallback(
    (transaction: Transaction, { range }: { range: boolean }) => {
      setSelected((current) => {
        const next = new Set(current);
        const on = !current.has(transaction.id);
        const from = range && anchor.current !== null ? order.indexOf(anchor.current) : -1;
        const to = order.indexOf(transaction.id);
        const span = from >= 0 && to >= 0 ? order.slice(Math.min(from, to), Math.max(from, to) + 1) : [transaction.id];
        for (const id of span) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return next;
      });
      setAllMatching(null);
      anchor.current = transaction.id;
    },
    [order],
  );
  const selectAll = useSubmission({
    send: () => matchingTransactionIds(filters, BULK_IDS_MAX + 1),
    onSuccess: (ids) => {
      setSelected(new Set(ids.slice(0, BULK_IDS_MAX)));
      setAllMatching({ capped: ids.length > BULK_IDS_MAX });
    },
  });
  async function selectEveryMatching() {
    const refusal = await selectAll.submit();
    if (refusal) notify('error', refusal, { title: t('bulk.selectAllFailed') });
  }
  const clear = useCallback(() => {
    setSelected(new Set());
    setAllMatching(null);
    anchor.current = null;
  }, []);
  const selection: RowSelection = useMemo(() => ({ selected, onToggle }), [selected, onToggle]);
  // The chosen ids in the list's order; those chosen by "all matching" beyond the loaded rows follow.
  const ids = useMemo(
    () => [...order.filter((id) => selected.has(id)), ...[...selected].filter((id) => !order.includes(id))],
    [order, selected],
  );
  return {
    selection,
    ids,
    clear,
    allMatching,
    selectEveryMatching: () => void selectEveryMatching(),
    selectingAll: selectAll.pending,
  };
}

export function TransactionsPage() {
  const { filters, update, clear } = useUrlFilters();
  const accounts = useAccounts();
  const filtered = hasFilters(filters);
  const count = countFilters(filters);
  // On phones and tablets the filters wait in a sheet; from 1024 px they sit beside the list.
  const [sheetOpen, setSheetOpen] = useState(false);
  const t = useT();
  // Whole days: the range, and so the list's query, stays the same until midnight.
  const listFilters = useMemo(() => toListFilters(filters), [filters]);
  const panel = <FilterPanel filters={filters} onChange={update} accounts={accounts.data ?? []} />;
  const bulk = useBulkSelection(listFilters);

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-2">
        <TextSearch value={filters.search} onChange={update} className="min-w-0 flex-1" />
        <Button
          variant="outline"
          className="lg:hidden"
          aria-label={count > 0 ? t('transactions.filtersSet', { count }) : t('transactions.filters')}
          onClick={() => setSheetOpen(true)}
        >
          <ListFilter aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">{t('transactions.filters')}</span>
          {count > 0 ? (
            <span className="flex size-5 items-center justify-center rounded-full bg-primary text-xs text-primary-foreground">
              {count}
            </span>
          ) : null}
        </Button>
        <FileActions filters={listFilters} accountIds={filters.accountIds} />
        <Dialog open={sheetOpen} onOpenChange={setSheetOpen}>
          <DialogContent>
            <DialogHeader title={t('transactions.filters')} description={t('transactions.filtersDescription')} />
            <DialogBody>{panel}</DialogBody>
            <DialogFooter>
              <Button variant="outline" onClick={clear} disabled={!filtered}>
                {t('transactions.filter.clear')}
              </Button>
              <DialogClose asChild>
                <Button>{t('transactions.showTransactions')}</Button>
              </DialogClose>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      </div>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_17rem]">
        <div className="flex min-w-0 flex-col gap-3">
          <OutboxCard />
          <TransactionList
            filters={listFilters}
            selection={bulk.selection}
            empty={
              filtered ? (
                <EmptyCard
                  icon={SearchX}
                  title={t('transactions.noMatch.title')}
                  description={t('transactions.noMatch.description')}
                  action={<ClearFiltersButton onClear={clear} />}
                />
              ) : undefined
            }
          />
          {bulk.ids.length > 0 ? (
            <BulkActions
              ids={bulk.ids}
              capped={bulk.allMatching?.capped ?? false}
              allSelected={bulk.allMatching !== null}
              onSelectAll={bulk.selectEveryMatching}
              selectingAll={bulk.selectingAll}
              onClear={bulk.clear}
            />
          ) : null}
        </div>
        <Card
          className="sticky top-[calc(5rem+var(--connection-notice-height,0px))] hidden gap-5 p-5 lg:flex"
          aria-labelledby="transaction-filters-title"
        >
          <div className="flex items-center justify-between gap-2">
            <h2 id="transaction-filters-title" className="font-semibold">
              {t('transactions.filters')}
            </h2>
            {filtered ? <ClearFiltersButton onClear={clear} className="-mr-2" /> : null}
          </div>
          {panel}
        </Card>
      </div>
    </div>
  );
}
