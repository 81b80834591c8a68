/**
 * A build step: every text asset of the built app gets brotli and gzip siblings (`app.js.br`,
 * `app.js.gz`), made once at build time at the strongest settings, which the server sends to a
 * browser that accepts them (@fastify/static `preCompressed`), instead of compressing per request.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Smaller files gain too little to be worth a second request path. */
const MIN_BYTES = 1024;

/** Writes `.br` and `.gz` beside each text file under `dir` that is worth it; answers the files done. */
export function compressDirectory(dir: string): string[] {
  const done: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      done.push(...compressDirectory(file));
      continue;
    }
    if (!TEXT.test(entry.name) || statSync(file).size < MIN_BYTES) continue;
    const content = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    done.push(file);
  }
  return done;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'kopiyka-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      compressDirectory(outDir);
    },
  };
}
