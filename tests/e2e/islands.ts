/** Waiting for Astro islands: a click before hydration does nothing, so tests wait for the island first. */
import { expect, type Locator, type Page } from './test.ts';

/** Scrolls to `inside` and waits until the island holding it has hydrated (Astro drops the `ssr` attribute). */
export async function hydrated(page: Page, inside: Locator): Promise<void> {
  await inside.first().scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[ssr]').filter({ has: inside })).toHaveCount(0, { timeout: 15_000 });
}
