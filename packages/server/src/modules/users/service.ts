import type { User } from '@kopiyka/shared';
import type { Executor } from '../../db/client.ts';
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

export async function getUser(db: Executor, userId: number): Promise<User> {
  const user = await selectUserById(db, userId);
  if (!user) throw notFound('User');
  return { ...user, createdAt: user.createdAt.toISOString() };
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
