// What a CSV upload costs everyone else, over real HTTP on the embedded database: the server of a
// checkout runs as `npm start` runs it, and while each file is uploaded, GET /api/v1/health is
// asked every 100 ms; the longest time between two answers (100 ms when nothing waits) is reported
// with the upload's answer, its time and the server's resident memory, peak and after.
// Usage: node --import tsx bench/upload.ts [checkout=.]
import path from 'node:path';
import { memoryOf, pgliteStorage, startServerProcess } from './server-process.ts';

const MiB = 1024 * 1024;
const checkout = path.resolve(process.argv[2] ?? '.');
const storage = pgliteStorage('upload');
// Nothing answers there: the uploads need no exchange rates.
const server = await startServerProcess('server', checkout, storage, 'http://127.0.0.1:9');
const api = `${server.origin}/api/v1`;

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
if (typeof accountId !== 'number') throw new Error('the account was not created');

/** Lines made by `line` under `header`, up to about `bytes` of UTF-8. */
const file = (header: string, line: (i: number) => string, bytes: number) => {
  const lines = [header];
  let size = Buffer.byteLength(header) + 1;
  for (let i = 0; size < bytes; i++) {
    lines.push(line(i));
    size += Buffer.byteLength(lines.at(-1)!) + 1;
  }
  return Buffer.from(`${lines.join('\n')}\n`);
};
const hundredCells = Array(100).fill('ab').join(',');

const twoCharLine = Array.from({ length: (8 * MiB) / 3 }, () => 'ab').join(',');
const files: Array<[string, Buffer]> = [
  ['8 MiB, one line of two-character cells', Buffer.from(`${twoCharLine}\n1\n`)],
  ['8 MiB, rows of 100 two-character cells', file(hundredCells, () => hundredCells, 8 * MiB)],
  ['63 MiB, rows of 100 two-character cells', file(hundredCells, () => hundredCells, 63 * MiB)],
  [
    '63 MiB, 100,000 bank rows',
    file(
      'Date,Amount,Note,Category',
      (i) => `2026-06-01 10:00:00,-${(i % 9_000) + 1}.00,${'Кава та круасан '.repeat(22)}${i},Food ${i % 40}`,
      63 * MiB,
    ),
  ],
];

let lastImport: number | undefined;
for (const [label, body] of files) {
  let longest = 0;
  let polling = true;
  const poll = (async () => {
    let last = performance.now();
    while (polling) {
      await fetch(`${api}/health`);
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  // The bench's own event loop: a gap it shares is not the server's.
  let ownLag = 0;
  let tick = performance.now();
  const own = setInterval(() => {
    ownLag = Math.max(ownLag, performance.now() - tick - 10);
    tick = performance.now();
  }, 10);
  const started = performance.now();
  const res = await fetch(`${api}/imports?accountId=${accountId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body,
  });
  const answer = await res.text();
  if (res.status === 201) lastImport = JSON.parse(answer).response.importId;
  const took = performance.now() - started;
  polling = false;
  await poll;
  clearInterval(own);
  const code = res.status === 201 ? '' : ` ${JSON.parse(answer).response.details?.[0]?.code ?? ''}`;
  console.log(
    `${label}: ${res.status}${code} after ${(took / 1000).toFixed(1)} s, answer ${answer.length} bytes, ` +
      `longest /health gap ${longest.toFixed(0)} ms, server RSS peak ${memoryOf(server.pid).peakMb.toFixed(0)} MB, ` +
      `now ${memoryOf(server.pid).rssMb.toFixed(0)} MB (the bench's own loop lagged ${ownLag.toFixed(0)} ms)`,
  );
}
// The names of a column, asked five times at once of the last file taken.
const started = performance.now();
const names = await Promise.all(
  Array.from({ length: 5 }, () => call('GET', `/imports/${lastImport}/categories?column=3`, undefined, token)),
);
console.log(
  `5 category-name calls at once: ${names[0]!.response.length} names each, ${(performance.now() - started).toFixed(0)} ms`,
);
await server.stop();
await storage.drop();
