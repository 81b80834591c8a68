import { appLocale, endpoints, type UpdateUserSettingsBody, type UserSettings } from '@kopiyka/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chooseLocale, useI18nStore } from '../lib/i18n.ts';
import { setDisplayTimeZone } from '../lib/locale.ts';
import { call } from './client.ts';
import { statisticsChanged } from './invalidation.ts';
import { queryClient, SESSION_DATA } from './query-client.ts';
import { settingsKeys } from './query-keys.ts';

/**
 * Loaded with the session (applySavedSettings) and read by pages after: asked for again only when
 * a change marks it stale (a deleted category leaves the exclusions); this app's own saves put the
 * answer in the cache.
 */
export const userSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => call(endpoints.settings.get, { signal }),
    ...SESSION_DATA,
  });

export function useUserSettings() {
  return useQuery(userSettingsQueryOptions());
}

/**
 * Saves part of the settings. The change shows at once (a toggle must not lag behind the finger)
 * and is rolled back if the server refuses it.
 */
export function useUpdateUserSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserSettingsBody) => call(endpoints.settings.update, { body }),
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: settingsKeys.all });
      const previous = queryClient.getQueryData<UserSettings>(settingsKeys.all);
      if (previous) queryClient.setQueryData<UserSettings>(settingsKeys.all, { ...previous, ...body });
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(settingsKeys.all, context.previous);
    },
    onSuccess: (settings, body) => {
      queryClient.setQueryData(settingsKeys.all, settings);
      // The dashboard's total and trend are made with or without the crypto holdings now.
      if (body.includeCryptoInTotal !== undefined) void statisticsChanged(queryClient);
      // Issue 16: days and times follow a new zone once it is saved, as the server's figures do.
      setDisplayTimeZone(settings.timeZone);
    },
  });
}

/**
 * Issue 16: once signed in, the user's saved language wins over the browser's and the sign-in
 * page's, and their saved time zone over the browser's. Without settings (a failed load) both stay
 * as they are: the page still opens.
 */
export async function applySavedSettings(): Promise<void> {
  try {
    await applySettings(await queryClient.fetchQuery({ ...userSettingsQueryOptions(), retry: false }));
  } catch {
    // The settings page says what failed when it is opened.
  }
}

/** The settings kept on this device for a session opened without a connection (issue 39), if any. */
export async function applyKeptSettings(): Promise<void> {
  const settings = queryClient.getQueryData<UserSettings>(settingsKeys.all);
  if (settings) await applySettings(settings);
}

async function applySettings(settings: UserSettings): Promise<void> {
  setDisplayTimeZone(settings.timeZone);
  const saved = appLocale(settings.locale);
  if (saved !== useI18nStore.getState().locale) await chooseLocale(saved);
}

/** Speaks `locale` here at once and saves it as the user's (when signed in), so it follows them. */
export function useChangeLocale() {
  const update = useUpdateUserSettings();
  return (locale: UserSettings['locale'], { save }: { save: boolean }) => {
    void chooseLocale(appLocale(locale));
    if (save) update.mutate({ locale });
  };
}
