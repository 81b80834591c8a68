import type { User } from '@kopiyka/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

export const userKeys = {
  all: ['user'] as const,
  me: () => [...userKeys.all, 'me'] as const,
};

export const userQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.me(),
    queryFn: ({ signal }) => api.get<User>('/user', { signal }),
  });

export function useUser() {
  return useQuery(userQueryOptions());
}
