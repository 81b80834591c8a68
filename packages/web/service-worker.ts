/**
 * A build step: writes the service worker (service-worker/sw.js) to the built app as `sw.js`, with
 * the list of every file of the build to keep for offline use and a version made of their
 * contents, so any change to any file is a new worker, and an unchanged build is the same one
 * (docs/decisions.md "Installable and offline"). Runs before the precompression, which then
 * compresses it like any other script.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const TEMPLATE = path.join(import.meta.dirname, 'service-worker', 'sw.js');
const WORKER = 'sw.js';
/** The build's placeholder in the template, replaced by the real one. */
const BUILD_SLOT = /\/\* BUILD \*\/[\s\S]*?\/\* \/BUILD \*\//;

/** Not part of what a page loads: compressed copies (the server picks them itself), the build's manifest, the worker. */
const LEFT_OUT = (relative: string) =>
  /\.(br|gz|map)$/.test(relative) || relative.startsWith('.vite/') || relative === WORKER;

/** Every file under `dir` a page may load, as root-relative URLs in a stable order. */
export function builtFiles(dir: string, base = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(dir, base), { withFileTypes: true })) {
    const relative = base ? `${base}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...builtFiles(dir, relative));
    else if (!LEFT_OUT(relative)) files.push(relative);
  }
  return base ? files : files.map((file) => `/${file}`).sort();
}

/** Writes `dir/sw.js` for the build in `dir`; answers its version and files. */
export function writeServiceWorker(dir: string): { version: string; files: string[] } {
  const files = builtFiles(dir);
  if (!files.includes('/index.html')) throw new Error(`${dir} has no index.html to keep for offline use.`);
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(dir, file)))
      .update('\0');
  const version = hash.digest('hex').slice(0, 16);
  const template = readFileSync(TEMPLATE, 'utf8');
  if (!BUILD_SLOT.test(template)) throw new Error(`${TEMPLATE} lost its /* BUILD */ placeholder.`);
  writeFileSync(path.join(dir, WORKER), template.replace(BUILD_SLOT, JSON.stringify({ version, files })));
  return { version, files };
}

export function serviceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'kopiyka-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Before the precompression's (both run once the files are written), which compresses the worker too.
    closeBundle: {
      order: 'pre',
      sequential: true,
      handler() {
        writeServiceWorker(outDir);
      },
    },
  };
}
