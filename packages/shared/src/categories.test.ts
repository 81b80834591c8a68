import { describe, expect, it } from 'vitest';
import { ancestorIds, buildCategoryTree, type Category } from './categories.ts';

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

  it('shows the members of a parent loop at the root, with what hangs below them, instead of losing them', () => {
    const tree = buildCategoryTree([category(1, 2), category(2, 3), category(3, 1), category(4, 1), category(5, 5)]);
    expect(tree.map((n) => n.id)).toEqual([1, 2, 3, 5]);
    expect(tree[0]!.subCategories.map((n) => n.id)).toEqual([4]);
    expect(tree.flatMap((n) => n.subCategories).map((n) => n.id)).toEqual([4]);
  });
});

describe('ancestorIds', () => {
  const parentOf = (parents: Record<number, number | null>) => (id: number) => parents[id];

  it('lists the ids above, nearest first', () => {
    expect(ancestorIds(3, parentOf({ 1: null, 2: 1, 3: 2 }))).toEqual([2, 1]);
    expect(ancestorIds(1, parentOf({ 1: null }))).toEqual([]);
  });

  it('ends on a loop in corrupt data, each id once', () => {
    expect(ancestorIds(4, parentOf({ 1: 2, 2: 3, 3: 1, 4: 1 }))).toEqual([1, 2, 3]);
    expect(ancestorIds(5, parentOf({ 5: 5 }))).toEqual([5]);
  });
});
