// The server every bench runs: a fresh data directory, exchange rates from the local emulator (no
// network, the same figures every run), no background jobs unless asked and no rate limit. `env` adds to the
// process's (DATABASE_URL there measures a PostgreSQL server); `webDist` serves the built web app.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startRatesEmulator } from '@kopiyka/fakes';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import type { Clock } from '../packages/server/src/lib/clock.ts';

export async function startBenchServer(
  name: string,
  {
    env = {},
    webDist = null,
    clock,
    schedulerCheckMs,
  }: {
    env?: Record<string, string>;
    webDist?: string | null;
    /** The server's clock (a bench of the recording job moves it); the system's when absent. */
    clock?: Clock;
    /** With it, background jobs run, looking this often; without, none runs. */
    schedulerCheckMs?: number;
  } = {},
) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `kopiyka-bench-${name}-`));
  const rates = await startRatesEmulator();
  const config = {
    ...loadConfig(
      {
        ...process.env,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NBU_BASE_URL: rates.url,
        FRANKFURTER_BASE_URL: rates.url,
        ...env,
      },
      webDist,
    ),
    backgroundJobs: schedulerCheckMs !== undefined,
    ...(schedulerCheckMs !== undefined ? { schedulerCheckMs } : {}),
    rateLimitPerMinute: 1_000_000,
  };
  const app = await buildApp(config, { clock });
  return {
    app,
    /** Stops the server and the emulator, and removes the data directory. */
    async close() {
      await app.close();
      await rates.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
