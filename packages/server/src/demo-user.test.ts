import { type RatesEmulator, startRatesEmulator } from '@kopiyka/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERNAME, ensureDemoUser } from '../../../scripts/demo-user.ts';
import { startTestApp, type TestApp } from '../test/app.ts';
import { ledgerProblems } from '../test/ledger.ts';

/** The demo's ready-made user (`npm run demo`), made through the API of a listening app. */
let rates: RatesEmulator;
let t: TestApp;
let api: string;
beforeAll(async () => {
  // The demo's rates come from the emulator's committed data, as in `npm run demo`.
  rates = await startRatesEmulator();
  t = await startTestApp({ rates: { nbuBaseUrl: rates.url, frankfurterBaseUrl: rates.url, timeoutMs: 5_000 } });
  api = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/v1`;
});
afterAll(async () => {
  await t.close();
  await rates.close();
});

describe('the demo user', () => {
  it('is made once, with months of data in three currencies, categories in use, transfers and a budget', async () => {
    const now = new Date('2026-11-20T12:00:00Z');
    expect(await ensureDemoUser(api, now)).toBe(true);
    expect(await ensureDemoUser(api, now)).toBe(false);

    const login = await t.call('POST', '/api/v1/auth/login', {
      body: { username: DEMO_USERNAME, password: DEMO_PASSWORD },
    });
    const token = login.body.response.token as string;
    const accounts = (await t.call('GET', '/api/v1/accounts', { token })).body.response as Array<{
      currencyCode: string;
      currentBalance: number;
    }>;
    expect(new Set(accounts.map((a) => a.currencyCode))).toEqual(new Set(['UAH', 'USD', 'EUR']));
    expect(accounts.every((a) => a.currentBalance > 0)).toBe(true);
    const all = (await t.call('GET', '/api/v1/transactions?limit=200', { token })).body.response as Array<{
      time: string;
      categoryId: number | null;
      transferNature: string;
    }>;
    expect(all.length).toBe(200);
    expect(all.every((tx) => Date.parse(tx.time) <= now.getTime())).toBe(true);
    expect(new Set(all.map((tx) => tx.categoryId)).size).toBeGreaterThan(8);
    expect(all.some((tx) => tx.transferNature === 'transfer_between_user_accounts')).toBe(true);
    const oldest = (await t.call('GET', '/api/v1/transactions?limit=1&order=asc', { token })).body.response[0];
    expect(oldest.time < '2026-08-02').toBe(true);
    expect((await t.call('GET', '/api/v1/budgets', { token })).body.response).toHaveLength(1);
    expect(
      await ledgerProblems(
        t,
        login.body.response.userId ?? (await t.call('GET', '/api/v1/user', { token })).body.response.id,
      ),
    ).toEqual([]);
  });
});
