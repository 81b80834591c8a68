import type { Currency, SetBaseCurrencyBody, UserCurrency } from '@kopiyka/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { setSessionBaseCurrency } from '../stores/session.ts';
import { api } from './client.ts';
import { hasErrorCode } from './errors.ts';

export const currencyKeys = {
  all: ['currencies'] as const,
  system: () => [...currencyKeys.all, 'system'] as const,
  user: () => [...currencyKeys.all, 'user'] as const,
  base: () => [...currencyKeys.user(), 'base'] as const,
};

/** The ISO 4217 list changes once in years: fetched once per page load. */
export const systemCurrenciesQueryOptions = () =>
  queryOptions({
    queryKey: currencyKeys.system(),
    queryFn: ({ signal }) => api.get<Currency[]>('/models/currencies', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const userCurrenciesQueryOptions = () =>
  queryOptions({
    queryKey: currencyKeys.user(),
    queryFn: ({ signal }) => api.get<UserCurrency[]>('/user/currencies', { signal }),
  });

/** Null until the user has chosen one: the server answers NOT_FOUND then (API.md). */
export const baseCurrencyQueryOptions = () =>
  queryOptions({
    queryKey: currencyKeys.base(),
    queryFn: async ({ signal }) => {
      try {
        return await api.get<UserCurrency>('/user/currencies/base', { signal });
      } catch (error) {
        if (hasErrorCode(error, 'NOT_FOUND')) return null;
        throw error;
      }
    },
  });

export function useSystemCurrencies() {
  return useQuery(systemCurrenciesQueryOptions());
}

export function useUserCurrencies() {
  return useQuery(userCurrenciesQueryOptions());
}

export function useSetBaseCurrency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetBaseCurrencyBody) => api.post<UserCurrency>('/user/currencies/base', body),
    onSuccess: (baseCurrency) => {
      queryClient.setQueryData(currencyKeys.base(), baseCurrency);
      void queryClient.invalidateQueries({ queryKey: currencyKeys.user(), exact: true });
      setSessionBaseCurrency(baseCurrency);
    },
  });
}
