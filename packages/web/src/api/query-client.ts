import { type FetchQueryOptions, onlineManager, type Query, QueryClient, type QueryKey } from '@tanstack/react-query';
import { isConnected, useConnectionStore } from '../stores/connection.ts';
import { isApiError } from './errors.ts';

const DEFAULT_RETRIES = 3;

/**
 * Retries keep the library's default count and backoff, except for answers a retry
 * cannot change: a 4xx means the request itself was refused.
 */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < DEFAULT_RETRIES;
}

/** An answer fetched ahead is taken as it is by the page's first mount while younger than this. */
const AHEAD_FRESH_MS = 30_000;

/** Queries a route asked for ahead of its page (prefetchAhead) whose answer no page has shown yet. */
const fetchedAhead = new WeakSet<Query>();

/**
 * The page a query was fetched ahead for takes that answer when it mounts instead of asking again
 * (a page there sooner would have shared the request in flight); any other mount asks again.
 */
const refetchOnMount = (query: Query) =>
  !(fetchedAhead.has(query) && Date.now() - query.state.dataUpdatedAt < AHEAD_FRESH_MS);

/**
 * Reads wait while the app has no connection (issue 39): the browser offline, or the server away.
 * What they answered last stays on the page meanwhile, and they go on once it is back, instead of
 * failing one after another.
 */
onlineManager.setEventListener((setOnline) => {
  setOnline(isConnected());
  return useConnectionStore.subscribe((state) => setOnline(isConnected(state)));
});

/** One client for the whole app. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: retryUnlessRefused,
      refetchOnMount,
    },
    // A change is tried at once even without a connection: its form says at once that it was not
    // sent (and a new transaction goes to the outbox), rather than waiting without a word.
    mutations: { retry: false, networkMode: 'always' },
  },
});

queryClient.getQueryCache().subscribe((event) => {
  // Once the render that mounted its first observers is over, an answer fetched ahead is as any other.
  if (event.type === 'observerAdded' && fetchedAhead.has(event.query)) {
    setTimeout(() => fetchedAhead.delete(event.query));
  }
});

/**
 * Starts a query for a page about to open (from its route's loader), so its requests go beside
 * the others the route waits for; the page's first mount takes the answer (see refetchOnMount).
 */
export function prefetchAhead<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: FetchQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): void {
  void queryClient.prefetchQuery(options).then(() => {
    const query = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true });
    // A page that mounted meanwhile has shown it already.
    if (query?.state.status === 'success' && query.getObserversCount() === 0) fetchedAhead.add(query);
  });
}

/**
 * For answers loaded once with the session that only this app's own writes change (they put the
 * new answer in the cache, or mark it stale): never stale by age, never dropped while signed in.
 * Signing in or out clears the whole cache anyway.
 */
export const SESSION_DATA = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY } as const;
