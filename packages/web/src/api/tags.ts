import { type CreateTagBody, endpoints, type UpdateTagBody } from '@kopiyka/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_DATA_STALE_TIME } from '../lib/constants.ts';
import { call } from './client.ts';
import { tagDeleted, tagsChanged } from './invalidation.ts';
import { tagKeys } from './query-keys.ts';

/** Tags change only through the calls below (and a restore, which refreshes everything). */
export const tagsQueryOptions = () =>
  queryOptions({
    queryKey: tagKeys.list(),
    queryFn: ({ signal }) => call(endpoints.tags.list, { signal }),
    staleTime: ACCOUNT_DATA_STALE_TIME,
  });

export function useTags() {
  return useQuery(tagsQueryOptions());
}

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTagBody) => call(endpoints.tags.create, { body }),
    onSuccess: () => tagsChanged(queryClient),
  });
}

export type UpdateTagVariables = { id: number; body: UpdateTagBody };

export function useUpdateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: UpdateTagVariables) => call(endpoints.tags.update, { params: { id }, body }),
    onSuccess: () => tagsChanged(queryClient),
  });
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.tags.delete, { params: { id } }),
    onSuccess: () => tagDeleted(queryClient),
  });
}
