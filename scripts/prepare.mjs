// Gets a fresh checkout ready to run: dependencies installed, web app and server built when their
// sources changed. Only Node built-ins here, because this runs before dependencies exist.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function ensureInstalled() {
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync(lock).mtimeMs) return;
  console.log('Installing dependencies…');
  // `npm install` rather than `npm ci`: npm 11 writes lock files without other platforms'
  // optional packages, which `npm ci` then reports as out of sync.
  run('npm', ['install', '--no-audit', '--no-fund']);
}

/** Whether `built` exists and is newer than everything under `sources` (paths from the root). */
function isCurrent(built, sources) {
  return (
    existsSync(built) && Math.max(...sources.map((p) => newestMtime(path.join(root, p)))) <= statSync(built).mtimeMs
  );
}

export function ensureWebBuilt() {
  if (isCurrent(path.join(root, 'packages/web/dist/index.html'), ['packages/web', 'packages/shared/src'])) return;
  console.log('Building the web app…');
  run('npm', ['run', 'build', '-w', '@kopiyka/web']);
}

/** The server's bundle and its ready database (packages/server/build.mjs), remade when a source or dependency changed. */
export function ensureServerBuilt() {
  const sources = ['packages/server/src', 'packages/server/build.mjs', 'packages/shared/src', 'package-lock.json'];
  // The template is the build's last step: without it, the build did not finish.
  const finished = existsSync(path.join(root, 'packages/server/dist/pglite-template/PG_VERSION'));
  if (finished && isCurrent(path.join(root, 'packages/server/dist/main.js'), sources)) return;
  console.log('Building the server…');
  run('npm', ['run', 'build', '-w', '@kopiyka/server']);
}
