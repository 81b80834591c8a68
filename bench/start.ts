// Start time and memory of the built server as `npm start` runs it (a checkout's
// packages/server/dist/main.js, source maps on): from spawning the process to the first 200 of
// /api/v1/health, on a fresh database and again on the one the first start migrated, with the
// process's resident memory once healthy and the CPU time it spent getting there. Exchange rates
// come from the local emulator. With --before, the other checkout's build starts in turn with this
// one's, run by run, and the medians are compared.
// Usage: npm run bench:start -- [--runs 3] [--db pglite|postgres] [--before <checkout>]
//   (postgres: DATABASE_URL names a server whose user may create databases)
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startRatesEmulator } from '@kopiyka/fakes';
import { cpuMs, memoryOf, newStorage, type Storage } from './server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    db: { type: 'string', default: 'pglite' },
    before: { type: 'string' },
  },
});
const runs = Number(args.runs);
const db = args.db === 'postgres' ? 'postgres' : 'pglite';
const checkouts = args.before ? [path.resolve(args.before), ROOT] : [ROOT];

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function start(checkout: string, storage: Storage, ratesUrl: string) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', 'packages/server/dist/main.js'], {
    cwd: checkout,
    env: {
      PATH: process.env.PATH,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      APP_SECRET_KEY: 'b5'.repeat(32),
      NBU_BASE_URL: ratesUrl,
      FRANKFURTER_BASE_URL: ratesUrl,
      ...storage.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
      const healthy = await fetch(`http://127.0.0.1:${port}/api/v1/health`)
        .then((res) => res.ok)
        .catch(() => false);
      if (healthy) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return { ms: performance.now() - started, cpuMs: cpuMs(child.pid!), ...memoryOf(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

type Start = Awaited<ReturnType<typeof start>>;
const label = (checkout: string) => (checkout === ROOT ? 'this checkout' : path.basename(checkout));
const row = (name: string, r: Start) =>
  console.log(
    `${name.padEnd(32)} healthy after ${r.ms.toFixed(0).padStart(5)} ms (CPU ${r.cpuMs.toFixed(0).padStart(5)} ms)` +
      `  RSS ${r.rssMb.toFixed(0).padStart(4)} MB (peak ${r.peakMb.toFixed(0)} MB)`,
  );
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const rates = await startRatesEmulator();
const timed = new Map(checkouts.map((checkout) => [checkout, { fresh: [] as Start[], migrated: [] as Start[] }]));
try {
  for (let run = 1; run <= runs; run++) {
    for (const checkout of checkouts) {
      const storage = await newStorage(db, `start${run}`);
      // A data folder that does not exist yet, as a first `npm start` meets it (the build's ready database is copied there).
      if (db === 'pglite') storage.env.DATA_DIR = path.join(storage.env.DATA_DIR!, 'data');
      try {
        const fresh = await start(checkout, storage, rates.url);
        const migrated = await start(checkout, storage, rates.url);
        row(`run ${run} ${label(checkout)} fresh`, fresh);
        row(`run ${run} ${label(checkout)} migrated`, migrated);
        timed.get(checkout)!.fresh.push(fresh);
        timed.get(checkout)!.migrated.push(migrated);
      } finally {
        await storage.drop();
      }
    }
  }
} finally {
  await rates.close();
}

console.log(`\nmedians of ${runs} runs on ${db} (ms to healthy, CPU ms):`);
for (const [checkout, { fresh, migrated }] of timed) {
  const of = (starts: Start[]) =>
    `${median(starts.map((s) => s.ms)).toFixed(0)} (CPU ${median(starts.map((s) => s.cpuMs)).toFixed(0)})`;
  console.log(`${label(checkout).padEnd(16)} fresh ${of(fresh)}, migrated ${of(migrated)}`);
}
if (checkouts.length === 2) {
  const [before, after] = checkouts.map((checkout) => timed.get(checkout)!.migrated);
  const ratio = (pick: (s: Start) => number) => median(after!.map(pick)) / median(before!.map(pick));
  console.log(
    `migrated, this checkout / before: ${ratio((s) => s.ms).toFixed(2)}× wall, ${ratio((s) => s.cpuMs).toFixed(2)}× CPU`,
  );
}
process.exit(0);
