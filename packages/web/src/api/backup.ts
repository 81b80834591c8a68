import { type EndpointBody, endpoints } from '@kopiyka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, downloadFile } from './client.ts';
import { everythingChanged } from './invalidation.ts';

/** Saves the whole of the user's data as the server's JSON backup file. */
export function useDownloadBackup() {
  return useMutation({ mutationFn: () => downloadFile(endpoints.backup.get) });
}

export type BackupBody = EndpointBody<typeof endpoints.backup.restore>;

/**
 * Restores a backup file into this user (one without accounts or transactions): the file is the
 * server's to judge, so it goes as read. Afterwards every cached answer is out of date.
 */
export function useRestoreBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (backup: BackupBody) => call(endpoints.backup.restore, { body: backup }),
    onSuccess: () => everythingChanged(queryClient),
  });
}
