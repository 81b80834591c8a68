import { buildCategoryTree } from '@kopiyka/shared';
import { describe, expect, it } from 'vitest';
import { makeCategory as category } from '../../test/categories.ts';
import { categoryChoices, filterCategoryTree } from './category-tree.ts';

const tree = buildCategoryTree([
  category(1, 'Food & Drinks'),
  category(2, 'Groceries', 1),
  category(3, 'Bars, cafés', 1),
  category(4, 'Shopping'),
  category(5, 'Gifts', 4),
  category(6, 'Flowers', 5),
  category(7, 'Income'),
  category(8, 'Gifts', 7),
  category(9, 'Other'),
]);

/** The shown tree as "name > child, child" lines, for reading at a glance. */
function outline(nodes: ReturnType<typeof buildCategoryTree>, depth = 0): string[] {
  return nodes.flatMap((node) => [`${'  '.repeat(depth)}${node.name}`, ...outline(node.subCategories, depth + 1)]);
}

describe('category search', () => {
  it('keeps the whole tree for an empty query', () => {
    expect(filterCategoryTree(tree, '  ')).toEqual(tree);
  });

  it('keeps the ancestors of a deep match, and drops branches without one', () => {
    expect(outline(filterCategoryTree(tree, 'flow'))).toEqual(['Shopping', '  Gifts', '    Flowers']);
  });

  it('finds every match, case-insensitively, each under its own parent', () => {
    expect(outline(filterCategoryTree(tree, 'GIFT'))).toEqual([
      'Shopping',
      '  Gifts',
      '    Flowers',
      'Income',
      '  Gifts',
    ]);
  });

  it('keeps what is under a match, as its context', () => {
    expect(outline(filterCategoryTree(tree, 'food'))).toEqual(['Food & Drinks', '  Groceries', '  Bars, cafés']);
  });

  it('leaves the tree it was given as it was', () => {
    filterCategoryTree(tree, 'flow');
    expect(tree[1]?.subCategories[0]?.subCategories).toHaveLength(1);
    expect(tree[0]?.subCategories).toHaveLength(2);
  });

  it('finds nothing when nothing matches', () => {
    expect(filterCategoryTree(tree, 'rent')).toEqual([]);
  });
});

describe('category choices', () => {
  it('lists the tree depth first without a category and its subtree', () => {
    const names = categoryChoices(tree, 4).map(({ node, depth }) => `${depth}:${node.name}`);
    expect(names).toEqual(['0:Food & Drinks', '1:Groceries', '1:Bars, cafés', '0:Income', '1:Gifts', '0:Other']);
  });
});
