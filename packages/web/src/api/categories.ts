import {
  buildCategoryTree,
  type Category,
  type CategoryNode,
  type CreateCategoryBody,
  type EndpointQuery,
  endpoints,
  type UpdateCategoryBody,
} from '@kopiyka/shared';
import { isCancelledError, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { t } from '../lib/i18n.ts';
import { notify } from '../stores/notifications.ts';
import { call } from './client.ts';
import { hasErrorCode } from './errors.ts';
import { categoryDeleted } from './invalidation.ts';
import { queryClient, SESSION_DATA } from './query-client.ts';
import { categoryKeys } from './query-keys.ts';

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: categoryKeys.list(),
    queryFn: ({ signal }) => call(endpoints.categories.list, { signal }),
    // Loaded with the session (`loadCategories`); components never ask again by themselves, not
    // even after a failed load: they offer "Try again", which calls `loadCategories`.
    ...SESSION_DATA,
    retryOnMount: false,
  });

/**
 * Loads the flat list into the query cache, where components read it. A failure does not stop the
 * app: it says "Cannot load categories" unless the client already reported the cause
 * (a network failure, or an ended session).
 */
export async function loadCategories(): Promise<void> {
  try {
    await queryClient.fetchQuery({ ...categoriesQueryOptions(), retry: false });
  } catch (error) {
    // A logout cleared the cache mid-way: nobody is waiting for these categories any more.
    if (isCancelledError(error)) return;
    if (!hasErrorCode(error, 'NETWORK_ERROR', 'UNAUTHENTICATED')) notify('error', t('error.categoriesLoad'));
  }
}

const NO_CATEGORIES: Category[] = [];
const NO_CATEGORY_NODES: CategoryNode[] = [];
const NO_CATEGORY_BY_ID: ReadonlyMap<number, Category> = new Map();

/** The flat list as loaded; empty until then. */
export function useCategories(): Category[] {
  return useQuery(categoriesQueryOptions()).data ?? NO_CATEGORIES;
}

const byId = (categories: Category[]) => new Map(categories.map((category) => [category.id, category]));

/** Each loaded category by its id. */
export function useCategoryById(): ReadonlyMap<number, Category> {
  return useQuery({ ...categoriesQueryOptions(), select: byId }).data ?? NO_CATEGORY_BY_ID;
}

export type CategoriesStatus = 'idle' | 'loading' | 'ready' | 'error';

/**
 * The category tree (roots with nested `subCategories`) for components, with a way to try
 * again after a failure. Loaded categories stay `ready` while a later refresh runs or fails.
 */
export function useCategoryTree(): { tree: CategoryNode[]; status: CategoriesStatus; reload: () => Promise<void> } {
  const query = useQuery({ ...categoriesQueryOptions(), select: buildCategoryTree });
  const status: CategoriesStatus =
    query.data !== undefined ? 'ready' : query.isFetching ? 'loading' : query.isError ? 'error' : 'idle';
  return { tree: query.data ?? NO_CATEGORY_NODES, status, reload: loadCategories };
}

/** The list as it is now on the server, for everyone who reads it. */
function cacheCategories(categories: Category[]): void {
  queryClient.setQueryData(categoryKeys.list(), categories);
}

const currentCategories = () => queryClient.getQueryData(categoriesQueryOptions().queryKey) ?? NO_CATEGORIES;

export function useCreateCategory() {
  return useMutation({
    mutationFn: (body: CreateCategoryBody) => call(endpoints.categories.create, { body }),
    onSuccess: (created) => cacheCategories([...currentCategories(), created]),
  });
}

export type UpdateCategoryVariables = { id: number; body: UpdateCategoryBody };

export function useUpdateCategory() {
  return useMutation({
    mutationFn: ({ id, body }: UpdateCategoryVariables) =>
      call(endpoints.categories.update, { params: { categoryId: id }, body }),
    onSuccess: (updated) =>
      cacheCategories(currentCategories().map((category) => (category.id === updated.id ? updated : category))),
  });
}

export type DeleteCategoryVariables = { id: number } & EndpointQuery<typeof endpoints.categories.delete>;

export function useDeleteCategory() {
  return useMutation({
    mutationFn: ({ id, moveTo }: DeleteCategoryVariables) =>
      call(endpoints.categories.delete, { params: { categoryId: id }, query: { moveTo } }),
    onSuccess: (_answer, { id, moveTo }) => {
      // The server moved the subcategories under `moveTo` before deleting: the same happens here.
      cacheCategories(
        currentCategories()
          .filter((category) => category.id !== id)
          .map((category) => (category.parentId === id ? { ...category, parentId: moveTo ?? null } : category)),
      );
      return categoryDeleted(queryClient);
    },
  });
}
