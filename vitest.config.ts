import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The odd moment the `…@moment` projects run at: the last half hour of a year in UTC, which is
 * already the first of January in Kyiv (TZ), on a Thursday night before a holiday. A test that
 * reads the real date or mixes UTC and local days fails there on any day (docs/decisions.md).
 */
const MOMENT = { KOPIYKA_TEST_NOW: '2026-12-31T23:30:00Z', TZ: 'Europe/Kyiv' };
const shiftClock = path.resolve(import.meta.dirname, 'scripts/shift-clock.ts');

const serverProject = (database: 'pglite' | 'postgres', atMoment = false) => ({
  test: {
    name: `api-${database}${atMoment ? '@moment' : ''}`,
    root: './packages/server',
    include: ['src/**/*.test.ts'],
    // `*.postgres.test.ts`: what only a server database has (several instances on one database).
    // `*.process.test.ts`: servers started as processes of their own, on an embedded database of
    // their own; neither the project's database nor its moment reaches them, so they run once.
    exclude: [
      ...(database === 'postgres' ? [] : ['src/**/*.postgres.test.ts']),
      ...(database === 'postgres' || atMoment ? ['src/**/*.process.test.ts'] : []),
    ],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    setupFiles: [shiftClock, 'test/cheap-passwords.ts'],
    env: { KOPIYKA_TEST_DB: database, ...(atMoment ? MOMENT : {}) },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const plainProject = (name: 'shared' | 'fakes', atMoment = false) => ({
  test: {
    name: `${name}${atMoment ? '@moment' : ''}`,
    root: `./packages/${name}`,
    include: ['src/**/*.test.ts'],
    environment: 'node',
    setupFiles: [shiftClock],
    env: atMoment ? MOMENT : {},
  },
});

export default defineConfig({
  test: {
    // Two files at a time suits the 2-core machines we run on (a PGlite instance is large too).
    maxWorkers: 2,
    projects: [
      plainProject('shared'),
      plainProject('fakes'),
      './packages/web/vite.config.ts',
      serverProject('pglite'),
      // The same suites again at one fixed odd moment.
      plainProject('shared', true),
      plainProject('fakes', true),
      {
        extends: './packages/web/vite.config.ts',
        test: { name: 'web@moment', env: MOMENT, setupFiles: [shiftClock] },
      },
      // The server's suites run on PostgreSQL whenever a server is given (CI always gives one),
      // and do so at the odd moment: each test then runs on both databases and at both moments in
      // two runs rather than three (docs/testing.md). Without a server, PGlite runs them again.
      serverProject(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', true),
    ],
  },
});
