// `npm start`: install what is missing, build the web app when its sources changed, then run
// the server (embedded PGlite under ./data unless DATABASE_URL is set).
import { spawn } from 'node:child_process';
import { ensureInstalled, ensureWebBuilt, root } from './prepare.mjs';

ensureInstalled();
ensureWebBuilt();

const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
