// `npm run demo`: the app with emulated bank and rate services (no network needed) and a ready demo
// user, on a data folder of its own outside the checkout, so it never mixes with real data.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { ensureInstalled, ensureServerBuilt, ensureWebBuilt, root } from './prepare.mjs';

const dataHome = process.env.XDG_DATA_HOME || path.join(os.homedir(), '.local', 'share');

ensureInstalled();
ensureWebBuilt();
ensureServerBuilt();

const server = spawn(process.execPath, ['--enable-source-maps', '--import', 'tsx', 'scripts/with-emulators.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: process.env.DATA_DIR ?? path.join(dataHome, 'kopiyka', 'demo'),
    KOPIYKA_DEMO_USER: '1',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
