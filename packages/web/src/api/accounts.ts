import { type Account, type CreateAccountBody, endpoints, type UpdateAccountBody } from '@kopiyka/shared';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_DATA_STALE_TIME } from '../lib/constants.ts';
import { call } from './client.ts';
import { accountCreated, accountDeleted, accountSaved } from './invalidation.ts';
import { accountKeys } from './query-keys.ts';

/** Account data never goes stale by itself; every change below invalidates it. */
export const accountsQueryOptions = () =>
  queryOptions({
    queryKey: accountKeys.list(),
    queryFn: ({ signal }) => call(endpoints.accounts.list, { signal }),
    staleTime: ACCOUNT_DATA_STALE_TIME,
  });

export const accountQueryOptions = (id: number) =>
  queryOptions({
    queryKey: accountKeys.detail(id),
    queryFn: ({ signal }) => call(endpoints.accounts.get, { params: { id }, signal }),
    staleTime: ACCOUNT_DATA_STALE_TIME,
  });

export function useAccounts() {
  return useQuery(accountsQueryOptions());
}

export function useAccount(id: number) {
  return useQuery(accountQueryOptions(id));
}

/** An account changed: its own entry takes the answer. */
function cacheAccount(queryClient: QueryClient, account: Account): void {
  queryClient.setQueryData(accountKeys.detail(account.id), account);
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccountBody) => call(endpoints.accounts.create, { body }),
    onSuccess: (account) => {
      cacheAccount(queryClient, account);
      return accountCreated(queryClient);
    },
  });
}

export type UpdateAccountVariables = { id: number; body: UpdateAccountBody };

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: UpdateAccountVariables) => call(endpoints.accounts.update, { params: { id }, body }),
    onSuccess: (account) => {
      cacheAccount(queryClient, account);
      return accountSaved(queryClient);
    },
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.accounts.delete, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: accountKeys.detail(id) });
      return accountDeleted(queryClient);
    },
  });
}
