import { type CreateTransactionBody, endpoints } from '@kopiyka/shared';
import { useEffect } from 'react';
import { t } from '../lib/i18n.ts';
import { navigateTo } from '../lib/navigation.ts';
import { isConnected, noteUnreachable, useConnectionStore } from '../stores/connection.ts';
import { notify } from '../stores/notifications.ts';
import {
  countTry,
  followOtherTabs,
  keepInOutbox,
  markSending,
  type OutboxEntry,
  type OutboxRefusal,
  putBackInOutbox,
  refuseInOutbox,
  removeFromOutbox,
  useOutboxStore,
  waitingEntries,
} from '../stores/outbox.ts';
import { useSessionStore } from '../stores/session.ts';
import { call } from './client.ts';
import { ApiError, type ApiErrorCode, errorText, isApiError, isUnreachable } from './errors.ts';
import { transactionsChanged } from './invalidation.ts';
import { queryClient } from './query-client.ts';

/*
 * Sends the outbox (stores/outbox.ts; issue 39): the transactions kept on this device, one at a
 * time in the order they were kept, each with its own Idempotency-Key on every try. The server
 * answers a repeat of a key with the first result and creates nothing, so an entry whose answer
 * was lost (the connection dropped mid-send, the page closed) is sent again without being made
 * twice; the entry leaves the line only once an answer says the server has it. An entry the server
 * refuses (a 4xx: its account deleted meanwhile, no rate for its day) waits for the person to fix
 * or drop it, and the ones after it go on. Anything else (no connection, the server failing, too
 * many requests) stops the round: the next one tries again, from the same entry.
 */

/** How long one try waits for its answer before it counts as lost (and is sent again later, with its key). */
const TRY_TIMEOUT_MS = 30_000;
/** While entries wait and the app is connected, how often a round is started (after a server failure). */
const ROUND_EVERY_MS = 30_000;
/** Tabs of the app send one at a time (Web Locks, where the browser has them). */
const LOCK_NAME = 'kopiyka-outbox';

/** 4xx answers that say the request may well pass later as it is: not a refusal of the entry. */
const NOT_REFUSALS = new Set([401, 408, 425, 429]);

/**
 * Whether `error` is the server refusing the entry itself, for good. Not so a try of its key that
 * is still running on the server from before (its answer lost): that one answers CONFLICT
 * `idempotencyKey.running` after a minute, and the next round gets its answer.
 */
function isRefusal(error: unknown): boolean {
  if (!isApiError(error) || error.status < 400 || error.status >= 500 || NOT_REFUSALS.has(error.status)) return false;
  return !error.details.some((issue) => issue.code === 'idempotencyKey.running');
}

function refusalOf(error: unknown): OutboxRefusal {
  const { code, statusText, status, details } = error as OutboxRefusal;
  return { code, statusText, status, details };
}

/** POST /transactions of `entry`, with its key; the answer is waited for TRY_TIMEOUT_MS at most. */
async function sendEntry(entry: OutboxEntry): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TRY_TIMEOUT_MS);
  try {
    await call(endpoints.transactions.create, {
      body: entry.body,
      idempotencyKey: entry.key,
      quiet: true,
      signal: controller.signal,
    });
  } finally {
    clearTimeout(timer);
  }
}

type Round = { sent: number; refused: number };

/** One round: the waiting entries in order, until none is left or one cannot be sent now. */
async function sendRound(): Promise<Round> {
  const round: Round = { sent: 0, refused: 0 };
  const { token, user } = useSessionStore.getState();
  if (!token || !user) return round;
  for (;;) {
    // Each time as stored now: another tab may have sent some, the person dropped or fixed some.
    const next = waitingEntries(useOutboxStore.getState(), user.id)[0];
    if (!next || !isConnected() || useSessionStore.getState().token !== token) return round;
    countTry(next.key);
    markSending(next.key);
    try {
      await sendEntry(next);
      removeFromOutbox(next.key);
      round.sent += 1;
    } catch (error) {
      if (!isRefusal(error)) {
        if (isUnreachable(error)) noteUnreachable();
        return round;
      }
      refuseInOutbox(next.key, refusalOf(error));
      round.refused += 1;
    } finally {
      markSending(null);
    }
  }
}

function tellRound({ sent, refused }: Round): void {
  if (sent > 0) {
    transactionsChanged(queryClient);
    notify('success', t('outbox.sent', { count: sent }));
  }
  if (refused > 0) {
    notify('warning', t('outbox.refusedToast', { count: refused }), {
      duration: 10_000,
      action: { label: t('outbox.show'), run: () => navigateTo('/transactions') },
    });
  }
}

let running: Promise<void> | null = null;
let again = false;

/**
 * Sends what waits in the outbox now, in order. A call while a round runs asks for one more
 * after it (an entry kept meanwhile); rounds of all tabs take turns.
 */
export function sendOutbox(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const round = async () => {
    do {
      again = false;
      tellRound(await (locks ? locks.request(LOCK_NAME, sendRound) : sendRound()));
    } while (again);
  };
  running = round().finally(() => {
    running = null;
  });
  return running;
}

/**
 * Keeps a new transaction in the outbox under `key` (the key its failed try used, if any) and
 * sends the outbox at once when there is a connection (the server may be back already).
 */
export function keepTransaction(body: CreateTransactionBody, key: string): void {
  const user = useSessionStore.getState().user;
  if (!user) return;
  keepInOutbox(user.id, body, key);
  if (isConnected()) void sendOutbox();
}

/**
 * Sends the outbox while the signed-in app is open: once there is a connection and something
 * waits, and again every ROUND_EVERY_MS while it still does. What other tabs keep shows here too.
 */
export function useOutboxSender(): void {
  const connected = useConnectionStore(isConnected);
  const owner = useSessionStore((state) => state.user?.id ?? null);
  const waiting = useOutboxStore((state) => waitingEntries(state, owner).length);
  useEffect(followOtherTabs, []);
  useEffect(() => {
    if (!connected || waiting === 0) return;
    void sendOutbox();
    const timer = setInterval(() => void sendOutbox(), ROUND_EVERY_MS);
    return () => clearInterval(timer);
  }, [connected, waiting]);
}

/** The server's refusal of an entry as the error it answered, for the form to place on its fields. */
export function refusalError(refusal: OutboxRefusal): ApiError {
  return new ApiError({ ...refusal, code: refusal.code as ApiErrorCode });
}

/**
 * Why the server refused an entry, in the user's language. A NOT_FOUND is what an entry meets
 * most (its account, category or budget deleted on another device meanwhile): said for an entry.
 */
export function refusalText(refusal: OutboxRefusal): string {
  if (refusal.code === 'NOT_FOUND') return t('outbox.refused.notFound');
  return errorText(refusalError(refusal));
}

/** Drops an entry the person no longer wants sent, with a moment to take that back. */
export function dropFromOutbox(entry: OutboxEntry): void {
  const owner = useOutboxStore.getState().owner;
  const index = removeFromOutbox(entry.key);
  if (owner === null || index < 0) return;
  notify('info', t('outbox.dropped'), {
    id: `outbox-dropped-${entry.key}`,
    action: { label: t('outbox.undo'), run: () => putBackInOutbox(owner, entry, index) },
  });
}
