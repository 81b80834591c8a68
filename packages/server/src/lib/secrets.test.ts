import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_FILE, resolveSecretKey, secretBox } from './secrets.ts';

const KEY = '5e'.repeat(32);

describe('the secret box', () => {
  it('opens what it sealed; every seal differs, and none shows the secret', () => {
    const box = secretBox(KEY);
    const token = 'uDemoKopiykaOffline_notARealToken_2026-11-25';
    const [a, b] = [box.seal(token), box.seal(token)];
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
    expect(a).not.toContain(token);
    expect(box.open(a)).toBe(token);
    expect(box.open(b)).toBe(token);
  });

  it('refuses a sealed value that was changed, or sealed under another key', () => {
    const sealed = secretBox(KEY).seal('secret');
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => secretBox(KEY).open(`v1:${bytes.toString('base64')}`)).toThrow();
    expect(() => secretBox('6f'.repeat(32)).open(sealed)).toThrow();
    expect(() => secretBox(KEY).open('plain text')).toThrow();
    expect(() => secretBox('short')).toThrow(/64 hexadecimal/);
  });
});

describe('the key', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'kopiyka-key-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is APP_SECRET_KEY when given; else made once in the data folder, readable by its owner only, and kept', async () => {
    expect(await resolveSecretKey(KEY, dir)).toBe(KEY);
    const data = path.join(dir, 'data');
    const made = await resolveSecretKey(undefined, data);
    expect(made).toMatch(/^[0-9a-f]{64}$/);
    expect((await stat(path.join(data, KEY_FILE))).mode & 0o777).toBe(0o600);
    expect(await resolveSecretKey(undefined, data)).toBe(made);
    expect((await readFile(path.join(data, KEY_FILE), 'utf8')).trim()).toBe(made);
  });

  it('stops with the file named when the key file holds something else', async () => {
    const data = path.join(dir, 'broken');
    await resolveSecretKey(undefined, data);
    await writeFile(path.join(data, KEY_FILE), 'not a key\n');
    await expect(resolveSecretKey(undefined, data)).rejects.toThrow(KEY_FILE);
  });
});
