import {
  type BackupDocument,
  type CreateTagBody,
  DEFAULT_TAG_COLOR,
  foldCase,
  type Tag,
  type UpdateTagBody,
} from '@kopiyka/shared';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { assertRoomForOneMore } from '../../lib/limits.ts';
import {
  countTags,
  deleteTag,
  deleteTransactionTags,
  insertTag,
  insertTagPairs,
  insertTransactionTags,
  selectOwnTags,
  selectTagByFoldedName,
  selectTagIdsOf,
  selectTags,
  updateTag,
} from './queries.ts';

export interface TagsService {
  list(userId: number): Promise<Tag[]>;
  create(userId: number, body: CreateTagBody): Promise<Tag>;
  update(userId: number, id: number, body: UpdateTagBody): Promise<Tag>;
  /** The tag goes, and comes off every transaction that carried it. */
  remove(userId: number, id: number): Promise<void>;
}

/**
 * Two tags of one user never share a name whatever the case, in any script: names are compared
 * folded (foldCase), which SQL's lower() cannot do for every script; the unique key on the folded
 * name settles two requests at once, the later answering as the check does.
 */
async function assertNameFree(db: Executor, userId: number, foldedName: string, exceptId?: number) {
  const clash = await selectTagByFoldedName(db, userId, foldedName);
  if (clash && clash.id !== exceptId) throw validationError('name', 'tag.exists', { name: clash.name });
}

async function nameClashesAsRefusal<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw validationError('name', 'tag.exists', { name });
    throw error;
  }
}

/**
 * A tag deleted, inside its deletion's database transaction, after its row went: what refers to it
 * from above tags (a rule's added tags) lets it go. app.ts hands it in.
 */
export type TagDeleted = (tx: Executor, userId: number, tagId: number) => Promise<void>;

export function createTagsService(db: Database, tagDeleted: TagDeleted): TagsService {
  return {
    list: (userId) => selectTags(db, userId),

    create(userId, body) {
      return nameClashesAsRefusal(body.name, () =>
        db.transaction(async (tx) => {
          await assertRoomForOneMore(tx, 'tags', userId, (locked) => countTags(locked, userId));
          const foldedName = foldCase(body.name);
          await assertNameFree(tx, userId, foldedName);
          return insertTag(tx, userId, { name: body.name, foldedName, color: body.color ?? DEFAULT_TAG_COLOR });
        }),
      );
    },

    update(userId, id, body) {
      return nameClashesAsRefusal(body.name ?? '', () =>
        db.transaction(async (tx) => {
          const foldedName = body.name === undefined ? undefined : foldCase(body.name);
          if (foldedName !== undefined) await assertNameFree(tx, userId, foldedName, id);
          const updated = await updateTag(tx, userId, id, { ...body, foldedName });
          if (!updated) throw notFound('Tag');
          return updated;
        }),
      );
    },

    async remove(userId, id) {
      await db.transaction(async (tx) => {
        if (!(await deleteTag(tx, userId, id))) throw notFound('Tag');
        await tagDeleted(tx, userId, id);
      });
    },
  };
}

// For other modules' transactions: each takes the executor first, so it joins the caller's transaction.

/**
 * Tag ids given in a body must all be the caller's; a missing and a foreign one both answer
 * NOT_FOUND naming the field. The rows stay key-share locked until the caller's transaction ends,
 * so a tag cannot be deleted between this check and the write that puts it on a transaction.
 */
export async function assertOwnTags(db: Executor, userId: number, tagIds: readonly number[], path: string) {
  const ids = [...new Set(tagIds)];
  if (ids.length === 0) return;
  if ((await selectOwnTags(db, userId, ids, 'key share')).length !== ids.length) throw notFound('Tag', path);
}

/** The tag ids each of these transactions carries, ascending; a transaction without tags is absent. */
export async function tagIdsOf(db: Executor, transactionIds: number[]): Promise<Map<number, number[]>> {
  const byTransaction = new Map<number, number[]>();
  for (const { transactionId, tagId } of await selectTagIdsOf(db, transactionIds)) {
    const ids = byTransaction.get(transactionId);
    if (ids) ids.push(tagId);
    else byTransaction.set(transactionId, [tagId]);
  }
  return byTransaction;
}

/** These transactions carry exactly `tagIds` from now on (checked by assertOwnTags first). */
export async function setTagsOf(db: Executor, transactionIds: number[], tagIds: readonly number[]) {
  await deleteTransactionTags(db, transactionIds);
  await insertTransactionTags(db, transactionIds, [...new Set(tagIds)]);
}

/** These transactions carry these tags too (checked by assertOwnTags first). */
export async function addTagsTo(db: Executor, transactionIds: number[], tagIds: readonly number[]) {
  await insertTransactionTags(db, transactionIds, [...new Set(tagIds)]);
}

/** These tags come off these transactions. */
export async function removeTagsFrom(db: Executor, transactionIds: number[], tagIds: readonly number[]) {
  await deleteTransactionTags(db, transactionIds, [...new Set(tagIds)]);
}

/** The user's tags, for a backup. */
export function listTags(db: Executor, userId: number): Promise<Tag[]> {
  return selectTags(db, userId);
}

/** A backup's tags, made anew (inside the restore's transaction); answers each document id's new id. */
export async function restoreTags(
  tx: Transaction,
  userId: number,
  tags: BackupDocument['tags'],
): Promise<Map<number, number>> {
  const ids = new Map<number, number>();
  for (const { id, name, color } of tags) {
    ids.set(id, (await insertTag(tx, userId, { name, foldedName: foldCase(name), color })).id);
  }
  return ids;
}

/**
 * New transactions' tags, pair by pair (a restore's, those rules put on arriving rows), inside the
 * caller's transaction. A tag that is not the user's now (one deleted since the pairs were decided)
 * is left out; the others stay key-share locked to the end of the transaction, as assertOwnTags
 * leaves them, so none goes before its pairs are in.
 */
export async function addTagPairs(
  tx: Executor,
  userId: number,
  pairs: Array<{ transactionId: number; tagId: number }>,
): Promise<void> {
  const tagIds = [...new Set(pairs.map((pair) => pair.tagId))];
  if (tagIds.length === 0) return;
  const own = new Set((await selectOwnTags(tx, userId, tagIds, 'key share')).map((tag) => tag.id));
  await insertTagPairs(
    tx,
    pairs.filter((pair) => own.has(pair.tagId)),
  );
}
