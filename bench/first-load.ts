// The first load of the web app, gzip bytes (level 9, as the build precompresses): what index.html
// loads before the app renders — the entry, the chunks it imports (modulepreloaded), the CSS — and
// the chunks the first render awaits (the catalogue of the language spoken, with their imports).
// Builds the app into a temporary directory with a manifest; the working copy's dist is untouched.
// Usage: node --import tsx bench/first-load.ts [web package dir=packages/web] [language=en]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; css?: string[] };

const [webDir = 'packages/web', language = 'en'] = process.argv.slice(2);
/**
 * Modules the first render awaits beside the entry's static imports, by language (none before issue
 * 16): the catalogue. zod's messages in the language are fetched beside it but not awaited (issue 19).
 */
const AWAITED: Record<string, RegExp> = {
  en: /^src\/lib\/messages\/en\.ts$/,
  uk: /^src\/lib\/messages\/uk\.ts$/,
};

const outDir = mkdtempSync(path.join(os.tmpdir(), 'kopiyka-first-load-'));
try {
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'error'], {
    cwd: path.resolve(webDir),
    stdio: 'inherit',
  });
  const manifest: Record<string, Chunk> = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
  const files = new Set<string>();
  const add = (key: string) => {
    const chunk = manifest[key]!;
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) add(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry || AWAITED[language]!.test(chunk.src ?? '')) add(key);
  }
  let total = 0;
  const rows = [...files].map((file) => {
    const bytes = gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
    total += bytes;
    return { file, bytes };
  });
  rows.sort((a, b) => b.bytes - a.bytes);
  for (const { file, bytes } of rows) console.log(`${bytes.toLocaleString('en').padStart(9)}  ${file}`);
  console.log(`${total.toLocaleString('en').padStart(9)}  first load (${language}), gzip`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
