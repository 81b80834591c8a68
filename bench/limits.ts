// What counting in the database costs a request, over real HTTP, as ratios within one run:
// - GET /user (an authenticated no-op) with the request limit counted in the database (as with
//   DATABASE_URL) against the same app counting in memory (as on the embedded database);
// - a right and a wrong login (throttle buckets + argon2) against GET /user.
// Usage: DATABASE_URL=postgres://… APP_SECRET_KEY=… node --import tsx bench/limits.ts [requests=400]
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/client.ts';

const [requests = 400] = process.argv.slice(2).map(Number);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kopiyka-bench-limits-'));
const config = {
  ...loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, null),
  backgroundJobs: false,
  rateLimitPerMinute: 10_000_000,
};
if (config.database.kind !== 'postgres') throw new Error('Set DATABASE_URL: the embedded database counts in memory.');

async function start(limitIn: 'database' | 'memory') {
  const handle = await openDatabase(config.database);
  // The request limit counts in the database on PostgreSQL and in memory on the embedded database;
  // a handle that says "pglite" over the same server is how the in-memory count is had here.
  const app = await buildApp(config, { database: limitIn === 'memory' ? { ...handle, kind: 'pglite' } : handle });
  return { app, url: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

async function post(url: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { response: { token: string } } };
}

/** The median time of `timed` over `runs` (after 10 to warm up), each after an untimed `before`. */
async function median(runs: number, timed: () => Promise<unknown>, before: () => Promise<unknown> = async () => {}) {
  const durations: number[] = [];
  for (let i = 0; i < runs + 10; i++) {
    await before();
    const t0 = performance.now();
    await timed();
    if (i >= 10) durations.push(performance.now() - t0);
  }
  durations.sort((x, y) => x - y);
  return durations[Math.floor(durations.length / 2)]!;
}

const results: Record<string, number> = {};
for (const limitIn of ['memory', 'database', 'memory', 'database'] as const) {
  const { app, url } = await start(limitIn);
  const credentials = { username: `bench_${limitIn}_${Date.now()}`, password: 'correct horse battery' };
  await post(`${url}/api/v1/auth/register`, credentials);
  const { token } = (await post(`${url}/api/v1/auth/login`, credentials)).body.response;
  results[`GET /user, request limit in ${limitIn}`] = await median(requests, async () => {
    const res = await fetch(`${url}/api/v1/user`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200) throw new Error(`GET /user: ${res.status}`);
    await res.arrayBuffer();
  });
  if (limitIn === 'database') {
    const login = (password: string) => post(`${url}/api/v1/auth/login`, { ...credentials, password });
    results['login, right password'] = await median(20, async () => {
      if ((await login(credentials.password)).status !== 200) throw new Error('login');
    });
    // Every fourth, the right one first (not timed) empties the bucket, so every wrong one is checked.
    let n = 0;
    results['login, wrong password'] = await median(
      20,
      async () => {
        if ((await login('wrong password')).status !== 401) throw new Error('wrong login not checked');
      },
      async () => {
        n += 1;
        if (n % 4 === 0) await login(credentials.password);
      },
    );
  }
  await app.close();
}
const noop = results['GET /user, request limit in memory']!;
console.log(`PostgreSQL; ${requests} requests each, medians over HTTP`);
for (const [label, ms] of Object.entries(results)) {
  console.log(`${label.padEnd(40)} ${ms.toFixed(2).padStart(7)} ms  ${(ms / noop).toFixed(2)}× GET /user (memory)`);
}
