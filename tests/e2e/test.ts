/**
 * The `test` every browser test uses: Playwright's, with one rule added to every test. The shop is
 * served with its real Content-Security-Policy (the build's `_headers`), and a test fails when the
 * browser refused anything under it: a page that needs a script, style, image or connection the
 * policy does not allow is broken for shoppers too.
 */
import { test as base, expect } from '@playwright/test';

export { expect };
export type { Locator, Page, TestInfo } from '@playwright/test';

export const test = base.extend<{ contentSecurityPolicy: undefined }>({
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
