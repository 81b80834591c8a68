// What an Idempotency-Key costs a create, over real HTTP, as ratios within one run: POST
// /transactions one at a time without a key, with a new key each time (claim + kept answer), and a
// repeat of a kept key (the answer replayed), the three taken in turn so that a shared machine's
// load falls on all alike. Medians in ms, and each against the plain create.
// Usage: node --import tsx bench/idempotency.ts [requests=300] [pglite|postgres]
// (postgres: the server of DATABASE_URL, default the local one, in a database of its own, dropped after)
import { randomUUID } from 'node:crypto';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { newStorage } from './server-process.ts';

const [requestsArg, dbArg = 'pglite'] = process.argv.slice(2);
const requests = Number(requestsArg ?? 300);
if (dbArg !== 'pglite' && dbArg !== 'postgres') throw new Error('The database is pglite or postgres.');
const storage = await newStorage(dbArg, 'idempotency');
const env: Record<string, string | undefined> = { ...process.env, LOG_LEVEL: 'warn', ...storage.env };
if (dbArg === 'pglite') delete env.DATABASE_URL;
else env.APP_SECRET_KEY ??= 'b5'.repeat(32);
const config = { ...loadConfig(env, null), backgroundJobs: false, rateLimitPerMinute: 10_000_000 };
const app = await buildApp(config);
const origin = await app.listen({ port: 0, host: '127.0.0.1' });

async function call(method: string, url: string, token: string | undefined, body: unknown, key?: string) {
  const res = await fetch(`${origin}/api/v1${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text).response;
}

try {
  const credentials = { username: `bench_${Date.now()}`, password: 'correct horse battery' };
  await call('POST', '/auth/register', undefined, credentials);
  const { token } = await call('POST', '/auth/login', undefined, credentials);
  const currencies: Array<{ id: number; code: string }> = await call('GET', '/models/currencies', undefined, undefined);
  const uah = currencies.find((currency) => currency.code === 'UAH')!.id;
  await call('POST', '/user/currencies/base', token, { currencyId: uah });
  const account = await call('POST', '/accounts', token, { name: 'Card', currencyId: uah, initialBalance: 10 ** 12 });
  const categories: Array<{ id: number; name: string }> = await call('GET', '/categories', token, undefined);
  const body = {
    amount: 1_250,
    transactionType: 'expense',
    paymentType: 'debitCard',
    accountId: account.id,
    categoryId: categories.find((category) => category.name === 'Groceries')?.id,
    note: 'Coffee',
  };
  const kept = randomUUID();
  await call('POST', '/transactions', token, body, kept);

  const kinds = {
    'without a key': () => call('POST', '/transactions', token, body),
    'with a new key': () => call('POST', '/transactions', token, body, randomUUID()),
    'a kept key (replayed)': () => call('POST', '/transactions', token, body, kept),
  };
  const times = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, [] as number[]]));
  for (let i = 0; i < requests + 20; i++) {
    for (const [kind, send] of Object.entries(kinds)) {
      const started = performance.now();
      await send();
      if (i >= 20) times[kind]!.push(performance.now() - started);
    }
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const plain = median(times['without a key']!);
  console.log(`POST /transactions on ${dbArg}, ${requests} of each, one at a time, taken in turn (median ms)`);
  for (const [kind, values] of Object.entries(times)) {
    const ms = median(values);
    console.log(`${kind.padEnd(24)} ${ms.toFixed(2).padStart(7)} ms   × ${(ms / plain).toFixed(2)}`);
  }
} finally {
  await app.close();
  await storage.drop();
}
