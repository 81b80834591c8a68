import { setImmediate } from 'node:timers/promises';
import {
  describedIssue,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_CATEGORY_NAMES,
  type Import,
  kopiykaCsvHeader,
  MONOBANK_STATEMENT_COLUMNS,
  type Transaction,
} from '@kopiyka/shared';
import { eq, sql } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ids, signUpWithBase, startTestApp, type TestApp } from '../../../test/app.ts';
import { csv, monobankStatement } from '../../../test/csv.ts';
import { testDatabaseKind } from '../../../test/database-url.ts';
import { ledgerProblems } from '../../../test/ledger.ts';
import { buildWorld } from '../../../test/world.ts';
import { LARGE_WRITE_ROWS } from '../../db/maintenance.ts';
import { accounts, imports } from '../../db/schema.ts';
import { IMPORT_PART_CHARS } from './queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const API = '/api/v1';

async function upload(token: string, accountId: number, file: string | Buffer, contentType = 'text/csv') {
  const response = await t.app.inject({
    method: 'POST',
    url: `${API}/imports?accountId=${accountId}&fileName=statement.csv`,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: file,
  });
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

async function uploaded(token: string, accountId: number, file: string | Buffer) {
  const res = await upload(token, accountId, file);
  if (res.status !== 201) throw new Error(`upload failed: ${JSON.stringify(res.body)}`);
  return res.body.response;
}

async function waitForImport(token: string, id: number): Promise<Import> {
  return vi.waitFor(
    async () => {
      const res = await t.call('GET', `${API}/imports/${id}`, { token });
      if (res.body.response.state === 'running') throw new Error('still running');
      return res.body.response as Import;
    },
    { timeout: 20_000, interval: 50 },
  );
}

/** Commits an upload as detected (with `changes`) and waits for the job to end. */
async function commitAndWait(token: string, id: number, detected: Record<string, unknown>, changes = {}) {
  const { mapping, dateFormat, decimalSeparator } = detected as {
    mapping: object;
    dateFormat: string;
    decimalSeparator: string;
  };
  const res = await t.call('POST', `${API}/imports/${id}/commit`, {
    token,
    body: { mapping, dateFormat, decimalSeparator, ...changes },
  });
  if (res.status !== 202) throw new Error(`commit failed: ${JSON.stringify(res.body)}`);
  expect(res.body.response).toEqual({ jobId: id });
  return waitForImport(token, id);
}

async function importFile(token: string, accountId: number, file: string | Buffer, changes = {}) {
  const { importId, detected } = await uploaded(token, accountId, file);
  return commitAndWait(token, importId, detected, changes);
}

async function transactionsOf(token: string, accountId: number): Promise<Transaction[]> {
  const res = await t.call('GET', `${API}/transactions?accountIds=${accountId}&limit=200&order=asc`, { token });
  return res.body.response;
}

async function balanceOf(token: string, accountId: number): Promise<number> {
  return (await t.call('GET', `${API}/accounts/${accountId}`, { token })).body.response.currentBalance;
}

describe('the Monobank statement', () => {
  const statement = monobankStatement([
    ['01.11.2026 09:15:00', 'Сільпо', '5411', '-1234.56', '-234.56'],
    ['02.11.2026 13:00:05', 'Uklon', '4121', '-89.90', '-324.46'],
    ['03.11.2026 18:30:00', 'Від: Олена', '4829', '2500.00', '2175.54'],
  ]);

  for (const [name, bytes] of [
    ['UTF-8', Buffer.from(statement, 'utf8')],
    ['UTF-8 with a byte-order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(statement, 'utf8')])],
  ] as const) {
    it(`maps itself (${name}) and imports exact amounts into the MCC categories`, async () => {
      const world = await buildWorld(t, { accounts: [{ currency: 'UAH', initialBalance: 100_000 }] });
      const [account] = world.accounts;
      const upload = await uploaded(world.token, account, bytes);
      expect(upload).toMatchObject({
        rowCount: 3,
        columns: [...MONOBANK_STATEMENT_COLUMNS],
        detected: {
          preset: 'monobank',
          encoding: 'utf-8',
          delimiter: ',',
          dateFormat: 'dd.MM.yyyy HH:mm:ss',
          decimalSeparator: '.',
          mapping: { time: 0, note: 1, mcc: 2, amount: 3, balance: 9 },
        },
      });
      expect(upload.sample[0]).toEqual([
        '01.11.2026 09:15:00',
        'Сільпо',
        '5411',
        '-1234.56',
        '-1234.56',
        'UAH',
        '—',
        '0.00',
        '0.00',
        '-234.56',
      ]);

      const done = await commitAndWait(world.token, upload.importId, upload.detected);
      expect(done).toMatchObject({
        state: 'done',
        done: 3,
        total: 3,
        imported: 3,
        duplicates: 0,
        failed: [],
        failedCount: 0,
      });
      const stored = await transactionsOf(world.token, account);
      expect(stored.map((tx) => [tx.time, tx.transactionType, tx.amount, tx.note, tx.categoryId])).toEqual([
        ['2026-11-01T09:15:00.000Z', 'expense', 123_456, 'Сільпо', world.category('Groceries')],
        ['2026-11-02T13:00:05.000Z', 'expense', 8_990, 'Uklon', world.category('Taxi')],
        ['2026-11-03T18:30:00.000Z', 'income', 250_000, 'Від: Олена', world.category('Income')],
      ]);
      expect(await balanceOf(world.token, account)).toBe(100_000 - 123_456 - 8_990 + 250_000);
      expect(await ledgerProblems(t, world.id)).toEqual([]);
    });
  }

  it('is recognised with a card in another currency and with semicolons', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const header = MONOBANK_STATEMENT_COLUMNS.map((name) => name.replace('(UAH)', '(USD)'));
    const file = csv(
      [header, ['01.11.2026 09:15:00', 'Amazon', '5942', '-12.50', '-12.50', 'USD', '', '', '', '100.00']],
      ';',
    );
    const upload = await uploaded(world.token, world.accounts[0], file);
    expect(upload.detected).toMatchObject({ preset: 'monobank', delimiter: ';', mapping: { time: 0, amount: 3 } });
  });
});

/** End-of-day balances of an account over a range, by day. */
async function balancesByDay(token: string, accountId: number, from: string, to: string) {
  const res = await t.call('GET', `${API}/stats/balance-history?from=${from}&to=${to}&accountId=${accountId}`, {
    token,
  });
  return Object.fromEntries(
    (res.body.response as Array<{ date: string; balance: number }>).map((point) => [point.date, point.balance]),
  );
}

/** An account opened now at 0, as a person makes one for the file they are about to import. */
async function newAccount(token: string): Promise<number> {
  const res = await t.call('POST', `${API}/accounts`, {
    token,
    body: { name: 'Картка', currencyId: ids.get('UAH'), initialBalance: 0 },
  });
  return res.body.response.id;
}

describe('the balance after an import', () => {
  // Newest first, as the Monobank app writes it; a fee in the same second as the top-up, after it.
  const statement = monobankStatement([
    ['03.11.2026 18:30:00', 'Комісія', '4829', '-75.54', '21000.00'],
    ['03.11.2026 18:30:00', 'Від: Олена', '4829', '2500.00', '21075.54'],
    ['02.11.2026 13:00:05', 'Uklon', '4121', '-89.90', '18575.54'],
    ['01.11.2026 20:00:00', 'АТБ', '5411', '-100.00', '18665.44'],
    ['01.11.2026 09:15:00', 'Сільпо', '5411', '-1234.56', '18765.44'],
  ]);

  it('is the statement’s: the newest row’s balance now, and the bank’s balance on every day before', async () => {
    const world = await buildWorld(t);
    const account = await newAccount(world.token);
    const upload = await uploaded(world.token, account, statement);
    expect(upload.detected.mapping).toMatchObject({ amount: 3, balance: 9 });
    expect(await commitAndWait(world.token, upload.importId, upload.detected)).toMatchObject({ imported: 5 });
    expect(await balanceOf(world.token, account)).toBe(2_100_000);
    expect(await balancesByDay(world.token, account, '2026-10-31', '2026-11-04')).toEqual({
      '2026-10-31': 2_000_000,
      '2026-11-01': 1_866_544,
      '2026-11-02': 1_857_554,
      '2026-11-03': 2_100_000,
      '2026-11-04': 2_100_000,
    });
    expect(await ledgerProblems(t, world.id)).toEqual([]);

    // The same file again brings no row and leaves the balance where the bank says it is.
    expect(await importFile(world.token, account, statement)).toMatchObject({ imported: 0, duplicates: 5 });
    expect(await balanceOf(world.token, account)).toBe(2_100_000);
  });

  it('meets the statement’s also with transactions recorded after it, which stay on top', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH', initialBalance: 50_000 }] });
    const [account] = world.accounts;
    await world.record({
      accountId: account,
      amount: 10_000,
      transactionType: 'expense',
      time: '2026-11-10T10:00:00.000Z',
      categoryId: world.category('Other'),
    });
    await importFile(world.token, account, statement);
    expect(await balanceOf(world.token, account)).toBe(2_100_000 - 10_000);
    expect((await balancesByDay(world.token, account, '2026-10-31', '2026-10-31'))['2026-10-31']).toBe(2_000_000);
    expect(await ledgerProblems(t, world.id)).toEqual([]);
  });

  const plain = ['Date,Amount,Note', '2026-05-01 10:00:00,-50.00,Coffee', '2026-05-03 12:00:00,150.00,Refund'].join(
    '\n',
  );

  it('is the one given for today, or for before the first row, when the file has no balance column', async () => {
    const world = await buildWorld(t);
    const today = await newAccount(world.token);
    const done = await importFile(world.token, today, plain, { balance: { point: 'today', amount: 500_000 } });
    expect(await balanceOf(world.token, today)).toBe(500_000);
    expect(await balancesByDay(world.token, today, '2026-04-30', '2026-05-03')).toEqual({
      '2026-04-30': 490_000,
      '2026-05-01': 485_000,
      '2026-05-02': 485_000,
      '2026-05-03': 500_000,
    });

    const beforeFirst = await newAccount(world.token);
    await importFile(world.token, beforeFirst, plain, { balance: { point: 'beforeFirst', amount: 100_000 } });
    expect(await balanceOf(world.token, beforeFirst)).toBe(110_000);
    expect((await balancesByDay(world.token, beforeFirst, '2026-04-30', '2026-04-30'))['2026-04-30']).toBe(100_000);
    expect(await ledgerProblems(t, world.id)).toEqual([]);

    // Today's is today's: a transaction recorded after the file's rows is in it.
    const other = await buildWorld(t, { accounts: [{ currency: 'UAH', initialBalance: 70_000 }] });
    const [recorded] = other.accounts;
    await other.record({
      accountId: recorded,
      amount: 20_000,
      transactionType: 'expense',
      time: '2026-06-01T10:00:00.000Z',
      categoryId: other.category('Other'),
    });
    await importFile(other.token, recorded, plain, { balance: { point: 'today', amount: 300_000 } });
    expect(await balanceOf(other.token, recorded)).toBe(300_000);
    expect((await balancesByDay(other.token, recorded, '2026-05-31', '2026-05-31'))['2026-05-31']).toBe(320_000);

    // Undone, the import takes its balance back with its rows.
    expect((await t.call('DELETE', `${API}/imports/${done.id}`, { token: world.token })).status).toBe(204);
    expect(await balanceOf(world.token, today)).toBe(0);
    expect(await ledgerProblems(t, world.id)).toEqual([]);
  });

  it('is not given as well as read from a balance column', async () => {
    const world = await buildWorld(t);
    const { importId, detected } = await uploaded(world.token, await newAccount(world.token), statement);
    const res = await t.call('POST', `${API}/imports/${importId}/commit`, {
      token: world.token,
      body: { ...detected, balance: { point: 'today', amount: 1 } },
    });
    expect(res.status).toBe(422);
    expect(res.body.response.details).toEqual([
      expect.objectContaining({ path: 'balance', code: 'import.balanceTwice' }),
    ]);
  });
});

describe('a Monobank account', () => {
  it('takes no file, and the refusal says its rows come from Monobank', async () => {
    const user = await signUpWithBase(t);
    const [row] = await t.handle.db
      .insert(accounts)
      .values({ userId: user.id, name: 'Monobank Black •4821', currencyId: ids.get('UAH')!, type: 'monobank' })
      .returning({ id: accounts.id });
    const res = await upload(user.token, row!.id, 'Date,Amount\n2026-04-01,5\n');
    expect(res.status).toBe(403);
    expect(res.body.response).toMatchObject({
      code: 'NOT_ALLOWED',
      statusText: describedIssue('import.rowsFromBank', { account: 'Monobank Black •4821' }).message,
      details: [{ path: 'accountId', code: 'import.rowsFromBank', params: { account: 'Monobank Black •4821' } }],
    });
  });
});

describe('the database after a large import', () => {
  it('has the statistics of the rows it grew by when the import is done', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const statement = monobankStatement(
      Array.from({ length: LARGE_WRITE_ROWS }, (_, i) => {
        const minute = String(i % 60).padStart(2, '0');
        const hour = String(Math.floor(i / 60) % 24).padStart(2, '0');
        const day = String(1 + Math.floor(i / 1440)).padStart(2, '0');
        return [`${day}.10.2026 ${hour}:${minute}:00`, 'Сільпо', '5411', `-${(i + 1).toFixed(2)}`, ''];
      }),
    );
    const rowsInStatistics = async (table: string) => {
      const result = (await t.handle.db.execute(
        sql`select reltuples::float8 as n from pg_class where relname = ${table} and relnamespace = current_schema()::regnamespace`,
      )) as unknown as { rows: Array<{ n: number }> };
      return result.rows[0]!.n;
    };
    expect(await rowsInStatistics('transactions')).toBeLessThan(LARGE_WRITE_ROWS);

    const done = await importFile(world.token, world.accounts[0], statement);
    expect(done).toMatchObject({ state: 'done', imported: LARGE_WRITE_ROWS });
    expect(await rowsInStatistics('transactions')).toBeGreaterThanOrEqual(LARGE_WRITE_ROWS);
    expect(await rowsInStatistics('account_day_deltas')).toBeGreaterThan(0);
  });
});

describe('a file longer than one stored part', () => {
  it('keeps every character, an emoji split between two parts included', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const count = 3_200;
    const file = (pad: string) =>
      monobankStatement(
        Array.from({ length: count }, (_, i) => [
          `${String(1 + (i % 28)).padStart(2, '0')}.10.2026 10:${String(i % 60).padStart(2, '0')}:00`,
          `${i === 0 ? pad : ''}Кава ${i} 😀`,
          '5814',
          '-1.00',
          '',
        ]),
      );
    const emoji = file('').indexOf('😀', IMPORT_PART_CHARS - 200);
    const statement = file('x'.repeat(IMPORT_PART_CHARS - 1 - emoji));
    expect(statement.charCodeAt(IMPORT_PART_CHARS - 1)).toBe(0xd83d);

    const { importId, detected } = await uploaded(world.token, world.accounts[0], statement);
    const parts = (await t.handle.db.execute(
      sql`select count(*)::int as parts from import_parts where import_id = ${importId}`,
    )) as unknown as { rows: Array<{ parts: number }> };
    expect(parts.rows[0]!.parts).toBe(2);
    expect(await commitAndWait(world.token, importId, detected)).toMatchObject({ state: 'done', imported: count });
    const notes = (await t.handle.db.execute(
      sql`select count(*)::int as whole from transactions where account_id = ${world.accounts[0]} and note like '%😀'`,
    )) as unknown as { rows: Array<{ whole: number }> };
    expect(notes.rows[0]!.whole).toBe(count);
  });
});

describe('an upload of several parts', () => {
  it('is stored a part at a time, other requests answered in between, and seen by nobody before its last part', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const note = 'Кава '.repeat(200);
    const file = monobankStatement(
      Array.from({ length: 600 }, (_, i) => [
        `01.10.2026 10:${String(i % 60).padStart(2, '0')}:00`,
        note,
        '5814',
        '-1.00',
        '',
      ]),
    );
    const account = world.accounts[0];
    const storedParts = async () => {
      const counted = (await t.handle.db.execute(
        sql`select count(*)::int as parts from import_parts p join imports i on i.id = p.import_id where i.account_id = ${account}`,
      )) as unknown as { rows: Array<{ parts: number }> };
      return counted.rows[0]!.parts;
    };
    let answered = false;
    const uploading = upload(world.token, account, file).finally(() => {
      answered = true;
    });
    // Whether the import was listed, then how many of its parts were stored: once listed, all are.
    const seen: Array<{ listed: boolean; parts: number }> = [];
    while (!answered) {
      const list = await t.call('GET', `${API}/imports`, { token: world.token });
      seen.push({ listed: list.body.response.length > 0, parts: await storedParts() });
      // The embedded database answers on microtasks alone: the upload goes on in the turns between.
      await setImmediate();
    }
    expect((await uploading).status).toBe(201);
    // The file's text arrives in pieces as the body is read, and each piece is cut into parts of
    // its own: how many there are is what was stored, at least what the length alone needs.
    const parts = await storedParts();
    expect(parts).toBeGreaterThanOrEqual(Math.max(3, Math.ceil(file.length / IMPORT_PART_CHARS)));
    // The embedded database's one connection is what a transaction over all parts held: there the
    // turns alternate, and the requests in between see the file half stored. PostgreSQL answers
    // others on connections of their own, and how far the upload got between two looks is timing.
    if (testDatabaseKind() === 'pglite') expect(seen.some((at) => at.parts > 0 && at.parts < parts)).toBe(true);
    expect(seen.filter((at) => at.listed).every((at) => at.parts === parts)).toBe(true);
  });
});

describe('a Windows-1251 bank export', () => {
  it('reads semicolons, debit and credit columns, grouped decimal-comma amounts and day-first dates', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const [account] = world.accounts;
    const text = [
      'Дата;Опис операції;Дебет;Кредит',
      '05.03.2026;Кава та круасан;1 234,56;',
      '06.03.2026;Зарплата;;10 000,00',
      '07.03.2026;Комунальні послуги;2 000,10;',
    ].join('\r\n');
    const upload = await uploaded(world.token, account, iconv.encode(text, 'win1251'));
    expect(upload).toMatchObject({
      rowCount: 3,
      columns: ['Дата', 'Опис операції', 'Дебет', 'Кредит'],
      detected: {
        preset: null,
        encoding: 'windows-1251',
        delimiter: ';',
        dateFormat: 'dd.MM.yyyy',
        decimalSeparator: ',',
        mapping: { time: 0, note: 1, debit: 2, credit: 3 },
      },
    });
    const done = await commitAndWait(world.token, upload.importId, upload.detected);
    expect(done).toMatchObject({ state: 'done', imported: 3, failedCount: 0 });
    const stored = await transactionsOf(world.token, account);
    expect(stored.map((tx) => [tx.time, tx.transactionType, tx.amount, tx.note])).toEqual([
      ['2026-03-05T00:00:00.000Z', 'expense', 123_456, 'Кава та круасан'],
      ['2026-03-06T00:00:00.000Z', 'income', 1_000_000, 'Зарплата'],
      ['2026-03-07T00:00:00.000Z', 'expense', 200_010, 'Комунальні послуги'],
    ]);
    // Without a category column, rows go to Other.
    expect(new Set(stored.map((tx) => tx.categoryId))).toEqual(new Set([world.category('Other')]));
    expect(await ledgerProblems(t, world.id)).toEqual([]);
  });
});

describe('malformed files', () => {
  it('refuses a quote left open, an empty file and a header alone, naming the file', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const [account] = world.accounts;
    for (const [file, message] of [
      ['Time,Amount\n"2026-01-01,5\n2026-01-02,6\n', /not readable CSV.*Quote Not Closed/],
      ['', /empty/],
      ['   \n', /empty/],
      ['Time,Amount\n', /no rows under its header/],
    ] as const) {
      const res = await upload(world.token, account, file);
      expect(res.status).toBe(422);
      expect(res.body.response).toMatchObject({
        code: 'VALIDATION_ERROR',
        details: [{ path: 'file', message: expect.stringMatching(message) }],
      });
    }
    expect((await t.call('GET', `${API}/imports`, { token: world.token })).body.response).toEqual([]);
  });

  it('reports bad rows with their line and reason while the good ones import', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const [account] = world.accounts;
    const file = [
      'Date,Amount,Note',
      '2026-04-01,-10.00,good one',
      '2026-04-02,-5.00', // ragged: no note cell
      '2026-13-40,-1.00,no such day',
      '2026-04-03,ten,not an amount',
      '2026-04-04,0.00,nothing moved',
      '2026-04-05,1.234,too precise',
      '',
      '2026-04-06,"7,00",a quoted comma in the amount',
      '2026-04-07,+20.00,"a note, with a comma"',
    ].join('\n');
    const done = await importFile(world.token, account, file, { dateFormat: 'yyyy-MM-dd' });
    expect(done).toMatchObject({ state: 'done', done: 8, total: 8, imported: 3, failedCount: 5 });
    expect(done.failed).toEqual([
      {
        row: 3,
        message: 'The row has 2 cells; column 3 is missing',
        code: 'cell.columnMissing',
        params: { cells: 2, column: 3 },
      },
      {
        row: 4,
        message: expect.stringContaining('not a date in the calendar'),
        code: 'cell.notCalendarDate',
        params: { text: '2026-13-40' },
      },
      {
        row: 5,
        message: expect.stringContaining('is not an amount'),
        code: 'cell.notAmount',
        params: { text: 'ten' },
      },
      { row: 6, message: 'The amount is 0', code: 'cell.amountZero', params: {} },
      {
        row: 7,
        message: expect.stringContaining('more than two decimals'),
        code: 'cell.tooManyDecimals',
        params: { text: '1.234' },
      },
    ]);
    const stored = await transactionsOf(world.token, account);
    expect(stored.map((tx) => [tx.amount, tx.transactionType, tx.note])).toEqual([
      [1_000, 'expense', 'good one'],
      [70_000, 'income', 'a quoted comma in the amount'],
      [2_000, 'income', 'a note, with a comma'],
    ]);
    expect(await ledgerProblems(t, world.id)).toEqual([]);
  });

  it('refuses a mapping to a column the file does not have, and a body that is not the file', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const { importId } = await uploaded(world.token, world.accounts[0], 'Date,Amount\n2026-04-01,5\n');
    const res = await t.call('POST', `${API}/imports/${importId}/commit`, {
      token: world.token,
      body: { mapping: { time: 0, amount: 1, note: 2 }, dateFormat: 'yyyy-MM-dd', decimalSeparator: '.' },
    });
    expect(res.status).toBe(422);
    expect(res.body.response.details).toEqual([
      {
        path: 'mapping.note',
        message: expect.stringContaining('no column 3'),
        code: 'import.columnMissing',
        params: { columns: expect.any(Number), column: 3 },
      },
    ]);
    const json = await upload(world.token, world.accounts[0], JSON.stringify({ rows: [] }), 'application/json');
    expect(json.status).toBe(422);
    expect(json.body.response.details).toEqual([
      {
        path: 'body',
        message: expect.stringContaining('text/csv'),
        code: 'request.fileBody',
        params: { type: 'text/csv' },
      },
    ]);
  });

  it('answers 413 for a file over the limit', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const res = await upload(world.token, world.accounts[0], Buffer.alloc(IMPORT_MAX_BYTES + 1, 'a'));
    expect(res.status).toBe(413);
    expect(res.body.response).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      statusText: 'The body is too large: at most 64 MB are taken.',
    });
  });
});

describe('times', () => {
  it('reads wall-clock times in the user’s time zone, on either side of the clock changes', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const settings = await t.call('PUT', `${API}/user/settings`, {
      token: world.token,
      body: { timeZone: 'Europe/Kyiv' },
    });
    expect(settings.status).toBe(200);
    const file = [
      'Time,Amount',
      '28.03.2026 12:00,-1',
      '30.03.2026 12:00,-2',
      '24.10.2026 23:30,-3',
      '25.10.2026 12:00,-4',
      '2026-06-01T08:00:00+00:00,-5',
    ].join('\n');
    const { importId, detected } = await uploaded(world.token, world.accounts[0], file);
    // The ISO row does not read as day-first: the times are written two ways.
    expect(detected.dateFormat).toBe(null);
    const first = await commitAndWait(world.token, importId, detected, { dateFormat: 'dd.MM.yyyy HH:mm' });
    expect(first).toMatchObject({ imported: 4, failedCount: 1 });
    const stored = await transactionsOf(world.token, world.accounts[0]);
    expect(stored.map((tx) => tx.time)).toEqual([
      '2026-03-28T10:00:00.000Z', // EET, UTC+2
      '2026-03-30T09:00:00.000Z', // EEST, UTC+3
      '2026-10-24T20:30:00.000Z',
      '2026-10-25T10:00:00.000Z',
    ]);
    const iso = await importFile(world.token, world.accounts[0], file, { dateFormat: 'ISO' });
    expect(iso).toMatchObject({ imported: 1, failedCount: 4 });
    expect((await transactionsOf(world.token, world.accounts[0])).map((tx) => tx.time)).toContain(
      '2026-06-01T08:00:00.000Z',
    );
    // The day deltas are the Kyiv days (24 October 23:30 is the 24th there, not the 25th).
    expect(await ledgerProblems(t, world.id)).toEqual([]);
  });
});

describe('duplicates', () => {
  const file = [
    'Date,Amount,Note',
    '2026-05-01 10:00:00,-50.00,Coffee',
    '2026-05-01 10:00:00,-50.00,Coffee',
    '2026-05-02 12:00:00,-300.00,Books',
  ].join('\n');

  it('imports a file’s repeated rows, leaves out what the account has on the next import, and imports it again when asked', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const [account] = world.accounts;
    expect(await importFile(world.token, account, file)).toMatchObject({ imported: 3, duplicates: 0 });
    expect(await importFile(world.token, account, file)).toMatchObject({ state: 'done', imported: 0, duplicates: 3 });
    expect(await importFile(world.token, account, file, { skipDuplicates: false })).toMatchObject({
      imported: 3,
      duplicates: 0,
    });
    expect(await transactionsOf(world.token, account)).toHaveLength(6);
    expect(await ledgerProblems(t, world.id)).toEqual([]);
  });

  it('leaves out a row matching a transaction recorded by hand, one for one; the rows it brings in name it', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const [account] = world.accounts;
    const [byHand] = await world.record({
      accountId: account,
      amount: 5_000,
      transactionType: 'expense',
      time: '2026-05-01T10:00:00.000Z',
      note: 'Coffee',
      categoryId: world.category('Other'),
    });
    const { importId, detected } = await uploaded(world.token, account, file);
    expect(await commitAndWait(world.token, importId, detected)).toMatchObject({ imported: 2, duplicates: 1 });
    const rows = await transactionsOf(world.token, account);
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => [row.id === byHand!.id, row.importId])).toEqual(
      expect.arrayContaining([
        [true, null],
        [false, importId],
        [false, importId],
      ]),
    );
  });
});

describe('undo', () => {
  it('deletes every transaction of the import and puts the balances and days back', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH', initialBalance: 10_000 }] });
    const [account] = world.accounts;
    await world.record({
      accountId: account,
      amount: 700,
      transactionType: 'expense',
      categoryId: world.category('Other'),
    });
    const rows = Array.from(
      { length: 2_500 },
      (_, i) => `2026-0${1 + (i % 9)}-1${i % 10} 10:00:00,${i % 3 ? '-' : ''}${i + 1}.25,row ${i}`,
    );
    const done = await importFile(world.token, account, ['Date,Amount,Note', ...rows].join('\n'));
    expect(done).toMatchObject({ state: 'done', imported: 2_500, done: 2_500 });
    expect(await balanceOf(world.token, account)).not.toBe(9_300);
    expect(await ledgerProblems(t, world.id)).toEqual([]);

    const undo = await t.call('DELETE', `${API}/imports/${done.id}`, { token: world.token });
    expect(undo.status).toBe(204);
    expect(await balanceOf(world.token, account)).toBe(9_300);
    expect(await transactionsOf(world.token, account)).toHaveLength(1);
    expect(await ledgerProblems(t, world.id)).toEqual([]);
    expect((await t.call('GET', `${API}/imports/${done.id}`, { token: world.token })).body.response.state).toBe(
      'undone',
    );
    const again = await t.call('DELETE', `${API}/imports/${done.id}`, { token: world.token });
    expect(again.status).toBe(409);
  });

  it('drops an upload not imported, and refuses to commit an import twice', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const first = await uploaded(world.token, world.accounts[0], 'Date,Amount\n2026-04-01,5\n');
    expect((await t.call('DELETE', `${API}/imports/${first.importId}`, { token: world.token })).status).toBe(204);
    expect((await t.call('GET', `${API}/imports/${first.importId}`, { token: world.token })).status).toBe(404);
    const second = await uploaded(world.token, world.accounts[0], 'Date,Amount\n2026-04-01,5\n');
    await commitAndWait(world.token, second.importId, second.detected);
    const again = await t.call('POST', `${API}/imports/${second.importId}/commit`, {
      token: world.token,
      body: { mapping: second.detected.mapping, dateFormat: 'yyyy-MM-dd', decimalSeparator: '.' },
    });
    expect(again.status).toBe(409);
  });
});

describe('categories and currencies', () => {
  it('lists a column’s names with what they match, creates the ones asked for and files the unknown under Other', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const [account] = world.accounts;
    const file = csv([
      ['Date', 'Amount', 'Category'],
      ['2026-06-01', '-10', 'groceries'],
      ['2026-06-02', '-20', 'Food & Drinks / Groceries'],
      ['2026-06-03', '-30', 'Models'],
      ['2026-06-04', '-40', 'Models'],
      ['2026-06-05', '-50', 'Mystery'],
      ['2026-06-06', '-60', 'Cinema'],
    ]);
    const upload = await uploaded(world.token, account, file);
    expect(upload.detected.mapping).toMatchObject({ time: 0, amount: 1, category: 2 });
    const names = await t.call('GET', `${API}/imports/${upload.importId}/categories?column=2`, { token: world.token });
    expect(names.body.response).toEqual([
      { name: 'Models', rows: 2, categoryId: null },
      { name: 'Cinema', rows: 1, categoryId: null },
      { name: 'Food & Drinks / Groceries', rows: 1, categoryId: world.category('Groceries') },
      { name: 'groceries', rows: 1, categoryId: world.category('Groceries') },
      { name: 'Mystery', rows: 1, categoryId: null },
    ]);
    const done = await commitAndWait(world.token, upload.importId, upload.detected, {
      categories: [
        { name: 'Models', create: true },
        { name: 'Hobbies / Cinema', create: true },
        { name: 'Cinema', categoryId: world.category('Culture, events') },
      ],
    });
    expect(done).toMatchObject({ imported: 6 });
    const categories = (await t.call('GET', `${API}/categories`, { token: world.token })).body.response as Array<{
      id: number;
      name: string;
      parentId: number | null;
    }>;
    const models = categories.find((c) => c.name === 'Models')!;
    expect(models.parentId).toBe(null);
    // A path creates its missing levels, even when another choice of the same name wins.
    const hobbies = categories.find((c) => c.name === 'Hobbies' && c.parentId === null)!;
    expect(categories.some((c) => c.name === 'Cinema' && c.parentId === hobbies.id)).toBe(true);
    const stored = await transactionsOf(world.token, account);
    expect(stored.map((tx) => tx.categoryId)).toEqual([
      world.category('Groceries'),
      world.category('Groceries'),
      models.id,
      models.id,
      world.category('Other'),
      world.category('Culture, events'),
    ]);
    const bad = await t.call('GET', `${API}/imports/${upload.importId}/categories?column=3`, { token: world.token });
    expect(bad.status).toBe(422);
  });

  it('answers the names and checks the mapping from the upload’s one reading, not from the stored file', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const file = csv([
      ['Date', 'Amount', 'Category'],
      ['2026-06-01', '-10', 'Models'],
      ['2026-06-02', '-20', ' models '],
      ['2026-06-03', '-30', 'Groceries'],
    ]);
    const { importId } = await uploaded(world.token, world.accounts[0], file);
    // The stored file changes under the upload: what the page asks next is answered all the same.
    await t.handle.db.execute(sql`update import_parts set text = 'Other' where import_id = ${importId}`);
    const names = await t.call('GET', `${API}/imports/${importId}/categories?column=2`, { token: world.token });
    expect(names.body.response).toEqual([
      { name: 'Models', rows: 2, categoryId: null },
      { name: 'Groceries', rows: 1, categoryId: world.category('Groceries') },
    ]);
    const commit = await t.call('POST', `${API}/imports/${importId}/commit`, {
      token: world.token,
      body: { mapping: { time: 0, amount: 1, note: 3 }, dateFormat: 'yyyy-MM-dd', decimalSeparator: '.' },
    });
    expect(commit.body.response.details).toEqual([
      expect.objectContaining({ path: 'mapping.note', params: { columns: 3, column: 4 } }),
    ]);
  });

  it('does not offer a column of more different values than a commit takes choices for', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const rows = Array.from({ length: IMPORT_MAX_CATEGORY_NAMES + 1 }, (_, i) => `2026-06-01,-${i + 1},Food`);
    const { importId } = await uploaded(world.token, world.accounts[0], `Date,Amount,Category\n${rows.join('\n')}\n`);
    const amounts = await t.call('GET', `${API}/imports/${importId}/categories?column=1`, { token: world.token });
    expect(amounts.status).toBe(422);
    expect(amounts.body.response.details).toEqual([
      expect.objectContaining({ path: 'column', code: 'import.columnNotCategories' }),
    ]);
    const categories = await t.call('GET', `${API}/imports/${importId}/categories?column=2`, { token: world.token });
    expect(categories.body.response).toEqual([
      expect.objectContaining({ name: 'Food', rows: IMPORT_MAX_CATEGORY_NAMES + 1 }),
    ]);
  });

  it('reads categories named like the properties of an object (constructor, __proto__) as any other name', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const [account] = world.accounts;
    const file = csv([
      ['Date', 'Amount', 'Category'],
      ['2026-06-01', '-10', 'constructor'],
      ['2026-06-02', '-20', '__proto__'],
      ['2026-06-03', '-30', 'toString'],
      ['2026-06-04', '-40', 'hasOwnProperty'],
    ]);
    const upload = await uploaded(world.token, account, file);
    const done = await commitAndWait(world.token, upload.importId, upload.detected, {
      categories: [
        { name: '__proto__', create: true },
        { name: 'toString', categoryId: world.category('Groceries') },
      ],
    });
    expect(done).toMatchObject({ state: 'done', imported: 4, failedCount: 0 });
    const categories = (await t.call('GET', `${API}/categories`, { token: world.token })).body.response as Array<{
      id: number;
      name: string;
    }>;
    const proto = categories.find((c) => c.name === '__proto__')!;
    const stored = await transactionsOf(world.token, account);
    expect(stored.map((tx) => tx.categoryId)).toEqual([
      world.category('Other'),
      proto.id,
      world.category('Groceries'),
      world.category('Other'),
    ]);
  });

  it('converts rows in another currency at their day’s rate and reports rows without a rate', async () => {
    const world = await buildWorld(t, {
      currencies: { USD: { rate: 40, from: { '2026-06-02': 41 } } },
      accounts: [{ currency: 'UAH' }],
    });
    const [account] = world.accounts;
    const file = csv([
      ['Date', 'Amount', 'Currency'],
      ['2026-06-01', '-10.00', 'USD'],
      ['2026-06-02', '-10.00', 'usd'],
      ['2026-06-03', '-10.00', 'UAH'],
      ['2026-06-04', '-10.00', 'XTS'],
    ]);
    const done = await importFile(world.token, account, file);
    expect(done).toMatchObject({
      imported: 3,
      failed: [
        {
          row: 5,
          message: 'No exchange rate for XTS → UAH on 2026-06-04',
          code: 'cell.noRate',
          params: { from: 'XTS', to: 'UAH', date: '2026-06-04' },
        },
      ],
    });
    expect((await transactionsOf(world.token, account)).map((tx) => tx.amount)).toEqual([40_000, 41_000, 1_000]);
  });

  it('answers why an import stopped by code, and reads failures stored before codes were as they are', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const done = await importFile(world.token, world.accounts[0], 'Date,Amount\n2026-04-01,-1.00\n');
    const stoppedWhy = describedIssue('import.stoppedUnexpectedly');
    await t.handle.db
      .update(imports)
      .set({ state: 'failed', error: stoppedWhy.message, errorIssue: { code: stoppedWhy.code, params: {} } })
      .where(eq(imports.id, done.id));
    const failed = (await t.call('GET', `${API}/imports/${done.id}`, { token: world.token })).body.response;
    expect(failed).toMatchObject({
      state: 'failed',
      error: stoppedWhy.message,
      errorIssue: { code: 'import.stoppedUnexpectedly', params: {} },
    });

    await t.handle.db
      .update(imports)
      .set({ failed: [{ row: 2, message: 'The amount is 0' }], failedCount: 1, error: 'Stopped.', errorIssue: null })
      .where(eq(imports.id, done.id));
    const old = (await t.call('GET', `${API}/imports/${done.id}`, { token: world.token })).body.response;
    expect(old.failed).toEqual([{ row: 2, message: 'The amount is 0' }]);
    expect(old.error).toBe('Stopped.');
    expect(old).not.toHaveProperty('errorIssue');
  });

  it('reads back Kopiyka’s export written before the transfer account column, a transfer by its id', async () => {
    const world = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const file = csv([
      // That column came before the tags and split part columns.
      kopiykaCsvHeader('en').filter((name) => !['Transfer account', 'Tags', 'Split part'].includes(name)),
      [
        '2026-07-01T09:30:00+03:00',
        'Cash',
        'Food & Drinks / Groceries',
        'expense',
        '-12.50',
        'UAH',
        '-12.50',
        'UAH',
        '',
        'Bread',
      ],
      ['2026-07-02T18:00:00+03:00', 'Cash', 'Income', 'income', '1500.00', 'UAH', '1500.00', 'UAH', '', 'Salary, July'],
      ['2026-07-03T08:00:00+03:00', 'Cash', '', 'expense', '-300.00', 'UAH', '-300.00', 'UAH', '41', 'To savings'],
    ]);
    const upload = await uploaded(world.token, world.accounts[0], file);
    expect(upload.detected).toMatchObject({
      preset: 'kopiyka',
      dateFormat: 'ISO',
      decimalSeparator: '.',
      mapping: { time: 0, category: 2, amount: 4, currency: 5, transfer: 8, note: 9 },
    });
    await commitAndWait(world.token, upload.importId, upload.detected);
    const stored = await transactionsOf(world.token, world.accounts[0]);
    expect(
      stored.map((tx) => [tx.time, tx.transactionType, tx.amount, tx.categoryId, tx.transferNature, tx.note]),
    ).toEqual([
      ['2026-07-01T06:30:00.000Z', 'expense', 1_250, world.category('Groceries'), 'not_transfer', 'Bread'],
      ['2026-07-02T15:00:00.000Z', 'income', 150_000, world.category('Income'), 'not_transfer', 'Salary, July'],
      ['2026-07-03T05:00:00.000Z', 'expense', 30_000, null, 'transfer_out_wallet', 'To savings'],
    ]);
  });

  for (const locale of ['en', 'uk'] as const) {
    it(`reads its own export back in ${locale}: the same rows, notes that look like formulas, balance and figures, transfers kept out of them`, async () => {
      const kyiv = { timeZone: 'Europe/Kyiv', locale };
      const owner = await buildWorld(t, {
        currencies: { USD: 40 },
        accounts: [{ name: 'Картка', currency: 'UAH' }, { currency: 'USD' }],
      });
      expect((await t.call('PUT', `${API}/user/settings`, { token: owner.token, body: kyiv })).status).toBe(200);
      const [card, dollars] = owner.accounts;
      await owner.record({
        accountId: card,
        transactionType: 'income',
        amount: 2_000_000,
        categoryId: owner.category('Wage, invoices'),
        time: '2026-10-01T07:00:00.000Z',
        note: '=HYPERLINK("http://x","Зарплата; жовтень")',
      });
      await owner.record({
        accountId: card,
        transactionType: 'expense',
        amount: 123_456,
        categoryId: owner.category('Groceries'),
        time: '2026-10-02T16:45:10.000Z',
        note: '\'+1 Сільпо, "Еко"',
      });
      await owner.record({
        accountId: card,
        transactionType: 'expense',
        transferNature: 'transfer_between_user_accounts',
        destinationAccountId: dollars,
        amount: 400_000,
        destinationAmount: 10_000,
        time: '2026-10-03T09:00:00.000Z',
        note: '@SUM(1) на долари',
      });
      await owner.record({
        accountId: card,
        transactionType: 'expense',
        transferNature: 'transfer_out_wallet',
        amount: 50_000,
        time: '2026-10-04T09:00:00.000Z',
        note: '-Мамі',
      });
      const exported = await t.app.inject({
        method: 'GET',
        url: `${API}/transactions/export?format=csv&accountIds=${card}`,
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(exported.statusCode).toBe(200);

      const newcomer = await buildWorld(t, { accounts: [{ name: 'Нова картка', currency: 'UAH' }] });
      expect((await t.call('PUT', `${API}/user/settings`, { token: newcomer.token, body: kyiv })).status).toBe(200);
      const upload = await uploaded(newcomer.token, newcomer.accounts[0], exported.rawPayload);
      expect(upload.detected).toMatchObject({
        preset: 'kopiyka',
        delimiter: locale === 'uk' ? ';' : ',',
        decimalSeparator: locale === 'uk' ? ',' : '.',
        dateFormat: locale === 'uk' ? 'dd.MM.yyyy HH:mm:ss' : 'ISO',
      });
      const done = await commitAndWait(newcomer.token, upload.importId, upload.detected);
      expect(done).toMatchObject({ state: 'done', imported: 4, failedCount: 0 });

      // Categories by their paths; both transfers stay transfers (the other account is not the newcomer's).
      const nameOf = (world: typeof owner | typeof newcomer, id: number | null) =>
        world.categories.find((category) => category.id === id)?.name ?? null;
      const rowsOf = async (world: typeof owner | typeof newcomer, accountId: number) =>
        (await transactionsOf(world.token, accountId)).map((tx) => [
          tx.time,
          tx.transactionType,
          tx.amount,
          nameOf(world, tx.categoryId),
          tx.transferNature === 'not_transfer',
          tx.note,
        ]);
      expect(await rowsOf(newcomer, newcomer.accounts[0])).toEqual(await rowsOf(owner, card));
      expect(await balanceOf(newcomer.token, newcomer.accounts[0])).toBe(await balanceOf(owner.token, card));
      expect(await balanceOf(newcomer.token, newcomer.accounts[0])).toBe(2_000_000 - 123_456 - 400_000 - 50_000);
      // The month's income and spending count the transfers in neither user's figures.
      const flow = async (token: string) =>
        (await t.call('GET', `${API}/stats/cash-flow?from=2026-10-01&to=2026-10-31&interval=month`, { token })).body
          .response;
      expect(await flow(newcomer.token)).toEqual(await flow(owner.token));
      expect(await flow(newcomer.token)).toMatchObject([{ income: 2_000_000, expense: 123_456 }]);
    });
  }

  it('reads a split transaction of its own export back as a transaction per part: the same balance and spending', async () => {
    const owner = await buildWorld(t, { accounts: [{ name: 'Картка', currency: 'UAH' }] });
    await owner.record({
      accountId: owner.accounts[0],
      transactionType: 'expense',
      amount: 100_000,
      time: '2026-10-02T16:45:10.000Z',
      note: 'Сільпо',
      splits: [
        { categoryId: owner.category('Groceries'), amount: 70_000, note: 'продукти' },
        { categoryId: owner.category('Taxes'), amount: 30_000 },
      ],
    });
    const exported = await t.app.inject({
      method: 'GET',
      url: `${API}/transactions/export?format=csv`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const newcomer = await buildWorld(t, { accounts: [{ name: 'Нова картка', currency: 'UAH' }] });
    const upload = await uploaded(newcomer.token, newcomer.accounts[0], exported.rawPayload);
    expect(upload.detected).toMatchObject({ preset: 'kopiyka' });
    expect(await commitAndWait(newcomer.token, upload.importId, upload.detected)).toMatchObject({ imported: 2 });
    expect(
      (await transactionsOf(newcomer.token, newcomer.accounts[0])).map((tx) => [tx.amount, tx.categoryId, tx.note]),
    ).toEqual([
      [70_000, newcomer.category('Groceries'), 'Сільпо — продукти'],
      [30_000, newcomer.category('Taxes'), 'Сільпо'],
    ]);
    expect(await balanceOf(newcomer.token, newcomer.accounts[0])).toBe(-100_000);
    const spending = async (token: string) =>
      (
        await t.call('GET', `${API}/stats/spendings-by-categories?from=2026-10-01&to=2026-10-31`, { token })
      ).body.response.map((c: { name: string; amount: number }) => [c.name, c.amount]);
    expect(await spending(newcomer.token)).toEqual(await spending(owner.token));
  });
});

describe('isolation', () => {
  it('answers 404 for another user’s import and account, and changes nothing', async () => {
    const owner = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const other = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const file = 'Date,Amount\n2026-04-01,5\n';
    const pending = await uploaded(owner.token, owner.accounts[0], file);
    const finished = await uploaded(owner.token, owner.accounts[0], file);
    await commitAndWait(owner.token, finished.importId, finished.detected);

    expect((await upload(other.token, owner.accounts[0], file)).status).toBe(404);
    for (const id of [pending.importId, finished.importId]) {
      const token = other.token;
      expect((await t.call('GET', `${API}/imports/${id}`, { token })).status).toBe(404);
      expect((await t.call('GET', `${API}/imports/${id}/categories?column=0`, { token })).status).toBe(404);
      const commit = await t.call('POST', `${API}/imports/${id}/commit`, {
        token,
        body: { mapping: { time: 0, amount: 1 }, dateFormat: 'yyyy-MM-dd', decimalSeparator: '.' },
      });
      expect(commit.status).toBe(404);
      expect((await t.call('DELETE', `${API}/imports/${id}`, { token })).status).toBe(404);
    }
    expect((await t.call('GET', `${API}/imports`, { token: other.token })).body.response).toEqual([]);
    const mine = (await t.call('GET', `${API}/imports`, { token: owner.token })).body.response as Import[];
    expect(mine.map((i) => [i.id, i.state])).toEqual([
      [finished.importId, 'done'],
      [pending.importId, 'uploaded'],
    ]);
    expect(await transactionsOf(owner.token, owner.accounts[0])).toHaveLength(1);
  });

  it('refuses a category choice of another user', async () => {
    const owner = await buildWorld(t, { accounts: [{ currency: 'UAH' }] });
    const other = await buildWorld(t);
    const { importId, detected } = await uploaded(
      owner.token,
      owner.accounts[0],
      'Date,Amount,Category\n2026-04-01,5,X\n',
    );
    const res = await t.call('POST', `${API}/imports/${importId}/commit`, {
      token: owner.token,
      body: { ...detected, categories: [{ name: 'X', categoryId: other.category('Other') }] },
    });
    expect(res.status).toBe(404);
    expect(res.body.response.details).toEqual([
      {
        path: 'categories.0.categoryId',
        message: 'Category not found',
        code: 'record.notFound',
        params: { what: 'Category' },
      },
    ]);
    expect((await t.call('GET', `${API}/imports/${importId}`, { token: owner.token })).body.response.state).toBe(
      'uploaded',
    );
  });
});
