import {
  type BankUser,
  endpoints,
  type LoadMonobankTransactionsQuery,
  type MonobankJob,
  type PairMonobankBody,
  type ReplaceMonobankTokenBody,
} from '@kopiyka/shared';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LATEST_ACCOUNT_REFRESH_DATE_KEY } from '../lib/constants.ts';
import { local } from '../lib/storage.ts';
import { call } from './client.ts';
import { hasErrorCode } from './errors.ts';
import {
  bankConnectionChanged,
  bankJobQueued,
  merchantRulesChanged,
  monobankPaired,
  monobankTokenChanged,
} from './invalidation.ts';
import { monobankKeys } from './query-keys.ts';
import { userQueryOptions } from './user.ts';

/** The connection changes by this app's calls and by events; a minute keeps pages from asking on every mount. */
const BANK_USER_STALE_MS = 60_000;
/**
 * While a job runs its progress arrives as events; this slow poll only covers a stream that is
 * down (a proxy that buffers it, say), so the bar never freezes for good.
 */
const ACTIVE_JOBS_POLL_MS = 15_000;

/**
 * The paired client, or null. The user's answer says whether one is paired, so a person without
 * Monobank never asks (and the browser logs no failed request); MONOBANK_USER_NOT_PAIRED, a
 * pairing gone meanwhile, reads as null too, not as a failure.
 */
export const bankUserQueryOptions = () =>
  queryOptions({
    queryKey: monobankKeys.user(),
    queryFn: async ({ signal, client }): Promise<BankUser | null> => {
      // As cached unless a change of the connection made it stale (invalidation.ts).
      const me = await client.fetchQuery({ ...userQueryOptions(), staleTime: Number.POSITIVE_INFINITY });
      if (!me.monobankConnected) return null;
      try {
        return await call(endpoints.monobank.user, { signal });
      } catch (error) {
        if (hasErrorCode(error, 'MONOBANK_USER_NOT_PAIRED')) return null;
        throw error;
      }
    },
    staleTime: BANK_USER_STALE_MS,
  });

export const isJobActive = (job: Pick<MonobankJob, 'state'>) => job.state === 'queued' || job.state === 'running';

export const activeJobsQueryOptions = () =>
  queryOptions({
    queryKey: monobankKeys.activeJobs(),
    queryFn: ({ signal }) => call(endpoints.monobank.jobs, { query: { active: true }, signal }),
    refetchInterval: (query) => ((query.state.data?.length ?? 0) > 0 ? ACTIVE_JOBS_POLL_MS : false),
  });

export const recentJobsQueryOptions = () =>
  queryOptions({
    queryKey: monobankKeys.recentJobs(),
    queryFn: ({ signal }) => call(endpoints.monobank.jobs, { signal }),
  });

export const jobQueryOptions = (id: number) =>
  queryOptions({
    queryKey: monobankKeys.job(id),
    queryFn: ({ signal }) => call(endpoints.monobank.job, { params: { jobId: id }, signal }),
    refetchInterval: (query) => (query.state.data && isJobActive(query.state.data) ? ACTIVE_JOBS_POLL_MS : false),
  });

/** The paired Monobank client; null while none is paired, undefined until known. */
export function useBankUser() {
  return useQuery(bankUserQueryOptions());
}

/** Import and sync jobs still queued or running, newest first: what progress is drawn from. */
export function useActiveJobs(enabled = true) {
  return useQuery({ ...activeJobsQueryOptions(), enabled });
}

/** The latest jobs, finished ones included, newest first. */
export function useRecentJobs(enabled = true) {
  return useQuery({ ...recentJobsQueryOptions(), enabled });
}

export function useMonobankJob(id: number | null) {
  return useQuery({ ...jobQueryOptions(id ?? 0), enabled: id !== null });
}

export function useMerchantRules() {
  return useQuery({
    queryKey: monobankKeys.merchantRules(),
    queryFn: ({ signal }) => call(endpoints.monobank.merchantRules, { signal }),
  });
}

const newestFirst = (a: MonobankJob, b: MonobankJob) => b.id - a.id;

/**
 * A job as it is now (from an event or a poll) goes into every cached list of jobs: the active
 * list keeps it only while it runs. Answers whether this is the news that it ended, which comes
 * once however the news arrives (the job's own entry remembers it ended).
 */
export function applyJobUpdate(queryClient: QueryClient, job: MonobankJob): boolean {
  const before = queryClient.getQueryData<MonobankJob>(monobankKeys.job(job.id));
  // An answer asked for before this news would land after it and bring the job back as it was:
  // those fetches are cancelled (the cache is put back as it stood, at once) before the news goes in.
  for (const queryKey of [monobankKeys.job(job.id), monobankKeys.activeJobs(), monobankKeys.recentJobs()]) {
    void queryClient.cancelQueries({ queryKey, exact: true });
  }
  queryClient.setQueryData(monobankKeys.job(job.id), job);
  const others = (jobs: MonobankJob[]) => jobs.filter((other) => other.id !== job.id);
  queryClient.setQueryData<MonobankJob[]>(monobankKeys.activeJobs(), (jobs) =>
    jobs === undefined ? undefined : isJobActive(job) ? [...others(jobs), job].sort(newestFirst) : others(jobs),
  );
  queryClient.setQueryData<MonobankJob[]>(monobankKeys.recentJobs(), (jobs) =>
    jobs === undefined ? undefined : [...others(jobs), job].sort(newestFirst),
  );
  return !isJobActive(job) && (before === undefined || isJobActive(before));
}

/** The bank accounts were read just now (remembered under `latest-account-refresh-date`): the financial sync waits its 30 minutes. */
export function markAccountsRefreshed(now = new Date()): void {
  local.set(LATEST_ACCOUNT_REFRESH_DATE_KEY, now.toISOString());
}

/**
 * Pairs a client by its token: its cards and jars become accounts (and their currencies the
 * user's). Pairing reads the cards, which counts as a refresh: no sync starts before the person
 * has chosen how far back to import.
 */
export function usePairMonobank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PairMonobankBody) => call(endpoints.monobank.pair, { body }),
    onSuccess: ({ user }) => {
      markAccountsRefreshed();
      queryClient.setQueryData(monobankKeys.user(), user);
      return monobankPaired(queryClient);
    },
    // Paired already (in another tab, say): the pages learn it, the form says it.
    onError: (error) => {
      if (hasErrorCode(error, 'MONOBANK_USER_ALREADY_CONNECTED')) void bankConnectionChanged(queryClient);
    },
  });
}

/** A new token for the paired client, after Monobank refused the old one; its stopped jobs go on. */
export function useReplaceMonobankToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReplaceMonobankTokenBody) => call(endpoints.monobank.replaceToken, { body }),
    onSuccess: (user) => {
      queryClient.setQueryData(monobankKeys.user(), user);
      return monobankTokenChanged(queryClient);
    },
  });
}

/** Forgets the token; the cards stay as accounts with their history and stop updating. */
export function useDisconnectMonobank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(endpoints.monobank.disconnect),
    onSuccess: () => {
      queryClient.setQueryData(monobankKeys.user(), null);
      // Its running jobs end as failed.
      return monobankTokenChanged(queryClient);
    },
  });
}

/** Queues a statement import; its progress comes as events into the jobs' queries. */
export function useLoadMonobankTransactions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (query: LoadMonobankTransactionsQuery) => call(endpoints.monobank.loadTransactions, { query }),
    onSuccess: () => bankJobQueued(queryClient),
  });
}

/** Switches the webhook (Monobank calling this server with each new transaction) on or off. */
export function useUpdateMonobankWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { clientId: string; enabled: boolean }) => call(endpoints.monobank.updateWebhook, { body }),
    onSuccess: (user) => queryClient.setQueryData(monobankKeys.user(), user),
  });
}

/** Forgets a merchant rule; transactions keep the categories they have. */
export function useDeleteMerchantRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.monobank.deleteMerchantRule, { params: { id } }),
    onSuccess: () => merchantRulesChanged(queryClient),
  });
}
