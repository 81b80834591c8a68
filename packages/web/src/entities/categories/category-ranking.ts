import {
  APP_LOCALES,
  type CategoryNode,
  defaultCategoryName,
  type Transaction,
  type TransactionType,
} from '@kopiyka/shared';
import type { FlatNode } from '../../lib/tree.ts';
import { normaliseCategoryName } from './category-tree.ts';

/** How many of the person's recent transactions of each type went into each category, by its id. */
export type CategoryUse = ReadonlyMap<number, Readonly<Record<TransactionType, number>>>;

/** Counts the categories of `transactions` (transfers have none and say nothing about a category's type). */
export function categoryUseOf(
  transactions: readonly Pick<Transaction, 'categoryId' | 'transactionType' | 'transferNature'>[],
): CategoryUse {
  const use = new Map<number, Record<TransactionType, number>>();
  for (const { categoryId, transactionType, transferNature } of transactions) {
    if (categoryId === null || transferNature !== 'not_transfer') continue;
    const counts = use.get(categoryId) ?? { income: 0, expense: 0 };
    counts[transactionType] += 1;
    use.set(categoryId, counts);
  }
  return use;
}

const OTHER_TYPE: Record<TransactionType, TransactionType> = { income: 'expense', expense: 'income' };

/** The default tree's "Income" root in each language: the branch for income until use says otherwise. */
const DEFAULT_INCOME_ROOTS = new Set(APP_LOCALES.map((locale) => defaultCategoryName(locale, 'Income')));

type Uses = Record<TransactionType, number>;

/**
 * The tree with each level's categories in the order a picker for a `type` transaction offers
 * them: first the branches that fit the type, then the branches used most for it, each group in
 * the tree's own order. A branch fits when the person used it more for that type than for the
 * other, counting the use of everything under it (so "Income" leans to income once any of its
 * subcategories took a salary); a branch never used leans as its root does in the default tree,
 * where only "Income" is for income. The tree given is not changed.
 */
export function rankCategoryTree(
  tree: readonly CategoryNode[],
  use: CategoryUse,
  type: TransactionType,
): CategoryNode[] {
  const rank = (nodes: readonly CategoryNode[], rootLeaning?: TransactionType): { node: CategoryNode; uses: Uses }[] =>
    nodes
      .map((node, index) => {
        const leaning = rootLeaning ?? (DEFAULT_INCOME_ROOTS.has(node.name) ? 'income' : 'expense');
        const children = rank(node.subCategories, leaning);
        const uses = children.reduce(
          (sum, child) => ({ income: sum.income + child.uses.income, expense: sum.expense + child.uses.expense }),
          { ...(use.get(node.id) ?? { income: 0, expense: 0 }) },
        );
        const used = uses.income + uses.expense > 0;
        const fits = used ? uses[type] > uses[OTHER_TYPE[type]] : leaning === type;
        return { node: { ...node, subCategories: children.map((child) => child.node) }, uses, fits, index };
      })
      .sort((a, b) => Number(b.fits) - Number(a.fits) || b.uses[type] - a.uses[type] || a.index - b.index);
  return rank(tree).map(({ node }) => node);
}

/**
 * How well a name fits the search, lower is better: it starts with the query (0), a word of it
 * does (1), the query is inside a word (2); null when it does not contain the query.
 */
function matchQuality(name: string, needle: string): number | null {
  const at = normaliseCategoryName(name).indexOf(needle);
  if (at < 0) return null;
  if (at === 0) return 0;
  const words = normaliseCategoryName(name).split(/[^\p{L}\p{N}']+/u);
  return words.some((word) => word.startsWith(needle)) ? 1 : 2;
}

/**
 * The choice to highlight for a search: the one whose own name fits the query best (a parent kept
 * only to show where a match sits never wins), the first in the list among equals, since the list
 * is already in the order of type and use. Undefined for an empty query or no match.
 */
export function bestCategoryMatch(choices: readonly FlatNode<CategoryNode>[], query: string): number | undefined {
  const needle = normaliseCategoryName(query);
  if (needle === '') return undefined;
  let best: { id: number; quality: number } | undefined;
  for (const { node } of choices) {
    const quality = matchQuality(node.name, needle);
    if (quality !== null && (best === undefined || quality < best.quality)) best = { id: node.id, quality };
  }
  return best?.id;
}
