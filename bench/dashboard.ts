// Dashboard load in Chromium on a long history: navigation start → every widget rendered (no
// loading placeholder left and the three charts drawn), on a first visit and on a returning one. The server runs as `npm start` runs
// it (bench/server-process.ts), serving the built app, with the history grown through the API
// (bench/grow.ts). Usage:
//   npm run bench:dashboard -- [transactions=1000000]
// (a few thousand at least: with less, the month's charts have nothing to draw and it waits in vain).
// Embedded PGlite by default; set DATABASE_URL to a PostgreSQL server (a database is made and dropped there).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startRatesEmulator } from '@kopiyka/fakes';
import { type BrowserContext, chromium } from '@playwright/test';
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
/** Opens the dashboard in `context` and answers the milliseconds from navigation until it is complete. */
async function loadDashboard(context: BrowserContext): Promise<number> {
  const page = await context.newPage();
  await page.goto(`${server.origin}/dashboard`);
  // Runs in the page (no eval, which the app's CSP forbids): milliseconds since navigation start
  // once no loading placeholder is left and the three charts are drawn.
  const ms = await page.waitForFunction(
    () => {
      const page = globalThis as unknown as PageGlobals;
      const loading = page.document.querySelectorAll('main [role="status"][aria-label^="Loading"]').length;
      const charts = page.document.querySelectorAll('main [role="img"] svg').length;
      return loading === 0 && charts >= 3 && page.performance.now();
    },
    undefined,
    { timeout: 60_000, polling: 10 },
  );
  const elapsed = (await ms.jsonValue()) as number;
  await page.close();
  return elapsed;
}

/** A browser context signed in as the bench's user, as the app keeps its session (local storage, user-token). */
async function signedInContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addInitScript({ content: `localStorage.setItem('user-token', ${JSON.stringify(client.token)})` });
  return context;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

// A first visit: each run has a context of its own, so the app's code comes from the server every
// time (no HTTP cache, no compiled-code cache). The first run only warms the server's caches.
const firstVisits: number[] = [];
for (let run = 0; run < 6; run++) {
  const context = await signedInContext();
  const elapsed = await loadDashboard(context);
  if (run > 0) firstVisits.push(elapsed);
  console.log(`first visit ${run + 1}: ${elapsed.toFixed(0)} ms`);
  await context.close();
}
// A returning visit: one context, the code cached by the visits before.
const returning: number[] = [];
const context = await signedInContext();
for (let run = 0; run < 6; run++) {
  const elapsed = await loadDashboard(context);
  if (run > 0) returning.push(elapsed);
  console.log(`returning visit ${run + 1}: ${elapsed.toFixed(0)} ms`);
}
await context.close();
console.log(`dashboard first load, median of ${firstVisits.length}: ${median(firstVisits).toFixed(0)} ms`);
console.log(`dashboard returning load, median of ${returning.length}: ${median(returning).toFixed(0)} ms`);
await browser.close();
await server.stop();
await storage.drop();
await rates.close();
