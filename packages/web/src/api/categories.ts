import {
  type Category,
  type CreateCategoryBody,
  type EndpointQuery,
  endpoints,
  type UpdateCategoryBody,
} from '@kopiyka/shared';
import { isCancelledError, queryOptions, useMutation } from '@tanstack/react-query';
import { useCategoriesStore } from '../stores/categories.ts';
import { notify } from '../stores/notifications.ts';
import { budgetKeys } from './budgets.ts';
import { call } from './client.ts';
import { hasErrorCode } from './errors.ts';
import { queryClient } from './query-client.ts';
import { settingsKeys } from './settings.ts';
import { transactionKeys } from './transactions.ts';

export const CATEGORIES_LOAD_ERROR = 'Cannot load categories';

export const categoryKeys = {
  all: ['categories'] as const,
  list: () => [...categoryKeys.all, 'list'] as const,
};

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoryKeys.list(),
    queryFn: ({ signal }) => call(endpoints.categories.list, { signal }),
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

/** The list as it is now on the server: cached for whoever asks, and rebuilt into the store's tree. */
function storeCategories(categories: Category[]): void {
  queryClient.setQueryData(categoryKeys.list(), categories);
  useCategoriesStore.getState().setCategories(categories);
}

const currentCategories = () => useCategoriesStore.getState().categories;

export function useCreateCategory() {
  return useMutation({
    mutationFn: (body: CreateCategoryBody) => call(endpoints.categories.create, { body }),
    onSuccess: (created) => storeCategories([...currentCategories(), created]),
  });
}

export type UpdateCategoryVariables = { id: number; body: UpdateCategoryBody };

export function useUpdateCategory() {
  return useMutation({
    mutationFn: ({ id, body }: UpdateCategoryVariables) =>
      call(endpoints.categories.update, { params: { categoryId: id }, body }),
    onSuccess: (updated) =>
      storeCategories(currentCategories().map((category) => (category.id === updated.id ? updated : category))),
  });
}

export type DeleteCategoryVariables = { id: number } & EndpointQuery<typeof endpoints.categories.delete>;

export function useDeleteCategory() {
  return useMutation({
    mutationFn: ({ id, moveTo }: DeleteCategoryVariables) =>
      call(endpoints.categories.delete, { params: { categoryId: id }, query: { moveTo } }),
    onSuccess: (_answer, { id, moveTo }) => {
      // The server moved the subcategories under `moveTo` before deleting: the same happens here.
      storeCategories(
        currentCategories()
          .filter((category) => category.id !== id)
          .map((category) => (category.parentId === id ? { ...category, parentId: moveTo ?? null } : category)),
      );
      // A deleted category leaves the statistics exclusions and the budgets that named it (their
      // links go with it), and its transactions are in `moveTo` now.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: settingsKeys.all }),
        queryClient.invalidateQueries({ queryKey: budgetKeys.all }),
        queryClient.invalidateQueries({ queryKey: transactionKeys.all }),
      ]);
    },
  });
}
