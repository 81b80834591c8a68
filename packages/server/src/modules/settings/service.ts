import type { UpdateUserSettingsBody, UserSettings } from '@kopiyka/shared';
import type { Executor } from '../../db/client.ts';
import { notFound, validationError } from '../../http/errors.ts';
import {
  insertDefaultSettings,
  removeExcludedCategory,
  selectOwnCategoryIds,
  selectSettings,
  updateSettings,
} from './queries.ts';

export function createDefaultSettings(db: Executor, userId: number): Promise<void> {
  return insertDefaultSettings(db, userId);
}

export async function getSettings(db: Executor, userId: number): Promise<UserSettings> {
  const row = await selectSettings(db, userId);
  if (!row) throw notFound('Settings');
  return { locale: row.locale, stats: { excludedCategoryIds: row.excludedCategoryIds } };
}

export async function changeSettings(
  db: Executor,
  userId: number,
  body: UpdateUserSettingsBody,
): Promise<UserSettings> {
  const excluded = body.stats ? [...new Set(body.stats.excludedCategoryIds)] : undefined;
  if (excluded) {
    const own = await selectOwnCategoryIds(db, userId, excluded);
    const index = excluded.findIndex((id) => !own.has(id));
    if (index >= 0) throw validationError(`stats.excludedCategoryIds.${index}`, 'Unknown category');
  }
  await updateSettings(db, userId, {
    ...(body.locale !== undefined ? { locale: body.locale } : {}),
    ...(excluded ? { excludedCategoryIds: excluded } : {}),
  });
  return getSettings(db, userId);
}

/** A deleted category leaves the excluded list with it (inside the caller's transaction). */
export function forgetExcludedCategory(db: Executor, userId: number, categoryId: number): Promise<void> {
  return removeExcludedCategory(db, userId, categoryId);
}
