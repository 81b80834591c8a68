import { type CommitImportBody, endpoints, type Import, type ImportProgress } from '@kopiyka/shared';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client.ts';
import { bankDataChanged, importChanged, importsListed, importUndone } from './invalidation.ts';
import { importKeys } from './query-keys.ts';

/**
 * While an import runs its progress arrives as events; this slow poll only covers a stream that is
 * down, so the bar never freezes for good.
 */
const RUNNING_IMPORT_POLL_MS = 15_000;

export const isImportRunning = (item: Pick<Import, 'state'>) => item.state === 'running';

export function useImports() {
  return useQuery({
    queryKey: importKeys.list(),
    queryFn: ({ signal }) => call(endpoints.imports.list, { signal }),
  });
}

export function useImport(id: number | null) {
  return useQuery({
    queryKey: importKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(endpoints.imports.get, { params: { importId: id ?? 0 }, signal }),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data && isImportRunning(query.state.data) ? RUNNING_IMPORT_POLL_MS : false,
  });
}

/** The distinct names of the file's category column, with the categories they match; off until a column is chosen. */
export function useImportCategories(id: number, column: number | undefined) {
  return useQuery({
    queryKey: importKeys.categories(id, column ?? -1),
    queryFn: ({ signal }) =>
      call(endpoints.imports.categories, { params: { importId: id }, query: { column: column ?? 0 }, signal }),
    enabled: column !== undefined,
  });
}

/**
 * An import's progress from an event goes into its cached entry and its row in the list; one that
 * brought rows in or took them out (an undo) changes every figure made of transactions. The event
 * leaves out the bad rows and why an import stopped, so an import not cached, or whose state moved
 * on (it started, finished, failed or was undone), is asked for again; one not listed, the list.
 */
export function applyImportProgress(queryClient: QueryClient, progress: ImportProgress): void {
  const before = queryClient.getQueryData<Import>(importKeys.detail(progress.id));
  if (before) queryClient.setQueryData(importKeys.detail(progress.id), { ...before, ...progress });
  const listed = queryClient.getQueryData<Import[]>(importKeys.list());
  if (listed?.some((other) => other.id === progress.id)) {
    queryClient.setQueryData(
      importKeys.list(),
      listed.map((other) => (other.id === progress.id ? { ...other, ...progress } : other)),
    );
  } else void importsListed(queryClient);
  if (!before || before.state !== progress.state) void importChanged(queryClient, progress.id);
  const changed =
    before === undefined
      ? progress.imported > 0
      : before.imported !== progress.imported || before.state !== progress.state;
  if (changed) void bankDataChanged(queryClient);
}

export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ accountId, file }: { accountId: number; file: File }) =>
      call(endpoints.imports.create, { query: { accountId, fileName: file.name }, body: file }),
    onSuccess: () => importsListed(queryClient),
  });
}

export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CommitImportBody }) =>
      call(endpoints.imports.commit, { params: { importId: id }, body }),
    onSuccess: (_answer, { id }) => importChanged(queryClient, id),
  });
}

/** Takes an import's transactions out as a whole (or drops an upload never imported). */
export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(endpoints.imports.undo, { params: { importId: id } }),
    onSuccess: (_answer, id) => importUndone(queryClient, id),
  });
}
