/**
 * Webhook events are stored as they arrive and answered at once (Monobank wants 200 within 5 s;
 * valuing an item may ask a rate provider). This applies them in arrival order, right after, or
 * after a restart; an event that cannot be applied yet (no rate) is tried again a few times.
 */
import { monobankStatementItemSchema } from '@kopiyka/shared';
import { drain } from '../../lib/drain.ts';
import { AppError } from '../../lib/errors.ts';
import type { RatesService } from '../rates/index.ts';
import type { MonobankDeps } from './bank-calls.ts';
import {
  finishWebhookEvent,
  retryWebhookEventLater,
  selectBankAccountByExternalId,
  selectPendingWebhookEvents,
} from './queries.ts';
import { announceApplied, applyStatementItems } from './statement-items.ts';

const BATCH = 50;
const MAX_ATTEMPTS = 5;
/** How often leftover events (a restart, a failed attempt) are looked at again. */
const POLL_MS = 30_000;

export interface WebhookInbox {
  kick(): void;
  stop(): Promise<void>;
}

export function startWebhookInbox(deps: MonobankDeps, rates: RatesService, poll: boolean): WebhookInbox {
  let stopped = false;

  async function applyPending(): Promise<void> {
    // Events failing for now are passed over until the next run, not retried in a loop.
    const tried = new Set<number>();
    while (!stopped) {
      const pending = (await selectPendingWebhookEvents(deps.db, BATCH + tried.size)).filter((e) => !tried.has(e.id));
      if (pending.length === 0) return;
      for (const event of pending) {
        if (stopped) return;
        tried.add(event.id);
        await apply(event).catch((error: unknown) =>
          deps.log.error({ err: error, eventId: event.id }, 'a webhook event could not be applied'),
        );
      }
    }
  }

  async function apply(event: Awaited<ReturnType<typeof selectPendingWebhookEvents>>[number]): Promise<void> {
    const now = () => deps.clock.now();
    const account = await selectBankAccountByExternalId(deps.db, event.userId, event.account);
    // A card opened since the last refresh, or one the person deleted: the next sync takes care.
    if (!account) return finishWebhookEvent(deps.db, event.id, now(), 'no such bank account');
    if (!account.isEnabled) return finishWebhookEvent(deps.db, event.id, now(), 'the account is turned off');
    const item = monobankStatementItemSchema.parse(event.item);
    try {
      const applied = await applyStatementItems(deps.db, rates, event.userId, account, [item], (tx) =>
        finishWebhookEvent(tx, event.id, now(), null),
      );
      announceApplied(deps.events, event.userId, 'webhook', account.accountId, applied);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (event.attempts + 1 >= MAX_ATTEMPTS) return finishWebhookEvent(deps.db, event.id, now(), error.message);
      return retryWebhookEventLater(deps.db, event.id, error.message);
    }
  }

  const inbox = drain(applyPending, (error) => deps.log.error({ err: error }, 'the webhook inbox failed'));

  const timer = poll ? setInterval(inbox.kick, POLL_MS) : undefined;
  timer?.unref();
  if (poll) inbox.kick();
  return {
    kick: inbox.kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await inbox.stop();
    },
  };
}
