// Grows one user's history through the API only, as people's data grows: a user with a hryvnia
// base and three accounts (UAH, USD, EUR), transactions created one request at a time by several
// clients at once, and the rest of a large history imported as CSV files (Kopiyka's own export
// format) through the import API. Nothing is written to the database by hand and nothing is
// analyzed: the database is as the app itself keeps it. A "transaction" here is one POST (a
// transfer, one in twenty, stores two legs) or one imported row.
import { type CreateTransactionBody, IMPORT_MAX_ROWS, kopiykaCsvHeader } from '@kopiyka/shared';
import type { ApiClient } from './api-client.ts';

const DAY_MS = 86_400_000;
/** The history spans about three years ending at the bench's now. */
export const HISTORY_DAYS = 3 * 365;
/** At most this many transactions are created by POST; the rest of a larger size is imported. */
export const CREATED_MAX = 20_000;
/** Concurrent clients creating transactions (the write-throughput figure is for this many). */
export const CREATE_CLIENTS = 8;
/** Write throughput is reported per this many creates, so its change as data grows shows. */
export const CHECKPOINT_ROWS = 5_000;

/** Exchange rates near the emulator's, for the other leg of a transfer and the import's amounts. */
const UAH_PER = { USD: 41, EUR: 48 } as const;

type Category = { id: number; name: string; type: 'custom' | 'internal'; parentId: number | null };

export interface BenchUser {
  username: string;
  password: string;
  accounts: { UAH: number; USD: number; EUR: number };
  expenseCategories: Category[];
  incomeCategories: Category[];
  budgetIds: number[];
}

/** The timing of one run of creates: how many, and the seconds they took. */
export interface WriteChunk {
  count: number;
  seconds: number;
}

/** A new user with a hryvnia base, three accounts opened before the history starts, and two budgets. */
export async function createBenchUser(client: ApiClient, now: Date): Promise<BenchUser> {
  const username = `bench${now.getTime().toString(36)}`;
  const password = 'bench password of the http bench';
  await client.signUp(username, password);
  const currencies = await client.call<Array<{ id: number; code: string }>>('GET', '/models/currencies');
  const idOf = (code: string) => currencies.find((c) => c.code === code)!.id;
  await client.call('POST', '/user/currencies/base', { currencyId: idOf('UAH') });
  await client.call('POST', '/user/currencies', {
    currencies: [{ currencyId: idOf('USD') }, { currencyId: idOf('EUR') }],
  });
  const openingAt = new Date(now.getTime() - (HISTORY_DAYS + 10) * DAY_MS).toISOString();
  const account = async (code: keyof BenchUser['accounts'], initialBalance: number) =>
    (
      await client.call<{ id: number }>('POST', '/accounts', {
        name: `Bench ${code}`,
        currencyId: idOf(code),
        initialBalance,
        openingAt,
      })
    ).id;
  const accounts = {
    UAH: await account('UAH', 50_000_000),
    USD: await account('USD', 500_000),
    EUR: await account('EUR', 300_000),
  };
  // Incomes under the default tree's Income (either language), expenses under the other roots.
  const categories = await client.call<Category[]>('GET', '/categories');
  const incomeRoot = categories.find((c) => c.parentId === null && ['Income', 'Доходи'].includes(c.name))!;
  const custom = categories.filter((c) => c.type === 'custom');
  const incomeCategories = custom.filter((c) => c.id === incomeRoot.id || c.parentId === incomeRoot.id);
  const expenseCategories = custom.filter((c) => !incomeCategories.includes(c));
  const budgetIds: number[] = [];
  for (const [name, startDate] of [
    ['Last year', new Date(now.getTime() - 365 * DAY_MS).toISOString()],
    ['All time', null],
  ] as const) {
    const budget = await client.call<{ id: number }>('POST', '/budgets', {
      name,
      limitAmount: 100_000_000,
      startDate,
      categoryIds: [expenseCategories[0]!.id],
    });
    budgetIds.push(budget.id);
  }
  return { username, password, accounts, expenseCategories, incomeCategories, budgetIds };
}

/** A deterministic pseudo-random whole number in [0, range) for row `i` and a salt. */
const spread = (i: number, salt: number, range: number) =>
  Math.floor((((i * 2_654_435_761 + salt) % 4_294_967_296) / 4_294_967_296) * range);

const noteOf = (i: number) => (i % 13 === 0 ? 'coffee with friends' : i % 17 === 0 ? 'groceries for the week' : '');

/**
 * The i-th transaction: mostly hryvnia expenses, one in nine an income, one in ten expenses from a
 * foreign account, one in twenty a transfer from hryvnia to a foreign account.
 */
export function transactionBody(user: BenchUser, i: number, time: Date): CreateTransactionBody {
  const amount = 1_000 + spread(i, 7, 400_000);
  const note = noteOf(i);
  if (i % 20 === 0) {
    const to = i % 40 === 0 ? 'USD' : 'EUR';
    return {
      accountId: user.accounts.UAH,
      transactionType: 'expense',
      transferNature: 'transfer_between_user_accounts',
      destinationAccountId: user.accounts[to],
      amount,
      destinationAmount: Math.max(1, Math.round(amount / UAH_PER[to])),
      time: time.toISOString(),
      note,
    };
  }
  const income = i % 9 === 0;
  const categories = income ? user.incomeCategories : user.expenseCategories;
  const foreign = !income && i % 10 >= 8 ? (i % 10 === 8 ? 'USD' : 'EUR') : null;
  return {
    accountId: user.accounts[foreign ?? 'UAH'],
    transactionType: income ? 'income' : 'expense',
    amount: foreign ? Math.max(1, Math.round(amount / UAH_PER[foreign])) : income ? amount * 10 : amount,
    categoryId: categories[spread(i, 11, categories.length)]!.id,
    time: time.toISOString(),
    note,
  };
}

/** Which creates to run, and how their progress is told. */
interface CreatesRun {
  first?: number;
  count: number;
  checkpoint?: number;
  /** Told of each run of creates as it ends, with the number created so far. */
  onCheckpoint?: (chunk: WriteChunk, done: number) => void;
}

/**
 * Creates transactions `first`…`first + count - 1` by POST /transactions from CREATE_CLIENTS
 * clients at once, each taking the next one when its last answered; `timeOf` dates them. Returns
 * the time each run of `checkpoint` creates took.
 */
export function createTransactions(
  client: ApiClient,
  user: BenchUser,
  { timeOf, ...run }: CreatesRun & { timeOf: (i: number) => Date },
): Promise<WriteChunk[]> {
  return postTransactions(client, { ...run, bodyOf: (i) => transactionBody(user, i, timeOf(i)) });
}

/** POSTs the bodies of transactions `first`…`first + count - 1` as createTransactions describes. */
async function postTransactions(
  client: ApiClient,
  {
    first = 0,
    count,
    bodyOf,
    checkpoint = CHECKPOINT_ROWS,
    onCheckpoint = () => {},
  }: CreatesRun & { bodyOf: (i: number) => unknown },
): Promise<WriteChunk[]> {
  const chunks: WriteChunk[] = [];
  let next = 0;
  let done = 0;
  let chunkStart = performance.now();
  const worker = async () => {
    while (next < count) {
      const i = first + next++;
      await client.call('POST', '/transactions', bodyOf(i));
      done++;
      if (done % checkpoint === 0 || done === count) {
        const at = performance.now();
        const chunk = { count: done % checkpoint || checkpoint, seconds: (at - chunkStart) / 1000 };
        chunks.push(chunk);
        chunkStart = at;
        onCheckpoint(chunk, done);
      }
    }
  };
  await Promise.all(Array.from({ length: CREATE_CLIENTS }, worker));
  return chunks;
}

/** A category as Kopiyka's export writes it: its path ("Food & Drinks / Groceries"). */
function pathOf(user: BenchUser, category: Category): string {
  const parent = [...user.expenseCategories, ...user.incomeCategories].find((c) => c.id === category.parentId);
  return parent ? `${parent.name} / ${category.name}` : category.name;
}

const kopiykaCsvLine = (cells: string[]) => cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',');

/** A file of Kopiyka's CSV export with `count` rows on one account, its times spread over the history. */
function importFile(user: BenchUser, code: keyof BenchUser['accounts'], first: number, count: number, now: Date) {
  const start = now.getTime() - HISTORY_DAYS * DAY_MS;
  // The header before the tags and split part columns, which servers before them and after them read.
  const lines = [kopiykaCsvLine(kopiykaCsvHeader('en').filter((name) => name !== 'Tags' && name !== 'Split part'))];
  for (let i = first; i < first + count; i++) {
    const income = i % 9 === 0;
    const categories = income ? user.incomeCategories : user.expenseCategories;
    const uah = (1_000 + spread(i, 7, 400_000)) * (income ? 10 : 1);
    const minor = code === 'UAH' ? uah : Math.max(1, Math.round(uah / UAH_PER[code]));
    const amount = ((income ? minor : -minor) / 100).toFixed(2);
    const time = new Date(start + spread(i, 13, HISTORY_DAYS * DAY_MS)).toISOString();
    const type = income ? 'Income' : 'Expense';
    const category = pathOf(user, categories[spread(i, 11, categories.length)]!);
    lines.push(kopiykaCsvLine([time, `Bench ${code}`, category, type, amount, code, '', 'UAH', '', '', noteOf(i)]));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Imports `count` transactions as Kopiyka CSV files of at most IMPORT_MAX_ROWS rows (eight in ten
 * on the hryvnia account, one each on the foreign ones), each uploaded, committed as detected and
 * waited for. Duplicates are imported too: generated rows may repeat a moment, amount and note.
 */
export async function importTransactions(client: ApiClient, user: BenchUser, count: number, now: Date) {
  const started = performance.now();
  const shares = [
    ['USD', Math.floor(count / 10)],
    ['EUR', Math.floor(count / 10)],
    ['UAH', count - 2 * Math.floor(count / 10)],
  ] as const;
  let first = CREATED_MAX;
  for (const [code, rows] of shares) {
    for (let offset = 0; offset < rows; offset += IMPORT_MAX_ROWS) {
      const size = Math.min(IMPORT_MAX_ROWS, rows - offset);
      const file = importFile(user, code, first, size, now);
      first += size;
      const upload = await client.call<{
        importId: number;
        detected: { preset: string | null; mapping: object; dateFormat: string | null; decimalSeparator: string };
      }>('POST', `/imports?accountId=${user.accounts[code]}&fileName=bench-${code}-${offset}.csv`, file, 'text/csv');
      const { preset, mapping, dateFormat, decimalSeparator } = upload.detected;
      if (preset !== 'kopiyka') throw new Error(`the bench file was not detected as Kopiyka's: ${preset}`);
      await client.call('POST', `/imports/${upload.importId}/commit`, {
        mapping,
        dateFormat,
        decimalSeparator,
        skipDuplicates: false,
      });
      let job: { state: string; imported: number; failedCount: number; error: string | null };
      do {
        await new Promise((resolve) => setTimeout(resolve, 200));
        job = await client.call('GET', `/imports/${upload.importId}`);
      } while (job.state === 'running');
      if (job.state !== 'done' || job.imported !== size)
        throw new Error(`import of ${size} rows: ${JSON.stringify(job)}`);
    }
  }
  return { count, seconds: (performance.now() - started) / 1000 };
}

/** Growth's figures: the creates per checkpoint, and the import (null when all were created). */
export interface Growth {
  user: BenchUser;
  creates: WriteChunk[];
  imported: { count: number; seconds: number } | null;
}

/**
 * A user with `size` transactions: up to CREATED_MAX created by POST, oldest first, spread over the
 * history; the rest imported. `client` is signed out; it stays signed in as the new user.
 */
export async function growUser(
  client: ApiClient,
  size: number,
  now: Date,
  progress: (message: string) => void = () => {},
): Promise<Growth> {
  const user = await createBenchUser(client, now);
  const created = Math.min(size, CREATED_MAX);
  const span = HISTORY_DAYS * DAY_MS;
  const start = now.getTime() - span;
  progress(`creating ${created} transactions by POST with ${CREATE_CLIENTS} clients…`);
  const creates = await createTransactions(client, user, {
    count: created,
    // In order over the history, each within its slot (the last one ends before now).
    timeOf: (i) => new Date(start + Math.floor(((i + spread(i, 3, 1000) / 1000) * span) / (created + 1))),
    onCheckpoint: (chunk, done) =>
      progress(`${done} created, the last ${chunk.count} at ${(chunk.count / chunk.seconds).toFixed(0)}/s`),
  });
  let imported: Growth['imported'] = null;
  if (size > created) {
    progress(`importing ${size - created} transactions as CSV files…`);
    imported = await importTransactions(client, user, size - created, now);
  }
  return { user, creates, imported };
}

/** Tags the organised rows carry, one of them each. */
const ORGANISE_TAGS = 5;

/**
 * Organises one row in ten of the grown history as a person would, through the API: every tenth
 * income or expense (newest first) is split in two parts, its own category and another of its
 * type, and tagged with one of ORGANISE_TAGS tags. Transfers are left as they are. Answers how
 * many rows were organised and the seconds it took.
 */
export async function organiseTenth(
  client: ApiClient,
  user: BenchUser,
  progress: (message: string) => void = () => {},
): Promise<{ count: number; seconds: number }> {
  const started = performance.now();
  const tagIds: number[] = [];
  for (let k = 0; k < ORGANISE_TAGS; k++) {
    tagIds.push((await client.call<{ id: number }>('POST', '/tags', { name: `Bench tag ${k}` })).id);
  }
  type Row = { id: number; time: string; amount: number; categoryId: number | null; transferNature: string };
  const chosen: Row[] = [];
  let cursor: string | undefined;
  let seen = 0;
  for (;;) {
    const page = await client.call<Row[]>(
      'GET',
      `/transactions?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    if (page.length === 0) break;
    for (const row of page) {
      if (row.transferNature === 'not_transfer' && row.categoryId !== null && seen++ % 10 === 0) chosen.push(row);
    }
    const last = page.at(-1)!;
    cursor = `${last.time}_${last.id}`;
  }
  progress(`organising ${chosen.length} rows: split in two and tagged…`);
  let next = 0;
  const worker = async () => {
    while (next < chosen.length) {
      const index = next++;
      const row = chosen[index]!;
      const ofType = [user.expenseCategories, user.incomeCategories].find((list) =>
        list.some((c) => c.id === row.categoryId),
      );
      const other = ofType?.find((c) => c.id !== row.categoryId);
      const first = Math.floor(row.amount / 2);
      const splits =
        other && first > 0
          ? [
              { categoryId: row.categoryId, amount: row.amount - first },
              { categoryId: other.id, amount: first, note: 'bench part' },
            ]
          : undefined;
      await client.call('PUT', `/transactions/${row.id}`, {
        ...(splits ? { splits } : {}),
        tagIds: [tagIds[index % tagIds.length]],
      });
    }
  };
  await Promise.all(Array.from({ length: CREATE_CLIENTS }, worker));
  return { count: chosen.length, seconds: (performance.now() - started) / 1000 };
}

/** The user an outside check grows: three hryvnia accounts opened today, and the default categories. */
export interface OutsideUser {
  username: string;
  password: string;
  accountIds: number[];
  categoryIds: number[];
}

/**
 * Grows a user as issue 40's outside check did, on a running server and without restarting it:
 * three hryvnia accounts opened now, then `count` POST /transactions from CREATE_CLIENTS clients,
 * each dated at a pseudo-random moment of the last three years (not in order), the accounts and the
 * custom categories in rotation, one in seven an income, notes `n<i>`. Answers the user and the
 * time each CHECKPOINT_ROWS creates took.
 */
export async function growLikeOutside(
  client: ApiClient,
  count: number,
  now: Date,
  name: string,
  progress: (message: string) => void = () => {},
): Promise<{ user: OutsideUser; creates: WriteChunk[] }> {
  const username = `outside${name}${now.getTime().toString(36)}`;
  const password = 'outside check password of the bench';
  await client.signUp(username, password);
  const currencies = await client.call<Array<{ id: number; code: string }>>('GET', '/models/currencies');
  const uah = currencies.find((c) => c.code === 'UAH')!.id;
  await client.call('POST', '/user/currencies/base', { currencyId: uah });
  const accountIds: number[] = [];
  for (let i = 0; i < 3; i++) {
    const account = await client.call<{ id: number }>('POST', '/accounts', {
      name: `Outside ${i + 1}`,
      currencyId: uah,
      initialBalance: 100_000_000,
    });
    accountIds.push(account.id);
  }
  const categoryIds = (await client.call<Category[]>('GET', '/categories'))
    .filter((c) => c.type === 'custom')
    .map((c) => c.id);
  const span = HISTORY_DAYS * DAY_MS;
  const creates = await postTransactions(client, {
    count,
    bodyOf: (i) => ({
      accountId: accountIds[i % 3],
      amount: 100 + (i % 5_000),
      transactionType: i % 7 === 0 ? 'income' : 'expense',
      categoryId: categoryIds[i % categoryIds.length],
      note: `n${i}`,
      time: new Date(now.getTime() - spread(i, 5, span)).toISOString(),
    }),
    onCheckpoint: (_chunk, done) => progress(`${name}: ${done} created`),
  });
  return { user: { username, password, accountIds, categoryIds }, creates };
}
