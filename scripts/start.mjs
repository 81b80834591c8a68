// `npm start`: install what is missing, build the web app and the server when their sources
// changed, then run the built server (embedded PGlite under ./data unless DATABASE_URL is set).
import { spawn } from 'node:child_process';
import { ensureInstalled, ensureServerBuilt, ensureWebBuilt, root } from './prepare.mjs';

ensureInstalled();
ensureWebBuilt();
ensureServerBuilt();

const server = spawn(process.execPath, ['--enable-source-maps', 'packages/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
