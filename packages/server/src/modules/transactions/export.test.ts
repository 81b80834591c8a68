import { kopiykaCsvHeader, type Transaction } from '@kopiyka/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../../../test/app.ts';
import { buildWorld } from '../../../test/world.ts';
import { fixedClock } from '../../lib/clock.ts';

// Late evening in UTC, already the next day in Kyiv: the file is named after the user's day.
const clock = fixedClock('2026-11-25T23:30:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { clock });
});
afterAll(() => t.close());

/** GET /transactions/export with a query: the raw answer (a file, not JSON). */
async function download(token: string, query: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v1/transactions/export?format=csv${query}`,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.statusCode, headers: res.headers, text: res.body };
}

/** The file's records, header first, as a spreadsheet or the import reads them. */
const recordsOf = (text: string, delimiter = ','): string[][] => parse(text, { bom: true, delimiter });

async function kyivWorld(locale = 'en') {
  const w = await buildWorld(t, {
    currencies: { USD: 40 },
    accounts: [{ name: 'Картка "Чорна", основна', currency: 'UAH' }, { currency: 'USD' }],
  });
  const body = { timeZone: 'Europe/Kyiv', locale };
  const put = await t.call('PUT', '/api/v1/user/settings', { token: w.token, body });
  expect(put.status).toBe(200);
  return w;
}

describe('GET /transactions/export', () => {
  /** An expense with quotes, commas and a newline, an income, a transfer between the accounts and one out of the wallet. */
  async function recordVariety(w: Awaited<ReturnType<typeof kyivWorld>>) {
    const [uah, usd] = w.accounts;
    const tag = async (name: string) =>
      (await t.call('POST', '/api/v1/tags', { token: w.token, body: { name } })).body.response.id as number;
    const tagIds = [await tag('Робота'), await tag('=Відрядження')];
    await w.record({
      accountId: uah,
      transactionType: 'expense',
      amount: 12_345,
      categoryId: w.category('Restaurants, fast food'),
      time: '2026-11-20T12:03:00.000Z',
      note: 'Обід, "Пузата хата"\nз колегами',
      tagIds,
    });
    await w.record({
      accountId: uah,
      transactionType: 'income',
      amount: 500_000,
      categoryId: w.category('Wage, invoices'),
      time: '2026-11-21T08:00:00.000Z',
      note: '',
    });
    const transfer = await w.record({
      accountId: uah,
      transactionType: 'expense',
      transferNature: 'transfer_between_user_accounts',
      destinationAccountId: usd,
      amount: 40_000,
      destinationAmount: 1_000,
      time: '2026-11-22T09:30:00.000Z',
      note: 'На долари',
    });
    await w.record({
      accountId: uah,
      transactionType: 'expense',
      transferNature: 'transfer_out_wallet',
      amount: 150_000,
      time: '2026-11-23T07:00:00.000Z',
      note: 'Мамі',
    });
    return String(transfer[0]!.transferId);
  }

  it('writes every row oldest first with the export header, read back the same with quotes, commas, newlines and Cyrillic', async () => {
    const w = await kyivWorld();
    const transferId = await recordVariety(w);

    const res = await download(w.token, '');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="kopiyka-transactions-2026-11-26.csv"');
    // The byte-order mark first: Excel then reads the file as UTF-8.
    expect(res.text.charCodeAt(0)).toBe(0xfeff);
    // English as it was, with the column that says a row is a transfer (and where it went) before the note.
    expect(recordsOf(res.text)).toEqual([
      kopiykaCsvHeader('en'),
      [
        '2026-11-20T14:03:00+02:00',
        'Картка "Чорна", основна',
        'Food & Drinks / Restaurants, fast food',
        'expense',
        '-123.45',
        'UAH',
        '-123.45',
        'UAH',
        '',
        '',
        'Обід, "Пузата хата"\nз колегами',
        // The tags by name, in the order they were made.
        'Робота, =Відрядження',
        '',
      ],
      [
        '2026-11-21T10:00:00+02:00',
        'Картка "Чорна", основна',
        'Income / Wage, invoices',
        'income',
        '5000.00',
        'UAH',
        '5000.00',
        'UAH',
        '',
        '',
        '',
        '',
        '',
      ],
      [
        '2026-11-22T11:30:00+02:00',
        'Картка "Чорна", основна',
        '',
        'expense',
        '-400.00',
        'UAH',
        '-400.00',
        'UAH',
        transferId,
        'USD',
        'На долари',
        '',
        '',
      ],
      [
        '2026-11-22T11:30:00+02:00',
        'USD',
        '',
        'income',
        '10.00',
        'USD',
        '400.00',
        'UAH',
        transferId,
        'Картка "Чорна", основна',
        'На долари',
        '',
        '',
      ],
      [
        '2026-11-23T09:00:00+02:00',
        'Картка "Чорна", основна',
        '',
        'expense',
        '-1500.00',
        'UAH',
        '-1500.00',
        'UAH',
        '',
        'Out of wallet',
        'Мамі',
        '',
        '',
      ],
    ]);
  });

  it('speaks Ukrainian to a Ukrainian: semicolons, decimal commas, day-first times, Ukrainian headers and words', async () => {
    const w = await kyivWorld('uk');
    const transferId = await recordVariety(w);
    const res = await download(w.token, '');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.text.charCodeAt(0)).toBe(0xfeff);
    const [header] = res.text.slice(1).split('\n');
    expect(header).toBe(
      'Дата і час;Рахунок;Категорія;Тип;Сума;Валюта;Сума в базовій валюті;Базова валюта;Переказ;Рахунок переказу;Примітка;Мітки;Частина',
    );
    expect(recordsOf(res.text, ';')).toEqual([
      kopiykaCsvHeader('uk'),
      [
        '20.11.2026 14:03:00',
        'Картка "Чорна", основна',
        'Food & Drinks / Restaurants, fast food',
        'Витрата',
        '-123,45',
        'UAH',
        '-123,45',
        'UAH',
        '',
        '',
        'Обід, "Пузата хата"\nз колегами',
        'Робота, =Відрядження',
        '',
      ],
      [
        '21.11.2026 10:00:00',
        'Картка "Чорна", основна',
        'Income / Wage, invoices',
        'Дохід',
        '5000,00',
        'UAH',
        '5000,00',
        'UAH',
        '',
        '',
        '',
        '',
        '',
      ],
      [
        '22.11.2026 11:30:00',
        'Картка "Чорна", основна',
        '',
        'Витрата',
        '-400,00',
        'UAH',
        '-400,00',
        'UAH',
        transferId,
        'USD',
        'На долари',
        '',
        '',
      ],
      [
        '22.11.2026 11:30:00',
        'USD',
        '',
        'Дохід',
        '10,00',
        'USD',
        '400,00',
        'UAH',
        transferId,
        'Картка "Чорна", основна',
        'На долари',
        '',
        '',
      ],
      [
        '23.11.2026 09:00:00',
        'Картка "Чорна", основна',
        '',
        'Витрата',
        '-1500,00',
        'UAH',
        '-1500,00',
        'UAH',
        '',
        'Поза гаманцем',
        'Мамі',
        '',
        '',
      ],
    ]);
  });

  it('writes a split transaction as a line per part, marked with which of how many', async () => {
    const w = await kyivWorld('uk');
    const [uah] = w.accounts;
    await w.record({
      accountId: uah,
      transactionType: 'expense',
      amount: 100_000,
      time: '2026-11-20T12:03:00.000Z',
      note: 'Сільпо',
      splits: [
        { categoryId: w.category('Groceries'), amount: 70_000, note: 'продукти' },
        { categoryId: w.category('Taxes'), amount: 30_000 },
      ],
    });
    const [, ...rows] = recordsOf((await download(w.token, '')).text, ';');
    expect(rows).toEqual([
      [
        '20.11.2026 14:03:00',
        'Картка "Чорна", основна',
        'Food & Drinks / Groceries',
        'Витрата',
        '-700,00',
        'UAH',
        '-700,00',
        'UAH',
        '',
        '',
        'Сільпо — продукти',
        '',
        '1/2',
      ],
      [
        '20.11.2026 14:03:00',
        'Картка "Чорна", основна',
        'Financial expenses / Taxes',
        'Витрата',
        '-300,00',
        'UAH',
        '-300,00',
        'UAH',
        '',
        '',
        'Сільпо',
        '',
        '2/2',
      ],
    ]);
  });

  it('writes names and notes that look like formulas as text after an apostrophe; amounts stay numbers', async () => {
    const w = await buildWorld(t, {
      accounts: [
        { name: '@A1', currency: 'UAH' },
        { name: '+Savings', currency: 'UAH' },
      ],
    });
    const [first, savings] = w.accounts;
    const notes = ['=HYPERLINK("http://x","y")', '+1', '@SUM(1)', '-2', "'=1+1", "it's =fine", '\tTab', '\rReturn'];
    for (const [index, note] of notes.entries()) {
      await w.record({
        accountId: first,
        transactionType: 'expense',
        amount: 100,
        categoryId: w.category('Groceries'),
        time: `2026-11-0${index + 1}T12:00:00.000Z`,
        note,
      });
    }
    await w.record({
      accountId: first,
      transactionType: 'expense',
      transferNature: 'transfer_between_user_accounts',
      destinationAccountId: savings,
      amount: 500,
      destinationAmount: 500,
      time: '2026-11-20T12:00:00.000Z',
      note: '',
    });
    const res = await download(w.token, `&accountIds=${first}`);
    expect(res.status).toBe(200);
    const [, ...rows] = recordsOf(res.text);
    const column = (name: string) => kopiykaCsvHeader('en').indexOf(name);
    expect(rows.map((row) => row[column('Note')])).toEqual([
      '\'=HYPERLINK("http://x","y")',
      "'+1",
      "'@SUM(1)",
      "'-2",
      "''=1+1",
      "it's =fine",
      "'\tTab",
      "'\rReturn",
      '',
    ]);
    expect(new Set(rows.map((row) => row[column('Account')]))).toEqual(new Set(["'@A1"]));
    expect(rows.at(-1)![column('Transfer account')]).toBe("'+Savings");
    expect(rows.map((row) => row[column('Amount')])).toEqual([...notes.map(() => '-1.00'), '-5.00']);
  });

  it('takes the filters of the list: the same rows as GET /transactions', async () => {
    const w = await kyivWorld();
    const [uah, usd] = w.accounts;
    const groceries = w.category('Groceries');
    const taxi = w.category('Taxi');
    for (const [day, amount, categoryId, note] of [
      [1, 10_000, groceries, 'хліб'],
      [2, 25_000, taxi, 'таксі додому'],
      [3, 70_000, groceries, 'Сільпо'],
      [4, 5_000, taxi, 'метро'],
    ] as const) {
      await w.record({
        accountId: uah,
        transactionType: 'expense',
        amount,
        categoryId,
        note,
        time: `2026-10-0${day}T10:00:00.000Z`,
      });
    }
    await w.record({
      accountId: usd,
      transactionType: 'income',
      amount: 3_000,
      categoryId: w.category('Wage, invoices'),
      time: '2026-10-05T10:00:00.000Z',
    });
    await w.record({
      accountId: uah,
      transactionType: 'expense',
      transferNature: 'transfer_between_user_accounts',
      destinationAccountId: usd,
      amount: 4_000,
      destinationAmount: 100,
      time: '2026-10-06T10:00:00.000Z',
    });
    const food = w.category('Food & Drinks');
    const filters = [
      '',
      `&accountIds=${usd}`,
      `&categoryIds=${food}`,
      '&amountGte=6000&amountLte=30000',
      '&transactionType=income',
      '&excludeTransfer=true',
      '&noteSearch=%D1%82%D0%B0%D0%BA%D1%81%D1%96',
      '&startDate=2026-10-02T00:00:00.000Z&endDate=2026-10-04T23:59:59.999Z',
    ];
    for (const filter of filters) {
      const listed = (await t.call('GET', `/api/v1/transactions?order=asc&limit=200${filter}`, { token: w.token })).body
        .response as Transaction[];
      const exported = recordsOf((await download(w.token, filter)).text).slice(1);
      const sign = (tx: Transaction) => (tx.transactionType === 'income' ? 1 : -1);
      expect(
        exported.map((row) => [row[3], row[4], row[10]]),
        filter,
      ).toEqual(listed.map((tx) => [tx.transactionType, ((sign(tx) * tx.amount) / 100).toFixed(2), tx.note]));
      expect(exported.length, filter).toBeGreaterThan(0);
    }
  });

  it('streams thousands of rows, only the caller’s', async () => {
    const w = await kyivWorld();
    const [uah] = w.accounts;
    // The fast path to many rows: a restore, which enters them in batches.
    const backup = JSON.parse(
      (await t.app.inject({ method: 'GET', url: '/api/v1/backup', headers: { authorization: `Bearer ${w.token}` } }))
        .body,
    );
    const groceries = w.category('Groceries');
    backup.transactions = Array.from({ length: 5_000 }, (_, i) => ({
      id: i + 1,
      accountId: uah,
      amount: 100 + i,
      transactionType: 'expense',
      paymentType: 'debitCard',
      time: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
      note: `№${i}, "ok"`,
      categoryId: groceries,
      transferNature: 'not_transfer',
      transferId: null,
      createdByTransfer: false,
      refAmount: 100 + i,
      refCurrency: 'UAH',
      rate: 1,
      cashbackAmount: 0,
      commissionRate: 0,
      budgetId: null,
      externalId: null,
    }));
    const owner = await signUp(t);
    const restored = await t.call('POST', '/api/v1/backup/restore', { token: owner.token, body: backup });
    expect(restored.status, JSON.stringify(restored.body).slice(0, 500)).toBe(201);
    // The world's user recorded nothing: another user's 5,000 rows are not theirs.
    expect(recordsOf((await download(w.token, '')).text)).toEqual([kopiykaCsvHeader('en')]);

    const records = recordsOf((await download(owner.token, '')).text);
    expect(records).toHaveLength(5_001);
    expect(records[1]!.slice(4)).toEqual(['-1.00', 'UAH', '-1.00', 'UAH', '', '', '№0, "ok"', '', '']);
    expect(records[5_000]!.slice(4)).toEqual(['-50.99', 'UAH', '-50.99', 'UAH', '', '', '№4999, "ok"', '', '']);
    const times = records.slice(1).map((row) => Date.parse(row[0]!));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Another user's account as a filter finds nothing of theirs.
    const owners = (await t.call('GET', '/api/v1/accounts', { token: owner.token })).body.response;
    expect(recordsOf((await download(w.token, `&accountIds=${owners[0].id}`)).text)).toHaveLength(1);
  });

  it('refuses another format and bad filters with VALIDATION_ERROR naming them', async () => {
    const { token } = await signUp(t);
    const xlsx = await t.call('GET', '/api/v1/transactions/export?format=xlsx', { token });
    expect(xlsx.status).toBe(422);
    expect(xlsx.body.response.code).toBe('VALIDATION_ERROR');
    expect(xlsx.body.response.details[0].path).toBe('format');
    const range = await t.call('GET', '/api/v1/transactions/export?format=csv&amountGte=5&amountLte=1', { token });
    expect(range.status).toBe(422);
    expect(range.body.response.details[0].path).toBe('amountGte');
    expect((await t.call('GET', '/api/v1/transactions/export?format=csv')).status).toBe(401);
  });
});
