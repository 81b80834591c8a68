import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDirectory } from '../../precompress.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kopiyka-precompress-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('precompressing the built app', () => {
  it('writes brotli and gzip copies of text assets worth it, and leaves small or binary files alone', async () => {
    const script = `console.log(${JSON.stringify('Kopiyka '.repeat(300))});\n`;
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'assets', 'app.js'), script);
    await writeFile(path.join(dir, 'assets', 'tiny.css'), 'a{}');
    await writeFile(path.join(dir, 'assets', 'font.woff2'), Buffer.alloc(4096, 7));
    const done = compressDirectory(dir);
    expect(done).toEqual([path.join(dir, 'assets', 'app.js')]);
    const br = await readFile(path.join(dir, 'assets', 'app.js.br'));
    const gz = await readFile(path.join(dir, 'assets', 'app.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(br.length).toBeLessThan(script.length / 10);
    await expect(readFile(path.join(dir, 'assets', 'tiny.css.br'))).rejects.toThrow();
    await expect(readFile(path.join(dir, 'assets', 'font.woff2.br'))).rejects.toThrow();
  });
});
