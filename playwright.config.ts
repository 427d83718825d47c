import { defineConfig, devices } from '@playwright/test';

/** Chromium from Debian (/usr/bin/chromium): Playwright cannot download its own browser here. */
const chromium = {
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  // On CI a test that fails is run once more and, if it then passes, reported as flaky with its first
  // error in full; locally every failure counts at once.
  retries: process.env['CI'] ? 1 : 0,
  // 'list' repeats every failure in full at the end, where a long run's log is read.
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: process.env['E2E_BASE_URL'] ?? 'http://127.0.0.1:64400',
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    launchOptions: chromium,
    trace: 'off',
  },
  // The shop on a phone and a desktop; the back office on a laptop, last. With one worker and no
  // dependencies between projects Playwright runs them in the order declared here, and a storefront
  // failure does not stop the admin tests from running. The admin tests add campaigns and products of
  // their own that the static pages were not built with, so they must stay last.
  projects: [
    { name: 'phone', testIgnore: /admin.*\.spec\.ts/, use: { ...devices['Pixel 7'], launchOptions: chromium } },
    {
      // On a desktop viewport, the specs whose screens are laid out differently there; the rest
      // (events, text pages, policies, favourites, the bag, size first, card badges) behave the same
      // on both and run on the phone, where most shoppers are.
      name: 'desktop',
      testIgnore: [/admin.*\.spec\.ts/, /(analytics-events|info-pages|policies|favorites|home|bag|size-first|card-badges)\.spec\.ts/],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: 'admin',
      testMatch: /admin.*\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions: chromium },
    },
  ],
});
