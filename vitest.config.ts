import { defineConfig } from 'vitest/config';

const serverProject = (database: 'pglite' | 'postgres') => ({
  test: {
    name: `api-${database}`,
    root: './packages/server',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    env: { KOPIYKA_TEST_DB: database },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Two files at a time suits the 2-core machines we run on (a PGlite instance is large too).
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', root: './packages/shared', include: ['src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'fakes', root: './packages/fakes', include: ['src/**/*.test.ts'], environment: 'node' } },
      './packages/web/vite.config.ts',
      serverProject('pglite'),
      // PostgreSQL runs too whenever a server is given (CI always gives one).
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
    ],
  },
});
