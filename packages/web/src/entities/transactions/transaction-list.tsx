import type { Category, Tag, Transaction } from '@kopiyka/shared';
import { defaultRangeExtractor, type Range, useWindowVirtualizer } from '@tanstack/react-virtual';
import { ReceiptText } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useAccounts } from '../../api/accounts.ts';
import { useCategoryById } from '../../api/categories.ts';
import { loadFailureText } from '../../api/errors.ts';
import { useTags } from '../../api/tags.ts';
import { type TransactionListFilters, useTransactionList } from '../../api/transactions.ts';
import { Card } from '../../components/ui/card.tsx';
import { EmptyCard } from '../../components/ui/empty-card.tsx';
import { RetryButton } from '../../components/ui/retry-button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useT } from '../../lib/i18n.ts';
import { cn } from '../../lib/utils.ts';
import { useConnectionStore } from '../../stores/connection.ts';
import { openTransactionDialog } from '../../stores/transaction-dialog-target.ts';
import { AddTransactionButton } from './add-transaction-button.tsx';
import { groupByDay, type ListRow, listRows, uniqueTransactions } from './transaction-days.ts';
import { DayHeader, RowCheckbox, type RowSelection, TransactionRow } from './transaction-row.tsx';

/** First guesses of row heights; rows are measured once drawn. */
const DAY_HEADER_HEIGHT = 37;
const ROW_HEIGHT = 61;
/** The next page is asked for when the last row drawn is this close to the end. */
const PREFETCH_ROWS = 15;
/** Where day headers pin: under the shell's sticky header (h-16), and the notice of no connection above it. */
const PIN_TOP_PX = 64;

type TransactionListProps = {
  /** What to list, e.g. `{ accountIds: [id] }` for one account. Dates ISO, amounts minor units. */
  filters: TransactionListFilters;
  /** Shown when nothing matches; the default invites the user to add a first transaction. */
  empty?: ReactNode;
  /** With it, each row has a tick box to choose it by (a row itself still opens the transaction). */
  selection?: RowSelection;
  className?: string;
};

/**
 * Transactions newest first, grouped by day under headers that stay in view, loading more as the
 * page scrolls near the end. Only the rows on screen are drawn, so long histories stay fast. A row
 * opens the edit dialog.
 */
export function TransactionList({ filters, empty, selection, className }: TransactionListProps) {
  const list = useTransactionList(filters);
  const transactions = useMemo(() => uniqueTransactions(list.data?.pages ?? []), [list.data]);
  const { fetchNextPage } = list;
  // A page already on its way is waited for, not asked for again.
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const t = useT();

  if (list.isPending) return <ListSkeleton className={className} />;
  if (list.isError) {
    return (
      <EmptyCard
        icon={ReceiptText}
        title={t('transactions.loadError')}
        description={loadFailureText(list.error)}
        action={<RetryButton onRetry={() => void list.refetch()} retrying={list.isFetching} />}
      />
    );
  }
  if (transactions.length === 0) {
    return (
      empty ?? (
        <EmptyCard
          icon={ReceiptText}
          title={t('transactions.empty.title')}
          description={t('transactions.empty.description')}
          action={
            <AddTransactionButton
              // One account's list adds on that account.
              accountId={filters.accountIds?.length === 1 ? filters.accountIds[0] : undefined}
              label={t('transactions.empty.add')}
            />
          }
        />
      )
    );
  }
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {list.hasNextPage
          ? t('transactions.countMore', { count: transactions.length })
          : t('transactions.count', { count: transactions.length })}
      </p>
      <VirtualRows
        transactions={transactions}
        hasNextPage={list.hasNextPage}
        loadingMore={list.isFetchingNextPage}
        loadMoreFailed={list.isFetchNextPageError}
        onLoadMore={loadMore}
        selection={selection}
      />
    </div>
  );
}

/** A transaction row while it loads: the mark, two lines of text and the amount. */
export function TransactionRowSkeleton({ className }: { className?: string }) {
  return (
    <div className={cn('flex items-center gap-3', className)}>
      <Skeleton className="size-9 rounded-full" />
      <div className="flex flex-1 flex-col gap-1.5">
        <Skeleton className="h-4 w-2/5" />
        <Skeleton className="h-3 w-3/5" />
      </div>
      <Skeleton className="h-4 w-20" />
    </div>
  );
}

function ListSkeleton({ className }: { className?: string }) {
  const t = useT();
  return (
    <div role="status" aria-label={t('transactions.loading')} className={cn('flex flex-col gap-2', className)}>
      <Skeleton className="h-5 w-32" />
      <Card className="gap-0 divide-y">
        {[0, 1, 2, 3, 4, 5].map((row) => (
          <TransactionRowSkeleton key={row} className="px-4 py-3" />
        ))}
      </Card>
    </div>
  );
}

type VirtualRowsProps = {
  transactions: Transaction[];
  hasNextPage: boolean;
  loadingMore: boolean;
  loadMoreFailed: boolean;
  onLoadMore: () => void;
  selection: RowSelection | undefined;
};

const rowKey = (row: ListRow | undefined, index: number) =>
  row?.kind === 'day' ? `day-${row.group.day}` : row ? `tx-${row.transaction.id}` : `end-${index}`;

/** Where an element starts in the document: the window virtualizer counts from the page's top. */
function useDocumentTop<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (element) setTop(element.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    // Content above the list (filters, a header) can change height without the list re-rendering.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(document.body);
    return () => observer?.disconnect();
  }, []);
  return [ref, top] as const;
}

/** The window's scroll position, once per frame while it scrolls. */
function useWindowScrollY(): number {
  const [scrollY, setScrollY] = useState(() => window.scrollY);
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setScrollY(window.scrollY));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  return scrollY;
}

function VirtualRows({
  transactions,
  hasNextPage,
  loadingMore,
  loadMoreFailed,
  onLoadMore,
  selection,
}: VirtualRowsProps) {
  const accounts = useAccounts();
  const rows = useMemo(() => listRows(groupByDay(transactions)), [transactions]);
  const accountName = useCallback(
    (id: number) => accounts.data?.find((account) => account.id === id)?.name,
    [accounts.data],
  );
  const categoryById = useCategoryById();
  const tags = useTags().data;
  const t = useT();

  const [listRef, listTop] = useDocumentTop<HTMLUListElement>();
  const headerIndexes = useMemo(() => rows.flatMap((row, index) => (row.kind === 'day' ? [index] : [])), [rows]);
  // The header of the day at the top of the screen is always drawn, however far above its row is.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const current = headerIndexes.findLast((index) => index <= range.startIndex) ?? 0;
      return [...new Set([current, ...defaultRangeExtractor(range)])].sort((a, b) => a - b);
    },
    [headerIndexes],
  );
  const footer = hasNextPage ? 1 : 0;
  const virtualizer = useWindowVirtualizer({
    count: rows.length + footer,
    estimateSize: (index) => (rows[index]?.kind === 'day' ? DAY_HEADER_HEIGHT : ROW_HEIGHT),
    getItemKey: (index) => rowKey(rows[index], index),
    overscan: 8,
    scrollMargin: listTop,
    rangeExtractor,
  });
  // The day whose rows are under the pinning line shows its header there; the next day's header
  // pushes it up as it arrives, rather than sliding under it.
  const pinTop = PIN_TOP_PX + useConnectionStore((state) => state.noticeHeight);
  const line = useWindowScrollY() + pinTop;
  const at = (index: number | undefined) => (index === undefined ? undefined : virtualizer.measurementsCache[index]);
  const pinned = headerIndexes.findLast((index) => (at(index)?.start ?? Number.POSITIVE_INFINITY) <= line) ?? 0;
  const nextHeader = at(headerIndexes.find((index) => index > pinned));
  const push = nextHeader ? Math.max(0, line + (at(pinned)?.size ?? 0) - nextHeader.start) : 0;
  const items = virtualizer.getVirtualItems();

  const lastIndex = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasNextPage && !loadingMore && !loadMoreFailed && lastIndex >= rows.length - PREFETCH_ROWS) onLoadMore();
  }, [hasNextPage, loadingMore, loadMoreFailed, lastIndex, rows.length, onLoadMore]);

  return (
    <Card className="gap-0">
      <ul
        ref={listRef}
        aria-label={t('transactions.listLabel')}
        className="relative"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => {
          const row = rows[item.index];
          const isPinned = row?.kind === 'day' && item.index === pinned;
          return (
            <li
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              className={cn(
                isPinned ? 'sticky z-10' : 'absolute inset-x-0 top-0',
                row?.kind === 'transaction' && 'border-b last:border-b-0',
              )}
              style={{
                top: isPinned ? pinTop : undefined,
                transform: `translateY(${isPinned ? -push : item.start - listTop}px)`,
              }}
            >
              {row?.kind === 'day' ? (
                <DayHeader group={row.group} className={item.index === 0 ? 'rounded-t-xl' : undefined} />
              ) : row ? (
                <TransactionListRow
                  transaction={row.transaction}
                  category={
                    row.transaction.categoryId === null ? undefined : categoryById.get(row.transaction.categoryId)
                  }
                  accountName={accountName}
                  selection={selection}
                  tags={tags}
                />
              ) : (
                <div className="flex items-center justify-center gap-2 px-4 py-4 text-sm text-muted-foreground">
                  {loadMoreFailed ? (
                    <>
                      {t('transactions.loadMoreError')}
                      <RetryButton onRetry={onLoadMore} />
                    </>
                  ) : (
                    <>
                      <Spinner /> {t('transactions.loadingMore')}
                    </>
                  )}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** A row opens the edit dialog; with a selection, a tick box beside it chooses it. */
function TransactionListRow({
  transaction,
  category,
  accountName,
  selection,
  tags,
}: {
  transaction: Transaction;
  category: Category | undefined;
  accountName: (id: number) => string | undefined;
  selection: RowSelection | undefined;
  tags: readonly Tag[] | undefined;
}) {
  const row = (
    <TransactionRow
      transaction={transaction}
      category={category}
      accountName={accountName}
      tags={tags}
      onOpen={(opened) => openTransactionDialog({ mode: 'edit', transaction: opened })}
    />
  );
  if (!selection) return row;
  return (
    <div className="flex items-center">
      <RowCheckbox transaction={transaction} category={category} selection={selection} />
      <div className="min-w-0 flex-1">{row}</div>
    </div>
  );
}
