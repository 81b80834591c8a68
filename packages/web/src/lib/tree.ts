/** A node of a tree laid out as a list, with how deep it sits (roots are 0). */
export type FlatNode<T> = { node: T; depth: number };

/**
 * Depth-first, parents before children: the order of an indented list. A node `skip` picks is
 * left out with everything under it.
 */
export function flattenTree<T>(
  roots: readonly T[],
  childrenOf: (node: T) => readonly T[],
  skip: (node: T) => boolean = () => false,
): FlatNode<T>[] {
  const flat: FlatNode<T>[] = [];
  const visit = (nodes: readonly T[], depth: number) => {
    for (const node of nodes) {
      if (skip(node)) continue;
      flat.push({ node, depth });
      visit(childrenOf(node), depth + 1);
    }
  };
  visit(roots, 0);
  return flat;
}

/** Indents an option of a native select, which cannot be styled: no-break spaces keep their width. */
export function indentLabel(label: string, depth: number): string {
  return `${'\u00a0\u00a0\u00a0\u00a0'.repeat(depth)}${label}`;
}
