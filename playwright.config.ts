import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Playwright evaluates this file in the runner and again in every worker; values are kept in process.env so the
// workers (forked from the runner) agree with it on the port and the database.
function freePort(): string {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}

const externalBaseUrl = process.env.E2E_BASE_URL;
process.env.E2E_PORT ??= freePort();
if (!externalBaseUrl) process.env.E2E_DB_DIR ??= mkdtempSync(join(tmpdir(), 'mostrador-e2e-'));
const port = process.env.E2E_PORT;
const baseURL = externalBaseUrl ?? `http://127.0.0.1:${port}`;
const ci = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'e2e',
  globalTeardown: './e2e/global-teardown.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  workers: ci ? 2 : undefined,
  // Budgets, not waits: every journey waits for conditions, and a busy 2-core machine may take several times longer
  // than a quiet one to reach them.
  // The first page of a new browser context shares the processor with that context's own start-up (some 2 s of the
  // browser's CPU here): beside two busy loops, its first assertion once took more than 15 s.
  timeout: 90_000,
  expect: { timeout: 30_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    timezoneId: 'America/Argentina/Buenos_Aires',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-dev-shm-usage',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
  // Set E2E_BASE_URL to run the journeys against a server that is already up.
  webServer: externalBaseUrl
    ? undefined
    : {
        command:
          'npx --no-install tsx scripts/build-web.ts --if-changed && npx --no-install tsx apps/bff/src/server.ts',
        url: `${baseURL}/bff/health`,
        reuseExistingServer: false,
        timeout: 180_000,
        // The server logs a JSON line per request; failures show in the traces, not in a wall of log lines.
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: port,
          HOST: '127.0.0.1',
          DATABASE_FILE: join(process.env.E2E_DB_DIR ?? tmpdir(), 'mostrador.db'),
          DEMO_ORDERS: '2000',
          // Known to the journeys (e2e/support/servers.ts), so a test can act as an OAuth client and mint canaries.
          MARKETPLACE_CLIENT_SECRET: 'e2e-client-secret-0123456789abcdefghij',
          // Every journey comes from 127.0.0.1; the limits have their own servers (e2e/limits.spec.ts).
          RATE_LIMIT_PER_MINUTE: '100000',
          SIGNIN_LIMIT_PER_15_MINUTES: '100000',
          INVALID_REQUESTS_BEFORE_BLOCK: '0',
        },
      },
});
