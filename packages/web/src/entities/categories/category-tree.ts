import type { CategoryNode } from '@kopiyka/shared';
import { type FlatNode, flattenTree } from '../../lib/tree.ts';

/** A name or query as search compares it: trimmed, lower case, every apostrophe the typed one (Ukrainian names hold ’). */
export const normaliseCategoryName = (text: string) => text.trim().toLocaleLowerCase().replace(/[’ʼ`]/g, "'");

/**
 * The categories whose name contains `query` (case-insensitively), with their ancestors kept so
 * each match stays in its place in the tree, and everything under a match kept as its context.
 * An empty query keeps the whole tree; the tree given is not changed.
 */
export function filterCategoryTree(tree: readonly CategoryNode[], query: string): CategoryNode[] {
  const needle = normaliseCategoryName(query);
  if (needle === '') return [...tree];
  const prune = (nodes: readonly CategoryNode[]): CategoryNode[] =>
    nodes.flatMap((node) => {
      if (normaliseCategoryName(node.name).includes(needle)) return [node];
      const subCategories = prune(node.subCategories);
      return subCategories.length > 0 ? [{ ...node, subCategories }] : [];
    });
  return prune(tree);
}

/** The tree as an indented list for a picker, without `excludeId` and everything under it. */
export function categoryChoices(tree: readonly CategoryNode[], excludeId?: number): FlatNode<CategoryNode>[] {
  return flattenTree(
    tree,
    (node) => node.subCategories,
    (node) => node.id === excludeId,
  );
}

/** A category found anywhere in the tree. */
export function findCategory(tree: readonly CategoryNode[], id: number): CategoryNode | undefined {
  return categoryChoices(tree).find(({ node }) => node.id === id)?.node;
}
