// Runs the built app for the browser tests on a fresh embedded database that is removed afterwards,
// with the outside services emulated. The server is the built one, remade first if its sources changed.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureServerBuilt, root } from './prepare.mjs';

ensureServerBuilt();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kopiyka-e2e-'));

const server = spawn(process.execPath, ['--enable-source-maps', '--import', 'tsx', 'scripts/with-emulators.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
    // Every simulated user of the run comes from one address, faster than any person clicks; the
    // per-address limits themselves are covered by the API tests.
    RATE_LIMIT_PER_MINUTE: '100000',
    REGISTRATIONS_PER_HOUR: '100000',
    // Imports run at the pace of a test, against the emulator on a port the tests know.
    MONOBANK_REQUEST_INTERVAL_MS: '0',
    MONOBANK_EMULATOR_PORT: process.env.MONOBANK_EMULATOR_PORT ?? '4311',
    // Binance's emulator on the port after Monobank's unless told, so browser tests can reach its controls.
    BINANCE_EMULATOR_PORT:
      process.env.BINANCE_EMULATOR_PORT ?? String(Number(process.env.MONOBANK_EMULATOR_PORT ?? '4311') + 1),
    PUBLIC_URL: '',
    // A Refresh reads Binance at once, so a test can see it go down or refuse the keys; the API
    // tests cover the minute a reading is kept for.
    BINANCE_ACCOUNT_FRESH_MS: '0',
  },
});

const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  cleanUp();
  process.exit(code ?? 0);
});
