import { loadCategories } from '../api/categories.ts';
import { baseCurrencyQueryOptions, userCurrenciesQueryOptions } from '../api/currencies.ts';
import { bankUserQueryOptions } from '../api/monobank.ts';
import { queryClient } from '../api/query-client.ts';
import { applySavedSettings } from '../api/settings.ts';
import { userQueryOptions } from '../api/user.ts';
import { completeSessionInit, useSessionStore } from '../stores/session.ts';

/** Once the session is restored: whether the user has chosen a base currency. */
export function hasBaseCurrency(): boolean {
  return Boolean(queryClient.getQueryData(baseCurrencyQueryOptions().queryKey));
}

let pending: { token: string | null; promise: Promise<void> } | null = null;

/**
 * Restores the session of the stored token (the protected routes wait for it): the user, the base currency and the
 * categories and the saved language, with the user's currencies fetched alongside without holding the page up;
 * the bank user is asked for once the session stands.
 * Runs once per token; concurrent callers for the same token share one run.
 */
export function ensureSession(): Promise<void> {
  const { token, initialised } = useSessionStore.getState();
  if (initialised) return Promise.resolve();
  if (pending?.token === token) return pending.promise;
  const promise = (async () => {
    void queryClient.prefetchQuery(userCurrenciesQueryOptions());
    // No retries here: the page waits on this, and its error view offers "Try again" at once.
    const [user] = await Promise.all([
      queryClient.fetchQuery({ ...userQueryOptions(), retry: false }),
      queryClient.fetchQuery({ ...baseCurrencyQueryOptions(), retry: false }),
      loadCategories(),
      applySavedSettings(),
    ]);
    // A logout or another login while loading makes these answers someone else's.
    if (useSessionStore.getState().token !== token) return;
    completeSessionInit(user);
    // Then the bank user, and with it the financial sync (the shell runs it).
    void queryClient.prefetchQuery(bankUserQueryOptions());
  })().finally(() => {
    if (pending?.promise === promise) pending = null;
  });
  pending = { token, promise };
  return promise;
}
