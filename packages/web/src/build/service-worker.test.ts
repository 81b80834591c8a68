import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeServiceWorker } from '../../service-worker.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kopiyka-sw-'));
  await mkdir(path.join(dir, 'assets'));
  await mkdir(path.join(dir, 'icons'));
  await mkdir(path.join(dir, '.vite'));
  await writeFile(path.join(dir, 'index.html'), '<script type="module" src="/assets/index-a1.js"></script>');
  await writeFile(path.join(dir, 'assets', 'index-a1.js'), 'console.log(1)');
  await writeFile(path.join(dir, 'assets', 'index-a1.js.br'), 'compressed');
  await writeFile(path.join(dir, 'assets', 'index-a1.js.gz'), 'compressed');
  await writeFile(path.join(dir, 'icons', 'icon-192.png'), 'png');
  await writeFile(path.join(dir, 'manifest.webmanifest'), '{}');
  await writeFile(path.join(dir, '.vite', 'manifest.json'), '{}');
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** The build a written worker carries, read back the way the browser would run it. */
async function workerBuild(): Promise<{ version: string; files: string[] }> {
  const source = await readFile(path.join(dir, 'sw.js'), 'utf8');
  const build = source.match(/const BUILD = (\{.*?\});/)?.[1];
  return JSON.parse(build ?? 'null');
}

describe('the service worker of a build', () => {
  it('lists every file a page may load, and none of the compressed copies, the build manifest or itself', async () => {
    const written = writeServiceWorker(dir);
    expect(written.files).toEqual([
      '/assets/index-a1.js',
      '/icons/icon-192.png',
      '/index.html',
      '/manifest.webmanifest',
    ]);
    expect(await workerBuild()).toEqual(written);
    // Written again (a second build of the same files), the worker is the same: nothing to update.
    expect(writeServiceWorker(dir)).toEqual(written);
  });

  it('is a new version whenever any file changes, the page as much as a chunk', async () => {
    const first = writeServiceWorker(dir).version;
    await writeFile(path.join(dir, 'index.html'), '<script type="module" src="/assets/index-b2.js"></script>');
    const second = writeServiceWorker(dir).version;
    await writeFile(path.join(dir, 'icons', 'icon-192.png'), 'another png');
    const third = writeServiceWorker(dir).version;
    expect(new Set([first, second, third]).size).toBe(3);
  });

  it('refuses a build without its page', async () => {
    await rm(path.join(dir, 'index.html'));
    expect(() => writeServiceWorker(dir)).toThrow(/no index\.html/);
  });
});
