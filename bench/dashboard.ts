// Dashboard first load in Chromium on a long history: navigation start → every widget rendered
// (no loading placeholder left and the three charts drawn). Usage:
//   npm run build && node --import tsx bench/dashboard.ts [transactions=1000000] [accounts=20] [years=10]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { startBenchServer } from './bench-server.ts';
import { seedUser } from './seed.ts';

const [transactions = 1_000_000, accounts = 20, years = 10] = process.argv.slice(2).map(Number);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { app, close } = await startBenchServer('dashboard', { webDist: path.join(root, 'packages/web/dist') });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
console.log(
  `database: ${app.dbKind}; seeding ${transactions} transactions over ${accounts} accounts and ${years} years…`,
);
const user = await seedUser(app, { transactions, accounts, years });

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
  // Signed in as the seeded user, as the app keeps its session (SPEC §9: local storage, user-token).
  await context.addInitScript({ content: `localStorage.setItem('user-token', ${JSON.stringify(user.token)})` });
  const page = await context.newPage();
  await page.goto(`${base}/dashboard`);
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
await close();
