import type {
  Account,
  BankUser,
  LoadMonobankTransactionsResponse,
  MerchantRule,
  MonobankJob,
  MonobankWebhookEvent,
  SaveMerchantRuleResponse,
} from '@kopiyka/shared';
import { issueAt } from '@kopiyka/shared';
import { type MonobankClientInfo, MonobankError } from '../../integrations/monobank/client.ts';
import { AppError, notFound, refusal, validationError } from '../../lib/errors.ts';
import type { AccountsService } from '../accounts/index.ts';
import type { RatesService } from '../rates/index.ts';
import { baseOf } from '../transactions/index.ts';
import { syncBankAccounts } from './bank-accounts.ts';
import {
  bankUserView,
  jobFailure,
  jobView,
  type MonobankDeps,
  requireBankUser,
  SYNC_AFTER_MS,
  tokenInvalid,
  tooSoon,
  upstreamError,
  withTurn,
} from './bank-calls.ts';
import { type ImportWorker, startImportWorker } from './jobs.ts';
import { createMerchantRules } from './merchant-rules.ts';
import {
  type BankUserRow,
  deleteBankUser,
  failActiveJobs,
  forgetDeletedAccounts,
  insertBankUser,
  requeueTokenFailures,
  selectBankUser,
  selectBankUsersDueForSync,
  selectJob,
  selectJobs,
  updateBankUser,
} from './queries.ts';
import { queueImport } from './statement-loads.ts';
import { registerWebhook, unregisterWebhook, userOfSecret, webhookState } from './webhook.ts';
import { startWebhookInbox, storeWebhookEvent, type WebhookInbox } from './webhook-inbox.ts';

/** The cards are read from the bank at most once an hour. */
export const REFRESH_THROTTLE_MS = 60 * 60_000;
const JOBS_LISTED = 20;

export interface LoadQuery {
  accountId?: number;
  /** Epoch milliseconds. */
  from?: number;
  to?: number;
}

export interface MonobankService {
  user(userId: number): Promise<BankUser>;
  /** Whether a client is paired: what GET /user says, so a client never asks for a pairing that is not there. */
  isConnected(userId: number): Promise<boolean>;
  pair(userId: number, token: string): Promise<{ user: BankUser; accounts: Account[] }>;
  replaceToken(userId: number, body: { apiToken: string; name?: string }): Promise<BankUser>;
  disconnect(userId: number): Promise<void>;
  refreshAccounts(userId: number): Promise<Account[]>;
  loadTransactions(userId: number, query: LoadQuery): Promise<LoadMonobankTransactionsResponse>;
  jobs(userId: number, onlyActive: boolean): Promise<MonobankJob[]>;
  job(userId: number, jobId: number): Promise<MonobankJob>;
  updateWebhook(userId: number, body: { clientId: string; enabled: boolean }): Promise<BankUser>;
  /** Monobank's GET check of the webhook address: NOT_FOUND for an unknown secret. */
  verifyWebhook(secret: string): Promise<void>;
  /**
   * Stores the event (applied right after); NOT_FOUND for an unknown secret, and nothing is stored.
   * An item dated ahead of the clock, or one beyond the user's waiting events, is answered alike and dropped.
   */
  receiveWebhook(secret: string, event: MonobankWebhookEvent): Promise<void>;
  merchantRules(userId: number): Promise<MerchantRule[]>;
  saveMerchantRule(
    userId: number,
    body: { transactionId: number; applyToExisting: boolean },
  ): Promise<SaveMerchantRuleResponse>;
  deleteMerchantRule(userId: number, id: number): Promise<void>;
  /** The periodic sync: paired clients whose last sync is older than 30 minutes are refreshed and caught up. */
  syncDue(): Promise<void>;
  stop(): Promise<void>;
}

export function createMonobankService(
  deps: MonobankDeps,
  rates: RatesService,
  accounts: AccountsService,
  background: boolean,
): MonobankService {
  const { db, clock } = deps;
  const worker: ImportWorker = startImportWorker(deps, rates, background);
  const inbox: WebhookInbox = startWebhookInbox(deps, rates, background);

  async function bankAccountsOf(userId: number, ids?: number[]): Promise<Account[]> {
    const all = (await accounts.list(userId)).filter((account) => account.type === 'monobank');
    return ids ? all.filter((account) => ids.includes(account.id)) : all;
  }

  /** client-info with a token not stored yet (pairing, a new token): Monobank's refusal in our words. */
  async function clientInfoOf(token: string, path: string): Promise<MonobankClientInfo> {
    try {
      return await deps.client.clientInfo(token);
    } catch (error) {
      if (!(error instanceof MonobankError)) throw error;
      if (error.failure === 'token') {
        throw new AppError(
          'MONOBANK_USER_TOKEN_INVALID',
          'Monobank does not know this token. Copy it again from api.monobank.ua.',
          [issueAt(path, 'monobank.tokenUnknown')],
        );
      }
      if (error.failure === 'rate-limit') throw tooSoon(new Date(clock.now().getTime() + deps.intervalMs), clock.now());
      throw upstreamError(error);
    }
  }

  async function refresh(userId: number, row: BankUserRow): Promise<void> {
    const now = clock.now();
    if (row.lastRefreshAt && now.getTime() - row.lastRefreshAt.getTime() < REFRESH_THROTTLE_MS) return;
    let turn: Awaited<ReturnType<typeof withTurn<MonobankClientInfo>>>;
    try {
      turn = await withTurn(deps, userId, 'client-info', (token) => deps.client.clientInfo(token));
    } catch (error) {
      throw error instanceof MonobankError ? upstreamError(error) : error;
    }
    // Read a moment ago by another caller: what it stored stands.
    if ('freeAt' in turn) return;
    await syncBankAccounts(db, deps.log, userId, turn.value, now);
    const changes = { lastRefreshAt: now, ...webhookState(row, turn.value) };
    await updateBankUser(db, userId, changes);
    if (changes.webhookEnabled !== row.webhookEnabled) {
      deps.events.publish(userId, { type: 'monobank.user', user: bankUserView(deps, { ...row, ...changes }) });
    }
  }

  return {
    ...createMerchantRules(db),

    async user(userId) {
      return bankUserView(deps, await requireBankUser(db, userId));
    },

    async isConnected(userId) {
      return (await selectBankUser(db, userId)) !== undefined;
    },

    async pair(userId, token) {
      if (await selectBankUser(db, userId)) throw alreadyConnected();
      await baseOf(db, userId);
      const info = await clientInfoOf(token, 'token');
      const now = clock.now();
      const inserted = await insertBankUser(db, {
        userId,
        clientId: info.clientId,
        name: info.name.trim().slice(0, 100) || 'Monobank',
        tokenSealed: deps.secrets.seal(token),
        lastRefreshAt: now,
        // The person chooses how far back to import next; the periodic sync must not start its own.
        lastSyncAt: now,
        clientInfoNextAt: new Date(now.getTime() + deps.intervalMs),
      });
      if (!inserted) throw alreadyConnected();
      await forgetDeletedAccounts(db, userId);
      const ids = await syncBankAccounts(db, deps.log, userId, info, now);
      // Live updates are on from the start wherever Monobank can reach this app (docs/decisions.md,
      // "Live updates on connect"); the pairing stands whether or not Monobank agrees.
      if (deps.publicUrl) {
        await registerWebhook(deps, userId, await requireBankUser(db, userId)).catch((error: unknown) =>
          deps.log.warn({ err: error }, 'the webhook could not be set on connect'),
        );
      }
      return {
        user: bankUserView(deps, await requireBankUser(db, userId)),
        accounts: await bankAccountsOf(userId, ids),
      };
    },

    async replaceToken(userId, { apiToken, name }) {
      const row = await requireBankUser(db, userId);
      const info = await clientInfoOf(apiToken, 'apiToken');
      if (info.clientId !== row.clientId) {
        throw validationError('apiToken', 'monobank.tokenOfAnotherClient', { client: info.name, connected: row.name });
      }
      const now = clock.now();
      await updateBankUser(db, userId, {
        tokenSealed: deps.secrets.seal(apiToken),
        tokenState: 'valid',
        name: name ?? (info.name.trim().slice(0, 100) || row.name),
        lastRefreshAt: now,
        // A new token has turns of its own; its webhook is a new one to set.
        clientInfoNextAt: new Date(now.getTime() + deps.intervalMs),
        statementNextAt: null,
        webhookNextAt: null,
        webhookEnabled: false,
        webhookSecretHash: null,
      });
      await syncBankAccounts(db, deps.log, userId, info, now);
      for (const job of await requeueTokenFailures(db, userId, now)) {
        deps.events.publish(userId, { type: 'monobank.job', job: jobView(job) });
      }
      worker.kick();
      if (row.webhookEnabled && deps.publicUrl) {
        await registerWebhook(deps, userId, await requireBankUser(db, userId)).catch((error: unknown) =>
          deps.log.warn({ err: error }, 'the webhook could not be set again for the new token'),
        );
      }
      return bankUserView(deps, await requireBankUser(db, userId));
    },

    async disconnect(userId) {
      const row = await requireBankUser(db, userId);
      if (row.webhookEnabled && row.tokenState === 'valid') {
        // Best effort: the pairing goes whether or not Monobank hears of it.
        await unregisterWebhook(deps, userId).catch((error: unknown) =>
          deps.log.warn({ err: error }, 'the webhook could not be removed at Monobank'),
        );
      }
      const failed = await db.transaction(async (tx) => {
        const jobs = await failActiveJobs(
          tx,
          userId,
          jobFailure(refusal('MONOBANK_USER_NOT_PAIRED', 'jobId', 'monobank.disconnected')),
          clock.now(),
        );
        await deleteBankUser(tx, userId);
        return jobs;
      });
      for (const job of failed) deps.events.publish(userId, { type: 'monobank.job', job: jobView(job) });
    },

    async refreshAccounts(userId) {
      const row = await requireBankUser(db, userId);
      if (row.tokenState === 'invalid') throw tokenInvalid();
      await refresh(userId, row);
      return bankAccountsOf(userId);
    },

    loadTransactions(userId, query) {
      return queueImport(deps, worker, userId, 'import', query);
    },

    async jobs(userId, onlyActive) {
      return (await selectJobs(db, userId, onlyActive, JOBS_LISTED)).map(jobView);
    },

    async job(userId, jobId) {
      const row = await selectJob(db, userId, jobId);
      if (!row) throw notFound('Job');
      return jobView(row);
    },

    async updateWebhook(userId, { clientId, enabled }) {
      const row = await requireBankUser(db, userId);
      if (clientId !== row.clientId) {
        throw new AppError('MONOBANK_USER_NOT_EXIST', `No Monobank client ${clientId} is connected.`, [
          issueAt('clientId', 'monobank.notConnectedClient'),
        ]);
      }
      if (row.tokenState === 'invalid') throw tokenInvalid();
      if (enabled) await registerWebhook(deps, userId, row);
      else await unregisterWebhook(deps, userId);
      return bankUserView(deps, await requireBankUser(db, userId));
    },

    async verifyWebhook(secret) {
      await userOfSecret(db, secret);
    },

    async receiveWebhook(secret, event) {
      const userId = await userOfSecret(db, secret);
      if (await storeWebhookEvent(deps, userId, event)) inbox.kick();
    },

    async syncDue() {
      const now = clock.now();
      for (const { userId } of await selectBankUsersDueForSync(db, new Date(now.getTime() - SYNC_AFTER_MS))) {
        await updateBankUser(db, userId, { lastSyncAt: now });
        try {
          const row = await requireBankUser(db, userId);
          await refresh(userId, row).catch((error: unknown) => {
            // A refused token ends the sync; a slow bank only delays the balances.
            if (error instanceof AppError && error.code === 'MONOBANK_USER_TOKEN_INVALID') throw error;
            deps.log.warn({ err: error, userId }, 'the periodic refresh failed');
          });
          await queueImport(deps, worker, userId, 'sync', {});
        } catch (error) {
          if (error instanceof AppError) continue;
          deps.log.error({ err: error, userId }, 'the periodic sync failed');
        }
      }
    },

    async stop() {
      await Promise.all([worker.stop(), inbox.stop()]);
    },
  };
}

const alreadyConnected = () =>
  new AppError(
    'MONOBANK_USER_ALREADY_CONNECTED',
    'Monobank is connected already. Disconnect it first to connect another client.',
  );
