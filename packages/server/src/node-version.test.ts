import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

describe('the Node.js version the project asks for', () => {
  const declared: string = readJson('package.json').engines.node;
  const oldest = semver.minVersion(declared)!.version;

  it('is the one the README names', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain(`Needs Node.js ${oldest.replace(/\.0$/, '')}+`);
  });

  // `npm install` warns for each package that asks for a newer Node than the one it runs on; on the
  // oldest Node we name, a fresh install must have nothing to warn about.
  it('is enough for every package a fresh install brings', () => {
    const lock = readJson('package-lock.json');
    const tooNew = Object.entries(lock.packages as Record<string, { version?: string; engines?: { node?: string } }>)
      .filter(([, entry]) => entry.engines?.node && !semver.satisfies(oldest, entry.engines.node))
      .map(([name, entry]) => `${name}@${entry.version} needs Node ${entry.engines?.node}`);
    expect(tooNew).toEqual([]);
  });
});
