// `npm test`: lint, typecheck, unit + API tests (PGlite; PostgreSQL too when TEST_DATABASE_URL is
// set), then the browser tests against the built app. Ends with one line `N passed, N failed`
// counting every test of every runner; a failed check (lint, types, build) counts as one failure.
// Any skipped test fails the run: CI must run everything.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureInstalled, root } from './prepare.mjs';

const testStarted = performance.now();
ensureInstalled();
const results = path.join(root, '.test-results');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const CHROMIUM = '/usr/bin/chromium';

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const problems = [];
// Named again just above the summary, so the end of a long log says what broke.
const failedTests = [];

const seconds = (since) => `${Math.round((performance.now() - since) / 1000)} s`;

function step(name, command, args) {
  console.log(`\n▶ ${name}`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  console.log(`◀ ${name}: ${seconds(started)}`);
  if (result.status !== 0) problems.push(`${name} failed (exit ${result.status ?? result.signal})`);
  return result.status === 0;
}

/**
 * Steps that need nothing of each other, run at the same time: each alone leaves a core idle
 * (tsc is single-threaded), together they take about as long as the longest. Each one's output is
 * printed whole when it ends, so the log reads as if they had run one after another.
 */
function concurrentSteps(steps) {
  return Promise.all(
    steps.map(
      ({ name, command, args }) =>
        new Promise((resolve) => {
          const started = performance.now();
          const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (status, signal) => {
            console.log(`\n▶ ${name}`);
            process.stdout.write(Buffer.concat(output));
            console.log(`◀ ${name}: ${seconds(started)}`);
            if (status !== 0) problems.push(`${name} failed (exit ${status ?? signal})`);
            resolve(status === 0);
          });
        }),
    ),
  );
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

function firstLine(text = '') {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the colour codes of messages.
      .replace(/\u001b\[[0-9;]*m/g, '')
      .split('\n')[0]
      .slice(0, 200)
  );
}

function failedPlaywrightTests(suites) {
  return suites.flatMap((suite) => [
    ...failedPlaywrightTests(suite.suites ?? []),
    ...(suite.specs ?? [])
      .filter((spec) => !spec.ok)
      .map((spec) => {
        const error = spec.tests.flatMap((test) => test.results).find((result) => result.error)?.error;
        return `${suite.file} › ${spec.title}: ${firstLine(error?.message)}`;
      }),
  ]);
}

if (process.env.CI === 'true' && !process.env.TEST_DATABASE_URL) {
  problems.push('CI=true but TEST_DATABASE_URL is not set: the API tests would skip PostgreSQL');
}

const hasChromium = existsSync(CHROMIUM);
// The browser tests' build goes alongside the checks; it is needed only later.
const [linted, typechecked, built = false] = await concurrentSteps([
  { name: 'lint (biome)', command: bin('biome'), args: ['check', '.'] },
  { name: 'typecheck', command: 'npm', args: ['run', '--silent', 'typecheck'] },
  ...(hasChromium
    ? [{ name: 'build the web app and the server', command: 'npm', args: ['run', '--silent', 'build'] }]
    : []),
]);
if (!linted) totals.failed += 1;
if (!typechecked) totals.failed += 1;

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
  for (const file of vitest.testResults) {
    const where = path.relative(root, file.name);
    // A suite that failed to load reports no tests of its own.
    if (file.status === 'failed' && file.assertionResults.length === 0) {
      totals.failed += 1;
      failedTests.push(`${where}: ${firstLine(file.message)}`);
    }
    for (const test of file.assertionResults.filter((result) => result.status === 'failed')) {
      failedTests.push(`${where} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
  }
} else {
  totals.failed += 1;
}

if (!hasChromium) {
  problems.push(
    `${CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium) for the browser tests`,
  );
  totals.failed += 1;
} else if (built) {
  step('browser tests (playwright)', bin('playwright'), ['test']);
  const playwright = readJson(path.join(results, 'playwright.json'));
  if (playwright) {
    totals.passed += playwright.stats.expected;
    totals.failed += playwright.stats.unexpected + playwright.stats.flaky;
    totals.skipped += playwright.stats.skipped;
    if (playwright.errors?.length) totals.failed += playwright.errors.length;
    failedTests.push(...failedPlaywrightTests(playwright.suites ?? []));
  } else {
    totals.failed += 1;
  }
} else {
  totals.failed += 1;
}

if (totals.skipped > 0) problems.push(`${totals.skipped} test(s) skipped: every test must run`);
if (totals.failed > 0 && problems.length === 0) problems.push('some tests failed (see above)');

console.log(`\nnpm test: ${seconds(testStarted)}`);
for (const test of failedTests) console.log(`✗ ${test}`);
for (const problem of problems) console.log(`✗ ${problem}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(problems.length > 0 ? 1 : 0);
