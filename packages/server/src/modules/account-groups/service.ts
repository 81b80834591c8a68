import type { AccountGroup, BackupDocument, CreateAccountGroupBody, UpdateAccountGroupBody } from '@kopiyka/shared';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { notFound, refusal } from '../../lib/errors.ts';
import { assertRoomForOneMore } from '../../lib/limits.ts';
import { attachToParents, isSelfOrDescendant, lockUserTree } from '../../lib/trees.ts';
import {
  countGroups,
  deleteGroupLiftingSubgroups,
  insertGroup,
  selectGroup,
  selectGroupedAccountIds,
  selectGroups,
  updateGroup,
} from './queries.ts';

export interface AccountGroupsService {
  list(userId: number): Promise<AccountGroup[]>;
  create(userId: number, body: CreateAccountGroupBody): Promise<AccountGroup>;
  update(userId: number, id: number, body: UpdateAccountGroupBody): Promise<AccountGroup>;
  /**
   * The group row is locked for update first: an account being put into it meanwhile either commits
   * before its accounts are lifted (and is lifted with them), or waits and then finds the group gone.
   */
  remove(userId: number, id: number): Promise<void>;
}

/*
 * Every change to the group tree runs in one transaction holding the user's group-tree lock, so a
 * check (the parent exists, the move makes no loop) and its write cannot be split by another change.
 */
/**
 * When a group goes, its accounts move up to its parent (inside the caller's transaction). Accounts
 * sit above their groups (an account names its group): app.ts hands in accounts' moveAccountsToGroup.
 */
export type MoveAccountsToGroup = (
  tx: Executor,
  userId: number,
  fromGroupId: number,
  toGroupId: number | null,
) => Promise<void>;

export function createAccountGroupsService(
  db: Database,
  moveAccountsToGroup: MoveAccountsToGroup,
): AccountGroupsService {
  return {
    list: (userId) => listGroups(db, userId),

    create(userId, body) {
      return db.transaction(async (tx) => {
        await lockUserTree(tx, 'accountGroups', userId);
        await assertRoomForOneMore(tx, 'accountGroups', userId, (locked) => countGroups(locked, userId));
        const parentGroupId = body.parentGroupId ?? null;
        if (parentGroupId !== null) await assertOwnGroup(tx, userId, parentGroupId, 'parentGroupId');
        const id = await insertGroup(tx, userId, body.name, parentGroupId);
        return getGroup(tx, userId, id);
      });
    },

    update(userId, id, body) {
      return db.transaction(async (tx) => {
        await lockUserTree(tx, 'accountGroups', userId);
        if (!(await selectGroup(tx, userId, id))) throw notFound('Account group');
        const { parentGroupId } = body;
        if (parentGroupId != null) {
          await assertOwnGroup(tx, userId, parentGroupId, 'parentGroupId');
          const parents = new Map((await selectGroups(tx, userId)).map((g) => [g.id, g.parentGroupId]));
          if (isSelfOrDescendant(parents, id, parentGroupId)) {
            throw refusal('CONFLICT', 'parentGroupId', 'accountGroup.intoItself');
          }
        }
        await updateGroup(tx, userId, id, body);
        return getGroup(tx, userId, id);
      });
    },

    async remove(userId, id) {
      await db.transaction(async (tx) => {
        await lockUserTree(tx, 'accountGroups', userId);
        const group = await selectGroup(tx, userId, id, 'update');
        if (!group) throw notFound('Account group');
        // Its accounts and subgroups move up to its parent, then the group goes.
        await moveAccountsToGroup(tx, userId, id, group.parentGroupId);
        await deleteGroupLiftingSubgroups(tx, userId, id, group.parentGroupId);
      });
    },
  };
}

async function listGroups(db: Executor, userId: number): Promise<AccountGroup[]> {
  const [groups, accounts] = await Promise.all([selectGroups(db, userId), selectGroupedAccountIds(db, userId)]);
  return groups.map((group) => ({
    ...group,
    accountIds: accounts.filter((a) => a.accountGroupId === group.id).map((a) => a.id),
  }));
}

async function getGroup(db: Executor, userId: number, id: number): Promise<AccountGroup> {
  const group = (await listGroups(db, userId)).find((g) => g.id === id);
  if (!group) throw notFound('Account group');
  return group;
}

// For other modules' transactions: each takes the executor first, so it joins the caller's transaction.

/**
 * A group id given in a body must be one of the caller's; a missing and a foreign one both answer
 * NOT_FOUND naming the field. The row stays key-share locked until the caller's transaction ends,
 * so the group cannot be deleted between this check and the write that puts something in it.
 */
export async function assertOwnGroup(db: Executor, userId: number, groupId: number, path: string) {
  if (!(await selectGroup(db, userId, groupId, 'key share'))) throw notFound('Account group', path);
}

/** A backup's groups, made anew (inside the restore's transaction); answers each document id's new id. */
export async function restoreGroups(
  tx: Transaction,
  userId: number,
  groups: BackupDocument['accountGroups'],
): Promise<Map<number, number>> {
  await lockUserTree(tx, 'accountGroups', userId);
  const ids = new Map<number, number>();
  for (const { id, name } of groups) ids.set(id, await insertGroup(tx, userId, name, null));
  await attachToParents(
    groups,
    (group) => group.parentGroupId,
    ids,
    (id, parentGroupId) => updateGroup(tx, userId, id, { parentGroupId }),
  );
  return ids;
}
