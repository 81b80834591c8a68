import { foldUsername, type User } from '@kopiyka/shared';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  insertUser,
  selectUserById,
  selectUserByUsername,
  selectUsersWithoutFoldedName,
  setFoldedUsername,
} from './queries.ts';

export interface UsersService {
  get(userId: number): Promise<User>;
}

export function createUsersService(
  db: Database,
  /** Whether the user has Monobank paired; monobank sits above users, so app.ts hands it in. */
  monobankConnected: (userId: number) => Promise<boolean>,
): UsersService {
  return {
    async get(userId) {
      const user = await selectUserById(db, userId);
      if (!user) throw notFound('User');
      return { ...user, createdAt: user.createdAt.toISOString(), monobankConnected: await monobankConnected(userId) };
    },
  };
}

// For other modules' transactions: each takes the executor first, so it joins the caller's transaction.

/** A new user; a name that folds like another's is taken (docs/decisions.md "Usernames compared under full case folding"). */
export async function createUser(db: Executor, username: string, passwordHash: string) {
  try {
    return await insertUser(db, username, foldUsername(username), passwordHash);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('USER_ALREADY_EXISTS', 'This username is already taken.');
    throw error;
  }
}

/** The user a name typed at sign-in belongs to, under full case folding. */
export async function findUserByUsername(db: Executor, typed: string) {
  return selectUserByUsername(db, typed, foldUsername(typed));
}

/**
 * Gives the users stored before usernames were folded their folded names, at start. The older of
 * two names that fold alike keeps it; the later stays without one and keeps signing in by its name
 * as before (selectUserByUsername). Each user is its own statement, so instances starting together
 * on one database only meet on the unique index.
 */
export async function foldStoredUsernames(db: Database): Promise<void> {
  for (const user of await selectUsersWithoutFoldedName(db)) {
    try {
      await setFoldedUsername(db, user.id, foldUsername(user.username));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
}
