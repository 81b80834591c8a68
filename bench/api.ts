// Times the transaction list and the statistics for a user with a long history, server side
// (app.inject: routing, validation, SQL, serialisation; no network). Usage:
//   node --import tsx bench/api.ts [transactions=1000000] [accounts=20] [years=10]
// Embedded PGlite by default; set DATABASE_URL to measure a PostgreSQL server (a fresh database).
import { startBenchServer } from './bench-server.ts';
import { seedUser } from './seed.ts';

const [transactions = 1_000_000, accounts = 20, years = 10] = process.argv.slice(2).map(Number);
const { app, close } = await startBenchServer('api');
await app.ready();
console.log(
  `database: ${app.dbKind}; seeding ${transactions} transactions over ${accounts} accounts and ${years} years…`,
);
const started = performance.now();
const user = await seedUser(app, { transactions, accounts, years });
console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);

async function time(label: string, url: string, runs = 30) {
  const durations: number[] = [];
  let rows = 0;
  for (let i = 0; i < runs + 3; i++) {
    const t0 = performance.now();
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${user.token}` } });
    const elapsed = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    const answer = JSON.parse(res.body).response;
    rows = Array.isArray(answer) ? answer.length : 1;
    if (i >= 3) durations.push(elapsed); // the first runs warm caches and plans
  }
  durations.sort((a, b) => a - b);
  const at = (q: number) => durations[Math.min(durations.length - 1, Math.floor(q * durations.length))]!.toFixed(1);
  console.log(
    `${label.padEnd(44)} rows ${String(rows).padStart(3)}  median ${at(0.5).padStart(6)} ms  p95 ${at(0.95).padStart(6)} ms`,
  );
}

// The deepest offset the API allows (docs/decisions.md); the cursor serves anything deeper.
const deepOffset = Math.min(100_000, Math.floor(transactions / 2));
const first = await app.inject({
  method: 'GET',
  url: `/api/v1/transactions?limit=50&from=${deepOffset}`,
  headers: { authorization: `Bearer ${user.token}` },
});
const deepLast = JSON.parse(first.body).response.at(-1);
const cursor = encodeURIComponent(`${deepLast.time}_${deepLast.id}`);
const [a, b] = user.accountIds;
const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString();
const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();

await time('first page (limit 50)', '/api/v1/transactions?limit=50');
await time(`deep page by offset (from=${deepOffset}, limit 50)`, `/api/v1/transactions?limit=50&from=${deepOffset}`);
await time(`deep page by cursor (after row ${deepOffset + 50})`, `/api/v1/transactions?limit=50&cursor=${cursor}`);
await time(
  'two accounts, last year, 100–500.00',
  `/api/v1/transactions?limit=50&accountIds=${a},${b}&startDate=${yearAgo}&amountGte=10000&amountLte=50000`,
);
await time(
  'last 30 days, expenses only',
  `/api/v1/transactions?limit=50&startDate=${monthAgo}&transactionType=expense`,
);
await time('category with its subcategories', `/api/v1/transactions?limit=50&categoryIds=${user.categoryIds[0]}`);
await time('note search "friends"', '/api/v1/transactions?limit=50&noteSearch=friends', 10);

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
for (const [label, from] of [
  ['month', day(30)],
  ['year', day(365)],
] as const) {
  const range = `from=${from}&to=${day(0)}`;
  await time(`balance-history, all accounts, ${label}`, `/api/v1/stats/balance-history?${range}`, 15);
  await time(`balance-history, one account, ${label}`, `/api/v1/stats/balance-history?${range}&accountId=${a}`, 15);
  await time(`spendings-by-categories, ${label}`, `/api/v1/stats/spendings-by-categories?${range}`, 15);
  await time(`cash-flow by month, ${label}`, `/api/v1/stats/cash-flow?${range}`, 15);
}
await time('total-balance', `/api/v1/stats/total-balance?date=${day(0)}`, 15);

// Budgets: one category (and its subcategories) over the last year, and over all time.
const budgetIds: number[] = [];
for (const [name, startDate] of [
  ['last year', new Date(Date.now() - 365 * 86_400_000).toISOString()],
  ['all time', null],
] as const) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/budgets',
    headers: { authorization: `Bearer ${user.token}` },
    payload: { name, limitAmount: 100_000_000, startDate, categoryIds: [user.categoryIds[0]] },
  });
  if (res.statusCode !== 201) throw new Error(`POST /budgets: ${res.statusCode} ${res.body}`);
  budgetIds.push(JSON.parse(res.body).response.id);
}
await time('budget stats, last year', `/api/v1/budgets/${budgetIds[0]}/stats`, 15);
await time('budget stats, all time', `/api/v1/budgets/${budgetIds[1]}/stats`, 15);
await time('budget transactions, first page', `/api/v1/transactions?limit=50&budgetIds=${budgetIds[0]}`, 15);
await time('budgets list', '/api/v1/budgets', 15);

await close();
