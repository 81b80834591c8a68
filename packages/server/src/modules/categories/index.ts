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
  createDefaultCategories,
  fallbackCategoryId,
  replaceCategories,
} from './service.ts';
