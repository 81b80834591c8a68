// Restores over real HTTP while GET /health is asked every 100 ms, and reports for each body the
// answer, its time, the longest wait for /health and the most heap seen:
// - a valid backup of `transactions` transactions into a new user;
// - `junkMiB` MiB of `[{},{},…]` (issue 35: it once killed the process in JSON.parse).
// Usage: node --import tsx bench/restore.ts [transactions=100000] [junkMiB=150]
// Embedded PGlite by default; set DATABASE_URL (and APP_SECRET_KEY) to measure a PostgreSQL server.
import { ACCOUNT_CATEGORIES, type BackupDocument, type BackupTransaction } from '@kopiyka/shared';
import { startBenchServer } from './bench-server.ts';

const [transactions = 100_000, junkMiB = 150] = process.argv.slice(2).map(Number);
const { app, close } = await startBenchServer('restore');
const base = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/v1`;

async function newUser() {
  const credentials = {
    username: `bench_${Date.now()}_${Math.random().toString(36).slice(2)}`,
    password: 'correct horse battery',
  };
  const post = (path: string) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
  await post('/auth/register');
  return ((await (await post('/auth/login')).json()) as { response: { token: string } }).response.token;
}

/** A new user's own backup (its categories and settings) with one account and `count` transactions. */
async function backupText(count: number): Promise<string> {
  const token = await newUser();
  const res = await fetch(`${base}/backup`, { headers: { authorization: `Bearer ${token}` } });
  const doc = (await res.json()) as BackupDocument;
  const currency = doc.baseCurrency ?? 'UAH';
  const other = doc.categories.find((category) => category.type === 'internal')!;
  const head: Omit<BackupDocument, 'transactions'> = {
    ...doc,
    accounts: [
      {
        id: 1,
        name: 'Bench',
        currency,
        accountCategory: ACCOUNT_CATEGORIES[0],
        isEnabled: true,
        creditLimit: 0,
        initialBalance: 0,
        openingAt: '2020-01-01T00:00:00.000Z',
        accountGroupId: null,
      },
    ],
  };
  const start = Date.parse('2021-01-01T00:00:00.000Z');
  const rows: string[] = [];
  for (let i = 1; i <= count; i++) {
    const amount = 100 + (i % 9_000);
    const row: BackupTransaction = {
      id: i,
      accountId: 1,
      amount,
      transactionType: i % 10 === 0 ? 'income' : 'expense',
      paymentType: 'bankTransfer',
      time: new Date(start + i * 600_000).toISOString(),
      note: `Покупка №${i} у кав'ярні`,
      categoryId: other.id,
      transferNature: 'not_transfer',
      transferId: null,
      createdByTransfer: false,
      refAmount: i % 10 === 0 ? amount : -amount,
      refCurrency: currency,
      rate: 1,
      cashbackAmount: 0,
      commissionRate: 0,
      budgetId: null,
      externalId: `bench-${i}`,
    };
    rows.push(JSON.stringify(row));
  }
  const { transactions: _none, ...rest } = head as BackupDocument;
  return `${JSON.stringify(rest).slice(0, -1)},"transactions":[${rows.join(',')}]}`;
}

/** POSTs `body` to a new user while /health is polled; the figures of it. */
async function measure(name: string, body: string) {
  const token = await newUser();
  let longestGap = 0;
  let heapMost = 0;
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const asked = performance.now();
      await fetch(`${base}/health`).then((res) => res.arrayBuffer());
      longestGap = Math.max(longestGap, performance.now() - asked);
      heapMost = Math.max(heapMost, process.memoryUsage().heapUsed);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const t0 = performance.now();
  const res = await fetch(`${base}/backup/restore`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body,
  });
  const answer = (await res.text()).slice(0, 160);
  const seconds = (performance.now() - t0) / 1000;
  polling = false;
  await poll;
  console.log(
    `${name}: ${res.status} in ${seconds.toFixed(1)} s; longest /health wait ${Math.round(longestGap)} ms; ` +
      `heap up to ${Math.round(heapMost / 2 ** 20)} MB; ${answer}`,
  );
}

const valid = await backupText(transactions);
await measure(`${transactions} transactions (${(valid.length / 2 ** 20).toFixed(0)} MiB)`, valid);
await measure(`${junkMiB} MiB of [{},{},…]`, `[${'{},'.repeat((junkMiB * 2 ** 20) / 3)}{}]`);
await close();
