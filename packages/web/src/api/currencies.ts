import {
  type AddUserCurrenciesBody,
  type BaseCurrencyChange,
  type DeleteCustomRatesBody,
  type DeleteUserCurrencyBody,
  endpoints,
  IDLE_BASE_CURRENCY_CHANGE,
  type SetBaseCurrencyBody,
  type SetCustomRatesBody,
  type UserCurrency,
} from '@kopiyka/shared';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { DayKey } from '../lib/dates.ts';
import { type MessageKey, storedIssueText, t } from '../lib/i18n.ts';
import { notify } from '../stores/notifications.ts';
import { call } from './client.ts';
import { baseCurrencyChosen, currenciesAdded, everythingChanged, userCurrenciesChanged } from './invalidation.ts';
import { SESSION_DATA } from './query-client.ts';
import { currencyKeys } from './query-keys.ts';

/** The ISO 4217 list changes once in years: fetched once per page load. */
export const systemCurrenciesQueryOptions = () =>
  queryOptions({
    queryKey: currencyKeys.system(),
    queryFn: ({ signal }) => call(endpoints.currencies.list, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const userCurrenciesQueryOptions = () =>
  queryOptions({
    queryKey: currencyKeys.user(),
    queryFn: ({ signal }) => call(endpoints.currencies.userList, { signal }),
  });

/**
 * Null until the user has chosen one, as the server answers then. Loaded with the
 * session and read by most pages: it is asked for again only when a currency change marks it stale
 * (the welcome page's choice writes it, a finished base change refreshes it).
 */
export const baseCurrencyQueryOptions = () =>
  queryOptions({
    queryKey: currencyKeys.base(),
    queryFn: ({ signal }) => call(endpoints.currencies.base, { signal }),
    ...SESSION_DATA,
  });

/** Each non-base user currency against the base, on `date` (the server's today when left out). */
export const ratesQueryOptions = (date?: DayKey) =>
  queryOptions({
    queryKey: currencyKeys.ratesOn(date),
    queryFn: ({ signal }) => call(endpoints.currencies.rates, { query: { date }, signal }),
  });

/** Whether the exchange-rate providers answer, as the server last found them. */
export const rateProvidersQueryOptions = () =>
  queryOptions({
    queryKey: currencyKeys.rateProviders(),
    queryFn: ({ signal }) => call(endpoints.currencies.rateProviders, { signal }),
  });

/** How often the progress of a base-currency change is asked for while it runs. */
const BASE_CHANGE_POLL_MS = 1000;

const isRunning = (query: { state: { data?: BaseCurrencyChange } }) => query.state.data?.state === 'running';

export const baseCurrencyChangeQueryOptions = () =>
  queryOptions({
    queryKey: currencyKeys.baseChange(),
    queryFn: ({ signal }) => call(endpoints.currencies.baseChange, { signal }),
    refetchInterval: (query) => (isRunning(query) ? BASE_CHANGE_POLL_MS : false),
  });

export function useSystemCurrencies() {
  return useQuery(systemCurrenciesQueryOptions());
}

/** The user's base currency; null until they have chosen one. */
export function useBaseCurrency(): UserCurrency | null {
  return useQuery(baseCurrencyQueryOptions()).data ?? null;
}

const currencyCode = (baseCurrency: UserCurrency | null) => baseCurrency?.currency.code;

/** The code of the user's base currency ("UAH"); undefined until they have chosen one. */
export function useBaseCurrencyCode(): string | undefined {
  return useQuery({ ...baseCurrencyQueryOptions(), select: currencyCode }).data;
}

export function useUserCurrencies() {
  return useQuery(userCurrenciesQueryOptions());
}

export function useRates(date?: DayKey) {
  return useQuery(ratesQueryOptions(date));
}

export function useRateProviders() {
  return useQuery(rateProvidersQueryOptions());
}

/** The progress of the latest base-currency change; it polls by itself while one runs. */
export function useBaseCurrencyChange() {
  return useQuery(baseCurrencyChangeQueryOptions());
}

/**
 * After a custom rate changed, the server recomputes the figures it moves in the background: asking
 * for the progress once lets the watcher follow it (it polls while it runs).
 */
async function followRecomputation(queryClient: QueryClient): Promise<void> {
  await queryClient.fetchQuery(baseCurrencyChangeQueryOptions()).catch(() => null);
}

/** The first choice of a base currency (welcome): nothing to recalculate yet, so it applies at once. */
export function useSetBaseCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetBaseCurrencyBody) => call(endpoints.currencies.setBase, { body }),
    onSuccess: (baseCurrency) => {
      queryClient.setQueryData(currencyKeys.base(), baseCurrency);
      baseCurrencyChosen(queryClient);
    },
  });
}

export function useAddUserCurrencies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddUserCurrenciesBody) => call(endpoints.currencies.add, { body }),
    // The answer is the whole list; only the rates need asking for again.
    onSuccess: (userCurrencies, body) => {
      queryClient.setQueryData(currencyKeys.user(), userCurrencies);
      // Back to the live rate drops a custom rate: the figures it moved are recomputed.
      const backToLive = body.currencies.some((entry) => entry.liveRateUpdate === true);
      return Promise.all([currenciesAdded(queryClient), backToLive ? followRecomputation(queryClient) : undefined]);
    },
  });
}

export function useDeleteUserCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteUserCurrencyBody) => call(endpoints.currencies.remove, { body }),
    onSuccess: () => userCurrenciesChanged(queryClient),
  });
}

/**
 * Stores custom rates (the server keeps the reverse pair too, and stops live updates for them);
 * the figures they move are recomputed in the background.
 */
export function useSetCustomRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetCustomRatesBody) => call(endpoints.currencies.setCustomRates, { body }),
    onSuccess: () => Promise.all([userCurrenciesChanged(queryClient), followRecomputation(queryClient)]),
  });
}

/** Drops custom rates, both ways: the pairs follow the live rate again, and the figures with them. */
export function useDeleteCustomRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteCustomRatesBody) => call(endpoints.currencies.deleteCustomRates, { body }),
    onSuccess: () => Promise.all([userCurrenciesChanged(queryClient), followRecomputation(queryClient)]),
  });
}

/** What a failed change says: the server's reason in the user's language, or what failed. */
const failure = (change: BaseCurrencyChange, fallback: MessageKey) =>
  change.error ? storedIssueText(change.error, change.errorIssue) : t(fallback);

/**
 * A recomputation has ended: every cached figure may be in the old base or at the old rate, so
 * everything is asked for again, the base currency with it (the one the server now has). `kind` is
 * the ended one's (an ended change reads as idle, without a kind).
 */
async function finishRecomputation(
  queryClient: QueryClient,
  kind: BaseCurrencyChange['kind'],
  change: BaseCurrencyChange | null,
): Promise<void> {
  await everythingChanged(queryClient);
  if (kind === 'timeZone') {
    if (change?.state === 'failed') {
      notify('error', failure(change, 'change.timeZone.failed'), { title: t('change.timeZone.failedTitle') });
    } else notify('success', t('change.timeZone.done'));
    return;
  }
  if (kind === 'revaluation') {
    if (change?.state === 'failed') {
      notify('error', failure(change, 'change.revaluation.failed'), { title: t('change.revaluation.failedTitle') });
    } else notify('success', t('change.revaluation.done'));
    return;
  }
  const baseCurrency = await queryClient.fetchQuery(baseCurrencyQueryOptions());
  if (change?.state === 'failed') {
    notify('error', failure(change, 'change.baseCurrency.failed'), {
      title: t('change.baseCurrency.failedTitle', { code: change.toCode ?? '' }),
    });
  } else if (baseCurrency) {
    notify('success', t('change.baseCurrency.done', { code: baseCurrency.currency.code }));
  }
}

/**
 * Changes the base currency of a user who has one. The server recalculates base-currency figures
 * in the background and switches when done; the progress query (and its watcher) takes it from here.
 */
export function useChangeBaseCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    /** Answers the change's progress right after it started; null when that could not be read. */
    mutationFn: async (body: SetBaseCurrencyBody) => {
      await call(endpoints.currencies.setBase, { body });
      return queryClient.fetchQuery(baseCurrencyChangeQueryOptions()).catch(() => null);
    },
    // Nothing to recalculate (or no progress to follow): the switch has already happened.
    onSuccess: (change) => (change?.state === 'running' ? undefined : finishRecomputation(queryClient, 'base', change)),
  });
}

/** Puts a failed recomputation aside: the old figures stayed, and its failure is no longer shown. */
export function useDismissBaseChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(endpoints.currencies.dismissBaseChange),
    onSuccess: () => queryClient.setQueryData(currencyKeys.baseChange(), IDLE_BASE_CURRENCY_CHANGE),
  });
}

/**
 * Mounted once in the signed-in shell. Asks once whether a recomputation (base-currency change, or
 * revaluation after a rate change) is under way (one may have been started before a reload), keeps
 * polling while it is, wherever the user goes, and refreshes everything when it ends.
 */
export function useBaseCurrencyChangeWatcher(): void {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    ...baseCurrencyChangeQueryOptions(),
    enabled: (query) => query.state.status === 'pending' || isRunning(query),
  });
  const previous = useRef(data);
  useEffect(() => {
    const before = previous.current;
    previous.current = data;
    if (before?.state === 'running' && data && data.state !== 'running') {
      void finishRecomputation(queryClient, before.kind, data);
    }
  }, [data, queryClient]);
}
