import { buildCategoryTree, type CategoryNode } from '@kopiyka/shared';
import { describe, expect, it } from 'vitest';
import { makeCategory as category } from '../../test/categories.ts';
import { bestCategoryMatch, categoryUseOf, rankCategoryTree } from './category-ranking.ts';
import { categoryChoices, filterCategoryTree } from './category-tree.ts';

const tree = buildCategoryTree([
  category(1, 'Їжа та напої'),
  category(2, 'Продукти', 1),
  category(3, 'Бари, кав’ярні', 1),
  category(4, 'Покупки'),
  category(5, 'Подарунки', 4),
  category(6, 'Життя та розваги'),
  category(7, 'Благодійність, подарунки', 6),
  category(8, 'Доходи'),
  category(9, 'Зарплата', 8),
  category(10, 'Подарунки', 8),
  category(11, 'Фриланс', 8),
]);

const used = (categoryId: number, transactionType: 'income' | 'expense', times = 1) =>
  Array.from({ length: times }, () => ({ categoryId, transactionType, transferNature: 'not_transfer' as const }));

const roots = (nodes: CategoryNode[]) => nodes.map((node) => node.name);

describe('category order for a transaction type', () => {
  const use = categoryUseOf([
    ...used(9, 'income', 3),
    ...used(11, 'income'),
    ...used(2, 'expense', 5),
    ...used(3, 'expense'),
  ]);

  it('puts the branches used for income first for an income, the most used child first', () => {
    const ranked = rankCategoryTree(tree, use, 'income');
    expect(roots(ranked)).toEqual(['Доходи', 'Їжа та напої', 'Покупки', 'Життя та розваги']);
    expect(roots(ranked[0]?.subCategories ?? [])).toEqual(['Зарплата', 'Фриланс', 'Подарунки']);
  });

  it('keeps the expense branches first for an expense, in the tree’s order among the unused', () => {
    expect(roots(rankCategoryTree(tree, use, 'expense'))).toEqual([
      'Їжа та напої',
      'Покупки',
      'Життя та розваги',
      'Доходи',
    ]);
  });

  it('without any use, offers the default tree’s income branch first for an income, last for an expense', () => {
    expect(roots(rankCategoryTree(tree, new Map(), 'income'))[0]).toBe('Доходи');
    expect(roots(rankCategoryTree(tree, new Map(), 'expense')).at(-1)).toBe('Доходи');
  });

  it('does not count transfers', () => {
    expect(
      categoryUseOf([{ categoryId: 9, transactionType: 'income', transferNature: 'transfer_out_wallet' }]).size,
    ).toBe(0);
  });
});

describe('the best match of a search', () => {
  const best = (nodes: CategoryNode[], query: string) => {
    const choices = categoryChoices(filterCategoryTree(nodes, query));
    return choices.find(({ node }) => node.id === bestCategoryMatch(choices, query))?.node;
  };

  it('is a category whose own name matches, not the parent kept around it', () => {
    expect(best(tree, 'кав')?.id).toBe(3);
  });

  it('reads a typed apostrophe as the name’s', () => {
    expect(best(tree, "кав'я")?.id).toBe(3);
  });

  it('for an income, is the income category among equal names', () => {
    expect(best(rankCategoryTree(tree, new Map(), 'income'), 'подар')?.id).toBe(10);
    expect(best(rankCategoryTree(tree, new Map(), 'expense'), 'подар')?.id).toBe(5);
  });

  it('prefers a name starting with the query, then a word starting with it, to one containing it', () => {
    const names = buildCategoryTree([
      category(1, 'Автострахування'),
      category(2, 'Страхування майна'),
      category(3, 'Авто, страхування'),
    ]);
    expect(best(names, 'страх')?.id).toBe(2);
    expect(
      best(buildCategoryTree([category(1, 'Автострахування'), category(3, 'Авто, страхування')]), 'страх')?.id,
    ).toBe(3);
  });

  it('is none for an empty search', () => {
    expect(bestCategoryMatch(categoryChoices(tree), ' ')).toBeUndefined();
  });
});
