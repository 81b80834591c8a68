// What a CSV upload costs everyone else, over real HTTP on the embedded database: while each file
// is uploaded, GET /api/v1/health is asked every 100 ms and the longest time between two answers
// is reported, with the upload's answer, its time and the process's peak RSS.
// Usage: node --max-old-space-size=2000 --import tsx bench/upload.ts
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/client.ts';

const MiB = 1024 * 1024;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kopiyka-bench-upload-'));
const config = {
  ...loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, null),
  backgroundJobs: false,
  rateLimitPerMinute: 10_000_000,
};
const app = await buildApp(config, { database: await openDatabase(config.database) });
const origin = await app.listen({ port: 0, host: '127.0.0.1' });
const api = `${origin}/api/v1`;

async function call(method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${api}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the bench reads whatever the server answered.
  return (await res.json()) as { response: any };
}

const credentials = { username: `bench_upload_${Date.now()}`, password: 'correct horse battery' };
await call('POST', '/auth/register', credentials);
const token = (await call('POST', '/auth/login', credentials)).response.token as string;
const uah = (await call('GET', '/models/currencies')).response.find((c: { code: string }) => c.code === 'UAH');
await call('POST', '/user/currencies/base', { currencyId: uah.id }, token);
const accountId = (await call('POST', '/accounts', { name: 'Card', currencyId: uah.id }, token)).response.id;

/** `line` repeated up to about `bytes`, under `header`. */
const file = (header: string, line: (i: number) => string, bytes: number) => {
  const lines = [header];
  let size = header.length;
  for (let i = 0; size < bytes; i++) {
    lines.push(line(i));
    size += lines.at(-1)!.length + 1;
  }
  return Buffer.from(`${lines.join('\n')}\n`);
};

const twoCharLine = Array.from({ length: (8 * MiB) / 3 }, () => 'ab').join(',');
const files: Array<[string, Buffer]> = [
  ['8 MiB, one line of two-character cells', Buffer.from(`${twoCharLine}\n1\n`)],
  [
    '63 MiB, rows of 100 two-character cells',
    file(Array(100).fill('ab').join(','), () => Array(100).fill('ab').join(','), 63 * MiB),
  ],
  [
    '63 MiB, 100,000 bank rows',
    file(
      'Date,Amount,Note,Category',
      (i) => `2026-06-01 10:00:00,-${(i % 9_000) + 1}.00,${'Кава та круасан '.repeat(21)}${i},Food ${i % 40}`,
      63 * MiB,
    ),
  ],
];

for (const [label, body] of files) {
  let longest = 0;
  let peakRss = process.memoryUsage().rss;
  let polling = true;
  const poll = (async () => {
    let last = performance.now();
    while (polling) {
      await fetch(`${api}/health`);
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const started = performance.now();
  const res = await fetch(`${api}/imports?accountId=${accountId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body,
  });
  const answer = await res.text();
  const took = performance.now() - started;
  polling = false;
  await poll;
  console.log(
    `${label}: ${res.status} after ${(took / 1000).toFixed(1)} s, answer ${answer.length} bytes, ` +
      `longest /health gap ${longest.toFixed(0)} ms, peak RSS ${(peakRss / 1e6).toFixed(0)} MB, ` +
      `RSS after ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB`,
  );
}
await app.close();
