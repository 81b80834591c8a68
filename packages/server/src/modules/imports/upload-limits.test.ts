import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { buildWorld } from '../../../test/world.ts';
import { DEFAULT_IMPORT_LIMITS } from '../../config.ts';

/** Small limits, so that files past them stay small. */
const LIMITS = { ...DEFAULT_IMPORT_LIMITS, rows: 3, columns: 5, cellChars: 20 };

let t: TestApp;
let token: string;
let accountId: number;
beforeAll(async () => {
  t = await startTestApp({ imports: LIMITS });
  const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
  token = world.token;
  accountId = world.accounts[0]!;
});
afterAll(() => t.close());

async function upload(file: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/imports?accountId=${accountId}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    payload: file,
  });
  return { status: response.statusCode, body: JSON.parse(response.body), size: response.body.length };
}

/** A quote never closed: a file reading on past the limits would be refused as unreadable CSV instead. */
const UNREADABLE_REST = '2026-01-05,1,"never closed\n2026-01-06,1,x\n';

async function expectRefusal(file: string, code: string, params: Record<string, number>) {
  const res = await upload(file);
  expect(res.status).toBe(422);
  expect(res.body.response).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'file', code, params }] });
  return res;
}

describe('an upload past the limits', () => {
  it('is refused at the first line with more cells than the most, the rest of the file not read', async () => {
    await expectRefusal(`a,b,c,d,e,f\n2026-01-01,1,x,y,z,w\n${UNREADABLE_REST}`, 'import.fileTooManyColumns', {
      max: 5,
      line: 1,
    });
    await expectRefusal(
      `Date,Amount\n2026-01-01,1\n2026-01-02,1,x,y,z,w\n${UNREADABLE_REST}`,
      'import.fileTooManyColumns',
      {
        max: 5,
        line: 3,
      },
    );
  });

  it('refuses a line of empty cells while it is being read', async () => {
    await expectRefusal(`Date,Amount\n${','.repeat(200_000)}${UNREADABLE_REST}`, 'import.fileTooManyColumns', {
      max: 5,
      line: 2,
    });
  });

  it('refuses a cell longer than the most, in the header or under it, an unending one too', async () => {
    await expectRefusal(`Date,${'A'.repeat(21)}\n2026-01-01,1\n`, 'import.cellTooLong', { max: 20, line: 1 });
    await expectRefusal(`Date,Note\n2026-01-01,"${'я'.repeat(21)}"\n${UNREADABLE_REST}`, 'import.cellTooLong', {
      max: 20,
      line: 2,
    });
    await expectRefusal(`Date,Note\n2026-01-01,"${'x'.repeat(300_000)}`, 'import.cellTooLong', { max: 20, line: 2 });
  });

  it('is refused at the first row past the most rows, the rest of the file not read', async () => {
    const rows = ['2026-01-01,1', '2026-01-02,2', '2026-01-03,3', '2026-01-04,4'];
    await expectRefusal(`Date,Amount\n${rows.join('\n')}\n${UNREADABLE_REST}`, 'import.fileTooManyRows', { max: 3 });
    const atTheMost = await upload(`Date,Amount\n${rows.slice(0, 3).join('\n')}\n`);
    expect(atTheMost.status).toBe(201);
    expect(atTheMost.body.response).toMatchObject({ rowCount: 3 });
  });

  it('answers a bounded refusal for a wide header, and a preview within the limits for a file within them', async () => {
    const wide = await expectRefusal(`${'ab,'.repeat(100_000)}ab\n1,2\n`, 'import.fileTooManyColumns', {
      max: 5,
      line: 1,
    });
    expect(wide.size).toBeLessThan(1_000);

    const header = Array.from({ length: 5 }, (_, column) => `${column}`.padEnd(20, 'h'));
    const rows = Array.from({ length: 3 }, (_, row) => [`2026-01-0${row + 1}`, '1', 'n'.repeat(20), '', 'x']);
    const res = await upload([header, ...rows].map((cells) => cells.join(',')).join('\n'));
    expect(res.status).toBe(201);
    expect(res.body.response).toMatchObject({ rowCount: 3, columns: header, sample: rows });
  });

  it('stores only the files within them', async () => {
    const listed = await t.call('GET', '/api/v1/imports', { token });
    expect(listed.body.response.map((item: { total: number }) => item.total)).toEqual([3, 3]);
  });
});
