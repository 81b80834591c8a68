import type { User } from '@kopiyka/shared';
import { type DehydratedState, dehydrate, hydrate, type Query } from '@tanstack/react-query';
import { OFFLINE_DATA_STORAGE_KEY } from '../lib/constants.ts';
import { local } from '../lib/storage.ts';
import { useSessionStore } from '../stores/session.ts';
import { queryClient } from './query-client.ts';
import { userKeys } from './query-keys.ts';

/*
 * What the signed-in person last saw, kept on the device (issue 39) so a load without a connection
 * shows it, read-only and marked as of when: the answers of the session (the user, settings,
 * currencies, categories, tags), the accounts, the dashboard's figures, the latest transactions and
 * the first page of the lists. In local storage, under one key, with whose it is (the user, and a
 * tag of the session's token): read only for that session, and removed at sign-out, by another
 * person's sign-in and when the server ends the session. Other answers (a bank's jobs, imports,
 * Binance) are not kept.
 */

type Snapshot = {
  version: 1;
  /** The user these answers are of. */
  owner: number;
  /** The tag of the token they were answered to (sessionTag): another session never reads them. */
  session: string;
  /** The newest answer among them (ms since the epoch): what is shown is as of then. */
  answeredAt: number;
  state: DehydratedState;
};

/**
 * The resources kept, most needed first: those the session cannot open without, then the accounts
 * and the dashboard's, then the lists. When the whole would be too big, the last ones go first.
 */
const KEPT: readonly (readonly [resource: string, kind?: string])[] = [
  ['user'],
  ['user-settings'],
  ['currencies', 'user'],
  ['currencies', 'system'],
  ['categories'],
  ['accounts'],
  ['account-groups'],
  ['tags'],
  ['transactions', 'latest'],
  ['stats'],
  ['budgets'],
  ['recurring'],
  ['transactions', 'list'],
];

/** About 1 MB of local storage's 5 at most: a dashboard and a few lists take a small part of it. */
const MAX_CHARACTERS = 1_000_000;
/** How soon after an answer the answers are written down; more answers meanwhile wait for the same write. */
const SAVE_DELAY_MS = 1500;

/** Where a query of `queryKey` stands in KEPT; -1 when it is not kept. */
function rankOf([resource, kind]: readonly unknown[]): number {
  return KEPT.findIndex(([keptResource, keptKind]) => keptResource === resource && (!keptKind || keptKind === kind));
}

/** Where `query` stands in KEPT; -1 when it is not kept (nor one with no answer). */
function rank(query: Query): number {
  return query.state.status === 'success' && query.state.data !== undefined ? rankOf(query.queryKey) : -1;
}

/** A tag of `token` to tell its session's answers by, without keeping the token a second time. */
export function sessionTag(token: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < token.length; index++) {
    hash ^= token.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** A list's first page only: what the page shows first, and a bounded size. */
function firstPageOnly(data: unknown): unknown {
  const pages = data as { pages?: unknown[]; pageParams?: unknown[] };
  if (!Array.isArray(pages?.pages) || !Array.isArray(pages.pageParams)) return data;
  return { pages: pages.pages.slice(0, 1), pageParams: pages.pageParams.slice(0, 1) };
}

/**
 * The kept answers of the session, most needed first, as many as fit: those in the cache now, and
 * the ones kept before that the cache no longer holds (a page left a while ago), each the newest
 * of its query. An answer the app has marked out of date is not kept, nor its older copy.
 */
export function snapshotOf(owner: number, token: string, before: Snapshot | null = null): Snapshot | null {
  const current = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => rank(query) >= 0 && !query.state.isInvalidated,
  }).queries;
  const inCache = new Set(
    queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryHash),
  );
  const earlier =
    before?.owner === owner && before.session === sessionTag(token)
      ? before.state.queries.filter((query) => !inCache.has(query.queryHash))
      : [];
  const ranked = [...current, ...earlier]
    .map((query) => ({
      kept: { ...query, state: { ...query.state, data: firstPageOnly(query.state.data) } },
      rank: rankOf(query.queryKey),
    }))
    .sort((a, b) => a.rank - b.rank || b.kept.state.dataUpdatedAt - a.kept.state.dataUpdatedAt);
  const queries: DehydratedState['queries'] = [];
  let characters = 0;
  for (const { kept } of ranked) {
    const size = JSON.stringify(kept).length;
    if (characters + size > MAX_CHARACTERS) continue;
    characters += size;
    queries.push(kept);
  }
  if (!queries.some((query) => query.queryKey[0] === userKeys.all[0])) return null;
  const answeredAt = Math.max(...queries.map((query) => query.state.dataUpdatedAt));
  return { version: 1, owner, session: sessionTag(token), answeredAt, state: { mutations: [], queries } };
}

function readSnapshot(): Snapshot | null {
  const text = local.get(OFFLINE_DATA_STORAGE_KEY);
  if (!text) return null;
  try {
    const snapshot = JSON.parse(text) as Snapshot;
    return snapshot.version === 1 && Array.isArray(snapshot.state?.queries) ? snapshot : null;
  } catch {
    return null;
  }
}

/** Stops keeping the answers of the session kept now; null while none is. */
let stopKeeping: (() => void) | null = null;

/**
 * Keeps the kept answers of `owner`'s session on the device from now on: a moment after each
 * answer, and when the page is hidden or left (a phone puts a page away without warning).
 */
export function keepForOffline(owner: number, token: string): void {
  stopKeeping?.();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    // Signed out (or in as someone else) meanwhile: nothing more of this session is written.
    if (useSessionStore.getState().token !== token) return stopKeeping?.();
    const snapshot = snapshotOf(owner, token, readSnapshot());
    if (snapshot) local.set(OFFLINE_DATA_STORAGE_KEY, JSON.stringify(snapshot));
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || rank(event.query) < 0) return;
    if (timer === undefined) timer = setTimeout(save, SAVE_DELAY_MS);
  });
  const onHide = () => {
    if (document.visibilityState === 'hidden' && timer !== undefined) save();
  };
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', save);
  stopKeeping = () => {
    clearTimeout(timer);
    unsubscribe();
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', save);
    stopKeeping = null;
  };
}

/**
 * Removes what was kept for another user than `owner`, who just signed in. (Signing out removes
 * it all: api/session.ts.)
 */
export function forgetOthersOfflineData(owner: number): void {
  const snapshot = readSnapshot();
  if (snapshot && snapshot.owner !== owner) local.remove(OFFLINE_DATA_STORAGE_KEY);
}

/** Whether answers were kept for the session of `token`. */
export function hasOfflineData(token: string): boolean {
  return readSnapshot()?.session === sessionTag(token);
}

/**
 * Puts the answers kept for the session of `token` back in the cache, when there are any: the
 * app opens on them without the server. Answers their user and as of when they are.
 */
export function restoreOfflineData(token: string): { user: User; answeredAt: number } | null {
  const snapshot = readSnapshot();
  if (!snapshot || snapshot.session !== sessionTag(token)) return null;
  hydrate(queryClient, snapshot.state);
  const user = queryClient.getQueryData<User>(userKeys.me());
  if (!user || user.id !== snapshot.owner) return null;
  return { user, answeredAt: snapshot.answeredAt };
}
