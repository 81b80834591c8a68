import type { UpdateUserSettingsBody, UserSettings } from '@kopiyka/shared';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import type { BaseChangeService } from '../base-change/index.ts';
import { selectOwnCategoryIds, selectSettings, updateSettings } from './queries.ts';

export interface SettingsService {
  get(userId: number): Promise<UserSettings>;
  /** Excluded category ids must be the caller's: a missing or foreign one answers NOT_FOUND naming its place in the list. */
  update(userId: number, body: UpdateUserSettingsBody): Promise<UserSettings>;
}

/** The schema asked Intl; the database must know the zone too, as every local day is its `at time zone`. */
/** Before the transaction that stores it: a failed statement would end that transaction. */
export async function assertDatabaseKnowsZone(db: Database, timeZone: string, path = 'timeZone') {
  try {
    await db.execute(sql`select now() at time zone ${timeZone}`);
  } catch {
    throw validationError(path, 'timeZone.unknown', { timeZone });
  }
}

/**
 * A new time zone regroups the balances' days into its own (inside the settings write's
 * transaction); answers whether to run the base-change worker after the commit. That is the
 * base-change workflow's work, above settings: app.ts hands in its regroupDaysAfterZoneChange.
 */
export type RegroupDays = (tx: Executor, userId: number) => Promise<boolean>;

export function createSettingsService(
  db: Database,
  baseChanges: BaseChangeService,
  regroupDaysAfterZoneChange: RegroupDays,
): SettingsService {
  return {
    get: (userId) => getSettings(db, userId),

    async update(userId, body) {
      if (body.timeZone !== undefined) await assertDatabaseKnowsZone(db, body.timeZone);
      let regrouping = false;
      const updated = await db.transaction(async (tx) => {
        const excluded = body.stats?.excludedCategoryIds;
        if (excluded) {
          const own = await selectOwnCategoryIds(tx, userId, excluded);
          const index = excluded.findIndex((id) => !own.has(id));
          if (index >= 0) throw notFound('Category', `stats.excludedCategoryIds.${index}`);
        }
        const zoneChanged = body.timeZone !== undefined && body.timeZone !== (await getSettings(tx, userId)).timeZone;
        await updateSettings(tx, userId, {
          ...(body.locale !== undefined ? { locale: body.locale } : {}),
          ...(zoneChanged ? { timeZone: body.timeZone } : {}),
          ...(excluded ? { excludedCategoryIds: [...new Set(excluded)] } : {}),
          ...(body.includeCryptoInTotal !== undefined ? { includeCryptoInTotal: body.includeCryptoInTotal } : {}),
        });
        // The new zone is read by every write and statistic from the commit on; the stored days follow.
        if (zoneChanged) regrouping = await regroupDaysAfterZoneChange(tx, userId);
        return getSettings(tx, userId);
      });
      if (regrouping) void baseChanges.runPending();
      return updated;
    },
  };
}

// For other modules' transactions: each takes the executor first, so it joins the caller's transaction.

export async function getSettings(db: Executor, userId: number): Promise<UserSettings> {
  const row = await selectSettings(db, userId);
  if (!row) throw notFound('Settings');
  return {
    locale: row.locale,
    timeZone: row.timeZone,
    stats: { excludedCategoryIds: row.excludedCategoryIds },
    includeCryptoInTotal: row.includeCryptoInTotal,
  };
}
