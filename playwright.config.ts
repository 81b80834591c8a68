import { defineConfig, devices } from '@playwright/test';

// The browser tests drive Debian's Chromium (never a downloaded build) against the built app,
// served by the real server on an embedded database made fresh for the run.
// E2E_PORT lets two checkouts run their browser tests side by side.
const PORT = Number(process.env.E2E_PORT ?? 4310);

// Each spec is a whole user journey of dozens of steps. On a two-core machine a second worker only
// makes the server and two browsers fight for the CPU (the run takes as long, and single steps slow
// down past the default limits), so the specs run one after another with room to finish. These
// limits bound a hung test; they assert nothing about speed.
export default defineConfig({
  testDir: './packages/web/e2e',
  outputDir: './.test-results/playwright-artifacts',
  fullyParallel: true,
  workers: 1,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  retries: 0,
  forbidOnly: true,
  reporter: [['list'], ['json', { outputFile: '.test-results/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${PORT}/api/v1/health`,
    env: { PORT: String(PORT) },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
