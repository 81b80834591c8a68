import { describe, expect, it } from 'vitest';
import { buildCategoryTree, type Category } from './categories.ts';

const category = (id: number, parentId: number | null, name = `c${id}`): Category => ({
  id,
  name,
  parentId,
  color: '#000000',
  icon: null,
  type: 'custom',
});

describe('buildCategoryTree', () => {
  it('nests children under their parents at any depth, keeping list order', () => {
    const tree = buildCategoryTree([
      category(1, null),
      category(2, 1),
      category(3, 2),
      category(4, null),
      category(5, 1),
    ]);
    expect(tree.map((n) => n.id)).toEqual([1, 4]);
    expect(tree[0]!.subCategories.map((n) => n.id)).toEqual([2, 5]);
    expect(tree[0]!.subCategories[0]!.subCategories.map((n) => n.id)).toEqual([3]);
    expect(tree[1]!.subCategories).toEqual([]);
  });

  it('accepts children listed before their parent', () => {
    const tree = buildCategoryTree([category(3, 2), category(2, null)]);
    expect(tree.map((n) => n.id)).toEqual([2]);
    expect(tree[0]!.subCategories.map((n) => n.id)).toEqual([3]);
  });

  it('keeps an orphan at the root instead of losing it', () => {
    expect(buildCategoryTree([category(7, 99)]).map((n) => n.id)).toEqual([7]);
  });
});
