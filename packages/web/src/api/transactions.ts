import {
  type BulkTransactionsBody,
  type CreateTransactionBody,
  type EndpointQuery,
  endpoints,
  type LinkTransactionsBody,
  TRANSACTIONS_PAGE_MAX,
  type Transaction,
  type UnlinkTransactionsBody,
  type UpdateTransactionBody,
} from '@kopiyka/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { parseAmount } from '../lib/money.ts';
import { call, downloadFile } from './client.ts';
import { transactionsChanged, transactionsChangedInBulk } from './invalidation.ts';
import { transactionKeys } from './query-keys.ts';

/**
 * What a list of transactions is narrowed to: GET /transactions without its paging parameters.
 * Dates are ISO timestamps, amounts minor units in the account's currency.
 */
export type TransactionListFilters = Omit<
  EndpointQuery<typeof endpoints.transactions.list>,
  'from' | 'limit' | 'cursor' | 'order'
>;

/** Rows per request of an infinite list: a screenful or two, well under the server's cap. */
export const TRANSACTIONS_PAGE_SIZE = 50;

/** The filters as query parameters, in a fixed order: what is unset stays out. */
export function transactionQueryParams(filters: TransactionListFilters): TransactionListFilters {
  return {
    startDate: filters.startDate,
    endDate: filters.endDate,
    amountGte: filters.amountGte,
    amountLte: filters.amountLte,
    transactionType: filters.transactionType,
    accountIds: filters.accountIds,
    categoryIds: filters.categoryIds,
    budgetIds: filters.budgetIds,
    excludeBudgetId: filters.excludeBudgetId,
    tagIds: filters.tagIds,
    excludeTransfer: filters.excludeTransfer ? true : undefined,
    noteSearch: filters.noteSearch?.trim(),
    search: filters.search?.trim(),
  };
}

/** Keyset paging: the next page starts right after this row (`<time>_<id>`). */
export function pageCursor(transaction: Pick<Transaction, 'time' | 'id'>): string {
  return `${transaction.time}_${transaction.id}`;
}

function fetchTransactions(
  filters: TransactionListFilters,
  page: { limit: number; cursor?: string },
  signal?: AbortSignal,
) {
  return call(endpoints.transactions.list, {
    query: { ...transactionQueryParams(filters), limit: page.limit, cursor: page.cursor },
    signal,
  });
}

/** Newest first, a page at a time; `fetchNextPage` continues after the last row loaded. */
export function useTransactionList(filters: TransactionListFilters) {
  return useInfiniteQuery({
    queryKey: transactionKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      fetchTransactions(filters, { limit: TRANSACTIONS_PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => {
      const last = lastPage.at(-1);
      return last && lastPage.length >= TRANSACTIONS_PAGE_SIZE ? pageCursor(last) : undefined;
    },
  });
}

/** Saves the transactions `filters` select as a CSV file: the same query the list sends, without paging. */
export function useExportTransactions() {
  return useMutation({
    mutationFn: (filters: TransactionListFilters) =>
      downloadFile(endpoints.transactions.export, { query: { format: 'csv', ...transactionQueryParams(filters) } }),
  });
}

/** How far from a transaction a link candidate may be, either way. */
const LINK_WINDOW_DAYS = 30;
const LINK_CANDIDATES_MAX = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The transactions `transaction` could be paired with into a transfer: opposite
 * type, not a transfer already, within a month of it. Another account is checked by the caller.
 */
export function useLinkCandidates(transaction: Transaction, enabled: boolean) {
  const time = Date.parse(transaction.time);
  const filters: TransactionListFilters = {
    transactionType: transaction.transactionType === 'income' ? 'expense' : 'income',
    excludeTransfer: true,
    startDate: new Date(time - LINK_WINDOW_DAYS * DAY_MS).toISOString(),
    endDate: new Date(time + LINK_WINDOW_DAYS * DAY_MS).toISOString(),
  };
  return useQuery({
    queryKey: transactionKeys.linkCandidates(transaction.id),
    queryFn: ({ signal }) => fetchTransactions(filters, { limit: LINK_CANDIDATES_MAX }, signal),
    enabled,
  });
}

/** How many expenses the refund picker offers at a time: the latest matching ones. */
const REFUND_CANDIDATES_MAX = 30;

/**
 * The person's expenses an income could refund, newest first: those whose amount is what `query`
 * reads as, or else those the words of `query` find (note, bank description, category, account).
 */
export function useRefundCandidates(query: string, enabled: boolean) {
  const minor = parseAmount(query.trim());
  const filters: TransactionListFilters = {
    transactionType: 'expense',
    excludeTransfer: true,
    ...(minor !== null && minor > 0 ? { amountGte: minor, amountLte: minor } : { search: query.trim() || undefined }),
  };
  return useQuery({
    queryKey: transactionKeys.refundCandidates(filters),
    queryFn: ({ signal }) => fetchTransactions(filters, { limit: REFUND_CANDIDATES_MAX }, signal),
    enabled,
    placeholderData: (previous) => previous,
  });
}

/** GET /transactions/{id}/refunds: an expense's refunds, or the link of a refund to its expense. */
export function useTransactionRefunds(id: number, enabled = true) {
  return useQuery({
    queryKey: transactionKeys.refunds(id),
    queryFn: ({ signal }) => call(endpoints.transactions.refunds, { params: { txId: id }, signal }),
    enabled,
  });
}

export type CreateTransactionVariables = {
  body: CreateTransactionBody;
  /** The same key for every try of the same body: a try whose answer was lost is not made twice. */
  idempotencyKey: string;
};

/** Answers `[base, opposite?]`: the transaction, and the other leg of a transfer between accounts. */
export function useCreateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: CreateTransactionVariables) =>
      call(endpoints.transactions.create, { body, idempotencyKey }),
    onSuccess: () => transactionsChanged(queryClient),
  });
}

export type UpdateTransactionVariables = { id: number; body: UpdateTransactionBody };

/** Answers `[this, otherLeg?]`. */
export function useUpdateTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: UpdateTransactionVariables) =>
      call(endpoints.transactions.update, { params: { txId: id }, body }),
    onSuccess: () => transactionsChanged(queryClient),
  });
}

/** Deleting a leg of a transfer deletes both (the server's rule). */
export function useDeleteTransaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.transactions.delete, { params: { txId: id } }),
    onSuccess: () => transactionsChanged(queryClient),
  });
}

/** Pairs existing opposite transactions into transfers; no money moves. */
export function useLinkTransactions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkTransactionsBody) => call(endpoints.transactions.link, { body }),
    onSuccess: () => transactionsChanged(queryClient),
  });
}

/** Both legs of each transfer become ordinary transactions again. */
export function useUnlinkTransactions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UnlinkTransactionsBody) => call(endpoints.transactions.unlink, { body }),
    onSuccess: () => transactionsChanged(queryClient),
  });
}

/** One change to many transactions, or their deletion (POST /transactions/bulk). */
export function useBulkTransactions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkTransactionsBody) => call(endpoints.transactions.bulk, { body }),
    onSuccess: () => transactionsChangedInBulk(queryClient),
  });
}

/**
 * The ids of every transaction `filters` select, newest first, a server page at a time (what
 * "select all N matching" takes), stopping at `most`.
 */
export async function matchingTransactionIds(filters: TransactionListFilters, most: number): Promise<number[]> {
  const ids: number[] = [];
  let cursor: string | undefined;
  while (ids.length < most) {
    const page = await fetchTransactions(filters, { limit: TRANSACTIONS_PAGE_MAX, cursor });
    ids.push(...page.map((transaction) => transaction.id));
    const last = page.at(-1);
    if (!last || page.length < TRANSACTIONS_PAGE_MAX) break;
    cursor = pageCursor(last);
  }
  return ids.slice(0, most);
}
