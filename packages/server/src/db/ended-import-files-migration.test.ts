import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { buildWorld } from '../../test/world.ts';
import { MIGRATIONS_DIR } from './client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const FILE = 'Date,Amount\n2026-11-19,-12.50\n';

async function upload(token: string, accountId: number): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/imports?accountId=${accountId}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    payload: FILE,
  });
  return JSON.parse(response.body).response.importId;
}

async function partsOf(importId: number): Promise<number> {
  const result = (await t.handle.db.execute(
    sql`select count(*)::int as parts from import_parts where import_id = ${importId}`,
  )) as unknown as { rows: Array<{ parts: number }> };
  return result.rows[0]!.parts;
}

describe('files of imports that ended before they were dropped at the end (migration 0019)', () => {
  it('are deleted, while the files of uploads waiting to be committed stay', async () => {
    const w = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const [account] = w.accounts;
    const ended = await upload(w.token, account!);
    const waiting = await upload(w.token, account!);
    await t.call('POST', `/api/v1/imports/${ended}/commit`, {
      token: w.token,
      body: { mapping: { time: 0, amount: 1 }, dateFormat: 'yyyy-MM-dd', decimalSeparator: '.' },
    });
    await vi.waitFor(async () => {
      const res = await t.call('GET', `/api/v1/imports/${ended}`, { token: w.token });
      expect(res.body.response.state).toBe('done');
    }, 20_000);
    // The ended import's file as it was kept before 0019.
    await t.handle.db.execute(sql`insert into import_parts (import_id, part, text) values (${ended}, 0, ${FILE})`);

    const migration = await readFile(path.join(MIGRATIONS_DIR, '0019_drop_ended_import_files.sql'), 'utf8');
    await t.handle.db.execute(sql.raw(migration));
    expect(await partsOf(ended)).toBe(0);
    expect(await partsOf(waiting)).toBe(1);
    const undo = await t.call('DELETE', `/api/v1/imports/${ended}`, { token: w.token });
    expect(undo.status).toBe(204);
  });
});
