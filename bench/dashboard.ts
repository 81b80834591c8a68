// Dashboard first load in Chromium on a long history: navigation start → every widget rendered
// (no loading placeholder left and the three charts drawn). The server runs as `npm start` runs
// it (bench/server-process.ts), serving the built app, with the history grown through the API
// (bench/grow.ts). Usage:
//   npm run bench:dashboard -- [transactions=1000000]
// (a few thousand at least: with less, the month's charts have nothing to draw and it waits in vain).
// Embedded PGlite by default; set DATABASE_URL to a PostgreSQL server (a database is made and dropped there).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRatesEmulator } from '@kopiyka/fakes';
import { chromium } from '@playwright/test';
import { ApiClient } from './api-client.ts';
import { growUser } from './grow.ts';
import { pgliteStorage, postgresStorage, startServerProcess } from './server-process.ts';

const [transactions = 1_000_000] = process.argv.slice(2).map(Number);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rates = await startRatesEmulator();
const storage = process.env.DATABASE_URL
  ? await postgresStorage(process.env.DATABASE_URL, 'dashboard')
  : pgliteStorage('dashboard');
const server = await startServerProcess('dashboard', root, storage, rates.url);
console.log(
  `database: ${process.env.DATABASE_URL ? 'postgres' : 'pglite'}; growing ${transactions} transactions through the API…`,
);
const client = new ApiClient(server.origin);
await growUser(client, transactions, new Date(), (message) => console.log(message));

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
/** The little of the browser's globals the measurement reads (this file is typed for Node). */
type PageGlobals = {
  document: { querySelectorAll(selector: string): { length: number } };
  performance: { now(): number };
};
const durations: number[] = [];
for (let run = 0; run < 6; run++) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // Signed in as the bench's user, as the app keeps its session (SPEC §9: local storage, user-token).
  await context.addInitScript({ content: `localStorage.setItem('user-token', ${JSON.stringify(client.token)})` });
  const page = await context.newPage();
  await page.goto(`${server.origin}/dashboard`);
  // Runs in the page (no eval, which the app's CSP forbids): milliseconds since navigation start
  // once no loading placeholder is left and the three charts are drawn.
  const ms = await page.waitForFunction(
    () => {
      const page = globalThis as unknown as PageGlobals;
      const loading = page.document.querySelectorAll('main [role="status"][aria-label^="Loading"]').length;
      const charts = page.document.querySelectorAll('main .recharts-surface').length;
      return loading === 0 && charts >= 3 && page.performance.now();
    },
    undefined,
    { timeout: 60_000, polling: 10 },
  );
  const elapsed = (await ms.jsonValue()) as number;
  // The first run also warms the server's caches and the browser's HTTP cache of the bundles.
  if (run > 0) durations.push(elapsed);
  console.log(`run ${run + 1}: ${elapsed.toFixed(0)} ms`);
  await context.close();
}
durations.sort((a, b) => a - b);
console.log(
  `dashboard first load, median of ${durations.length}: ${durations[Math.floor(durations.length / 2)]!.toFixed(0)} ms`,
);
await browser.close();
await server.stop();
await storage.drop();
await rates.close();
