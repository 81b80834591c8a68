import type { Category } from '@kopiyka/shared';
import { isCancelledError, queryOptions } from '@tanstack/react-query';
import { useCategoriesStore } from '../stores/categories.ts';
import { notify } from '../stores/notifications.ts';
import { api } from './client.ts';
import { hasErrorCode } from './errors.ts';
import { queryClient } from './query-client.ts';

export const CATEGORIES_LOAD_ERROR = 'Cannot load categories';

export const categoryKeys = {
  all: ['categories'] as const,
  list: () => [...categoryKeys.all, 'list'] as const,
};

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoryKeys.list(),
    queryFn: ({ signal }) => api.get<Category[]>('/categories', { signal }),
  });

/**
 * Loads the flat list into the categories store, which builds the tree. A failure does not stop the
 * app: it says "Cannot load categories" (SPEC §8) unless the client already reported the cause
 * (a network failure, or an ended session).
 */
export async function loadCategories(): Promise<void> {
  const store = useCategoriesStore.getState();
  store.setStatus('loading');
  try {
    store.setCategories(await queryClient.fetchQuery({ ...categoriesQueryOptions(), retry: false }));
  } catch (error) {
    // A logout cleared the cache mid-way: nobody is waiting for these categories any more.
    if (isCancelledError(error)) return;
    store.setStatus('error');
    if (!hasErrorCode(error, 'NETWORK_ERROR', 'UNAUTHENTICATED')) notify('error', CATEGORIES_LOAD_ERROR);
  }
}

/** The category tree for components, with a way to try again after a failure. */
export function useCategoryTree() {
  const tree = useCategoriesStore((state) => state.tree);
  const status = useCategoriesStore((state) => state.status);
  return { tree, status, reload: loadCategories };
}
