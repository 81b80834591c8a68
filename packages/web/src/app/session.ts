import type { User } from '@kopiyka/shared';
import { loadCategories } from '../api/categories.ts';
import { baseCurrencyQueryOptions, userCurrenciesQueryOptions } from '../api/currencies.ts';
import { ApiError, ERROR_MESSAGES, isUnreachable, NETWORK_ERROR } from '../api/errors.ts';
import { everythingChanged } from '../api/invalidation.ts';
import { bankUserQueryOptions } from '../api/monobank.ts';
import { forgetOthersOfflineData, hasOfflineData, keepForOffline, restoreOfflineData } from '../api/offline-cache.ts';
import { queryClient } from '../api/query-client.ts';
import { applyKeptSettings, applySavedSettings } from '../api/settings.ts';
import { userQueryOptions } from '../api/user.ts';
import { isConnected, noteUnreachable, showingAsOf, useConnectionStore } from '../stores/connection.ts';
import { claimOutbox } from '../stores/outbox.ts';
import { completeSessionInit, useSessionStore } from '../stores/session.ts';

/** Once the session is restored: whether the user has chosen a base currency. */
export function hasBaseCurrency(): boolean {
  return Boolean(queryClient.getQueryData(baseCurrencyQueryOptions().queryKey));
}

let pending: { token: string | null; promise: Promise<void> } | null = null;

/**
 * How long a load waits for the server before it opens on what was kept on this device, when
 * something was (issue 39): a server whose home lost power may leave requests unanswered for a
 * minute rather than refuse them. The requests go on; their answers are shown when they come.
 */
const SERVER_PATIENCE_MS = 10_000;

/** The request the session could not make: no connection, and nothing kept here to open on. */
function unreachable(): ApiError {
  return new ApiError({ code: NETWORK_ERROR, statusText: ERROR_MESSAGES.network, status: 0 });
}

/**
 * The session stands for `user` (of `token`): what this device keeps is theirs from now on. The
 * transactions waiting to be sent and the answers kept of anyone else go, and this session's
 * answers are kept for a load without a connection.
 */
function settleDevice(userId: number, token: string): void {
  claimOutbox(userId);
  forgetOthersOfflineData(userId);
  keepForOffline(userId, token);
}

/**
 * Opens the session of `token` on the answers kept on this device, when there are any (issue 39):
 * marked as of when they were answered, refreshed all at once when the server answers again.
 */
async function restoreFromDevice(token: string): Promise<boolean> {
  const restored = restoreOfflineData(token);
  if (!restored) return false;
  showingAsOf(restored.answeredAt);
  await applyKeptSettings();
  if (useSessionStore.getState().token !== token) return true;
  completeSessionInit(restored.user);
  settleDevice(restored.user.id, token);
  const unsubscribe = useConnectionStore.subscribe((state) => {
    if (!isConnected(state)) return;
    unsubscribe();
    if (useSessionStore.getState().token === token) void everythingChanged(queryClient);
  });
  return true;
}

/** Waits `ms`, then answers 'timeout'. */
const patience = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms));

/**
 * Restores the session of the stored token (the protected routes wait for it): the user, the base currency and the
 * categories and the saved language, with the user's currencies fetched alongside without holding the page up;
 * the bank user is asked for once the session stands.
 * Without a connection (or with no answer for a while) it opens on what was kept on this device,
 * if anything was; with nothing kept it fails at once as unreachable.
 * Runs once per token; concurrent callers for the same token share one run.
 */
export function ensureSession(): Promise<void> {
  const { token, initialised } = useSessionStore.getState();
  if (initialised) return Promise.resolve();
  if (pending?.token === token) return pending.promise;
  const promise = (async () => {
    if (!token) return;
    if (!isConnected()) {
      if (await restoreFromDevice(token)) return;
      throw unreachable();
    }
    void queryClient.prefetchQuery(userCurrenciesQueryOptions());
    // No retries here: the page waits on this, and its error view offers "Try again" at once.
    const loaded = Promise.all([
      queryClient.fetchQuery({ ...userQueryOptions(), retry: false }),
      queryClient.fetchQuery({ ...baseCurrencyQueryOptions(), retry: false }),
      loadCategories(),
      applySavedSettings(),
    ]);
    let user: User;
    try {
      const answer = await Promise.race([loaded, patience(SERVER_PATIENCE_MS)]);
      if (answer === 'timeout') {
        if (hasOfflineData(token)) {
          noteUnreachable();
          if (await restoreFromDevice(token)) return;
        }
        [user] = await loaded;
      } else [user] = answer;
    } catch (error) {
      if (isUnreachable(error) && (await restoreFromDevice(token))) return;
      throw error;
    }
    // A logout or another login while loading makes these answers someone else's.
    if (useSessionStore.getState().token !== token) return;
    completeSessionInit(user);
    settleDevice(user.id, token);
    // Then the bank user, and with it the financial sync (the shell runs it).
    void queryClient.prefetchQuery(bankUserQueryOptions());
  })().finally(() => {
    if (pending?.promise === promise) pending = null;
  });
  pending = { token, promise };
  return promise;
}
