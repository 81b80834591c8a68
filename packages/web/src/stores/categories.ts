import { buildCategoryTree, type Category, type CategoryNode } from '@kopiyka/shared';
import { create } from 'zustand';

export type CategoriesStatus = 'idle' | 'loading' | 'ready' | 'error';

type CategoriesState = {
  categories: Category[];
  /** Roots with nested `subCategories`, built from `parentId` (SPEC §3). */
  tree: CategoryNode[];
  status: CategoriesStatus;
  setCategories: (categories: Category[]) => void;
  setStatus: (status: CategoriesStatus) => void;
  reset: () => void;
};

export const useCategoriesStore = create<CategoriesState>()((set) => ({
  categories: [],
  tree: [],
  status: 'idle',
  setCategories: (categories) => set({ categories, tree: buildCategoryTree(categories), status: 'ready' }),
  setStatus: (status) => set({ status }),
  reset: () => set({ categories: [], tree: [], status: 'idle' }),
}));
