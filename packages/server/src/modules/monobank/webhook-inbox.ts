/**
 * Webhook events are stored as they arrive and answered at once (Monobank wants 200 within 5 s;
 * valuing an item may ask a rate provider). This applies them in arrival order, right after, or
 * after a restart; an event that cannot be applied yet (no rate) is tried again a few times. An
 * event is deleted once applied or given up, so the inbox holds only what waits.
 */
import { type MonobankWebhookEvent, monobankStatementItemSchema } from '@kopiyka/shared';
import { type LeasedWorker, startLeasedWorker } from '../../jobs/leased-worker.ts';
import { claimTask, releaseTask, renewTask } from '../../jobs/scheduler-queries.ts';
import { AppError } from '../../lib/errors.ts';
import type { RatesService } from '../rates/index.ts';
import type { MonobankDeps } from './bank-calls.ts';
import {
  countWebhookEvents,
  deleteWebhookEvent,
  insertWebhookEvent,
  retryWebhookEventLater,
  selectBankAccountByExternalId,
  selectPendingWebhookEvents,
} from './queries.ts';
import { announceApplied, applyStatementItems } from './statement-items.ts';

const MAX_ATTEMPTS = 5;
/** How often leftover events (a restart, a failed attempt) are looked at again. */
const POLL_MS = 30_000;
/**
 * The inbox is applied by one instance at a time, in arrival order, under one lease (a row of the
 * scheduler's leases), long enough for an event that waits on a rate provider. Applying an event
 * is idempotent (a bank item is stored once by its id), so a holder that stalled past its lease
 * and finishes its event after another instance took over does no harm.
 */
const INBOX_LEASE = 'monobank-webhook-inbox';
const LEASE_MS = 60_000;

/**
 * How far ahead of our clock an item may be dated: clocks differ a little, but an item dated later
 * would state the account's balance from then on, and no real purchase after it could correct it.
 */
export const WEBHOOK_FUTURE_TOLERANCE_MS = 5 * 60_000;
/** The events of one user that may wait at once; the periodic sync brings in whatever is left out. */
const WEBHOOK_EVENTS_WAITING_PER_USER = 1_000;

type WebhookEvent = Awaited<ReturnType<typeof selectPendingWebhookEvents>>[number];

export type WebhookInbox = LeasedWorker;

/**
 * Keeps an event for the inbox, unless its item is dated too far ahead or the user has too many
 * waiting already. Refused ones are answered as received all the same: Monobank switches off a
 * webhook that answers anything but 200 three times, and the periodic sync reads the statement.
 * Answers whether the event was kept.
 */
export async function storeWebhookEvent(
  deps: MonobankDeps,
  userId: number,
  event: MonobankWebhookEvent,
): Promise<boolean> {
  const waitingPerUser = deps.webhookEventsWaitingPerUser ?? WEBHOOK_EVENTS_WAITING_PER_USER;
  const now = deps.clock.now();
  const item = event.data.statementItem;
  if (item.time * 1000 > now.getTime() + WEBHOOK_FUTURE_TOLERANCE_MS) {
    deps.log.warn({ userId, itemTime: new Date(item.time * 1000).toISOString() }, 'a webhook item dated ahead refused');
    return false;
  }
  if ((await countWebhookEvents(deps.db, userId)) >= waitingPerUser) {
    deps.log.warn({ userId, waiting: waitingPerUser }, 'a webhook event left out: too many wait already');
    return false;
  }
  await insertWebhookEvent(deps.db, { userId, account: event.data.account, item, receivedAt: now });
  return true;
}

export function startWebhookInbox(deps: MonobankDeps, rates: RatesService, poll: boolean): WebhookInbox {
  /** Events failing for now are passed over until the next pass, not retried in a loop. */
  let tried = new Set<number>();

  /** The first pending event this pass has not tried. */
  async function untried(): Promise<WebhookEvent | undefined> {
    return (await selectPendingWebhookEvents(deps.db, tried.size + 1)).find((e) => !tried.has(e.id));
  }

  /**
   * The inbox's lease, and the first event this pass has not tried, looked up again under the
   * lease; nothing (the lease let go) ends the pass. An empty inbox leaves the lease alone.
   */
  async function claim(terms: { now: Date; until: Date }): Promise<WebhookEvent | undefined> {
    // Due whenever nobody holds it. Held by another instance: that one applies what is pending.
    if (!(await untried()) || !(await claimTask(deps.db, terms.now, INBOX_LEASE, 0, LEASE_MS))) {
      tried = new Set();
      return undefined;
    }
    let event: WebhookEvent | undefined;
    try {
      event = await untried();
    } finally {
      if (!event) await releaseTask(deps.db, INBOX_LEASE, terms.until);
    }
    if (event) tried.add(event.id);
    else tried = new Set();
    return event;
  }

  /** Deletes an event that will not be applied, saying why in the log. */
  async function giveUp(event: WebhookEvent, reason: string): Promise<void> {
    deps.log.warn({ eventId: event.id, userId: event.userId, reason }, 'a webhook event given up');
    await deleteWebhookEvent(deps.db, event.id);
  }

  async function apply(event: WebhookEvent): Promise<void> {
    const account = await selectBankAccountByExternalId(deps.db, event.userId, event.account);
    // A card opened since the last refresh, or one the person deleted: the next sync takes care.
    if (!account) return giveUp(event, 'no such bank account');
    if (!account.isEnabled) return giveUp(event, 'the account is turned off');
    const item = monobankStatementItemSchema.parse(event.item);
    try {
      const applied = await applyStatementItems(deps.db, rates, event.userId, account, [item], (tx) =>
        deleteWebhookEvent(tx, event.id),
      );
      announceApplied(deps.events, event.userId, 'webhook', account.accountId, applied);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (event.attempts + 1 >= MAX_ATTEMPTS) return giveUp(event, error.message);
      return retryWebhookEventLater(deps.db, event.id, error.message);
    }
  }

  return startLeasedWorker<WebhookEvent>(
    {
      name: 'webhook inbox',
      leaseMs: LEASE_MS,
      pollMs: POLL_MS,
      claim,
      renew: (_event, lease, until) => renewTask(deps.db, INBOX_LEASE, lease.until, until),
      work: apply,
      async finish(event, lease, failure) {
        if (failure) deps.log.error({ err: failure.error, eventId: event.id }, 'a webhook event could not be applied');
        await releaseTask(deps.db, INBOX_LEASE, lease.until);
      },
      beforeFirst: deps.singleInstance ? () => releaseTask(deps.db, INBOX_LEASE) : undefined,
      describe: (event) => ({ eventId: event.id }),
    },
    { clock: deps.clock, log: deps.log, poll, passAtStart: poll },
  );
}
