import { ancestorIds } from '@kopiyka/shared';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';

/** First keys of pg_advisory_xact_lock(int, int), one per kind of tree; the second key is the user id. */
const TREE_LOCK_NAMESPACES = { categories: 741_001, accountGroups: 741_002 } as const;

/**
 * Serialises the changes to one user's tree of that kind until the transaction ends, so what a
 * change checked inside the transaction (the parent exists, the move makes no loop) still holds
 * when its write commits: two opposite moves can no longer both pass their check.
 */
export async function lockUserTree(
  tx: Transaction,
  tree: keyof typeof TREE_LOCK_NAMESPACES,
  userId: number,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${TREE_LOCK_NAMESPACES[tree]}::int, ${userId}::int)`);
}

/**
 * True when `candidate` is `id` itself or lies anywhere below it in `parents` (id → parent id).
 * The upward walk is bounded, so even a loop in corrupt data cannot hang it.
 */
export function isSelfOrDescendant(
  parents: ReadonlyMap<number, number | null>,
  id: number,
  candidate: number,
): boolean {
  return candidate === id || ancestorIds(candidate, (at) => parents.get(at)).includes(id);
}

/**
 * A tree from a backup, its items already made in the document's order (so new ids keep it):
 * each goes under its parent. `ids` maps the document's ids to the new ones.
 */
export async function attachToParents<T extends { id: number }>(
  items: readonly T[],
  parentOf: (item: T) => number | null,
  ids: ReadonlyMap<number, number>,
  setParent: (id: number, parentId: number) => Promise<unknown>,
): Promise<void> {
  for (const item of items) {
    const parent = parentOf(item);
    if (parent !== null) await setParent(ids.get(item.id)!, ids.get(parent)!);
  }
}
