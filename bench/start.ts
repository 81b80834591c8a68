// Start time and memory of the built server as `npm start` runs it (packages/server/dist/main.js,
// embedded PGlite): from spawning the process to the first 200 of /api/v1/health, on a fresh data
// directory and again on the one the first start made, with the process's resident memory once
// healthy and the CPU time it spent getting there. Exchange rates come from the local emulator.
// Usage: npm run build && node --import tsx bench/start.ts [runs=3]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startRatesEmulator } from '@kopiyka/fakes';
import { cpuMs, memoryOf } from './server-process.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const [runs = 3] = process.argv.slice(2).map(Number);

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function start(dataDir: string, ratesUrl: string) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', 'packages/server/dist/main.js'], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      NBU_BASE_URL: ratesUrl,
      FRANKFURTER_BASE_URL: ratesUrl,
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
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return { ms: performance.now() - started, cpuMs: cpuMs(child.pid!), ...memoryOf(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const rates = await startRatesEmulator();
const row = (label: string, r: Awaited<ReturnType<typeof start>>) =>
  console.log(
    `${label.padEnd(16)} healthy after ${r.ms.toFixed(0).padStart(5)} ms (CPU ${r.cpuMs.toFixed(0).padStart(5)} ms)` +
      `  RSS ${r.rssMb.toFixed(0).padStart(4)} MB (peak ${r.peakMb.toFixed(0)} MB)`,
  );
try {
  for (let run = 1; run <= runs; run++) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'kopiyka-bench-start-'));
    try {
      const dataDir = path.join(dir, 'data');
      row(`run ${run} fresh`, await start(dataDir, rates.url));
      row(`run ${run} second`, await start(dataDir, rates.url));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
} finally {
  await rates.close();
}
