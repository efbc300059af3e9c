import { defineConfig } from '@playwright/test';

/**
 * End-to-end in Debian's Chromium against the real product (api + gateway + built web app), started per worker by
 * e2e/fixtures.ts on free ports with a temporary data dir and a local SMTP capture.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/playwright',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // tiles come from the internet; nothing here depends on them loading
    serviceWorkers: 'block',
  },
});
