import { type CreateAccountGroupBody, endpoints, type UpdateAccountGroupBody } from '@kopiyka/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_DATA_STALE_TIME } from '../lib/constants.ts';
import { call } from './client.ts';
import { accountGroupDeleted, accountGroupsChanged } from './invalidation.ts';
import { accountGroupKeys } from './query-keys.ts';

/** Like the accounts themselves, groups change only through the calls below. */
export const accountGroupsQueryOptions = () =>
  queryOptions({
    queryKey: accountGroupKeys.list(),
    queryFn: ({ signal }) => call(endpoints.accountGroups.list, { signal }),
    staleTime: ACCOUNT_DATA_STALE_TIME,
  });

export function useAccountGroups() {
  return useQuery(accountGroupsQueryOptions());
}

export function useCreateAccountGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccountGroupBody) => call(endpoints.accountGroups.create, { body }),
    onSuccess: () => accountGroupsChanged(queryClient),
  });
}

export type UpdateAccountGroupVariables = { id: number; body: UpdateAccountGroupBody };

export function useUpdateAccountGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: UpdateAccountGroupVariables) =>
      call(endpoints.accountGroups.update, { params: { id }, body }),
    onSuccess: () => accountGroupsChanged(queryClient),
  });
}

export function useDeleteAccountGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.accountGroups.delete, { params: { id } }),
    onSuccess: () => accountGroupDeleted(queryClient),
  });
}
