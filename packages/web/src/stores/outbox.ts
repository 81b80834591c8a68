import type { CreateTransactionBody, ValidationIssue } from '@kopiyka/shared';
import { create } from 'zustand';
import { OUTBOX_STORAGE_KEY } from '../lib/constants.ts';
import { local } from '../lib/storage.ts';

/*
 * The outbox (issue 39): transactions entered without a connection, kept on this device until the
 * server has them (api/outbox.ts sends them, in order). Each carries the Idempotency-Key it was
 * given when it was kept and is sent with on every try, so a try whose answer was lost is not made
 * twice. They belong to one person: another person signing in here, or this one signing out,
 * empties it.
 */

/** Why the server did not take an entry: its answer, shown beside the entry until it is fixed or dropped. */
export type OutboxRefusal = { code: string; statusText: string; status: number; details: ValidationIssue[] };

export type OutboxEntry = {
  /** The `Idempotency-Key`: made once when the entry is kept, sent with every try of this body. */
  key: string;
  /** What POST /transactions is sent, as the form made it (the time is when it was entered). */
  body: CreateTransactionBody;
  /** When it was kept (ISO). */
  queuedAt: string;
  /** How often it was sent. Once it has been, the server may have it: it is only sent again, never changed. */
  tries: number;
  /** Set when the server refused it (a 4xx): it waits for the person to fix or drop it. */
  refusal: OutboxRefusal | null;
};

type Stored = { version: 1; owner: number | null; entries: OutboxEntry[] };

type OutboxState = {
  /** The user whose entries these are; null before anyone's were kept. */
  owner: number | null;
  entries: OutboxEntry[];
  /** The key of the entry being sent just now by this tab. */
  sending: string | null;
};

function read(): Stored {
  const text = local.get(OUTBOX_STORAGE_KEY);
  if (text) {
    try {
      const stored = JSON.parse(text) as Stored;
      if (stored.version === 1 && Array.isArray(stored.entries)) return stored;
    } catch {
      // Not ours, or cut short: nothing to keep from it.
    }
  }
  return { version: 1, owner: null, entries: [] };
}

export const useOutboxStore = create<OutboxState>()(() => ({ ...read(), sending: null }));

/** Applies `change` to what is stored now (another tab may have written since), stores and shows the result. */
function update(change: (stored: Stored) => Stored): void {
  const next = change(read());
  if (next.owner === null && next.entries.length === 0) local.remove(OUTBOX_STORAGE_KEY);
  else local.set(OUTBOX_STORAGE_KEY, JSON.stringify(next));
  useOutboxStore.setState({ owner: next.owner, entries: next.entries });
}

const mapEntry = (key: string, change: (entry: OutboxEntry) => OutboxEntry) =>
  update((stored) => ({
    ...stored,
    entries: stored.entries.map((entry) => (entry.key === key ? change(entry) : entry)),
  }));

/** What another tab wrote is shown here too. */
export function followOtherTabs(): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== OUTBOX_STORAGE_KEY && event.key !== null) return;
    const { owner, entries } = read();
    useOutboxStore.setState({ owner, entries });
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/**
 * The signed-in user is `owner`: the entries of anyone else are dropped (a person signing in
 * after another, whose session the server ended), and what is kept from now on is theirs.
 */
export function claimOutbox(owner: number): void {
  update((stored) => ({ version: 1, owner, entries: stored.owner === owner ? stored.entries : [] }));
}

/** Keeps a new transaction of `owner`'s to send later, after the ones kept before it. */
export function keepInOutbox(owner: number, body: CreateTransactionBody, key: string, now = new Date()): OutboxEntry {
  const entry: OutboxEntry = { key, body, queuedAt: now.toISOString(), tries: 0, refusal: null };
  update((stored) => ({
    version: 1,
    owner,
    entries: [...(stored.owner === owner ? stored.entries : []), entry],
  }));
  return entry;
}

/**
 * The entry `key` as the person fixed it: a new body under a new key (the server refused the old
 * one, or never saw it), in the same place in the line.
 */
export function replaceInOutbox(key: string, body: CreateTransactionBody, newKey: string): void {
  mapEntry(key, (entry) => ({ ...entry, key: newKey, body, tries: 0, refusal: null }));
}

/** An entry is about to be sent: counted before the request leaves, so a lost answer still counts. */
export function countTry(key: string): void {
  mapEntry(key, (entry) => ({ ...entry, tries: entry.tries + 1 }));
}

export function refuseInOutbox(key: string, refusal: OutboxRefusal): void {
  mapEntry(key, (entry) => ({ ...entry, refusal }));
}

/** The server has it (or the person dropped it): out of the line. Answers where it stood, for an undo. */
export function removeFromOutbox(key: string): number {
  let index = -1;
  update((stored) => {
    index = stored.entries.findIndex((entry) => entry.key === key);
    return { ...stored, entries: stored.entries.filter((entry) => entry.key !== key) };
  });
  return index;
}

/** Puts a dropped entry back where it stood (undo), if it is still this owner's line. */
export function putBackInOutbox(owner: number, entry: OutboxEntry, index: number): void {
  update((stored) => {
    if (stored.owner !== owner || stored.entries.some((kept) => kept.key === entry.key)) return stored;
    const entries = [...stored.entries];
    entries.splice(Math.max(0, Math.min(index, entries.length)), 0, entry);
    return { ...stored, entries };
  });
}

export function markSending(key: string | null): void {
  useOutboxStore.setState({ sending: key });
}

/** Forgets everything kept (a sign-out): nothing of the person stays on the device. */
export function clearOutbox(): void {
  local.remove(OUTBOX_STORAGE_KEY);
  useOutboxStore.setState({ owner: null, entries: [], sending: null });
}

/** The entries waiting to be sent (not refused), for `owner`. */
export function waitingEntries(state: Pick<OutboxState, 'owner' | 'entries'>, owner: number | null): OutboxEntry[] {
  return state.owner === owner && owner !== null ? state.entries.filter((entry) => entry.refusal === null) : [];
}
