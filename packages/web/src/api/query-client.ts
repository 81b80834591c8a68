import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './errors.ts';

const DEFAULT_RETRIES = 3;

/**
 * Retries keep the library's default count and backoff (SPEC §9), except for answers a retry
 * cannot change: a 4xx means the request itself was refused.
 */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < DEFAULT_RETRIES;
}

/** One client for the whole app. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: retryUnlessRefused,
    },
    mutations: { retry: false },
  },
});

/**
 * For answers loaded once with the session that only this app's own writes change (they put the
 * new answer in the cache, or mark it stale): never stale by age, never dropped while signed in.
 * Signing in or out clears the whole cache anyway.
 */
export const SESSION_DATA = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY } as const;
