import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ids } from '../../../test/app.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import {
  addBankClient,
  allTransactions,
  type BankWorld,
  openEventStream,
  pairUser,
  startBankWorld,
} from '../../../test/monobank.ts';

const lines: string[] = [];
/** Every bank token and webhook address of the file, for the log check at its end. */
const secrets: string[] = [];
let world: BankWorld;
beforeAll(async () => {
  world = await startBankWorld(
    { webhookRetryDelaysMs: [50, 100], webhookTimeoutMs: 3_000 },
    { logLevel: 'trace' },
    { listen: true, logStream: { write: (line) => lines.push(line) } },
  );
});
afterAll(() => world.close());

const api = (path: string) => `/api/v1/banks/monobank${path}`;

/** A paired user with one UAH card: connecting turned the webhook on. Answers the webhook's URL as Monobank has it. */
async function withWebhook(balance = 1_000_000) {
  const { t, bank } = world;
  const { token } = addBankClient(bank, { accounts: [{ id: 'card', balance }] });
  const user = await pairUser(t, token);
  expect(user.pairing.user).toMatchObject({ webhookEnabled: true, webhookAvailable: true });
  const hook = bank.clientInfo(token).webHookUrl;
  secrets.push(token, hook.split('/').pop()!);
  return { token, user, hook, accountId: user.pairing.accounts[0]!.id };
}

describe('the webhook', () => {
  it('is registered at PUBLIC_URL on connect, with a secret path Monobank checks with a GET first', async () => {
    const { bank } = world;
    bank.resetWebhookCalls();
    const { hook } = await withWebhook();
    expect(hook).toMatch(new RegExp(`^${world.url}/api/v1/banks/monobank/webhook/[A-Za-z0-9_-]{32}$`));
    expect(bank.webhookCalls()).toEqual([
      expect.objectContaining({ kind: 'verification', url: hook, status: 200, ok: true }),
    ]);
    // The check answers exactly 200; a wrong secret answers 404.
    expect((await fetch(hook)).status).toBe(200);
    const wrong = await fetch(`${world.url}/api/v1/banks/monobank/webhook/not-a-secret`);
    expect(wrong.status).toBe(404);
  });

  it('stores a new purchase within Monobank’s 5 s, tells the user’s open pages, and counts it once however often it comes', async () => {
    const { bank, t } = world;
    const { token, user, hook, accountId } = await withWebhook(1_000_000);
    const stream = await openEventStream(world.url!, user.token);
    try {
      expect(stream.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      const item = bank.emitPurchase({ token, amount: -12_000, description: 'Uklon', mcc: 4121 });
      await vi.waitFor(
        () =>
          expect(stream.received).toContainEqual({
            type: 'monobank.transactions',
            source: 'webhook',
            count: 1,
            updated: 0,
            accountIds: [accountId],
          }),
        { timeout: 10_000 },
      );
      expect(bank.webhookCalls().filter((call) => call.kind === 'event')).toEqual([
        expect.objectContaining({ status: 200, ok: true, attempt: 1 }),
      ]);
      const [tx] = await allTransactions(t, user.token);
      expect(tx).toMatchObject({ externalId: item.id, amount: 12_000, transactionType: 'expense', note: 'Uklon' });

      // Monobank delivers again (a retry whose first answer it missed): the same row, nothing added.
      const again = await fetch(hook, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'StatementItem', data: { account: 'card', statementItem: item } }),
      });
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual({ status: 'success', response: { ok: true } });
      await vi.waitFor(async () => {
        const pending = await t.handle.db.execute(
          'select count(*)::int as n from monobank_webhook_events where processed_at is null',
        );
        expect((pending as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
      });
      expect(await allTransactions(t, user.token)).toHaveLength(1);
      const account = (await t.call('GET', `/api/v1/accounts/${accountId}`, { token: user.token })).body.response;
      expect(account.currentBalance).toBe(1_000_000 - 12_000);
      expect(await ledgerProblems(t, user.id)).toEqual([]);
    } finally {
      await stream.close();
    }
  });

  it('takes a hold that settles at another amount as a change of its row, with the balance the bank states', async () => {
    const { bank, t } = world;
    const { token, user, accountId } = await withWebhook(500_000);
    const hold = bank.emitPurchase({ token, amount: -20_000, description: 'Bolt', mcc: 4121, hold: true });
    await vi.waitFor(async () => expect(await allTransactions(t, user.token)).toHaveLength(1));
    bank.settleHold(hold.id, { amount: -17_500 });
    await vi.waitFor(async () => {
      const [tx] = await allTransactions(t, user.token);
      expect(tx).toMatchObject({ externalId: hold.id, amount: 17_500 });
    });
    expect(await allTransactions(t, user.token)).toHaveLength(1);
    const account = (await t.call('GET', `/api/v1/accounts/${accountId}`, { token: user.token })).body.response;
    expect(account.currentBalance).toBe(500_000 - 17_500);
    expect(await ledgerProblems(t, user.id)).toEqual([]);
  });

  it('leaves a purchase marked as a transfer as it is when Monobank delivers it again', async () => {
    const { bank, t } = world;
    const { token, user, hook, accountId } = await withWebhook(1_000_000);
    const savings = await t.call('POST', '/api/v1/accounts', {
      token: user.token,
      body: { name: 'Savings', currencyId: ids.get('UAH'), initialBalance: 0 },
    });
    const item = bank.emitPurchase({ token, amount: -50_000, description: 'На картку', mcc: 4829 });
    await vi.waitFor(async () => expect(await allTransactions(t, user.token)).toHaveLength(1));
    const [row] = await allTransactions(t, user.token);
    const marked = await t.call('PUT', `/api/v1/transactions/${row!.id}`, {
      token: user.token,
      body: { transferNature: 'transfer_between_user_accounts', destinationAccountId: savings.body.response.id },
    });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);

    const again = await fetch(hook, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'StatementItem', data: { account: 'card', statementItem: item } }),
    });
    expect(again.status).toBe(200);
    await vi.waitFor(async () => {
      const pending = await t.handle.db.execute(
        'select count(*)::int as n from monobank_webhook_events where processed_at is null',
      );
      expect((pending as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
    });
    const rows = await allTransactions(t, user.token);
    expect(rows.map((tx) => [tx.accountId, tx.amount, tx.transferNature, tx.transferId])).toEqual(
      expect.arrayContaining([
        [accountId, 50_000, 'transfer_between_user_accounts', marked.body.response[0].transferId],
        [savings.body.response.id, 50_000, 'transfer_between_user_accounts', marked.body.response[0].transferId],
      ]),
    );
    expect(rows).toHaveLength(2);
    const balanceOf = async (id: number) =>
      (await t.call('GET', `/api/v1/accounts/${id}`, { token: user.token })).body.response.currentBalance;
    expect([await balanceOf(accountId), await balanceOf(savings.body.response.id)]).toEqual([950_000, 50_000]);
    expect(await ledgerProblems(t, user.id)).toEqual([]);
  });

  it('answers 404 to a wrong secret and stores nothing; a malformed event is a VALIDATION_ERROR', async () => {
    const { t } = world;
    const { user, hook } = await withWebhook();
    const event = {
      type: 'StatementItem',
      data: {
        account: 'card',
        statementItem: {
          id: 'forged',
          time: 1_767_182_400,
          description: 'x',
          mcc: 5411,
          hold: false,
          amount: -1,
          operationAmount: -1,
          currencyCode: 980,
          commissionRate: 0,
          cashbackAmount: 0,
          balance: 0,
        },
      },
    };
    const wrong = await t.call('POST', api('/webhook/guessed-secret'), { body: event });
    expect(wrong.status).toBe(404);
    expect(wrong.body.response.code).toBe('NOT_FOUND');
    const secret = hook.split('/').pop();
    for (const body of [
      { type: 'StatementItem' },
      { ...event, type: 'Other' },
      { ...event, data: { ...event.data, statementItem: { id: 'x' } } },
    ]) {
      const res = await t.call('POST', api(`/webhook/${secret}`), { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.response.code).toBe('VALIDATION_ERROR');
    }
    const stored = await t.handle.db.execute(
      `select count(*)::int as n from monobank_webhook_events where user_id = ${user.id}`,
    );
    expect((stored as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });

  it('is switched off on request, at Monobank too, and on again', async () => {
    const { bank, t } = world;
    const { token, user, hook } = await withWebhook();
    const clientId = bank.clientInfo(token).clientId;
    const res = await t.call('POST', api('/update-webhook'), { token: user.token, body: { clientId, enabled: false } });
    expect(res.body.response.webhookEnabled).toBe(false);
    expect(bank.clientInfo(token).webHookUrl).toBe('');
    // The old secret is dead.
    expect((await fetch(hook)).status).toBe(404);
    const on = await t.call('POST', api('/update-webhook'), { token: user.token, body: { clientId, enabled: true } });
    expect(on.body.response.webhookEnabled).toBe(true);
    const again = bank.clientInfo(token).webHookUrl;
    secrets.push(again.split('/').pop()!);
    expect((await fetch(again)).status).toBe(200);
  });

  it('names another client’s id as MONOBANK_USER_NOT_EXIST', async () => {
    const { t, bank } = world;
    const { token } = addBankClient(bank);
    const user = await pairUser(t, token);
    const res = await t.call('POST', api('/update-webhook'), {
      token: user.token,
      body: { clientId: 'someoneElse', enabled: true },
    });
    expect(res.status).toBe(404);
    expect(res.body.response).toMatchObject({ code: 'MONOBANK_USER_NOT_EXIST', details: [{ path: 'clientId' }] });
  });

  it('never writes a bank token or a webhook secret to the log, even at trace level', () => {
    const log = lines.join('\n');
    // The log has the webhook's calls, with the secret left out.
    expect(log).toContain('/banks/monobank/webhook/…');
    expect(secrets.length).toBeGreaterThan(8);
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});

describe('without PUBLIC_URL', () => {
  let plain: BankWorld;
  beforeAll(async () => {
    plain = await startBankWorld();
  });
  afterAll(() => plain.close());

  it('connects with live updates off, saying when the sync next fetches new transactions', async () => {
    const { t, bank } = plain;
    const { token } = addBankClient(bank);
    const before = Date.now();
    const user = await pairUser(t, token);
    const bankUser = user.pairing.user as { webhookEnabled: boolean; webhookAvailable: boolean; nextSyncAt: string };
    expect(bankUser).toMatchObject({ webhookEnabled: false, webhookAvailable: false });
    // Connecting counts as a sync: the next one is 30 minutes on.
    const next = Date.parse(bankUser.nextSyncAt);
    expect(next - before).toBeGreaterThanOrEqual(30 * 60_000);
    expect(next - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect(bank.clientInfo(token).webHookUrl).toBe('');
  });

  it('says why the webhook cannot be set, and changes nothing', async () => {
    const { t, bank } = plain;
    const { token, info } = addBankClient(bank);
    const user = await pairUser(t, token);
    const res = await t.call('POST', api('/update-webhook'), { token: user.token, body: { clientId: info.clientId } });
    expect(res.status).toBe(422);
    expect(res.body.response.code).toBe('VALIDATION_ERROR');
    expect(res.body.response.details[0]).toMatchObject({
      path: 'enabled',
      message: expect.stringContaining('PUBLIC_URL'),
    });
    expect((await t.call('GET', api('/user'), { token: user.token })).body.response).toMatchObject({
      webhookEnabled: false,
      webhookAvailable: false,
    });
    expect(bank.clientInfo(token).webHookUrl).toBe('');
  });
});

describe('with a PUBLIC_URL Monobank cannot reach', () => {
  let unreachable: BankWorld;
  beforeAll(async () => {
    // Nothing listens on the discard port: Monobank's check of the address fails.
    unreachable = await startBankWorld({}, { publicUrl: 'http://127.0.0.1:9' });
  });
  afterAll(() => unreachable.close());

  it('connects anyway, with live updates off', async () => {
    const { t, bank } = unreachable;
    const { token } = addBankClient(bank);
    const user = await pairUser(t, token);
    expect(user.pairing.user).toMatchObject({ webhookEnabled: false, webhookAvailable: true });
    expect(user.pairing.accounts).toHaveLength(1);
    expect(bank.clientInfo(token).webHookUrl).toBe('');
  });
});
