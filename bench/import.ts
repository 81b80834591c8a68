// Times a CSV import over real HTTP: the app listens on a port, a fresh user uploads a statement
// of `rows` Monobank-like rows over a year (the Monobank app's export, UTF-8), commits it as
// detected, and waits for the job to finish. Usage:
//   node --import tsx bench/import.ts [rows=100000] [runs=3]
// Embedded PGlite by default; set DATABASE_URL (and APP_SECRET_KEY) to measure a PostgreSQL server.
// Upload (reading, detecting, storing the file) and import (the background job) are timed apart.
import { randomBytes } from 'node:crypto';
import { MONOBANK_STATEMENT_COLUMNS } from '@kopiyka/shared';
import { startBenchServer } from './bench-server.ts';

const [rows = 100_000, runs = 3] = process.argv.slice(2).map(Number);
const DAY_MS = 86_400_000;
const { app, close } = await startBenchServer('import');
const base = `${await app.listen({ port: 0, host: '127.0.0.1' })}/api/v1`;

async function call(method: string, url: string, token?: string, body?: unknown, contentType = 'application/json') {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': contentType } : {}),
    },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text).response : undefined;
}

const two = (n: number) => String(n).padStart(2, '0');
/** `dd.MM.yyyy HH:mm:ss`, as the Monobank app writes times. */
const monobankTime = (at: Date) =>
  `${two(at.getUTCDate())}.${two(at.getUTCMonth() + 1)}.${at.getUTCFullYear()} ` +
  `${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())}`;

/** A year of card spending and some income, newest last, as the Monobank app exports it. */
function statement(count: number): string {
  const start = Date.now() - 365 * DAY_MS;
  const lines = [MONOBANK_STATEMENT_COLUMNS.map((name) => `"${name}"`).join(',')];
  for (let i = 0; i < count; i++) {
    const at = new Date(start + Math.floor((i * 364 * DAY_MS) / count));
    const minor = i % 25 === 0 ? 1_500_000 : -(1_000 + ((i * 7919) % 250_000));
    const amount = (minor / 100).toFixed(2);
    const details = ['Сільпо', 'АТБ', 'Uklon', 'Aroma Kava', 'Rozetka'][i % 5];
    const mcc = i % 25 === 0 ? 4829 : [5411, 5411, 4121, 5814, 5732][i % 5];
    lines.push(`"${monobankTime(at)}","${details}","${mcc}","${amount}","${amount}","UAH","—","0.00","0.00","0.00"`);
  }
  return `${lines.join('\n')}\n`;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const uah = (await call('GET', '/models/currencies')).find((c: { code: string }) => c.code === 'UAH').id;
const file = statement(rows);
console.log(
  `database: ${app.dbKind}; ${rows} rows (${(Buffer.byteLength(file) / 1024 / 1024).toFixed(1)} MB) per run, ${runs} runs`,
);

const perSecond: number[] = [];
for (let run = 1; run <= runs; run++) {
  const credentials = { username: `bench${run}_${randomBytes(3).toString('hex')}`, password: 'correct horse battery' };
  await call('POST', '/auth/register', undefined, credentials);
  const session = (await call('POST', '/auth/login', undefined, credentials)).token;
  await call('POST', '/user/currencies/base', session, { currencyId: uah });
  const account = await call('POST', '/accounts', session, {
    name: 'Card',
    currencyId: uah,
    openingAt: new Date(Date.now() - 400 * DAY_MS).toISOString(),
  });

  const started = performance.now();
  const upload = await call('POST', `/imports?accountId=${account.id}`, session, file, 'text/csv');
  const uploadedAt = performance.now();
  const { mapping, dateFormat, decimalSeparator } = upload.detected;
  await call('POST', `/imports/${upload.importId}/commit`, session, { mapping, dateFormat, decimalSeparator });
  let job: { state: string; imported: number; failedCount: number };
  do {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = await call('GET', `/imports/${upload.importId}`, session);
  } while (job.state === 'running');
  const finished = performance.now();
  if (job.state !== 'done' || job.imported !== rows) throw new Error(`run ${run}: ${JSON.stringify(job)}`);
  const seconds = (finished - started) / 1000;
  perSecond.push(rows / seconds);
  console.log(
    `run ${run}: upload ${((uploadedAt - started) / 1000).toFixed(2)} s, import ${((finished - uploadedAt) / 1000).toFixed(2)} s; ` +
      `${rows} rows in ${seconds.toFixed(2)} s = ${(rows / seconds).toFixed(0)} rows/s`,
  );
}
console.log(`median: ${median(perSecond).toFixed(0)} rows/s`);

await close();
