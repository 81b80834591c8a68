import type { Category } from '@kopiyka/shared';

/** A custom category as the API answers it; `extra` changes what a test is about (its colour, its type). */
export const makeCategory = (
  id: number,
  name: string,
  parentId: number | null = null,
  extra: Partial<Category> = {},
): Category => ({
  id,
  name,
  color: '#8e44ad',
  icon: null,
  type: 'custom',
  parentId,
  ...extra,
});
