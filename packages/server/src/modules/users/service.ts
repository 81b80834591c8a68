import type { User } from '@kopiyka/shared';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import {
  deleteUserRow,
  insertUser,
  selectPasswordHash,
  selectUserById,
  selectUserByUsername,
  updatePasswordHash,
} from './queries.ts';

export interface UsersService {
  get(userId: number): Promise<User>;
}

export function createUsersService(db: Database): UsersService {
  return {
    async get(userId) {
      const user = await selectUserById(db, userId);
      if (!user) throw notFound('User');
      return { ...user, createdAt: user.createdAt.toISOString() };
    },
  };
}

// For other modules' transactions: each takes the executor first, so it joins the caller's transaction.

export async function createUser(db: Executor, username: string, passwordHash: string) {
  try {
    return await insertUser(db, username, passwordHash);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('USER_ALREADY_EXISTS', 'This username is already taken.');
    throw error;
  }
}

export function findUserByUsername(db: Executor, username: string) {
  return selectUserByUsername(db, username);
}

export function findPasswordHash(db: Executor, userId: number) {
  return selectPasswordHash(db, userId);
}

export function setPasswordHash(db: Executor, userId: number, passwordHash: string) {
  return updatePasswordHash(db, userId, passwordHash);
}

export function deleteUser(db: Executor, userId: number) {
  return deleteUserRow(db, userId);
}
