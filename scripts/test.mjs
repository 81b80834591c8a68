// `npm test`: lint, typecheck, unit + API tests (PGlite; PostgreSQL too when TEST_DATABASE_URL is
// set), then the browser tests against the built app. Ends with one line `N passed, N failed`
// counting every test of every runner; a failed check (lint, types, build) counts as one failure.
// Any skipped test fails the run: CI must run everything.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureInstalled, root } from './prepare.mjs';

ensureInstalled();
const results = path.join(root, '.test-results');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const CHROMIUM = '/usr/bin/chromium';

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];

function step(name, command, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) problems.push(`${name} failed (exit ${result.status ?? result.signal})`);
  return result.status === 0;
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

if (process.env.CI === 'true' && !process.env.TEST_DATABASE_URL) {
  problems.push('CI=true but TEST_DATABASE_URL is not set: the API tests would skip PostgreSQL');
}

if (!step('lint (biome)', bin('biome'), ['check', '.'])) totals.failed += 1;
if (!step('typecheck', 'npm', ['run', '--silent', 'typecheck'])) totals.failed += 1;

const vitestJson = path.join(results, 'vitest.json');
step('unit and API tests (vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
const vitest = readJson(vitestJson);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  // Suites that failed to load report no tests of their own.
  totals.failed += vitest.testResults.filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  ).length;
} else {
  totals.failed += 1;
}

if (!existsSync(CHROMIUM)) {
  problems.push(
    `${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium) for the browser tests`,
  );
  totals.failed += 1;
} else if (step('build the web app', 'npm', ['run', '--silent', 'build'])) {
  step('browser tests (playwright)', bin('playwright'), ['test']);
  const playwright = readJson(path.join(results, 'playwright.json'));
  if (playwright) {
    totals.passed += playwright.stats.expected;
    totals.failed += playwright.stats.unexpected + playwright.stats.flaky;
    totals.skipped += playwright.stats.skipped;
    if (playwright.errors?.length) totals.failed += playwright.errors.length;
  } else {
    totals.failed += 1;
  }
} else {
  totals.failed += 1;
}

if (totals.skipped > 0) problems.push(`${totals.skipped} test(s) skipped: every test must run`);
if (totals.failed > 0 && problems.length === 0) problems.push('some tests failed (see above)');

console.log('');
for (const problem of problems) console.log(`✗ ${problem}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(problems.length > 0 ? 1 : 0);
