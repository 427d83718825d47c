/**
 * The `test` every browser test uses: Playwright's, with two rules added.
 * - Each worker runs on its project's stack (stacks.ts): the admin tests on the back office's, the
 *   shop's tests on the storefront's, and the E2E_* variables the tests read say which.
 * - `freshPage()` opens a page in a browser of its own (another person, another device), closed with
 *   the test: a back-office page left open keeps polling and drawing for the rest of the run.
 * - The shop is served with its real Content-Security-Policy (the build's `_headers`), and a test
 *   fails when the browser refused anything under it: a page that needs a script, style, image or
 *   connection the policy does not allow is broken for shoppers too.
 */
import { test as base, type BrowserContext, expect, type Page } from '@playwright/test';
import { stackOf, useStack } from './stacks.ts';

export { expect };
export type { Locator, Page, TestInfo } from '@playwright/test';

export const test = base.extend<{ contentSecurityPolicy: undefined; freshPage: () => Promise<Page> }, { stack: undefined }>({
  stack: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      useStack(stackOf(workerInfo.project.name));
      await use(undefined);
    },
    { scope: 'worker', auto: true },
  ],
  freshPage: async ({ browser }, use) => {
    const opened: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext();
      opened.push(context);
      return context.newPage();
    });
    await Promise.all(opened.map((context) => context.close()));
  },
  contentSecurityPolicy: [
    async ({ page }, use) => {
      const refused: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      await use(undefined);
      expect(refused, 'El navegador bloqueó algo por la Content-Security-Policy').toEqual([]);
    },
    { auto: true },
  ],
});
