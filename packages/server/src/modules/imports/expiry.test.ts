import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { buildWorld } from '../../../test/world.ts';
import { DEFAULT_IMPORT_LIMITS } from '../../config.ts';
import { fixedClock } from '../../lib/clock.ts';

const API = '/api/v1';
const HOUR = 3_600_000;
const clock = fixedClock('2026-11-20T09:00:00Z');
/** A small cap, so that reaching it takes few uploads. */
const PENDING_UPLOADS = 2;

let t: TestApp;
beforeAll(async () => {
  // The scheduler looks every few milliseconds; what is due is decided by the clock alone.
  t = await startTestApp(
    {
      backgroundJobs: true,
      schedulerCheckMs: 20,
      imports: { ...DEFAULT_IMPORT_LIMITS, pendingUploads: PENDING_UPLOADS },
    },
    { clock },
  );
});
afterAll(() => t.close());

const FILE = 'Date,Amount,Note\n2026-11-19,-12.50,Coffee\n2026-11-19,-3.00,Bun\n';

async function upload(token: string, accountId: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: `${API}/imports?accountId=${accountId}&fileName=statement.csv`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    payload: FILE,
  });
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

async function uploaded(token: string, accountId: number): Promise<number> {
  const res = await upload(token, accountId);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.response.importId;
}

/** Commits an upload of FILE and waits for the job to end. */
async function committed(token: string, importId: number) {
  const res = await t.call('POST', `${API}/imports/${importId}/commit`, {
    token,
    body: { mapping: { time: 0, amount: 1, note: 2 }, dateFormat: 'yyyy-MM-dd', decimalSeparator: '.' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  await vi.waitFor(
    async () => {
      const res = await t.call('GET', `${API}/imports/${importId}`, { token });
      expect(res.body.response.state).toBe('done');
    },
    { timeout: 20_000, interval: 50 },
  );
}

async function partsOf(importIds: number[]): Promise<number> {
  const result = (await t.handle.db.execute(
    sql`select count(*)::int as parts from import_parts where import_id in ${importIds}`,
  )) as unknown as { rows: Array<{ parts: number }> };
  return result.rows[0]!.parts;
}

const stateOf = async (token: string, importId: number) => {
  const res = await t.call('GET', `${API}/imports/${importId}`, { token });
  return res.status === 200 ? res.body.response.state : res.status;
};

const listed = async (token: string) =>
  (await t.call('GET', `${API}/imports`, { token })).body.response.map((item: { id: number }) => item.id);

describe('an upload never committed', () => {
  it('is deleted with its file a day after it was sent; younger ones, other users’ and imported ones stay', async () => {
    const owner = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const other = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const [account] = owner.accounts;
    const old = await uploaded(owner.token, account!);
    const imported = await uploaded(owner.token, account!);
    await committed(owner.token, imported);

    clock.advance(12 * HOUR);
    const others = await uploaded(other.token, other.accounts[0]!);
    clock.advance(12 * HOUR + 60_000);
    const young = await uploaded(owner.token, account!);

    await vi.waitFor(async () => expect(await stateOf(owner.token, old)).toBe(404), { timeout: 10_000 });
    expect(await partsOf([old])).toBe(0);
    expect(await listed(owner.token)).toEqual([young, imported]);
    expect(await stateOf(owner.token, young)).toBe('uploaded');
    expect(await stateOf(other.token, others)).toBe('uploaded');
    expect(await partsOf([young])).toBeGreaterThan(0);
    expect(await partsOf([others])).toBeGreaterThan(0);

    // The day is counted from the upload: the other user's goes once its own day has passed.
    clock.advance(12 * HOUR);
    await vi.waitFor(async () => expect(await stateOf(other.token, others)).toBe(404), { timeout: 10_000 });
    expect(await stateOf(owner.token, young)).toBe('uploaded');
  });

  it('is refused a commit once expired, as an import not there', async () => {
    const owner = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const old = await uploaded(owner.token, owner.accounts[0]!);
    clock.advance(25 * HOUR);
    await vi.waitFor(async () => expect(await stateOf(owner.token, old)).toBe(404), { timeout: 10_000 });
    const res = await t.call('POST', `${API}/imports/${old}/commit`, {
      token: owner.token,
      body: { mapping: { time: 0, amount: 1 }, dateFormat: 'yyyy-MM-dd', decimalSeparator: '.' },
    });
    expect(res.status).toBe(404);
  });
});

describe('an import that has ended', () => {
  it('keeps no file, and undo still takes its rows out', async () => {
    const owner = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const [account] = owner.accounts;
    const importId = await uploaded(owner.token, account!);
    expect(await partsOf([importId])).toBeGreaterThan(0);
    await committed(owner.token, importId);
    expect(await partsOf([importId])).toBe(0);

    const rows = () => t.call('GET', `${API}/transactions?accountIds=${account}`, { token: owner.token });
    expect((await rows()).body.response).toHaveLength(2);
    expect((await t.call('DELETE', `${API}/imports/${importId}`, { token: owner.token })).status).toBe(204);
    expect(await stateOf(owner.token, importId)).toBe('undone');
    expect((await rows()).body.response).toEqual([]);
    const balance = await t.call('GET', `${API}/accounts/${account}`, { token: owner.token });
    expect(balance.body.response.currentBalance).toBe(0);
  });
});

describe('a person’s pending uploads', () => {
  it('are at most the cap: the next upload is refused and nothing is stored, until one is imported or removed', async () => {
    const owner = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const other = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const [account] = owner.accounts;
    const pending = [await uploaded(owner.token, account!), await uploaded(owner.token, account!)];
    const parts = await partsOf(pending);

    const refused = await upload(owner.token, account!);
    expect(refused.status).toBe(409);
    expect(refused.body.response).toMatchObject({
      code: 'CONFLICT',
      details: [{ path: 'file', code: 'import.tooManyPending', params: { max: PENDING_UPLOADS } }],
    });
    expect(await listed(owner.token)).toEqual(pending.toReversed());
    const stored = (await t.handle.db.execute(
      sql`select count(*)::int as parts from import_parts p join imports i on i.id = p.import_id
          where i.user_id = ${owner.id}`,
    )) as unknown as { rows: Array<{ parts: number }> };
    expect(stored.rows[0]!.parts).toBe(parts);

    // Someone else's uploads are counted apart.
    await uploaded(other.token, other.accounts[0]!);

    await committed(owner.token, pending[0]!);
    const third = await uploaded(owner.token, account!);
    expect((await upload(owner.token, account!)).status).toBe(409);
    expect((await t.call('DELETE', `${API}/imports/${third}`, { token: owner.token })).status).toBe(204);
    await uploaded(owner.token, account!);
  });
});
