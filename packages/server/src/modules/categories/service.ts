import { type Category, DEFAULT_CATEGORY_TREE } from '@kopiyka/shared';
import type { Executor } from '../../db/client.ts';
import { insertCategories, selectCategories } from './queries.ts';

/** Product notes: every new user starts with this tree; subcategories take their root's colour. */
export async function createDefaultCategories(db: Executor, userId: number): Promise<void> {
  const roots = await insertCategories(
    db,
    DEFAULT_CATEGORY_TREE.map((root) => ({ userId, name: root.name, color: root.color, type: root.type ?? 'custom' })),
  );
  const rootIds = new Map(roots.map((root) => [root.name, root.id]));
  await insertCategories(
    db,
    DEFAULT_CATEGORY_TREE.flatMap((root) =>
      root.children.map((name) => ({ userId, name, color: root.color, parentId: rootIds.get(root.name)! })),
    ),
  );
}

export function listCategories(db: Executor, userId: number): Promise<Category[]> {
  return selectCategories(db, userId);
}
