import type { AppLocale, UpdateUserSettingsBody, UserSettings } from '@kopiyka/shared';
import type { Database, Executor } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import {
  insertDefaultSettings,
  removeExcludedCategory,
  selectOwnCategoryIds,
  selectSettings,
  updateSettings,
} from './queries.ts';

export interface SettingsService {
  get(userId: number): Promise<UserSettings>;
  /** Excluded category ids must be the caller's: a missing or foreign one answers NOT_FOUND naming its place in the list. */
  update(userId: number, body: UpdateUserSettingsBody): Promise<UserSettings>;
}

export function createSettingsService(db: Database): SettingsService {
  return {
    get: (userId) => getSettings(db, userId),

    update(userId, body) {
      return db.transaction(async (tx) => {
        const excluded = body.stats?.excludedCategoryIds;
        if (excluded) {
          const own = await selectOwnCategoryIds(tx, userId, excluded);
          const index = excluded.findIndex((id) => !own.has(id));
          if (index >= 0) throw notFound('Category', `stats.excludedCategoryIds.${index}`);
        }
        await updateSettings(tx, userId, {
          ...(body.locale !== undefined ? { locale: body.locale } : {}),
          ...(excluded ? { excludedCategoryIds: [...new Set(excluded)] } : {}),
        });
        return getSettings(tx, userId);
      });
    },
  };
}

// For other modules' transactions: each takes the executor first, so it joins the caller's transaction.

export function createDefaultSettings(db: Executor, userId: number, locale: AppLocale): Promise<void> {
  return insertDefaultSettings(db, userId, locale);
}

export async function getSettings(db: Executor, userId: number): Promise<UserSettings> {
  const row = await selectSettings(db, userId);
  if (!row) throw notFound('Settings');
  return { locale: row.locale, stats: { excludedCategoryIds: row.excludedCategoryIds } };
}

/** A deleted category leaves the excluded list with it (inside the caller's transaction). */
export function forgetExcludedCategory(db: Executor, userId: number, categoryId: number): Promise<void> {
  return removeExcludedCategory(db, userId, categoryId);
}
