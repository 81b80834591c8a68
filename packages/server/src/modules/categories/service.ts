import {
  type Category,
  type CreateCategoryBody,
  DEFAULT_CATEGORY_TREE,
  type UpdateCategoryBody,
} from '@kopiyka/shared';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, notFound, validationError } from '../../http/errors.ts';
import { forgetExcludedCategory } from '../settings/service.ts';
import {
  countChildren,
  countTransactionsIn,
  deleteCategory as deleteCategoryRow,
  insertCategories,
  moveChildren,
  moveTransactions,
  selectCategories,
  selectCategory,
  selectInternalCategoryId,
  updateCategory as updateCategoryRow,
} from './queries.ts';

/** A new root category without a colour of its own. */
const DEFAULT_COLOR = '#7f8c8d';

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

/** Category ids given in a body must be the caller's; a missing and a foreign one read alike. */
export async function assertOwnCategory(db: Executor, userId: number, id: number, path: string): Promise<Category> {
  const category = await selectCategory(db, userId, id);
  if (!category) throw validationError(path, 'Unknown category');
  return category;
}

/** The built-in "Other": where a transaction without a category of its own lands. */
export async function fallbackCategoryId(db: Executor, userId: number): Promise<number> {
  const id = await selectInternalCategoryId(db, userId);
  if (id === undefined) throw new Error(`user ${userId} has no internal category`);
  return id;
}

async function getCategory(db: Executor, userId: number, id: number): Promise<Category> {
  const category = await selectCategory(db, userId, id);
  if (!category) throw notFound('Category');
  return category;
}

/** True when `candidate` is `id` itself or lies anywhere below it. */
async function isSelfOrDescendant(db: Executor, userId: number, id: number, candidate: number) {
  const parents = new Map((await selectCategories(db, userId)).map((c) => [c.id, c.parentId]));
  for (let at: number | null | undefined = candidate; at != null; at = parents.get(at)) {
    if (at === id) return true;
  }
  return false;
}

const builtIn = (name: string) =>
  new AppError('NOT_ALLOWED', `"${name}" is built in: it cannot be renamed, moved or deleted.`);

export async function createCategory(db: Database, userId: number, body: CreateCategoryBody): Promise<Category> {
  const parent = body.parentId != null ? await assertOwnCategory(db, userId, body.parentId, 'parentId') : undefined;
  const [created] = await insertCategories(db, [
    {
      userId,
      name: body.name,
      color: body.color ?? parent?.color ?? DEFAULT_COLOR,
      icon: body.icon ?? null,
      parentId: parent?.id ?? null,
    },
  ]);
  return created!;
}

export async function updateCategory(
  db: Database,
  userId: number,
  id: number,
  body: UpdateCategoryBody,
): Promise<Category> {
  const category = await getCategory(db, userId, id);
  const renames = body.name !== undefined && body.name !== category.name;
  const moves = body.parentId !== undefined && body.parentId !== category.parentId;
  if (category.type === 'internal' && (renames || moves)) throw builtIn(category.name);
  if (body.parentId != null) {
    await assertOwnCategory(db, userId, body.parentId, 'parentId');
    if (await isSelfOrDescendant(db, userId, id, body.parentId)) {
      throw new AppError('CONFLICT', 'A category cannot be moved into itself or into one of its own subcategories.');
    }
  }
  await updateCategoryRow(db, userId, id, body);
  return getCategory(db, userId, id);
}

/**
 * A category in use is refused with what blocks it, unless `moveTo` names where its
 * subcategories go first; all of it happens in one transaction.
 */
export async function deleteCategory(db: Database, userId: number, id: number, moveTo?: number): Promise<void> {
  const category = await getCategory(db, userId, id);
  if (category.type === 'internal') throw builtIn(category.name);
  const children = await countChildren(db, userId, id);
  const used = await countTransactionsIn(db, userId, id);
  if (moveTo !== undefined) {
    await assertOwnCategory(db, userId, moveTo, 'moveTo');
    if (await isSelfOrDescendant(db, userId, id, moveTo)) {
      throw validationError('moveTo', 'Choose a category outside the one being deleted');
    }
  } else if (children > 0 || used > 0) {
    const blockers = [
      children > 0 ? `${children} ${children === 1 ? 'subcategory' : 'subcategories'}` : '',
      used > 0 ? `${used} ${used === 1 ? 'transaction' : 'transactions'}` : '',
    ].filter(Boolean);
    throw new AppError(
      'CONFLICT',
      `"${category.name}" has ${blockers.join(' and ')}. Move ${children + used === 1 ? 'it' : 'them'} to another category first.`,
    );
  }
  await db.transaction(async (tx) => {
    if (moveTo !== undefined) {
      await moveChildren(tx, userId, id, moveTo);
      await moveTransactions(tx, userId, id, moveTo);
    }
    await forgetExcludedCategory(tx, userId, id);
    await deleteCategoryRow(tx, userId, id);
  });
}
