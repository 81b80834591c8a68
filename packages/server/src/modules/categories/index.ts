/** What other modules use of the category tree. */
export {
  categoriesAndBelow,
  selectCategories,
  selectCategoriesWithDefaultKeys,
  selectDefaultCategoryIds,
} from './queries.ts';
export {
  assertOwnCategory,
  type CategoriesService,
  type CategoryDeleted,
  createDefaultCategories,
  fallbackCategoryId,
  replaceCategories,
} from './service.ts';
