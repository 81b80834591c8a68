import { type CreateAccountGroupBody, endpoints, type UpdateAccountGroupBody } from '@kopiyka/shared';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_DATA_STALE_TIME } from '../lib/constants.ts';
import { accountKeys } from './accounts.ts';
import { call } from './client.ts';

export const accountGroupKeys = {
  all: ['account-groups'] as const,
  list: () => [...accountGroupKeys.all, 'list'] as const,
};

/** Like the accounts themselves (SPEC §9), groups change only through the calls below. */
export const accountGroupsQueryOptions = () =>
  queryOptions({
    queryKey: accountGroupKeys.list(),
    queryFn: ({ signal }) => call(endpoints.accountGroups.list, { signal }),
    staleTime: ACCOUNT_DATA_STALE_TIME,
  });

export function useAccountGroups() {
  return useQuery(accountGroupsQueryOptions());
}

function invalidateGroups(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: accountGroupKeys.all });
}

export function useCreateAccountGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccountGroupBody) => call(endpoints.accountGroups.create, { body }),
    onSuccess: () => invalidateGroups(queryClient),
  });
}

export type UpdateAccountGroupVariables = { id: number; body: UpdateAccountGroupBody };

export function useUpdateAccountGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: UpdateAccountGroupVariables) =>
      call(endpoints.accountGroups.update, { params: { id }, body }),
    onSuccess: () => invalidateGroups(queryClient),
  });
}

export function useDeleteAccountGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.accountGroups.delete, { params: { id } }),
    // Its accounts move up a level: their `accountGroupId` changes too.
    onSuccess: () =>
      Promise.all([invalidateGroups(queryClient), queryClient.invalidateQueries({ queryKey: accountKeys.all })]),
  });
}
