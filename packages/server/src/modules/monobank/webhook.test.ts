import { sql } from 'drizzle-orm';
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
import { fixedClock } from '../../lib/clock.ts';

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
        const pending = await t.handle.db.execute('select count(*)::int as n from monobank_webhook_events');
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

  it('lets the person split a bank purchase, the bank’s amount kept; a hold settling at another amount joins the parts', async () => {
    const { bank, t } = world;
    const { token, user } = await withWebhook(500_000);
    const hold = bank.emitPurchase({ token, amount: -20_000, description: 'Сільпо', mcc: 5411, hold: true });
    await vi.waitFor(async () => expect(await allTransactions(t, user.token)).toHaveLength(1));
    const [row] = await allTransactions(t, user.token);
    const categories = (await t.call('GET', '/api/v1/categories', { token: user.token })).body.response as Array<{
      id: number;
      name: string;
    }>;
    const category = (name: string) => categories.find((c) => c.name === name)!.id;
    const split = await t.call('PUT', `/api/v1/transactions/${row!.id}`, {
      token: user.token,
      body: {
        splits: [
          { categoryId: category('Groceries'), amount: 15_000 },
          { categoryId: category('Taxes'), amount: 5_000 },
        ],
      },
    });
    expect(split.status, JSON.stringify(split.body)).toBe(200);
    expect(split.body.response[0]).toMatchObject({ amount: 20_000, categoryId: category('Groceries') });
    expect(await ledgerProblems(t, user.id)).toEqual([]);

    bank.settleHold(hold.id, { amount: -17_500 });
    await vi.waitFor(async () => {
      const [tx] = await allTransactions(t, user.token);
      expect(tx).toMatchObject({ amount: 17_500, splits: [], categoryId: category('Groceries') });
    });
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
      const pending = await t.handle.db.execute('select count(*)::int as n from monobank_webhook_events');
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

describe('what the webhook is not trusted with', () => {
  const clock = fixedClock('2026-11-20T12:00:00Z');
  const logged: string[] = [];
  let at: BankWorld;
  beforeAll(async () => {
    at = await startBankWorld(
      { now: () => clock.now() },
      { logLevel: 'warn', monobank: { webhookEventsWaitingPerUser: 2 } },
      { listen: true, clock, logStream: { write: (line) => logged.push(line) } },
    );
  });
  afterAll(() => at.close());

  const post = (hook: string, item: Record<string, unknown>, account = 'card') =>
    fetch(hook, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'StatementItem', data: { account, statementItem: item } }),
    });
  /** An item of the card, `secondsAhead` of the clock, stating `balance`. */
  const item = (id: string, secondsAhead: number, balance: number) => ({
    id,
    time: Math.floor(clock.now().getTime() / 1000) + secondsAhead,
    description: 'Forged',
    mcc: 5411,
    hold: false,
    amount: -100,
    operationAmount: -100,
    currencyCode: 980,
    commissionRate: 0,
    cashbackAmount: 0,
    balance,
  });
  const storedEvents = async (userId: number) =>
    (
      (await at.t.handle.db.execute(
        sql`select count(*)::int as n from monobank_webhook_events where user_id = ${userId}`,
      )) as unknown as { rows: Array<{ n: number }> }
    ).rows[0]!.n;

  async function paired(accounts: Array<Record<string, unknown>> = [{ id: 'card', balance: 500_000 }]) {
    const { token } = addBankClient(at.bank, { accounts });
    const user = await pairUser(at.t, token);
    const hook = at.bank.clientInfo(token).webHookUrl;
    const balance = async () =>
      (await at.t.call('GET', `/api/v1/accounts/${user.pairing.accounts[0]!.id}`, { token: user.token })).body.response
        .currentBalance as number;
    return { token, user, hook, balance };
  }

  it('refuses an item dated more than a few minutes ahead: answered as received, nothing stored, a line in the log', async () => {
    const { token, user, hook, balance } = await paired();
    for (const [id, ahead] of [
      ['soon', 6 * 60],
      ['in2100', Date.parse('2100-01-01T00:00:00Z') / 1000 - clock.now().getTime() / 1000],
    ] as const) {
      const res = await post(hook, item(id, ahead, 999_999_999));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'success', response: { ok: true } });
    }
    expect(await storedEvents(user.id)).toBe(0);
    // A real purchase after them comes in alone: the inbox applies in arrival order, so the
    // refused items would have been applied before it.
    const real = at.bank.emitPurchase({ token, account: 'card', amount: -10_000 });
    await vi.waitFor(async () => expect(await allTransactions(at.t, user.token)).toHaveLength(1));
    expect((await allTransactions(at.t, user.token))[0]).toMatchObject({ externalId: real.id });
    expect(await balance()).toBe(490_000);
    const refused = logged.filter((line) => line.includes('dated ahead'));
    expect(refused).toHaveLength(2);
    expect(refused.join('\n')).not.toContain(hook.split('/').pop()!);
  });

  it('lets the next refresh correct a balance pinned by an item from far ahead; purchases move it again', async () => {
    const { token, user, hook, balance } = await paired();
    const accountId = user.pairing.accounts[0]!.id;
    // A made-up balance on an item just inside the tolerance, then dated 2100 as such an item was
    // stored before the tolerance existed.
    expect((await post(hook, item('forged', 4 * 60, 999_999_999))).status).toBe(200);
    await vi.waitFor(async () => expect(await balance()).toBe(999_999_999));
    await at.t.handle.db.execute(
      sql`update monobank_accounts set anchored_at = '2100-01-01T00:00:00Z' where account_id = ${accountId}`,
    );
    clock.advance(61 * 60_000);
    const refreshed = await at.t.call('GET', api('/refresh-accounts'), { token: user.token });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.response).toEqual([expect.objectContaining({ externalId: 'card', currentBalance: 500_000 })]);
    clock.advance(60_000);
    at.bank.emitPurchase({ token, account: 'card', amount: -10_000 });
    await vi.waitFor(async () => expect(await balance()).toBe(490_000));
    expect(await ledgerProblems(at.t, user.id)).toEqual([]);
  });

  it('keeps no event once applied or given up, and keeps only a few waiting per user', async () => {
    const { token, user, hook } = await paired();
    at.bank.emitPurchase({ token, account: 'card', amount: -1_000 });
    await vi.waitFor(async () => expect(await allTransactions(at.t, user.token)).toHaveLength(1));
    // An account the app does not know: given up at once.
    expect((await post(hook, item('elsewhere', 0, 1), 'unknown-card')).status).toBe(200);
    await vi.waitFor(async () => expect(await storedEvents(user.id)).toBe(0));

    // A dollar card while no rate provider answers: its events wait for a rate.
    const dollars = await paired([{ id: 'card', currencyCode: 840, type: 'white', balance: 10_000 }]);
    for (const id of ['usd1', 'usd2', 'usd3']) {
      const res = await post(dollars.hook, { ...item(id, 0, 9_000), currencyCode: 840 });
      expect(res.status).toBe(200);
    }
    expect(await storedEvents(dollars.user.id)).toBe(2);
    expect(logged.some((line) => line.includes('too many wait already'))).toBe(true);
    // Another user's events are counted apart.
    expect((await post(hook, item('mine', 0, 400_000))).status).toBe(200);
    await vi.waitFor(async () => expect(await allTransactions(at.t, user.token)).toHaveLength(2));
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
