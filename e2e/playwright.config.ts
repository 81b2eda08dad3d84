import { defineConfig } from '@playwright/test';
import { E2E_BASE } from './support/env';

/**
 * The test files by what they do to the one server and database they share: two workers run files
 * side by side (and the accessibility files' pages, each a test of its own), so a file that reads
 * Demo Store's global figures (balances, list totals, counts) must not run while another one moves
 * its money or adds payments, refunds or disputes.
 */
/** Read global figures (and payments.spec.ts refunds): one file at a time, alongside `independent` only. */
const READERS = ['balance', 'payments', 'refunds-home-faq', 'reports', 'shell'];
/** Move Demo Store's money or add payments and disputes: after the readers. */
const MOVERS = ['disputes', 'integration', 'money-out', 'payment-links', 'settlements', 'subscriptions'];
const files = (names: string[]) => names.map((name) => `${name}.spec.ts`);

/** Browser tests: Debian's Chromium driven by Playwright against the built server (`npm run build` first). */
export default defineConfig({
  testDir: './tests',
  outputDir: process.env.PW_OUTPUT ?? 'test-results',
  // After the server is up: each demo user's session, saved once (support/sessions.ts).
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `${E2E_BASE}/app/`,
    // The app then turns antd's motion off (apps/web/src/app/providers.tsx): nothing animates, so no
    // click lands on a menu or a dialog that is still moving.
    reducedMotion: 'reduce',
    // The app follows the browser's language on a first visit: the suites read English
    // (languages.spec.ts asks for Chinese where it means to).
    locale: 'en-US',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  projects: [
    { name: 'readers', testMatch: files(READERS), workers: 1 },
    // Every other file only reads, or writes what no other file reads (search.spec.ts: the global search).
    { name: 'independent', testIgnore: files([...READERS, ...MOVERS]) },
    { name: 'movers', testMatch: files(MOVERS), dependencies: ['readers'] },
  ],
  webServer: {
    // The compiled server (apps/server/dist) serving the built web app (apps/web/dist), on a fresh PostgreSQL database.
    command: 'node --import tsx support/start-server.ts',
    url: `${E2E_BASE}/app/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
