/**
 * Monobank's side of a personal webhook (external-apis.md §1.5): the GET that verifies a new URL, and the
 * POSTed events with their retries. A receiver succeeds only by answering exactly 200 within the timeout
 * (5 s); a failed event is tried again after 60 s and then after 600 s more, and when that third attempt
 * fails too the webhook is switched off (the client's `webHookUrl` becomes "").
 */
import type { ClientState } from './client.ts';
import type { StatementItem, WebhookEvent } from './types.ts';

export const DEFAULT_WEBHOOK_TIMEOUT_MS = 5_000;
/** Waits before the second and the third attempt of an event. */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [60_000, 600_000];

/** One finished call the emulator made to a webhook receiver. */
export interface WebhookCall {
  kind: 'verification' | 'event';
  url: string;
  /** Events: 1 for the first try, then 2, 3 for the retries. Verifications: 1. */
  attempt: number;
  /** Events only: what was POSTed. */
  event?: WebhookEvent;
  /** The receiver's status; absent when it did not answer in time or could not be reached. */
  status?: number;
  /** Why there is no status: `timeout` or the connection error's message. */
  error?: string;
  /** True when the receiver answered exactly 200 in time. */
  ok: boolean;
}

export interface WebhookSenderOptions {
  timeoutMs: number;
  retryDelaysMs: readonly number[];
  /** The emulator's timers (dropped when it closes). */
  later(ms: number, task: () => void): () => void;
  /** Whether a client still receives events (false once its token is revoked). */
  receives(client: ClientState): boolean;
}

export interface WebhookSender {
  /** GETs the URL; true when it answered exactly 200 in time. */
  verify(url: string): Promise<boolean>;
  /** POSTs the item to the client's webhook, if it has one, retrying as the real service does. */
  deliver(client: ClientState, account: string, item: StatementItem): void;
  calls(): WebhookCall[];
  resetCalls(): void;
  /** Aborts calls in flight; retries still waiting are the emulator's timers and die with it. */
  close(): void;
}

export function webhookSender(options: WebhookSenderOptions): WebhookSender {
  const closing = new AbortController();
  let log: WebhookCall[] = [];

  /** One HTTP call to a receiver; redirects are not followed (a 3xx is not 200). */
  async function call(record: Omit<WebhookCall, 'ok' | 'status' | 'error'>, init: RequestInit): Promise<WebhookCall> {
    const entry: WebhookCall = { ...record, ok: false };
    const timeout = AbortSignal.timeout(options.timeoutMs);
    try {
      const response = await fetch(record.url, {
        ...init,
        redirect: 'manual',
        signal: AbortSignal.any([closing.signal, timeout]),
      });
      await response.body?.cancel();
      entry.status = response.status;
      entry.ok = response.status === 200;
    } catch (error) {
      entry.error = timeout.aborted ? 'timeout' : error instanceof Error ? error.message : String(error);
    }
    if (!closing.signal.aborted) log.push(entry);
    return entry;
  }

  function attempt(client: ClientState, url: string, event: WebhookEvent, number: number): void {
    const body = JSON.stringify(event);
    const sent = call(
      { kind: 'event', url, attempt: number, event: structuredClone(event) },
      { method: 'POST', headers: { 'content-type': 'application/json' }, body },
    );
    void sent.then(({ ok }) => {
      if (ok || closing.signal.aborted) return;
      const stillSet = () => client.webHookUrl === url && options.receives(client);
      const delay = options.retryDelaysMs[number - 1];
      if (delay === undefined) {
        if (stillSet()) client.webHookUrl = '';
        return;
      }
      options.later(delay, () => {
        if (stillSet()) attempt(client, url, event, number + 1);
      });
    });
  }

  return {
    async verify(url) {
      return (await call({ kind: 'verification', url, attempt: 1 }, { method: 'GET' })).ok;
    },
    deliver(client, account, item) {
      if (!client.webHookUrl || !options.receives(client)) return;
      attempt(client, client.webHookUrl, { type: 'StatementItem', data: { account, statementItem: item } }, 1);
    },
    calls: () => structuredClone(log),
    resetCalls() {
      log = [];
    },
    close() {
      closing.abort();
    },
  };
}
