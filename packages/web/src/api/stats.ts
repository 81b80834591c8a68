import { type EndpointQuery, endpoints } from '@kopiyka/shared';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DayKey } from '../lib/dates.ts';
import type { DayRange } from '../lib/periods.ts';
import { call } from './client.ts';
import { statisticsChanged } from './invalidation.ts';
import { statsKeys, transactionKeys } from './query-keys.ts';

/** The range, and one account or all (hidden ones then left out). */
export type BalanceHistoryParams = Omit<EndpointQuery<typeof endpoints.stats.balanceHistory>, 'includeHidden'>;
export type CashFlowParams = DayRange & Required<Pick<EndpointQuery<typeof endpoints.stats.cashFlow>, 'interval'>>;

export const balanceHistoryQueryOptions = (params: BalanceHistoryParams) =>
  queryOptions({
    queryKey: statsKeys.balanceHistory(params),
    queryFn: ({ signal }) =>
      call(endpoints.stats.balanceHistory, {
        // One account's page shows it even while it is hidden from the totals.
        query: { ...params, includeHidden: params.accountId === undefined ? undefined : true },
        signal,
      }),
  });

export function useBalanceHistory(params: BalanceHistoryParams, enabled = true) {
  return useQuery({
    ...balanceHistoryQueryOptions(params),
    // Switching months or periods keeps the last chart in view until the next one arrives.
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const totalBalanceQueryOptions = (date: DayKey) =>
  queryOptions({
    queryKey: statsKeys.totalBalance(date),
    queryFn: ({ signal }) => call(endpoints.stats.totalBalance, { query: { date }, signal }),
  });

export function useTotalBalance(date: DayKey) {
  return useQuery({ ...totalBalanceQueryOptions(date), placeholderData: keepPreviousData });
}

/** How the total moved from the end of `from` to the end of `to`: growth, and new money apart. */
export const totalBalanceChangeQueryOptions = (range: DayRange) =>
  queryOptions({
    queryKey: statsKeys.totalBalanceChange(range),
    queryFn: ({ signal }) => call(endpoints.stats.totalBalanceChange, { query: { ...range }, signal }),
  });

export function useTotalBalanceChange(range: DayRange) {
  return useQuery({ ...totalBalanceChangeQueryOptions(range), placeholderData: keepPreviousData });
}

/** The crypto holdings per day in the base currency, for the dashboard's trend; empty when they are not counted. */
export const cryptoBalanceHistoryQueryOptions = (range: DayRange) =>
  queryOptions({
    queryKey: statsKeys.cryptoBalanceHistory(range),
    queryFn: ({ signal }) => call(endpoints.stats.cryptoBalanceHistory, { query: { ...range }, signal }),
  });

export function useCryptoBalanceHistory(range: DayRange) {
  return useQuery({ ...cryptoBalanceHistoryQueryOptions(range), placeholderData: keepPreviousData });
}

export const spendingsQueryOptions = (range: DayRange) =>
  queryOptions({
    queryKey: statsKeys.spendings(range),
    queryFn: ({ signal }) => call(endpoints.stats.spendingsByCategories, { query: { ...range }, signal }),
  });

export function useSpendingsByCategories(range: DayRange) {
  return useQuery({ ...spendingsQueryOptions(range), placeholderData: keepPreviousData });
}

export const cashFlowQueryOptions = (params: CashFlowParams) =>
  queryOptions({
    queryKey: statsKeys.cashFlow(params),
    queryFn: ({ signal }) => call(endpoints.stats.cashFlow, { query: { ...params }, signal }),
  });

export function useCashFlow(params: CashFlowParams) {
  return useQuery({ ...cashFlowQueryOptions(params), placeholderData: keepPreviousData });
}

/**
 * The newest transactions, for a glance. Kept under the transactions' keys, so every change to
 * a transaction refreshes it with the lists.
 */
export const latestTransactionsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: transactionKeys.latest(limit),
    queryFn: ({ signal }) => call(endpoints.transactions.list, { query: { limit }, signal }),
  });

export function useLatestTransactions(limit: number, enabled = true) {
  return useQuery({ ...latestTransactionsQueryOptions(limit), enabled });
}

/**
 * An account's oldest transaction (null without any), where its history may start when it was
 * backdated before the account was made. Kept under the transactions' keys, like the above.
 */
export function useOldestTransaction(accountId: number, enabled: boolean) {
  return useQuery({
    queryKey: transactionKeys.oldest(accountId),
    queryFn: async ({ signal }) => {
      const [oldest] = await call(endpoints.transactions.list, {
        query: { accountIds: [accountId], order: 'asc', limit: 1 },
        signal,
      });
      return oldest ?? null;
    },
    enabled,
  });
}

/**
 * Statistics are derived from everything the user records: a transaction, an account's balance,
 * a category or a setting. Rather than have every mutation of the app know about them, any
 * change that succeeds marks all of them stale while this is mounted; what is on screen is asked
 * for again at once, the rest when next shown (they go stale at once anyway, staleTime 0).
 */
export function useStatsFollowChanges(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success') return;
        // Two pages following at once must not cancel each other's refetch.
        void statisticsChanged(queryClient, { burst: true });
      }),
    [queryClient],
  );
}
