import type { AccountGroup, CreateAccountGroupBody, UpdateAccountGroupBody } from '@kopiyka/shared';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, notFound, validationError } from '../../http/errors.ts';
import {
  deleteGroupLiftingChildren,
  insertGroup,
  selectGroup,
  selectGroupedAccountIds,
  selectGroups,
  updateGroup,
} from './queries.ts';

/** A group id given in a body must be one of the caller's; a missing and a foreign one read alike. */
export async function assertOwnGroup(db: Executor, userId: number, groupId: number, path: string) {
  if (!(await selectGroup(db, userId, groupId))) throw validationError(path, 'Unknown account group');
}

export async function listGroups(db: Executor, userId: number): Promise<AccountGroup[]> {
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

export async function createGroup(db: Database, userId: number, body: CreateAccountGroupBody): Promise<AccountGroup> {
  const parentGroupId = body.parentGroupId ?? null;
  if (parentGroupId !== null) await assertOwnGroup(db, userId, parentGroupId, 'parentGroupId');
  const id = await insertGroup(db, userId, body.name, parentGroupId);
  return getGroup(db, userId, id);
}

export async function updateGroupById(
  db: Database,
  userId: number,
  id: number,
  body: UpdateAccountGroupBody,
): Promise<AccountGroup> {
  if (!(await selectGroup(db, userId, id))) throw notFound('Account group');
  const { parentGroupId } = body;
  if (parentGroupId != null) {
    await assertOwnGroup(db, userId, parentGroupId, 'parentGroupId');
    // Walk up from the new parent: meeting the group itself means the move would close a loop.
    const parents = new Map((await selectGroups(db, userId)).map((g) => [g.id, g.parentGroupId]));
    for (let at: number | null | undefined = parentGroupId; at != null; at = parents.get(at)) {
      if (at === id) {
        throw new AppError('CONFLICT', 'A group cannot be moved into itself or into one of its own subgroups.');
      }
    }
  }
  await updateGroup(db, userId, id, body);
  return getGroup(db, userId, id);
}

export async function deleteGroup(db: Database, userId: number, id: number): Promise<void> {
  const group = await selectGroup(db, userId, id);
  if (!group) throw notFound('Account group');
  await db.transaction((tx) => deleteGroupLiftingChildren(tx, userId, id, group.parentGroupId));
}
