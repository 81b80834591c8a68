/**
 * Every call made with a paired client's token goes through here: it waits its turn (Monobank
 * allows one call a minute per token and endpoint, across all of this app's instances), and a
 * refused token marks the pairing invalid at once, for every caller alike.
 */
import type { BankUser, MonobankJob } from '@kopiyka/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { type MonobankClient, MonobankError } from '../../integrations/monobank/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, refusal, storedIssueOf } from '../../lib/errors.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import type { EventBus } from '../events/index.ts';
import {
  type BankUserRow,
  claimCallSlot,
  type JobFailure,
  type JobRow,
  type MonobankEndpoint,
  pushCallSlot,
  selectBankUser,
  updateBankUser,
} from './queries.ts';

/** What the monobank module's parts share, built once in app.ts. */
export interface MonobankDeps {
  db: Database;
  client: MonobankClient;
  secrets: SecretBox;
  events: EventBus;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The time between two calls with one token to one endpoint: Monobank's interval and a margin ({@link callSpacing}). */
  intervalMs: number;
  /** The first wait after Monobank failed to answer; it doubles with each failure in a row. */
  retryAfterFailureMs: number;
  /** How many webhook events of one user may wait to be applied; tests lower it. */
  webhookEventsWaitingPerUser?: number;
  /** Where Monobank reaches this app (the webhook); undefined: no webhook. */
  publicUrl?: string;
  /**
   * The embedded database: this process is the only instance, so a job lease left by a process
   * that died (kill -9 mid-call) is released at start instead of waited out.
   */
  singleInstance: boolean;
}

/**
 * How far apart this server spaces a token's calls: Monobank's interval and a little more. Spaced
 * exactly at the interval, a call that reaches Monobank a few milliseconds sooner than the one
 * before did is refused, and a refusal costs a whole interval more.
 */
export function callSpacing(intervalMs: number): number {
  return intervalMs > 0 ? intervalMs + Math.max(250, Math.ceil(intervalMs * 0.02)) : 0;
}

export const notPaired = () =>
  new AppError('MONOBANK_USER_NOT_PAIRED', 'Monobank is not connected. Connect it with your personal token first.');

export const tokenInvalid = () => refusal('MONOBANK_USER_TOKEN_INVALID', 'apiToken', 'monobank.tokenRefused');

/** A failed call, as an API answer: Monobank's own words where it gave a reason, 502 when it gave none. */
export function upstreamError(error: MonobankError): AppError {
  return new AppError('BAD_GATEWAY', `Monobank did not answer as expected: ${error.description}. Try again later.`);
}

/** The periodic sync catches a paired client up once its last sync is older than this. */
export const SYNC_AFTER_MS = 30 * 60_000;

export function bankUserView(deps: MonobankDeps, row: BankUserRow): BankUser {
  return {
    name: row.name,
    clientId: row.clientId,
    tokenState: row.tokenState,
    webhookEnabled: row.webhookEnabled,
    webhookAvailable: deps.publicUrl !== undefined,
    lastRefreshAt: row.lastRefreshAt?.toISOString() ?? null,
    requestIntervalMs: deps.intervalMs,
    nextSyncAt: row.lastSyncAt ? new Date(row.lastSyncAt.getTime() + SYNC_AFTER_MS).toISOString() : null,
  };
}

/** The columns that say why a job stopped on `error`. */
export const jobFailure = (error: AppError): JobFailure => ({
  errorCode: String(error.code),
  errorMessage: error.message,
  errorIssue: storedIssueOf(error),
});

export function jobView(row: JobRow): MonobankJob {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    done: row.done,
    total: row.total,
    imported: row.imported,
    updated: row.updated,
    accountIds: row.accountIds,
    from: row.fromTime.toISOString(),
    to: row.toTime.toISOString(),
    nextRunAt: row.state === 'queued' || row.state === 'running' ? row.nextRunAt.toISOString() : null,
    error: row.errorCode
      ? {
          code: row.errorCode,
          message: row.errorMessage ?? '',
          ...(row.errorIssue ? { issue: row.errorIssue } : {}),
        }
      : null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function requireBankUser(db: Database, userId: number): Promise<BankUserRow> {
  const row = await selectBankUser(db, userId);
  if (!row) throw notPaired();
  return row;
}

/** The pairing's token stops working for everyone; open pages learn it from an event. */
export async function markTokenInvalid(deps: MonobankDeps, userId: number): Promise<void> {
  await updateBankUser(deps.db, userId, { tokenState: 'invalid' });
  const row = await selectBankUser(deps.db, userId);
  if (row) deps.events.publish(userId, { type: 'monobank.user', user: bankUserView(deps, row) });
}

export type Turn<T> = { value: T } | { freeAt: Date };

/**
 * Makes one call with the user's token once the endpoint's turn is free, or answers when it will
 * be. A refused token marks the pairing invalid and throws MONOBANK_USER_TOKEN_INVALID; a 429
 * (another client of the token got there first) pushes the turn a whole interval on. Other
 * failures are thrown as MonobankError, for the caller to answer or retry.
 */
export async function withTurn<T>(
  deps: MonobankDeps,
  userId: number,
  endpoint: MonobankEndpoint,
  call: (token: string) => Promise<T>,
): Promise<Turn<T>> {
  const row = await requireBankUser(deps.db, userId);
  if (row.tokenState === 'invalid') throw tokenInvalid();
  const now = deps.clock.now();
  const turn = await claimCallSlot(deps.db, userId, endpoint, now, deps.intervalMs);
  if (!turn.taken) return { freeAt: turn.freeAt ?? now };
  try {
    return { value: await call(deps.secrets.open(row.tokenSealed)) };
  } catch (error) {
    if (!(error instanceof MonobankError)) throw error;
    if (error.failure === 'token') {
      await markTokenInvalid(deps, userId);
      throw tokenInvalid();
    }
    if (error.failure === 'rate-limit') {
      // Monobank counts from its own last call; with no interval set, still a short while.
      const freeAt = new Date(deps.clock.now().getTime() + (deps.intervalMs || deps.retryAfterFailureMs));
      await pushCallSlot(deps.db, userId, endpoint, freeAt);
      return { freeAt };
    }
    throw error;
  }
}

/** A 429 for a call a person is waiting on, saying when to try again. */
export function tooSoon(freeAt: Date, now: Date): AppError {
  const seconds = Math.max(1, Math.ceil((freeAt.getTime() - now.getTime()) / 1000));
  return new AppError(
    'TOO_MANY_REQUESTS',
    `Monobank takes one request a minute with your token. Try again in ${seconds} s.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
}
