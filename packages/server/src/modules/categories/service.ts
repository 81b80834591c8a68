import {
  type AppLocale,
  type BackupDocument,
  type Category,
  type CreateCategoryBody,
  DEFAULT_CATEGORY_TREE,
  defaultCategoryKey,
  defaultCategoryName,
  type UpdateCategoryBody,
} from '@kopiyka/shared';
import type { LockStrength } from 'drizzle-orm/pg-core';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { AppError, notFound, refusal, validationError } from '../../lib/errors.ts';
import { assertRoomForOneMore } from '../../lib/limits.ts';
import { attachToParents, isSelfOrDescendant, lockUserTree } from '../../lib/trees.ts';
import { removeExcludedCategory } from '../settings/index.ts';
import {
  countCategories,
  countChildren,
  countTransactionsIn,
  deleteAllCategories,
  deleteCategory as deleteCategoryRow,
  insertCategories,
  moveChildren,
  selectCategories,
  selectCategory,
  selectInternalCategoryId,
  updateCategory as updateCategoryRow,
} from './queries.ts';

/** A new root category without a colour of its own. */
const DEFAULT_COLOR = '#7f8c8d';

async function getCategory(db: Executor, userId: number, id: number, lock?: LockStrength): Promise<Category> {
  const category = await selectCategory(db, userId, id, lock);
  if (!category) throw notFound('Category');
  return category;
}

/** Each of the user's categories with its parent: what a move or a delete checks for loops. */
async function parentsOf(db: Executor, userId: number): Promise<Map<number, number | null>> {
  return new Map((await selectCategories(db, userId)).map((c) => [c.id, c.parentId]));
}

/**
 * Sibling categories have different names, whatever the case ("Groceries" and "groceries" under
 * one parent would be told apart by nobody); the same name under another parent is fine. Compared
 * in JavaScript: the database's lower() may know only ASCII.
 */
async function assertNameFree(
  tx: Executor,
  userId: number,
  parentId: number | null,
  name: string,
  path: string,
  exceptId?: number,
): Promise<void> {
  const key = name.toLocaleLowerCase();
  const clash = (await selectCategories(tx, userId)).find(
    (other) => other.parentId === parentId && other.id !== exceptId && other.name.toLocaleLowerCase() === key,
  );
  if (clash) {
    throw validationError(path, parentId === null ? 'category.exists' : 'category.existsUnderParent', {
      name: clash.name,
    });
  }
}

const builtIn = (name: string) => refusal('NOT_ALLOWED', 'categoryId', 'category.builtIn', { name });

export interface CategoriesService {
  list(userId: number): Promise<Category[]>;
  create(userId: number, body: CreateCategoryBody): Promise<Category>;
  update(userId: number, id: number, body: UpdateCategoryBody): Promise<Category>;
  /**
   * A category in use is refused with what blocks it, unless `moveTo` names where its
   * subcategories and transactions go first; all of it happens in one transaction. The category
   * row is locked for update first: a transaction or subcategory being written into it meanwhile
   * either commits before the check sees it, or waits and then finds the category gone.
   */
  remove(userId: number, id: number, moveTo?: number): Promise<void>;
}

/*
 * Every change to the tree runs in one transaction holding the user's category-tree lock: a check
 * (the parent exists, the move makes no loop, nothing uses the category) and its write cannot be
 * split by another change to the same tree.
 */
/**
 * A category deleted with `moveTo` hands its transactions to that one (inside the caller's
 * transaction). The transactions are the ledger's, above categories: app.ts hands in its moveToCategory.
 */
export type MoveToCategory = (tx: Executor, userId: number, fromId: number, toId: number) => Promise<void>;

/**
 * A category deleted, inside its deletion's transaction: what refers to it from above categories
 * (a rule's category) follows it to `movedTo`, or lets it go when nothing took its place (null).
 * app.ts hands it in.
 */
export type CategoryDeleted = (tx: Executor, userId: number, id: number, movedTo: number | null) => Promise<void>;

export function createCategoriesService(
  db: Database,
  moveToCategory: MoveToCategory,
  categoryDeleted: CategoryDeleted,
): CategoriesService {
  return {
    list: (userId) => selectCategories(db, userId),

    async create(userId, body) {
      return db.transaction(async (tx) => {
        await lockUserTree(tx, 'categories', userId);
        await assertRoomForOneMore(tx, 'categories', userId, (locked) => countCategories(locked, userId));
        const parent =
          body.parentId != null ? await assertOwnCategory(tx, userId, body.parentId, 'parentId') : undefined;
        await assertNameFree(tx, userId, parent?.id ?? null, body.name, 'name');
        const [created] = await insertCategories(tx, [
          {
            userId,
            name: body.name,
            color: body.color ?? parent?.color ?? DEFAULT_COLOR,
            icon: body.icon ?? null,
            parentId: parent?.id ?? null,
          },
        ]);
        return created!;
      });
    },

    async update(userId, id, body) {
      return db.transaction(async (tx) => {
        await lockUserTree(tx, 'categories', userId);
        const category = await getCategory(tx, userId, id);
        const renames = body.name !== undefined && body.name !== category.name;
        const moves = body.parentId !== undefined && body.parentId !== category.parentId;
        if (category.type === 'internal' && (renames || moves)) throw builtIn(category.name);
        if (body.parentId != null) {
          await assertOwnCategory(tx, userId, body.parentId, 'parentId');
          if (isSelfOrDescendant(await parentsOf(tx, userId), id, body.parentId)) {
            throw refusal('CONFLICT', 'parentId', 'category.intoItself');
          }
        }
        if (renames || moves) {
          await assertNameFree(
            tx,
            userId,
            moves ? (body.parentId ?? null) : category.parentId,
            body.name ?? category.name,
            renames ? 'name' : 'parentId',
            id,
          );
        }
        await updateCategoryRow(tx, userId, id, body);
        return getCategory(tx, userId, id);
      });
    },

    async remove(userId, id, moveTo) {
      await db.transaction(async (tx) => {
        await lockUserTree(tx, 'categories', userId);
        const category = await getCategory(tx, userId, id, 'update');
        if (category.type === 'internal') throw builtIn(category.name);
        if (moveTo !== undefined) {
          await assertOwnCategory(tx, userId, moveTo, 'moveTo');
          if (isSelfOrDescendant(await parentsOf(tx, userId), id, moveTo)) {
            throw validationError('moveTo', 'category.moveOutside');
          }
          for (const child of (await selectCategories(tx, userId)).filter((c) => c.parentId === id)) {
            await assertNameFree(tx, userId, moveTo, child.name, 'moveTo');
          }
          await moveChildren(tx, userId, id, moveTo);
          await moveToCategory(tx, userId, id, moveTo);
        } else {
          const children = await countChildren(tx, userId, id);
          const used = await countTransactionsIn(tx, userId, id);
          if (children > 0 || used > 0) {
            const blockers = [
              children > 0 ? `${children} ${children === 1 ? 'subcategory' : 'subcategories'}` : '',
              used > 0 ? `${used} ${used === 1 ? 'transaction' : 'transactions'}` : '',
            ].filter(Boolean);
            throw new AppError(
              'CONFLICT',
              `"${category.name}" has ${blockers.join(' and ')}. Move ${children + used === 1 ? 'it' : 'them'} to another category first.`,
            );
          }
        }
        await removeExcludedCategory(tx, userId, id);
        await categoryDeleted(tx, userId, id, moveTo ?? null);
        await deleteCategoryRow(tx, userId, id);
      });
    },
  };
}

// For other modules' transactions: each takes the executor first, so it joins the caller's transaction.

/**
 * Every new user starts with this tree, named in their language (issue 16);
 * subcategories take their root's colour.
 */
export async function createDefaultCategories(db: Executor, userId: number, locale: AppLocale): Promise<void> {
  const roots = await insertCategories(
    db,
    DEFAULT_CATEGORY_TREE.map((root) => ({
      userId,
      name: defaultCategoryName(locale, root.name),
      color: root.color,
      type: root.type ?? 'custom',
      defaultKey: defaultCategoryKey(root.name),
    })),
  );
  const rootIds = new Map(roots.map((root) => [root.name, root.id]));
  await insertCategories(
    db,
    DEFAULT_CATEGORY_TREE.flatMap((root) =>
      root.children.map((name) => ({
        userId,
        name: defaultCategoryName(locale, root.name, name),
        color: root.color,
        parentId: rootIds.get(defaultCategoryName(locale, root.name))!,
        defaultKey: defaultCategoryKey(root.name, name),
      })),
    ),
  );
}

/**
 * Category ids given in a body or query must be the caller's; a missing and a foreign one both
 * answer NOT_FOUND naming the field. The row stays key-share locked until the caller's transaction
 * ends, so the category cannot be deleted between this check and the write that refers to it.
 */
export async function assertOwnCategory(db: Executor, userId: number, id: number, path: string): Promise<Category> {
  const category = await selectCategory(db, userId, id, 'key share');
  if (!category) throw notFound('Category', path);
  return category;
}

/** The built-in "Other": where a transaction without a category of its own lands. */
export async function fallbackCategoryId(db: Executor, userId: number): Promise<number> {
  const id = await selectInternalCategoryId(db, userId);
  if (id === undefined) throw new Error(`user ${userId} has no internal category`);
  return id;
}

/**
 * A backup's tree takes the place of the user's (inside the restore's transaction, for a user
 * without transactions): the internal "Other" with the rest. Answers each document id's new id.
 */
export async function replaceCategories(
  tx: Transaction,
  userId: number,
  tree: BackupDocument['categories'],
): Promise<Map<number, number>> {
  await lockUserTree(tx, 'categories', userId);
  await deleteAllCategories(tx, userId);
  const rows = await insertCategories(
    tx,
    tree.map(({ id: _id, parentId: _parentId, color, ...fields }) => ({
      ...fields,
      userId,
      color: color.toLowerCase(),
    })),
  );
  const ids = new Map(tree.map((category, index) => [category.id, rows[index]!.id]));
  await attachToParents(
    tree,
    (category) => category.parentId,
    ids,
    (id, parentId) => updateCategoryRow(tx, userId, id, { parentId }),
  );
  return ids;
}
