import {
  ACCOUNT_GROUPS_MAX,
  ACCOUNTS_MAX,
  BUDGETS_MAX,
  CATEGORIES_MAX,
  RECURRING_MAX,
  TAGS_MAX,
} from '@kopiyka/shared';
import { sql } from 'drizzle-orm';
import type { Transaction } from '../db/client.ts';
import { AppError } from './errors.ts';

/**
 * The most of each kind one user may have (docs/api.md lists them), with the first key of the
 * pg_advisory_xact_lock(int, int) that serialises the user's creates of that kind.
 */
const LIMITS = {
  accounts: { max: ACCOUNTS_MAX, plural: 'accounts', lock: 741_301 },
  accountGroups: { max: ACCOUNT_GROUPS_MAX, plural: 'account groups', lock: 741_302 },
  categories: { max: CATEGORIES_MAX, plural: 'categories', lock: 741_303 },
  budgets: { max: BUDGETS_MAX, plural: 'budgets', lock: 741_304 },
  tags: { max: TAGS_MAX, plural: 'tags', lock: 741_305 },
  recurring: { max: RECURRING_MAX, plural: 'schedules and instalment plans', lock: 741_306 },
} as const;

/**
 * Refuses to create one more of `kind` once the user has the most allowed: CONFLICT saying so. It
 * counts inside the creating transaction after taking the user's lock for that kind, so two creates
 * at once cannot both see room for the last one.
 */
export async function assertRoomForOneMore(
  tx: Transaction,
  kind: keyof typeof LIMITS,
  userId: number,
  countOwned: (tx: Transaction) => Promise<number>,
): Promise<void> {
  const { max, plural, lock } = LIMITS[kind];
  await tx.execute(sql`select pg_advisory_xact_lock(${lock}::int, ${userId}::int)`);
  if ((await countOwned(tx)) >= max) {
    throw new AppError(
      'CONFLICT',
      `You have ${max} ${plural}, the most one person can have. Delete one you no longer need to add another.`,
    );
  }
}
