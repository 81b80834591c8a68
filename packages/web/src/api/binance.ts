import { type BinanceAccount, endpoints, type PutBinanceKeysBody } from '@kopiyka/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client.ts';
import { hasErrorCode } from './errors.ts';
import { holdingsChanged, statisticsChanged } from './invalidation.ts';
import { retryUnlessRefused } from './query-client.ts';
import { binanceKeys } from './query-keys.ts';

/** Holdings move with the market: a page opened again after a minute asks Binance again. */
const ACCOUNT_STALE_MS = 60_000;

/** The Binance holdings, valued; null while no keys are stored, undefined until known. */
export const binanceAccountQueryOptions = () =>
  queryOptions({
    queryKey: binanceKeys.account(),
    queryFn: ({ signal }) => call(endpoints.binance.account, { signal }),
    staleTime: ACCOUNT_STALE_MS,
    // A 502 is the server saying Binance is down after trying it: the page says so at once.
    retry: (failureCount, error) => !hasErrorCode(error, 'BAD_GATEWAY') && retryUnlessRefused(failureCount, error),
  });

export function useBinanceAccount() {
  return useQuery(binanceAccountQueryOptions());
}

/** Stores (or replaces) the keys once Binance accepts them; the holdings are then read with them. */
export function useSaveBinanceKeys() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PutBinanceKeysBody) => call(endpoints.binance.putKeys, { body }),
    onSuccess: () => holdingsChanged(queryClient),
  });
}

/** Forgets the keys and the figures read with them. */
export function useDisconnectBinance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(endpoints.binance.deleteKeys),
    onSuccess: () => {
      queryClient.setQueryData<BinanceAccount | null>(binanceKeys.account(), null);
      return statisticsChanged(queryClient);
    },
  });
}

/**
 * Reads Binance again now (the refresh button): the server stores the day's value as it reads, so
 * the figures made of the crypto total are asked for again too. A failure shows in the query.
 */
export function useRefreshBinanceAccount() {
  const queryClient = useQueryClient();
  return () => holdingsChanged(queryClient);
}
