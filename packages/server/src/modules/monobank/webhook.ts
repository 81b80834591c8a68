/** Monobank's webhook: registering our address with the bank, and knowing a delivery by its secret. */
import { createHash, randomBytes } from 'node:crypto';
import { API_PREFIX } from '@kopiyka/shared';
import type { Executor } from '../../db/client.ts';
import { type MonobankClientInfo, MonobankError } from '../../integrations/monobank/client.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { type MonobankDeps, tooSoon, upstreamError, withTurn } from './bank-calls.ts';
import { type BankUserRow, selectBankUserByWebhookSecret, updateBankUser } from './queries.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** The secret path segment of a webhook URL of ours, if it is one. */
const webhookSecretOf = (url: string) => /\/banks\/monobank\/webhook\/([^/?#]+)$/.exec(url)?.[1];

/** Whether Monobank still calls our webhook (it switches one off after three failed deliveries). */
export function webhookState(row: BankUserRow, info: MonobankClientInfo): Partial<BankUserRow> {
  const secret = webhookSecretOf(info.webHookUrl);
  const ours = secret !== undefined && row.webhookSecretHash === sha256(secret);
  return ours ? { webhookEnabled: true } : { webhookEnabled: false, webhookSecretHash: null };
}

export async function registerWebhook(deps: MonobankDeps, userId: number, row: BankUserRow): Promise<void> {
  const { db, clock } = deps;
  if (!deps.publicUrl) {
    throw validationError('enabled', 'monobank.noPublicUrl');
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
      throw validationError('enabled', 'monobank.unreachableUrl', {
        url: deps.publicUrl,
        reason: error.description,
      });
    }
    throw error instanceof MonobankError ? upstreamError(error) : error;
  }
  if ('freeAt' in turn) {
    await updateBankUser(db, userId, { webhookSecretHash: row.webhookSecretHash });
    throw tooSoon(turn.freeAt, clock.now());
  }
  await updateBankUser(db, userId, { webhookEnabled: true });
}

export async function unregisterWebhook(deps: MonobankDeps, userId: number): Promise<void> {
  const { db, clock } = deps;
  let turn: Awaited<ReturnType<typeof withTurn<void>>>;
  try {
    turn = await withTurn(deps, userId, 'webhook', (token) => deps.client.setWebhook(token, ''));
  } catch (error) {
    throw error instanceof MonobankError ? upstreamError(error) : error;
  }
  if ('freeAt' in turn) throw tooSoon(turn.freeAt, clock.now());
  await updateBankUser(db, userId, { webhookEnabled: false, webhookSecretHash: null });
}

export async function userOfSecret(db: Executor, secret: string): Promise<number> {
  const owner = await selectBankUserByWebhookSecret(db, sha256(secret));
  if (!owner) throw notFound('Webhook');
  return owner.userId;
}
