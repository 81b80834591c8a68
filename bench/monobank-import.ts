// Times a Monobank statement import over real HTTP: the app listens on a port, the emulator serves
// a card with `items` statement items over a year (windows of 31 days, pages of 500), and the
// token's interval is 0, so the figure is the app's own pace. Usage:
//   node --import tsx bench/monobank-import.ts [items=10000] [runs=3]
// Embedded PGlite by default; set DATABASE_URL (and APP_SECRET_KEY) to measure a PostgreSQL server.
// Each run is a fresh user and client. Alongside, GET /user (an authenticated no-op) is timed in
// the same process, so the import can be read as a ratio on a noisy machine.
import { randomBytes } from 'node:crypto';
import { startMonobankEmulator } from '@kopiyka/fakes';
import { callAs } from './api-client.ts';
import { startBenchServer } from './bench-server.ts';

const [items = 10_000, runs = 3] = process.argv.slice(2).map(Number);
const DAY = 86_400;
const bank = await startMonobankEmulator({ demo: false, requestIntervalMs: 0 });
const { app, close } = await startBenchServer('mono', {
  env: { MONOBANK_API_URL: bank.url, MONOBANK_REQUEST_INTERVAL_MS: '0' },
});
const origin = await app.listen({ port: 0, host: '127.0.0.1' });
const call = (method: string, url: string, token?: string, body?: unknown) => callAs(origin, method, url, token, body);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const uah = (await call('GET', '/models/currencies')).find((c: { code: string }) => c.code === 'UAH').id;
console.log(`database: ${app.dbKind}; ${items} statement items over a year per run, ${runs} runs`);

const rates_: number[] = [];
for (let run = 1; run <= runs; run++) {
  const now = Math.floor(Date.now() / 1000);
  const token = `u${randomBytes(32).toString('base64url').slice(0, 43)}`;
  bank.addClient({
    token,
    accounts: [{ id: 'card', balance: 50_000_000 }],
    statements: {
      card: Array.from({ length: items }, (_, i) => ({
        id: `r${run}i${i}`,
        time: now - 365 * DAY + Math.floor((i * 364 * DAY) / items),
        amount: i % 25 === 0 ? 1_500_000 : -(1_000 + ((i * 7919) % 250_000)),
        description: ['Сільпо', 'АТБ', 'Uklon', 'Aroma Kava', 'Rozetka'][i % 5],
        mcc: [5411, 5411, 4121, 5814, 5732][i % 5],
      })),
    },
  });
  const credentials = { username: `bench${run}_${randomBytes(3).toString('hex')}`, password: 'correct horse battery' };
  await call('POST', '/auth/register', undefined, credentials);
  const session = (await call('POST', '/auth/login', undefined, credentials)).token;
  await call('POST', '/user/currencies/base', session, { currencyId: uah });
  await call('POST', '/banks/monobank/pair-user', session, { token });

  const noop: number[] = [];
  for (let i = 0; i < 23; i++) {
    const t0 = performance.now();
    await call('GET', '/user', session);
    if (i >= 3) noop.push(performance.now() - t0);
  }
  bank.resetRequests();
  const started = performance.now();
  const { jobId, windows } = await call(
    'GET',
    `/banks/monobank/load-transactions?from=${(now - 366 * DAY) * 1000}`,
    session,
  );
  let job: { state: string; imported: number; error: unknown };
  do {
    await new Promise((resolve) => setTimeout(resolve, 50));
    job = await call('GET', `/banks/monobank/jobs/${jobId}`, session);
  } while (job.state === 'queued' || job.state === 'running');
  const seconds = (performance.now() - started) / 1000;
  if (job.state !== 'done' || job.imported !== items) throw new Error(`run ${run}: ${JSON.stringify(job)}`);
  const calls = bank.requests().filter((r) => r.path.startsWith('/personal/statement')).length;
  const perSecond = items / seconds;
  rates_.push(perSecond);
  console.log(
    `run ${run}: ${items} items in ${seconds.toFixed(2)} s = ${perSecond.toFixed(0)} items/s ` +
      `(${windows} windows, ${calls} statement calls); GET /user p50 ${median(noop).toFixed(1)} ms ` +
      `→ one item costs ${(1000 / perSecond / median(noop)).toFixed(2)}× an authenticated no-op`,
  );
}
console.log(`median: ${median(rates_).toFixed(0)} items/s`);

await close();
await bank.close();
