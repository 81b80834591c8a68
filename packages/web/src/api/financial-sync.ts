import { endpoints } from '@kopiyka/shared';
import { type QueryClient, useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FINANCIAL_SYNC_AFTER_MS, FINANCIAL_SYNC_CHECK_MS, LATEST_ACCOUNT_REFRESH_DATE_KEY } from '../lib/constants.ts';
import { local } from '../lib/storage.ts';
import { call } from './client.ts';
import { bankAccountsRefreshed, financialSyncEnded } from './invalidation.ts';
import { bankUserQueryOptions, markAccountsRefreshed } from './monobank.ts';
import { monobankKeys } from './query-keys.ts';

const SYNC_MUTATION_KEY = [...monobankKeys.all, 'sync'] as const;

/** Due when no refresh is remembered, or the last one is 30 minutes old (or in the future: a clock moved back). */
export function isFinancialSyncDue(latestRefresh: string | null, now: number): boolean {
  const at = latestRefresh === null ? Number.NaN : Date.parse(latestRefresh);
  if (Number.isNaN(at) || at > now) return true;
  return now - at >= FINANCIAL_SYNC_AFTER_MS;
}

/**
 * The financial sync: remembers now, refreshes the bank accounts (the server skips the bank
 * within an hour of the last refresh), queues the load of every enabled bank account's news since
 * its latest stored transaction, and invalidates the transaction caches. Answers the jobs queued.
 */
export async function syncFinancialData(queryClient: QueryClient): Promise<number[]> {
  markAccountsRefreshed();
  try {
    const bankAccounts = await call(endpoints.monobank.refreshAccounts);
    bankAccountsRefreshed(queryClient);
    const loads = await Promise.all(
      bankAccounts
        .filter((account) => account.isEnabled)
        .map((account) => call(endpoints.monobank.loadTransactions, { query: { accountId: account.id } })),
    );
    return loads.map((load) => load.jobId);
  } finally {
    financialSyncEnded(queryClient);
  }
}

/** Runs the financial sync now, whenever it last ran: the header's sync button. */
export function useSyncNow() {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: SYNC_MUTATION_KEY, mutationFn: () => syncFinancialData(queryClient) });
}

/** Whether a sync (asked for or due) is talking to the server right now. */
export function useIsSyncing(): boolean {
  return useIsMutating({ mutationKey: SYNC_MUTATION_KEY }) > 0;
}

/**
 * Mounted once in the signed-in shell: every 5 seconds, and as soon as the bank
 * connection is known, runs the financial sync when it is due, as long as a Monobank client is
 * paired and its token still works. A sync that fails waits its 30 minutes like any other: it is
 * retried by the next due check, not in a loop.
 */
export function useFinancialSync(): void {
  const queryClient = useQueryClient();
  const { data: bankUser } = useQuery(bankUserQueryOptions());
  // A sync nobody asked for fails quietly; the client has told the user what concerns them.
  const { mutate } = useMutation({ mutationKey: SYNC_MUTATION_KEY, mutationFn: () => syncFinancialData(queryClient) });
  const ready = bankUser?.tokenState === 'valid';
  useEffect(() => {
    if (!ready) return;
    const check = () => {
      if (queryClient.isMutating({ mutationKey: SYNC_MUTATION_KEY }) > 0) return;
      if (isFinancialSyncDue(local.get(LATEST_ACCOUNT_REFRESH_DATE_KEY), Date.now())) mutate();
    };
    check();
    const timer = setInterval(check, FINANCIAL_SYNC_CHECK_MS);
    return () => clearInterval(timer);
  }, [ready, mutate, queryClient]);
}
