import { defineConfig, devices } from '@playwright/test';
import { shopUrl } from './tests/e2e/stacks.ts';

/** Chromium from Debian (/usr/bin/chromium), or the Chromium-based browser CHROMIUM_PATH names: Playwright cannot download its own browser here. */
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
  // Two browsers at a time: the back office's tests one after another on their own stack, and the
  // shop's beside them (global-setup.ts).
  workers: 2,
  // On CI a test that fails is run once more and, if it then passes, reported as flaky with its first
  // error in full; locally every failure counts at once.
  retries: process.env['CI'] ? 1 : 0,
  // 'list' repeats every failure in full at the end, where a long run's log is read.
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    launchOptions: chromium,
    trace: 'off',
  },
  // The back office on a laptop, on its own stack, one file at a time (its tests change the catalogue
  // and the settings that the others read); the shop on a phone and a desktop, on the storefront's
  // stack, in the other worker. Playwright hands out the tests in the order of this list: the back
  // office's, the longest single line, comes first so that it starts at once.
  projects: [
    {
      name: 'admin',
      testMatch: /admin.*\.spec\.ts/,
      workers: 1,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, baseURL: shopUrl('admin'), launchOptions: chromium },
    },
    {
      name: 'phone',
      testIgnore: /admin.*\.spec\.ts/,
      use: { ...devices['Pixel 7'], baseURL: shopUrl('storefront'), launchOptions: chromium },
    },
    {
      // On a desktop viewport, the specs whose screens are laid out differently there; the rest
      // (events, text pages, policies, favourites, the bag and its discount code, size first, card badges,
      // the pages' size and validity, what is coming) behave the same on both and run on the phone, where
      // most shoppers are.
      name: 'desktop',
      testIgnore: [
        /admin.*\.spec\.ts/,
        /(analytics-events|info-pages|policies|favorites|home|bag|discount-codes|size-first|card-badges|page-size|valid-html|coming-soon)\.spec\.ts/,
      ],
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        baseURL: shopUrl('storefront'),
        launchOptions: chromium,
      },
    },
  ],
});
