import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUpWithBase, TEST_SECRET_KEY } from '../../../test/app.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import {
  addBankClient,
  allTransactions,
  type BankWorld,
  bankToken,
  loadAndWait,
  pairUser,
  startBankWorld,
  waitForJob,
} from '../../../test/monobank.ts';
import { scheduledTasks } from '../../db/schema.ts';
import { fixedClock } from '../../lib/clock.ts';
import { secretBox } from '../../lib/secrets.ts';

const api = (path: string) => `/api/v1/banks/monobank${path}`;
const DAY = 86_400;
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('refreshing the cards', () => {
  const clock = fixedClock('2026-11-20T12:00:00Z');
  let world: BankWorld;
  beforeAll(async () => {
    world = await startBankWorld({ now: () => clock.now() }, {}, { clock });
  });
  afterAll(() => world.close());

  it('reads the bank at most once an hour; then takes its balances, limits and new cards', async () => {
    const { t, bank } = world;
    const { token } = addBankClient(bank, { accounts: [{ id: 'card', balance: 300_000, creditLimit: 100_000 }] });
    const user = await pairUser(t, token);
    bank.resetRequests();
    clock.advance(59 * 60_000);
    bank.emitPurchase({ token, amount: -10_000 });
    const early = await t.call('GET', api('/refresh-accounts'), { token: user.token });
    expect(early.status).toBe(200);
    expect(early.body.response).toEqual([expect.objectContaining({ externalId: 'card', currentBalance: 300_000 })]);
    expect(bank.requests()).toEqual([]);

    clock.advance(2 * 60_000);
    bank.openAccount(token, {
      id: 'usd',
      currencyCode: 840,
      type: 'white',
      balance: 5_000,
      maskedPan: ['444111******0001'],
    });
    const res = await t.call('GET', api('/refresh-accounts'), { token: user.token });
    expect(bank.requests().map((r) => r.path)).toEqual(['/personal/client-info']);
    const byExternal = Object.fromEntries(res.body.response.map((a: { externalId: string }) => [a.externalId, a]));
    expect(byExternal.card).toMatchObject({ currentBalance: 290_000, creditLimit: 100_000 });
    expect(byExternal.usd).toMatchObject({ name: 'Monobank White USD •0001', currentBalance: 5_000 });
    const bankUser = (await t.call('GET', api('/user'), { token: user.token })).body.response;
    expect(bankUser.lastRefreshAt).toBe(clock.now().toISOString());
    expect(await ledgerProblems(t, user.id)).toEqual([]);
  });

  it('does not bring back a card whose account the person deleted, until they pair again', async () => {
    const { t, bank } = world;
    const { token } = addBankClient(bank, { accounts: [{ id: 'keep' }, { id: 'drop' }] });
    const user = await pairUser(t, token);
    const drop = user.pairing.accounts.find((a) => a.externalId === 'drop')!;
    expect((await t.call('DELETE', `/api/v1/accounts/${drop.id}`, { token: user.token })).status).toBe(204);
    clock.advance(2 * 3_600_000);
    const refreshed = await t.call('GET', api('/refresh-accounts'), { token: user.token });
    expect(refreshed.body.response.map((a: { externalId: string }) => a.externalId)).toEqual(['keep']);
    expect((await t.call('DELETE', api('/user'), { token: user.token })).status).toBe(204);
    const again = await t.call('POST', api('/pair-user'), { token: user.token, body: { token } });
    expect(again.body.response.accounts.map((a: { externalId: string }) => a.externalId).sort()).toEqual([
      'drop',
      'keep',
    ]);
  });

  it('leaves a bank account’s balance and limit to the bank, but lets the person rename, hide and recategorise it', async () => {
    const { t, bank } = world;
    const { token } = addBankClient(bank);
    const user = await pairUser(t, token);
    const id = user.pairing.accounts[0]!.id;
    for (const field of ['currentBalance', 'initialBalance', 'creditLimit']) {
      const res = await t.call('PUT', `/api/v1/accounts/${id}`, { token: user.token, body: { [field]: 1 } });
      expect(res.status, field).toBe(403);
      expect(res.body.response.code).toBe('NOT_ALLOWED');
    }
    const res = await t.call('PUT', `/api/v1/accounts/${id}`, {
      token: user.token,
      body: { name: 'Картка', isEnabled: false, accountCategory: 'current-account' },
    });
    expect(res.body.response).toMatchObject({ name: 'Картка', isEnabled: false, accountCategory: 'current-account' });
  });
});

describe('the periodic sync on the server', () => {
  const clock = fixedClock('2026-11-20T12:00:00Z');
  let world: BankWorld;
  beforeAll(async () => {
    world = await startBankWorld({ now: () => clock.now() }, { backgroundJobs: true, schedulerCheckMs: 20 }, { clock });
  });
  afterAll(() => world.close());

  const syncJobs = async (token: string) =>
    (
      (await world.t.call('GET', api('/jobs'), { token })).body.response as Array<{ kind: string; state: string }>
    ).filter((job) => job.kind === 'sync');

  it('catches up paired clients whose last sync is older than 30 minutes, with no page open', async () => {
    const { t, bank } = world;
    const start = clock.now().getTime() / 1000;
    const { token } = addBankClient(bank, {
      accounts: [{ id: 'card', balance: 100_000 }],
      statements: { card: [{ id: 'before', time: start - 3 * DAY, amount: -2_000 }] },
    });
    const user = await pairUser(t, token);
    // Not while the person may still be choosing how far back to import: pairing counts as a sync.
    clock.advance(6 * 60_000);
    await vi.waitFor(async () => {
      const [task] = await t.handle.db.select().from(scheduledTasks).where(eq(scheduledTasks.name, 'monobank-sync'));
      expect(task?.lastSuccessAt?.getTime()).toBe(clock.now().getTime());
    });
    expect(await syncJobs(user.token)).toEqual([]);
    // Due 30 minutes on: the first catch-up of an account with nothing stored looks back one window.
    clock.advance(25 * 60_000);
    await vi.waitFor(async () =>
      expect(await syncJobs(user.token)).toEqual([expect.objectContaining({ state: 'done' })]),
    );
    expect((await allTransactions(t, user.token)).map((tx) => tx.externalId)).toEqual(['before']);

    // Not again within 30 minutes, however often the task runs.
    bank.emitPurchase({ token, amount: -3_000 });
    clock.advance(10 * 60_000);
    // The task ran at this moment, and found nothing due.
    await vi.waitFor(async () => {
      const [task] = await t.handle.db.select().from(scheduledTasks).where(eq(scheduledTasks.name, 'monobank-sync'));
      expect(task?.lastSuccessAt?.getTime()).toBe(clock.now().getTime());
    });
    expect(await syncJobs(user.token)).toHaveLength(1);

    clock.advance(25 * 60_000);
    await vi.waitFor(async () => expect(await syncJobs(user.token)).toHaveLength(2));
    await vi.waitFor(async () => expect(await allTransactions(t, user.token)).toHaveLength(2));
    expect(await ledgerProblems(t, user.id)).toEqual([]);
  });
});

describe('catching up, holds, 429s, tokens', () => {
  let world: BankWorld;
  beforeAll(async () => {
    world = await startBankWorld();
  });
  afterAll(() => world.close());

  it('catches up from the latest stored item or an older open hold: new items come in, a settled hold changes its row', async () => {
    const { t, bank } = world;
    const start = nowSeconds();
    const { token } = addBankClient(bank, {
      accounts: [{ id: 'card', balance: 1_000_000 }],
      statements: {
        card: [
          { id: 'old', time: start - 40 * DAY, amount: -5_000, mcc: 5411 },
          { id: 'hold', time: start - 10 * DAY, amount: -20_000, mcc: 4121, hold: true },
          { id: 'last', time: start - 2 * DAY, amount: -1_000, mcc: 5814 },
        ],
      },
    });
    const user = await pairUser(t, token);
    expect(await loadAndWait(t, user.token, { from: (start - 50 * DAY) * 1000 })).toMatchObject({ imported: 3 });
    bank.settleHold('hold', { amount: -18_000 });
    const fresh = bank.emitPurchase({ token, amount: -7_000, mcc: 5411 });
    bank.resetRequests();
    // No `from`: where a sync starts (the hold 10 days ago, older than the latest item).
    const job = await loadAndWait(t, user.token);
    expect(job).toMatchObject({ kind: 'import', state: 'done', imported: 1, updated: 1 });
    const [call] = bank.requests().filter((r) => r.path.startsWith('/personal/statement'));
    expect(Number(call!.path.split('/').at(-2))).toBe(start - 10 * DAY);
    const stored = Object.fromEntries((await allTransactions(t, user.token)).map((tx) => [tx.externalId, tx]));
    expect(Object.keys(stored).sort()).toEqual(['hold', 'last', 'old', fresh.id].sort());
    expect(stored.hold).toMatchObject({ amount: 18_000 });
    const account = (await t.call('GET', `/api/v1/accounts/${user.pairing.accounts[0]!.id}`, { token: user.token }))
      .body.response;
    expect(account.currentBalance).toBe(bank.clientInfo(token).accounts[0]!.balance);
    expect(await ledgerProblems(t, user.id)).toEqual([]);
  });

  it('waits out Monobank’s 429s (another client of the token is calling too) and still stores every item once', async () => {
    // Monobank's clock for the limit moves only when the test says: every call in between is refused.
    let bankClockMs = 0;
    const interval = 60_000;
    const strict = await startBankWorld({
      requestIntervalMs: interval,
      rateLimitScope: 'token',
      rateClockMs: () => bankClockMs,
    });
    try {
      const start = nowSeconds();
      const { token } = addBankClient(strict.bank, {
        accounts: [{ id: 'card', balance: 0 }],
        statements: {
          card: Array.from({ length: 90 }, (_, i) => ({
            id: `i${i}`,
            time: start - (i + 1) * DAY,
            amount: -(i + 1) * 100,
          })),
        },
      });
      const user = await pairUser(strict.t, token);
      let finished = false;
      const loading = loadAndWait(strict.t, user.token, { from: (start - 95 * DAY) * 1000 }, 30_000).finally(() => {
        finished = true;
      });
      const statuses = () => strict.bank.requests().map((r) => r.status);
      // The pairing's call used the token's turn: each statement call is refused until the interval
      // has passed, which it does once the app has been refused again since the last step.
      let answered = statuses().length;
      while (!finished) {
        await vi.waitFor(
          () => expect(finished || (statuses().length > answered && statuses().at(-1) === 429)).toBe(true),
          { timeout: 20_000 },
        );
        answered = statuses().length;
        bankClockMs += interval;
      }
      expect(await loading).toMatchObject({ state: 'done', imported: 90, total: 4 });
      // Four pieces, each let through only after the app had been refused and tried again.
      expect(statuses().filter((status) => status === 200)).toHaveLength(5);
      expect(statuses().filter((status) => status === 429).length).toBeGreaterThanOrEqual(4);
      expect(await allTransactions(strict.t, user.token)).toHaveLength(90);
    } finally {
      await strict.close();
    }
  });

  it('tries again, waiting longer each time, while Monobank is down; gives up with BAD_GATEWAY after six failures', async () => {
    const { t, bank } = world;
    const start = nowSeconds();
    const { token } = addBankClient(bank, {
      accounts: [{ id: 'card', balance: 5_000 }],
      statements: { card: [{ id: 'x', time: start - DAY, amount: -100 }] },
    });
    const user = await pairUser(t, token);
    bank.setMode('down');
    try {
      const failed = await loadAndWait(t, user.token, { from: (start - 2 * DAY) * 1000 });
      expect(failed).toMatchObject({ state: 'failed', error: { code: 'BAD_GATEWAY' }, imported: 0 });
      // Why, by code beside the English message: the web shows it in the user's language.
      expect(failed.error).toMatchObject({
        message: `Monobank did not answer (${failed.error?.issue?.params.reason}); try again later.`,
        issue: { code: 'monobank.noAnswer', params: { reason: expect.any(String) } },
      });
      const calls = bank.requests().filter((r) => r.token === token && r.path.startsWith('/personal/statement'));
      expect(calls).toHaveLength(6);
      const gaps = calls.slice(1).map((call, i) => call.at.getTime() - calls[i]!.at.getTime());
      // 50, 100, 200, 400, 800 ms apart (at least).
      for (const [i, gap] of gaps.entries()) expect(gap, `gap ${i}`).toBeGreaterThanOrEqual(50 * 2 ** i - 5);

      // Down for a moment only: the same kind of job carries on when the bank is back.
      const res = await t.call('GET', api(`/load-transactions?from=${(start - 2 * DAY) * 1000}`), {
        token: user.token,
      });
      await vi.waitFor(() =>
        expect(bank.requests().filter((r) => r.token === token && r.status === 503).length).toBeGreaterThan(6),
      );
      bank.setMode('normal');
      expect(await waitForJob(t, user.token, res.body.response.jobId)).toMatchObject({ state: 'done', imported: 1 });
    } finally {
      bank.setMode('normal');
    }
  });

  it('stops on a refused token, says so, and goes on with the same job once a new token is in', async () => {
    const { t, bank } = world;
    const start = nowSeconds();
    const { token } = addBankClient(bank, {
      accounts: [{ id: 'card', balance: 10_000 }],
      statements: { card: [{ id: 'a', time: start - DAY, amount: -100 }] },
    });
    const user = await pairUser(t, token);
    bank.revokeToken(token);
    const failed = await loadAndWait(t, user.token, { from: (start - 5 * DAY) * 1000 });
    expect(failed).toMatchObject({ state: 'failed', error: { code: 'MONOBANK_USER_TOKEN_INVALID' }, imported: 0 });
    expect(failed.error?.issue).toEqual({ code: 'monobank.tokenRefused', params: {} });
    expect((await t.call('GET', api('/user'), { token: user.token })).body.response.tokenState).toBe('invalid');
    for (const path of ['/refresh-accounts', '/load-transactions']) {
      const res = await t.call('GET', api(path), { token: user.token });
      expect(res.status, path).toBe(422);
      expect(res.body.response.code).toBe('MONOBANK_USER_TOKEN_INVALID');
    }

    // A token Monobank does not know, then another client's token: refused, the pairing unchanged.
    const unknown = await t.call('POST', api('/user'), { token: user.token, body: { apiToken: bankToken() } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.response).toMatchObject({
      code: 'MONOBANK_USER_TOKEN_INVALID',
      details: [{ path: 'apiToken' }],
    });
    const other = addBankClient(bank);
    const foreign = await t.call('POST', api('/user'), { token: user.token, body: { apiToken: other.token } });
    expect(foreign.status).toBe(422);
    expect(foreign.body.response).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'apiToken' }] });

    const newToken = bank.reissueToken(token);
    const res = await t.call('POST', api('/user'), {
      token: user.token,
      body: { apiToken: newToken, name: 'Моя картка' },
    });
    expect(res.status).toBe(200);
    expect(res.body.response).toMatchObject({ tokenState: 'valid', name: 'Моя картка' });
    expect(await waitForJob(t, user.token, failed.id)).toMatchObject({ state: 'done', imported: 1, error: null });
  });

  it('keeps the token sealed: not in any answer, not readable in the database', async () => {
    const { t, bank } = world;
    const { token } = addBankClient(bank);
    const user = await pairUser(t, token);
    expect(JSON.stringify(user.pairing)).not.toContain(token);
    for (const path of ['/user', '/refresh-accounts', '/jobs']) {
      const res = await t.call('GET', api(path), { token: user.token });
      expect(JSON.stringify(res.body)).not.toContain(token);
    }
    const rows = await t.handle.db.execute(sql`select * from monobank_users where user_id = ${user.id}`);
    const [row] = (rows as unknown as { rows: Array<Record<string, unknown>> }).rows;
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.token_sealed).toMatch(/^v1:/);
    expect(secretBox(TEST_SECRET_KEY).open(row!.token_sealed as string)).toBe(token);
  });

  it('skips turned-off accounts, and refuses to load one by name', async () => {
    const { t, bank } = world;
    const start = nowSeconds();
    const { token } = addBankClient(bank, {
      accounts: [
        { id: 'on', balance: 0 },
        { id: 'off', balance: 0 },
      ],
      statements: {
        on: [{ id: 'on1', time: start - DAY, amount: -100 }],
        off: [{ id: 'off1', time: start - DAY, amount: -100 }],
      },
    });
    const user = await pairUser(t, token);
    const off = user.pairing.accounts.find((a) => a.externalId === 'off')!;
    await t.call('PUT', `/api/v1/accounts/${off.id}`, { token: user.token, body: { isEnabled: false } });
    expect(await loadAndWait(t, user.token, { from: (start - 3 * DAY) * 1000 })).toMatchObject({ imported: 1 });
    expect((await allTransactions(t, user.token)).map((tx) => tx.externalId)).toEqual(['on1']);
    const res = await t.call('GET', api(`/load-transactions?accountId=${off.id}`), { token: user.token });
    expect(res.status).toBe(422);
    expect(res.body.response.details[0]).toMatchObject({ path: 'accountId' });
  });

  it('rejects bad load parameters naming the field; takes epoch milliseconds and ISO timestamps', async () => {
    const { t, bank } = world;
    const { token } = addBankClient(bank);
    const user = await pairUser(t, token);
    const manual = await t.call('POST', '/api/v1/accounts', {
      token: user.token,
      body: {
        name: 'Cash',
        currencyId: (await t.call('GET', '/api/v1/user/currencies/base', { token: user.token })).body.response
          .currencyId,
      },
    });
    for (const [query, field] of [
      ['from=yesterday', 'from'],
      ['from=1e12', 'from'],
      ['to=-5', 'to'],
      ['from=1000', 'from'],
      [`from=${Date.now()}&to=${Date.now() - 1000}`, 'to'],
      ['accountId=abc', 'accountId'],
      [`accountId=${manual.body.response.id}`, 'accountId'],
    ]) {
      const res = await t.call('GET', api(`/load-transactions?${query}`), { token: user.token });
      expect(res.status, query).toBe(422);
      expect(res.body.response.details[0].path, query).toBe(field);
    }
    const iso = new Date(Date.now() - 2 * DAY * 1000).toISOString();
    for (const from of [String(Date.now() - 2 * DAY * 1000), encodeURIComponent(iso)]) {
      const res = await t.call('GET', api(`/load-transactions?from=${from}`), { token: user.token });
      expect(res.status, from).toBe(202);
      expect(res.body.response.windows).toBe(1);
    }
  });

  it('disconnects: the token is forgotten, the cards stay; pairing again takes them up with nothing doubled', async () => {
    const { t, bank } = world;
    const start = nowSeconds();
    const { token } = addBankClient(bank, {
      accounts: [{ id: 'card', balance: 50_000 }],
      statements: { card: [{ id: 'x', time: start - DAY, amount: -1_000 }] },
    });
    const user = await pairUser(t, token);
    await loadAndWait(t, user.token, { from: (start - 2 * DAY) * 1000 });
    expect((await t.call('DELETE', api('/user'), { token: user.token })).status).toBe(204);
    expect((await t.call('GET', api('/user'), { token: user.token })).body.response.code).toBe(
      'MONOBANK_USER_NOT_PAIRED',
    );
    const accounts = (await t.call('GET', '/api/v1/accounts', { token: user.token })).body.response;
    expect(accounts).toEqual([expect.objectContaining({ type: 'monobank', externalId: 'card' })]);

    const again = await t.call('POST', api('/pair-user'), { token: user.token, body: { token } });
    expect(again.status).toBe(201);
    expect(again.body.response.accounts.map((a: { id: number }) => a.id)).toEqual([accounts[0].id]);
    expect(await loadAndWait(t, user.token, { from: (start - 2 * DAY) * 1000 })).toMatchObject({ imported: 0 });
    expect(await allTransactions(t, user.token)).toHaveLength(1);
  });
});

describe('own transfers and merchant rules', () => {
  let world: BankWorld;
  beforeAll(async () => {
    world = await startBankWorld();
  });
  afterAll(() => world.close());

  it('pairs the two legs of a move between own cards and jars; leaves lookalikes alone', async () => {
    const { t, bank } = world;
    const start = nowSeconds();
    // Noon (UTC) three days ago: every item of the test on one day.
    const at = Math.floor((start - 3 * DAY) / DAY) * DAY + DAY / 2;
    const { token } = addBankClient(bank, {
      accounts: [
        { id: 'uah', balance: 10_000_000 },
        { id: 'usd', currencyCode: 840, type: 'white', balance: 100_000 },
      ],
      jars: [{ id: 'jar', balance: 500_000 }],
      statements: {
        uah: [
          { id: 'toJar', time: at, amount: -300_000, mcc: 4829, description: 'На банку' },
          { id: 'toUsd', time: at + 100, amount: -421_000, operationAmount: -10_000, currencyCode: 840, mcc: 4829 },
          { id: 'shop', time: at + 200, amount: -300_000, mcc: 5411 },
          { id: 'friend', time: at + 400, amount: -1_000, mcc: 4829 },
        ],
        jar: [
          { id: 'fromUah', time: at, amount: 300_000, mcc: 4829 },
          { id: 'refund', time: at + 200, amount: 300_000, mcc: 4829 },
        ],
        usd: [
          { id: 'fromUah$', time: at + 101, amount: 10_000, mcc: 4829 },
          { id: 'odd', time: at + 400, amount: 999, mcc: 4829 },
        ],
      },
    });
    const user = await signUpWithBase(t);
    const pairing = await t.call('POST', api('/pair-user'), { token: user.token, body: { token } });
    expect(pairing.status).toBe(201);
    // A custom rate, so the USD card can be valued offline: not the bank's (42.10), so that the
    // USD leg's own figure (422,000) is not the hryvnia leg's.
    await t.call('PUT', '/api/v1/user/currency/rates', {
      token: user.token,
      body: { pairs: [{ baseCode: 'USD', quoteCode: 'UAH', rate: 42.2 }] },
    });
    expect(await loadAndWait(t, user.token, { from: (start - 5 * DAY) * 1000 })).toMatchObject({ imported: 8 });
    const stored = Object.fromEntries((await allTransactions(t, user.token)).map((tx) => [tx.externalId, tx]));
    const pairOf = (a: string, b: string) => {
      expect(stored[a]).toMatchObject({ transferNature: 'transfer_between_user_accounts' });
      expect(stored[a]!.transferId).toBe(stored[b]!.transferId);
    };
    pairOf('toJar', 'fromUah');
    pairOf('toUsd', 'fromUah$');
    // Neutral in the base currency: both legs carry the hryvnia leg's figure.
    expect([stored.toUsd!.refAmount, stored.fromUah$!.refAmount]).toEqual([421_000, 421_000]);
    for (const alone of ['shop', 'refund', 'friend', 'odd']) {
      expect(stored[alone], alone).toMatchObject({ transferNature: 'not_transfer', transferId: null });
    }
    expect(await ledgerProblems(t, user.id)).toEqual([]);
    // A transfer is neither spending nor income.
    const day = new Date(at * 1000).toISOString().slice(0, 10);
    const flow = await t.call('GET', `/api/v1/stats/cash-flow?from=${day}&to=${day}`, { token: user.token });
    expect(flow.body.response[0]).toMatchObject({ expense: 300_000 + 1_000, income: 300_000 + Math.round(999 * 42.2) });
  });

  it('remembers a category for a merchant: moves its earlier transactions if asked, and files later imports there', async () => {
    const { t, bank } = world;
    const start = nowSeconds();
    const { token } = addBankClient(bank, {
      accounts: [{ id: 'card', balance: 0 }],
      statements: {
        card: [
          { id: 'c1', time: start - 3 * DAY, amount: -4_500, description: 'Aroma Kava', mcc: 5814 },
          { id: 'c2', time: start - 2 * DAY, amount: -5_000, description: 'Aroma Kava', mcc: 5814 },
        ],
      },
    });
    const user = await pairUser(t, token);
    await loadAndWait(t, user.token, { from: (start - 4 * DAY) * 1000 });
    const categories = (await t.call('GET', '/api/v1/categories', { token: user.token })).body.response;
    const bars = categories.find((c: { name: string }) => c.name === 'Bars, cafés').id;
    const [latest] = await allTransactions(t, user.token);
    await t.call('PUT', `/api/v1/transactions/${latest!.id}`, { token: user.token, body: { categoryId: bars } });
    const saved = await t.call('POST', api('/merchant-rules'), {
      token: user.token,
      body: { transactionId: latest!.id, applyToExisting: true },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.response).toMatchObject({ rule: { merchant: 'Aroma Kava', categoryId: bars }, updated: 1 });
    bank.emitPurchase({ token, amount: -4_800, description: 'Aroma Kava', mcc: 5814, time: nowSeconds() - 30 });
    await loadAndWait(t, user.token);
    const all = await allTransactions(t, user.token);
    expect(all.map((tx) => tx.categoryId)).toEqual([bars, bars, bars]);
    const rules = (await t.call('GET', api('/merchant-rules'), { token: user.token })).body.response;
    expect(rules).toEqual([saved.body.response.rule]);

    // Another user can neither use nor remove it.
    const other = await signUpWithBase(t);
    const foreign = await t.call('POST', api('/merchant-rules'), {
      token: other.token,
      body: { transactionId: latest!.id },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.response.details[0].path).toBe('transactionId');
    const removeForeign = await t.call('DELETE', api(`/merchant-rules/${rules[0].id}`), { token: other.token });
    expect(removeForeign.status).toBe(404);
    expect((await t.call('GET', api('/merchant-rules'), { token: user.token })).body.response).toHaveLength(1);
    expect((await t.call('DELETE', api(`/merchant-rules/${rules[0].id}`), { token: user.token })).status).toBe(204);
    expect((await t.call('GET', api('/merchant-rules'), { token: user.token })).body.response).toEqual([]);
  });
});

describe('isolation', () => {
  let world: BankWorld;
  beforeAll(async () => {
    world = await startBankWorld();
  });
  afterAll(() => world.close());

  it('answers 404 for another user’s bank accounts and jobs, and changes nothing', async () => {
    const { t, bank } = world;
    const { token } = addBankClient(bank);
    const owner = await pairUser(t, token);
    const job = await loadAndWait(t, owner.token, { from: (nowSeconds() - DAY) * 1000 });
    const accountId = owner.pairing.accounts[0]!.id;
    const other = await pairUser(t, addBankClient(bank).token);
    expect((await t.call('GET', api(`/jobs/${job.id}`), { token: other.token })).status).toBe(404);
    expect((await t.call('GET', api('/jobs'), { token: other.token })).body.response).toEqual([]);
    const load = await t.call('GET', api(`/load-transactions?accountId=${accountId}`), { token: other.token });
    expect(load.status).toBe(404);
    expect(load.body.response.details[0].path).toBe('accountId');
    for (const [method, path] of [
      ['GET', `/api/v1/accounts/${accountId}`],
      ['PUT', `/api/v1/accounts/${accountId}`],
      ['DELETE', `/api/v1/accounts/${accountId}`],
    ] as const) {
      const res = await t.call(method, path, {
        token: other.token,
        body: method === 'PUT' ? { name: 'mine' } : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const still = await t.call('GET', `/api/v1/accounts/${accountId}`, { token: owner.token });
    expect(still.body.response.name).toMatch(/^Monobank/);
    expect((await t.call('GET', api('/jobs'), { token: owner.token })).body.response).toHaveLength(1);
  });
});
