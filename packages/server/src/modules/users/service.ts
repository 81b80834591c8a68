import type { User } from '@kopiyka/shared';
import type { Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { insertUser, selectUserById, selectUserByUsername } from './queries.ts';

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
