import { createHash, randomBytes } from 'node:crypto';
import {
  type Account,
  API_PREFIX,
  type BankUser,
  type LoadMonobankTransactionsResponse,
  type MerchantRule,
  type MonobankJob,
  type MonobankWebhookEvent,
  type SaveMerchantRuleResponse,
} from '@kopiyka/shared';
import { type MonobankClientInfo, MonobankError } from '../../integrations/monobank/client.ts';
import { AppError, notFound, validationError } from '../../lib/errors.ts';
import { type AccountsService, assertOwnAccount } from '../accounts/index.ts';
import type { RatesService } from '../rates/index.ts';
import { baseOf, setCategoryOf } from '../transactions/index.ts';
import { syncBankAccounts } from './bank-accounts.ts';
import {
  bankUserView,
  jobView,
  type MonobankDeps,
  requireBankUser,
  tokenInvalid,
  tooSoon,
  upstreamError,
  withTurn,
} from './bank-calls.ts';
import { estimateSeconds, type ImportWorker, planWindows, startImportWorker } from './jobs.ts';
import {
  type BankUserRow,
  deleteBankUser,
  deleteMerchantRule,
  failActiveJobs,
  forgetDeletedAccounts,
  insertBankUser,
  insertJob,
  insertWebhookEvent,
  requeueTokenFailures,
  selectActiveJobs,
  selectBankAccounts,
  selectBankUser,
  selectBankUserByWebhookSecret,
  selectBankUsersDueForSync,
  selectItemMerchant,
  selectJob,
  selectJobs,
  selectMerchantRules,
  selectMerchantTransactionIds,
  selectSyncStart,
  updateBankUser,
  upsertMerchantRule,
} from './queries.ts';
import { startWebhookInbox, type WebhookInbox } from './webhook-inbox.ts';

/** SPEC §9: the cards are read from the bank at most once an hour. */
export const REFRESH_THROTTLE_MS = 60 * 60_000;
/** SPEC §4/§9: a sync is due once the last one is older than this. */
export const SYNC_AFTER_MS = 30 * 60_000;
/** How far back a sync of an account with no bank transactions yet looks: one window. */
const FIRST_SYNC_SECONDS = 31 * 86_400;
const JOBS_LISTED = 20;

export interface LoadQuery {
  accountId?: number;
  /** Epoch milliseconds. */
  from?: number;
  to?: number;
}

export interface MonobankService {
  user(userId: number): Promise<BankUser>;
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
  /** Stores the event (applied right after); NOT_FOUND for an unknown secret, and nothing is stored. */
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

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The secret path segment of a webhook URL of ours, if it is one. */
const webhookSecretOf = (url: string) => /\/banks\/monobank\/webhook\/([^/?#]+)$/.exec(url)?.[1];

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
          [{ path, message: 'Monobank does not know this token' }],
        );
      }
      if (error.failure === 'rate-limit') throw tooSoon(new Date(clock.now().getTime() + deps.intervalMs), clock.now());
      throw upstreamError(error);
    }
  }

  /** Whether Monobank still calls our webhook (it switches one off after three failed deliveries). */
  function webhookState(row: BankUserRow, info: MonobankClientInfo): Partial<BankUserRow> {
    const secret = webhookSecretOf(info.webHookUrl);
    const ours = secret !== undefined && row.webhookSecretHash === sha256(secret);
    return ours ? { webhookEnabled: true } : { webhookEnabled: false, webhookSecretHash: null };
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

  /** Queues a statement import of the enabled bank accounts (or one), and tells the user's pages. */
  async function queueImport(
    userId: number,
    kind: 'import' | 'sync',
    query: LoadQuery,
  ): Promise<LoadMonobankTransactionsResponse> {
    const row = await requireBankUser(db, userId);
    if (row.tokenState === 'invalid') throw tokenInvalid();
    const bankAccounts = await selectBankAccounts(db, userId);
    let targets = bankAccounts.filter((account) => account.isEnabled);
    if (query.accountId !== undefined) {
      const chosen = bankAccounts.find((account) => account.accountId === query.accountId);
      if (!chosen) {
        await assertOwnAccount(db, userId, query.accountId).catch(() => {
          throw notFound('Account', 'accountId');
        });
        throw validationError('accountId', 'Only a Monobank account loads its statement from the bank');
      }
      if (!chosen.isEnabled) throw validationError('accountId', 'This account is turned off; turn it on to sync it');
      targets = [chosen];
    }
    if (targets.length === 0) throw validationError('accountId', 'No Monobank account is turned on');

    const now = clock.now();
    const active = await selectActiveJobs(db, userId);
    const ids = targets.map((account) => account.accountId);
    const remaining = (job: (typeof active)[number]) => job.windows.length - job.position;
    // Catching up (no `from`) while a job for these accounts is under way: that job is the answer.
    const covering =
      query.from === undefined ? active.find((job) => ids.every((id) => job.accountIds.includes(id))) : undefined;
    if (covering) {
      const ahead = active.filter((job) => job.id < covering.id).reduce((n, job) => n + remaining(job), 0);
      return {
        jobId: covering.id,
        windows: remaining(covering),
        estimatedSeconds: estimateSeconds(ahead, remaining(covering), deps.intervalMs, 0),
      };
    }

    const toSeconds = Math.floor(Math.min(query.to ?? now.getTime(), now.getTime()) / 1000);
    const windows = [];
    let fromSeconds = toSeconds;
    for (const account of targets) {
      const start =
        query.from !== undefined
          ? Math.floor(query.from / 1000)
          : Math.floor(
              ((await selectSyncStart(db, userId, account.accountId))?.getTime() ??
                now.getTime() - FIRST_SYNC_SECONDS * 1000) / 1000,
            );
      fromSeconds = Math.min(fromSeconds, start);
      windows.push(...planWindows([account.accountId], start, toSeconds));
    }
    windows.sort((a, b) => b.to - a.to || a.accountId - b.accountId);
    const job = await insertJob(db, {
      userId,
      kind,
      state: windows.length === 0 ? 'done' : 'queued',
      windows,
      accountIds: ids,
      fromTime: new Date(fromSeconds * 1000),
      toTime: new Date(toSeconds * 1000),
      total: windows.length,
      nextRunAt: now,
      finishedAt: windows.length === 0 ? now : null,
    });
    deps.events.publish(userId, { type: 'monobank.job', job: jobView(job) });
    worker.kick();
    // A catch-up of the bank's news counts as a sync: the periodic one need not repeat it.
    if (query.from === undefined) await updateBankUser(db, userId, { lastSyncAt: now });
    const ahead = active.reduce((n, other) => n + remaining(other), 0);
    const wait = (row.statementNextAt?.getTime() ?? 0) - now.getTime();
    return {
      jobId: job.id,
      windows: windows.length,
      estimatedSeconds: estimateSeconds(ahead, windows.length, deps.intervalMs, wait),
    };
  }

  async function registerWebhook(userId: number, row: BankUserRow): Promise<void> {
    if (!deps.publicUrl) {
      throw validationError(
        'enabled',
        'This server does not know the address Monobank can reach it at: set PUBLIC_URL and restart it.',
      );
    }
    const secret = randomBytes(24).toString('base64url');
    // Stored first: Monobank checks the address with a GET before it answers.
    await updateBankUser(db, userId, { webhookSecretHash: sha256(secret) });
    const url = `${deps.publicUrl}${API_PREFIX}/banks/monobank/webhook/${secret}`;
    let turn: Awaited<ReturnType<typeof withTurn<void>>>;
    try {
      turn = await withTurn(deps, userId, 'webhook', (token) => deps.client.setWebhook(token, url));
    } catch (error) {
      // Monobank keeps the address it had when a new one fails.
      await updateBankUser(db, userId, { webhookSecretHash: row.webhookSecretHash });
      if (error instanceof MonobankError && error.failure === 'rejected') {
        throw validationError(
          'enabled',
          `Monobank could not reach ${deps.publicUrl} (${error.description}). PUBLIC_URL must be an address Monobank can reach from the internet.`,
        );
      }
      throw error instanceof MonobankError ? upstreamError(error) : error;
    }
    if ('freeAt' in turn) {
      await updateBankUser(db, userId, { webhookSecretHash: row.webhookSecretHash });
      throw tooSoon(turn.freeAt, clock.now());
    }
    await updateBankUser(db, userId, { webhookEnabled: true });
  }

  async function unregisterWebhook(userId: number): Promise<void> {
    let turn: Awaited<ReturnType<typeof withTurn<void>>>;
    try {
      turn = await withTurn(deps, userId, 'webhook', (token) => deps.client.setWebhook(token, ''));
    } catch (error) {
      throw error instanceof MonobankError ? upstreamError(error) : error;
    }
    if ('freeAt' in turn) throw tooSoon(turn.freeAt, clock.now());
    await updateBankUser(db, userId, { webhookEnabled: false, webhookSecretHash: null });
  }

  async function userOfSecret(secret: string): Promise<number> {
    const owner = await selectBankUserByWebhookSecret(db, sha256(secret));
    if (!owner) throw notFound('Webhook');
    return owner.userId;
  }

  return {
    async user(userId) {
      return bankUserView(deps, await requireBankUser(db, userId));
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
      return {
        user: bankUserView(deps, await requireBankUser(db, userId)),
        accounts: await bankAccountsOf(userId, ids),
      };
    },

    async replaceToken(userId, { apiToken, name }) {
      const row = await requireBankUser(db, userId);
      const info = await clientInfoOf(apiToken, 'apiToken');
      if (info.clientId !== row.clientId) {
        throw validationError(
          'apiToken',
          `This token is another Monobank client's (${info.name}). Paste the token of ${row.name}, or disconnect Monobank first.`,
        );
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
        await registerWebhook(userId, await requireBankUser(db, userId)).catch((error: unknown) =>
          deps.log.warn({ err: error }, 'the webhook could not be set again for the new token'),
        );
      }
      return bankUserView(deps, await requireBankUser(db, userId));
    },

    async disconnect(userId) {
      const row = await requireBankUser(db, userId);
      if (row.webhookEnabled && row.tokenState === 'valid') {
        // Best effort: the pairing goes whether or not Monobank hears of it.
        await unregisterWebhook(userId).catch((error: unknown) =>
          deps.log.warn({ err: error }, 'the webhook could not be removed at Monobank'),
        );
      }
      const failed = await db.transaction(async (tx) => {
        const jobs = await failActiveJobs(
          tx,
          userId,
          'MONOBANK_USER_NOT_PAIRED',
          'Monobank was disconnected.',
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
      return queueImport(userId, 'import', query);
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
          { path: 'clientId', message: 'Not the connected Monobank client' },
        ]);
      }
      if (row.tokenState === 'invalid') throw tokenInvalid();
      if (enabled) await registerWebhook(userId, row);
      else await unregisterWebhook(userId);
      return bankUserView(deps, await requireBankUser(db, userId));
    },

    async verifyWebhook(secret) {
      await userOfSecret(secret);
    },

    async receiveWebhook(secret, event) {
      const userId = await userOfSecret(secret);
      await insertWebhookEvent(db, {
        userId,
        account: event.data.account,
        item: event.data.statementItem,
        receivedAt: clock.now(),
      });
      inbox.kick();
    },

    merchantRules(userId) {
      return selectMerchantRules(db, userId);
    },

    async saveMerchantRule(userId, { transactionId, applyToExisting }) {
      const found = await selectItemMerchant(db, userId, transactionId);
      if (!found) throw notFound('Bank transaction', 'transactionId');
      if (found.categoryId === null)
        throw validationError('transactionId', 'This transaction has no category to remember');
      const categoryId = found.categoryId;
      return db.transaction(async (tx) => {
        const rule = await upsertMerchantRule(tx, userId, found.merchant, categoryId);
        const updated = applyToExisting
          ? await setCategoryOf(tx, userId, await selectMerchantTransactionIds(tx, userId, found.merchant), categoryId)
          : 0;
        return { rule, updated };
      });
    },

    async deleteMerchantRule(userId, id) {
      if (!(await deleteMerchantRule(db, userId, id))) throw notFound('Merchant rule');
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
          await queueImport(userId, 'sync', {});
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
