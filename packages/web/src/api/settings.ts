import { endpoints, type UpdateUserSettingsBody, type UserSettings } from '@kopiyka/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client.ts';

export const settingsKeys = {
  all: ['user-settings'] as const,
};

export const userSettingsQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.all,
    queryFn: ({ signal }) => call(endpoints.settings.get, { signal }),
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
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.all, settings),
  });
}
