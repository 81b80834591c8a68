import { type BankUser, endpoints, type MonobankJob, type ServerEvent, serverEventSchema } from '@kopiyka/shared';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { storedIssueText, t } from '../lib/i18n.ts';
import { navigateTo } from '../lib/navigation.ts';
import { TRANSACTIONS_PATH } from '../lib/paths.ts';
import { openBankDialog } from '../stores/bank-dialog-target.ts';
import { isConnected, useConnectionStore } from '../stores/connection.ts';
import { notify, useNotificationsStore } from '../stores/notifications.ts';
import { useSessionStore } from '../stores/session.ts';
import { call, openEventStream } from './client.ts';
import { hasErrorCode } from './errors.ts';
import { applyImportProgress } from './imports.ts';
import { bankConnectionChanged, bankDataChanged, eventsMissed, occurrenceDecided } from './invalidation.ts';
import { applyJobUpdate, bankUserQueryOptions, isJobActive, useActiveJobs } from './monobank.ts';
import { monobankKeys } from './query-keys.ts';

/** One message of a server-sent event stream: its `event:` name and its `data:` lines joined. */
export type StreamMessage = { event: string; data: string };

export type EventStreamParser = {
  /** Takes the next piece of text as it arrived: a line may be split anywhere, even between \r and \n. */
  push: (chunk: string) => void;
};

/**
 * Reads the text/event-stream format (the HTML standard's rules): lines end with \n, \r\n or \r;
 * a blank line ends a message; `:` lines are comments (heartbeats); `retry:` says how long to wait
 * before reconnecting. Fields it has no use for (`id:`, unknown names) are skipped.
 */
export function createEventStreamParser(
  onMessage: (message: StreamMessage) => void,
  onRetry: (ms: number) => void = () => undefined,
): EventStreamParser {
  let buffer = '';
  let event = '';
  let data: string[] = [];

  function dispatch() {
    if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n') });
    event = '';
    data = [];
  }

  function line(text: string) {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry(Number(value));
  }

  return {
    push(chunk) {
      buffer += chunk;
      const endings = /\r\n|\r|\n/g;
      let start = 0;
      for (let match = endings.exec(buffer); match; match = endings.exec(buffer)) {
        // A \r at the very end may be the first half of a \r\n still on its way.
        if (match[0] === '\r' && match.index === buffer.length - 1) break;
        line(buffer.slice(start, match.index));
        start = match.index + match[0].length;
      }
      buffer = buffer.slice(start);
    },
  };
}

type StreamHandlers = {
  onEvent: (event: ServerEvent) => void;
  /** The stream is open: the server accepted the token. */
  onOpen?: () => void;
  onRetry?: (ms: number) => void;
};

/**
 * Reads GET /events until it ends, handing on each event the contract knows (anything else, a
 * newer server's event say, is skipped). Aborting `signal` ends it.
 */
export async function readServerEvents(signal: AbortSignal, { onEvent, onOpen, onRetry }: StreamHandlers) {
  const reader = (await openEventStream(endpoints.events.stream, { signal })).getReader();
  const decoder = new TextDecoder();
  const cancel = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', cancel);
  onOpen?.();
  const parser = createEventStreamParser((message) => {
    let json: unknown;
    try {
      json = JSON.parse(message.data);
    } catch {
      return;
    }
    const parsed = serverEventSchema.safeParse(json);
    if (parsed.success && parsed.data.type === message.event) onEvent(parsed.data);
  }, onRetry);
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      // `stream` keeps a character split between two chunks for the next one.
      parser.push(decoder.decode(chunk.value, { stream: true }));
    }
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

/** The wait before the first reconnection when the server has not said (its `retry:` replaces it). */
const DEFAULT_RETRY_MS = 3000;
const MAX_RETRY_MS = 60_000;

/** After `failures` drops in a row: the server's wait, doubled each time, up to a minute. */
export function reconnectDelay(retryMs: number, failures: number): number {
  return Math.min(retryMs * 2 ** Math.max(0, failures - 1), MAX_RETRY_MS);
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

/** Resolves once the app has a connection (at once when it has), or `signal` aborts. */
function untilConnected(signal: AbortSignal): Promise<void> {
  if (isConnected()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      unsubscribe();
      signal.removeEventListener('abort', done);
      resolve();
    };
    const unsubscribe = useConnectionStore.subscribe((state) => {
      if (isConnected(state)) done();
    });
    signal.addEventListener('abort', done);
  });
}

/**
 * Keeps the stream open until `signal` aborts: when it drops or cannot be opened it is opened again
 * after a growing wait. A refused session ends it (the client signs out then). Events missed while
 * it was down are made up for by `onReconnect`.
 */
export async function followServerEvents(
  signal: AbortSignal,
  { onEvent, onReconnect }: { onEvent: (event: ServerEvent) => void; onReconnect: () => void },
): Promise<void> {
  let retryMs = DEFAULT_RETRY_MS;
  let failures = 0;
  let opened = false;
  while (!signal.aborted) {
    // Without a connection it could only fail: it waits for one (issue 39), then opens.
    await untilConnected(signal);
    if (signal.aborted) return;
    try {
      await readServerEvents(signal, {
        onEvent,
        onRetry: (ms) => {
          retryMs = ms;
        },
        onOpen: () => {
          failures = 0;
          if (opened) onReconnect();
          opened = true;
        },
      });
    } catch (error) {
      if (signal.aborted || hasErrorCode(error, 'UNAUTHENTICATED')) return;
    }
    failures += 1;
    await wait(reconnectDelay(retryMs, failures), signal);
  }
}

const TRANSACTIONS_TOAST_ID = 'monobank-new-transactions';
const TOKEN_INVALID_TOAST_ID = 'monobank-token-invalid';

/**
 * What an ended job means to the person: what it brought in shows in every list and figure, and
 * they hear once how it went when it brought something or failed.
 */
function jobEnded(queryClient: QueryClient, job: MonobankJob): void {
  void bankDataChanged(queryClient);
  const id = `monobank-job-${job.id}`;
  if (job.state === 'done') {
    if (job.imported > 0) notify('success', t('bankEvents.imported', { count: job.imported }), { id });
    return;
  }
  // A disconnect ends its jobs as failed: the person did that, and knows. A refused token is said
  // by the connection's own warning, and its jobs go on once a new token is pasted.
  if (job.error?.code === 'MONOBANK_USER_NOT_PAIRED' || job.error?.code === 'MONOBANK_USER_TOKEN_INVALID') return;
  notify('error', job.error ? storedIssueText(job.error.message, job.error.issue) : t('bankEvents.noAnswer'), {
    id,
    title: t('bankEvents.importStopped'),
  });
}

/** A job the server reports as it is now (by an event or when asked): ended news is acted on once. */
function jobReported(queryClient: QueryClient, job: MonobankJob): void {
  if (applyJobUpdate(queryClient, job)) jobEnded(queryClient, job);
}

/** Applies one server event to the query cache and tells the person what they should know. */
export function handleServerEvent(queryClient: QueryClient, event: ServerEvent): void {
  switch (event.type) {
    case 'monobank.job':
      jobReported(queryClient, event.job);
      return;
    case 'monobank.transactions':
      if (event.count === 0 && event.updated === 0) return;
      void bankDataChanged(queryClient);
      // An import shows its own progress; a webhook's news comes unasked, so it is said.
      if (event.source === 'webhook' && event.count > 0) {
        // A newer count replaces the toast still showing an older one.
        useNotificationsStore.getState().dismiss(TRANSACTIONS_TOAST_ID);
        notify('info', t('bankEvents.newTransactions', { count: event.count }), {
          id: TRANSACTIONS_TOAST_ID,
          action: { label: t('bankEvents.show'), run: () => navigateTo(TRANSACTIONS_PATH) },
        });
      }
      return;
    case 'import':
      applyImportProgress(queryClient, event.import);
      return;
    case 'recurring.recorded':
      void occurrenceDecided(queryClient, { recorded: true });
      return;
    case 'monobank.user': {
      const before = queryClient.getQueryData<BankUser | null>(monobankKeys.user());
      queryClient.setQueryData(monobankKeys.user(), event.user);
      // Paired elsewhere: the user's answer, which later reads of the connection go by, is out of date.
      if (before === null) void bankConnectionChanged(queryClient);
      if (event.user.tokenState === 'invalid' && before?.tokenState !== 'invalid') {
        notify('warning', t('bankEvents.tokenRefused'), {
          id: TOKEN_INVALID_TOAST_ID,
          title: t('bankEvents.syncStopped'),
          duration: 10_000,
          action: { label: t('bankEvents.pasteToken'), run: () => openBankDialog('replace-token') },
        });
      }
      return;
    }
  }
}

/**
 * Mounted once in the signed-in shell: follows GET /events for the session's token, and stops when
 * the shell goes (sign-out) or the token changes.
 */
export function useServerEvents(): void {
  const queryClient = useQueryClient();
  const token = useSessionStore((state) => state.token);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    void followServerEvents(controller.signal, {
      onEvent: (event) => handleServerEvent(queryClient, event),
      // What happened while the stream was down: jobs, imports and the connection are asked for again.
      onReconnect: () => eventsMissed(queryClient),
    });
    return () => controller.abort();
  }, [queryClient, token]);
}

/**
 * Mounted once in the signed-in shell while Monobank is paired: a job that leaves the active list
 * without its event having said so (the stream was down while it ended) is asked for, and its end
 * acted on like an event's.
 */
export function useBankJobsWatcher(): void {
  const queryClient = useQueryClient();
  const paired = Boolean(useQuery(bankUserQueryOptions()).data);
  const { data: active } = useActiveJobs(paired);
  const previous = useRef(active);
  useEffect(() => {
    const before = previous.current;
    previous.current = active;
    if (!before || !active) return;
    for (const job of before) {
      if (active.some((other) => other.id === job.id)) continue;
      const known = queryClient.getQueryData<MonobankJob>(monobankKeys.job(job.id));
      if (known && !isJobActive(known)) continue;
      // Asked for outside the cache: its entry must still hold the running job when the answer is compared.
      call(endpoints.monobank.job, { params: { jobId: job.id } })
        .then((latest) => jobReported(queryClient, latest))
        .catch(() => undefined);
    }
  }, [active, queryClient]);
}
