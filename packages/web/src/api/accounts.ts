import { type Account, type CreateAccountBody, endpoints, type UpdateAccountBody } from '@kopiyka/shared';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_DATA_STALE_TIME } from '../lib/constants.ts';
import { accountGroupKeys } from './account-groups.ts';
import { call } from './client.ts';
import { currencyKeys } from './currencies.ts';
import { transactionKeys } from './transactions.ts';

export const accountKeys = {
  all: ['accounts'] as const,
  list: () => [...accountKeys.all, 'list'] as const,
  detail: (id: number) => [...accountKeys.all, 'detail', id] as const,
};

/** SPEC §9: account data never goes stale by itself; every change below invalidates it. */
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

/** An account changed: its own entry takes the answer, the list and the groups' `accountIds` are asked for again. */
function afterAccountChange(queryClient: QueryClient, account: Account): Promise<void> {
  queryClient.setQueryData(accountKeys.detail(account.id), account);
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: accountKeys.list() }),
    queryClient.invalidateQueries({ queryKey: accountGroupKeys.all }),
  ]).then(() => undefined);
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccountBody) => call(endpoints.accounts.create, { body }),
    onSuccess: (account) =>
      Promise.all([
        afterAccountChange(queryClient, account),
        // The account's currency joins the user's currencies (product notes).
        queryClient.invalidateQueries({ queryKey: currencyKeys.all }),
      ]),
  });
}

export type UpdateAccountVariables = { id: number; body: UpdateAccountBody };

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: UpdateAccountVariables) => call(endpoints.accounts.update, { params: { id }, body }),
    onSuccess: (account) => afterAccountChange(queryClient, account),
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.accounts.delete, { params: { id } }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: accountKeys.detail(id) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: accountKeys.list() }),
        queryClient.invalidateQueries({ queryKey: accountGroupKeys.all }),
        // Its transactions are gone, and the other legs of its transfers now leave the wallet.
        queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
      ]);
    },
  });
}
