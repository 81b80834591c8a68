import type { User } from '@kopiyka/shared';
import type { Database, Executor } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { insertUser, selectUserById } from './queries.ts';

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

export async function createUser(db: Executor, username: string, passwordHash: string) {
  try {
    return await insertUser(db, username, passwordHash);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('USER_ALREADY_EXISTS', 'This username is already taken.');
    throw error;
  }
}
