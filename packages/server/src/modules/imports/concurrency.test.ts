import { type RatesEmulator, startRatesEmulator } from '@kopiyka/fakes';
import type { Import, Transaction } from '@kopiyka/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ids, type TestApp, uploadCsv, waitForBaseChange } from '../../../test/app.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { addBankClient, type BankWorld, loadAndWait, pairUser, startBankWorld } from '../../../test/monobank.ts';
import { buildWorld } from '../../../test/world.ts';

// A held answer of the rates emulator stops an import or a base change at a known point: the one
// that needs a provider's rates waits while what needs none runs to its end.
let emulator: RatesEmulator;
let world: BankWorld;
let t: TestApp;
beforeAll(async () => {
  emulator = await startRatesEmulator();
  world = await startBankWorld(
    {},
    { rates: { nbuBaseUrl: emulator.url, frankfurterBaseUrl: emulator.url, timeoutMs: 5000 } },
  );
  t = world.t;
});
afterAll(async () => {
  await world.close();
  await emulator.close();
});

const API = '/api/v1';

/** Uploads rows of day and amount to the account and commits them as detected; answers the import's id. */
async function commitImport(token: string, accountId: number, rows: Array<[day: string, amount: string]>) {
  const file = `Date,Amount,Description\r\n${rows.map(([day, amount]) => `${day},${amount},Row`).join('\r\n')}\r\n`;
  const { importId, asDetected } = await uploadCsv(t, token, accountId, file);
  const commit = await t.call('POST', `${API}/imports/${importId}/commit`, { token, body: asDetected });
  expect(commit.status).toBe(202);
  return importId;
}

const importEnd = (token: string, id: number) =>
  vi.waitFor(
    async () => {
      const found = (await t.call('GET', `${API}/imports/${id}`, { token })).body.response as Import;
      if (found.state === 'running') throw new Error('import running');
      return found;
    },
    { timeout: 20_000, interval: 50 },
  );

const providerRequests = () => emulator.requests('nbu').length + emulator.requests('frankfurter').length;

/** Waits until an answer of the emulator is held: whoever asked is stopped there. */
async function heldAfter(requestsBefore: number) {
  await vi.waitFor(() => expect(providerRequests()).toBeGreaterThan(requestsBefore), { timeout: 10_000, interval: 20 });
}

const changeBase = async (token: string, code: string) =>
  expect(
    (await t.call('POST', `${API}/user/currencies/base`, { token, body: { currencyId: ids.get(code) } })).status,
  ).toBe(200);

const transactionsOf = async (token: string) =>
  (await t.call('GET', `${API}/transactions?order=asc`, { token })).body.response as Transaction[];

const figures = async (token: string) =>
  (await transactionsOf(token)).map((tx) => [tx.currencyCode, tx.amount, tx.refAmount, tx.refCurrencyCode]);

describe('an import and a base change at once', () => {
  // First in the file: its days' rates are fetched by nothing before it.
  it('a bank’s items valued while the base switches are valued again in the new base', async () => {
    const day = Math.floor(Date.now() / 1000) - 60 * 86_400;
    const { token } = addBankClient(world.bank, {
      accounts: [{ id: 'usd', currencyCode: 840, balance: 100_000 }],
      statements: { usd: [{ id: 'coffee', time: day, amount: -1_250 }] },
    });
    const user = await pairUser(t, token);
    const rate = { pairs: [{ baseCode: 'USD', quoteCode: 'UAH', rate: 40 }] };
    expect((await t.call('PUT', `${API}/user/currency/rates`, { token: user.token, body: rate })).status).toBe(200);
    const requests = providerRequests();
    const release = emulator.hold();
    let job: ReturnType<typeof loadAndWait>;
    try {
      // The items are valued in UAH, then wait for the providers' rates of their day.
      job = loadAndWait(t, user.token, { from: (day - 86_400) * 1000, to: (day + 86_400) * 1000 });
      await heldAfter(requests);
      await changeBase(user.token, 'USD');
      await waitForBaseChange(t, user.token);
    } finally {
      release();
    }
    expect(await job).toMatchObject({ state: 'done', imported: 1 });
    expect(await figures(user.token)).toEqual([['USD', 1_250, 1_250, 'USD']]);
    expect(await ledgerProblems(t, user.id)).toEqual([]);
  });

  it('an import under way when the base switches values its later rows in the new base', async () => {
    const w = await buildWorld(t, { currencies: { USD: 40 }, accounts: [{ currency: 'USD' }] });
    const [usd] = w.accounts;
    const requests = providerRequests();
    const release = emulator.hold();
    let importId: number;
    try {
      // The import reads the base (UAH), then waits for the providers' rates of its days.
      importId = await commitImport(w.token, usd, [
        ['2025-02-03', '-12.50'],
        ['2025-02-04', '30.00'],
      ]);
      await heldAfter(requests);
      // The change needs no provider (every account is in USD already): it switches meanwhile.
      await changeBase(w.token, 'USD');
      await waitForBaseChange(t, w.token);
    } finally {
      release();
    }
    expect(await importEnd(w.token, importId)).toMatchObject({ state: 'done', imported: 2 });
    expect(await figures(w.token)).toEqual([
      ['USD', 1_250, 1_250, 'USD'],
      ['USD', 3_000, 3_000, 'USD'],
    ]);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });

  it('an import done while a base change is under way has its rows valued before the switch', async () => {
    const w = await buildWorld(t, { currencies: { USD: 40 }, accounts: [{ currency: 'UAH' }, { currency: 'USD' }] });
    const [uah] = w.accounts;
    const requests = providerRequests();
    const release = emulator.hold();
    try {
      // The change waits for the providers' rates of the user's currencies into USD.
      await changeBase(w.token, 'USD');
      await heldAfter(requests);
      // Into the base's own currency, the import needs no rate: it ends before the change goes on.
      const importId = await commitImport(w.token, uah, [
        ['2025-03-03', '-400.00'],
        ['2025-03-04', '800.00'],
      ]);
      expect(await importEnd(w.token, importId)).toMatchObject({ state: 'done', imported: 2 });
    } finally {
      release();
    }
    await waitForBaseChange(t, w.token);
    expect(await figures(w.token)).toEqual([
      ['UAH', 40_000, 1_000, 'USD'],
      ['UAH', 80_000, 2_000, 'USD'],
    ]);
    expect(await ledgerProblems(t, w.id)).toEqual([]);
  });
});

describe('the import queue', () => {
  it('takes turns between people: another’s import queued later is worked on before the first one’s second', async () => {
    const first = await buildWorld(t, {
      currencies: { USD: 40 },
      accounts: [{ currency: 'USD' }, { currency: 'UAH' }],
    });
    const other = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const [usd, uah] = first.accounts;
    const requests = providerRequests();
    const release = emulator.hold();
    const queued: number[] = [];
    try {
      // The first person's first import is under way, waiting for the rates of its day.
      queued.push(await commitImport(first.token, usd, [['2024-04-01', '-1.00']]));
      await heldAfter(requests);
      queued.push(await commitImport(first.token, uah, [['2024-04-02', '-2.00']]));
      queued.push(await commitImport(other.token, other.accounts[0], [['2024-04-03', '-3.00']]));
    } finally {
      release();
    }
    for (const [index, id] of queued.entries()) {
      expect(await importEnd(index === 2 ? other.token : first.token, id)).toMatchObject({ state: 'done' });
    }
    // Rows are numbered as they are stored: the other person's went in before the first one's second file.
    const firstsSecond = (await transactionsOf(first.token)).find((tx) => tx.accountId === uah)!;
    const [others] = await transactionsOf(other.token);
    expect(others!.id).toBeLessThan(firstsSecond.id);
  });
});
