/** Waiting for Astro islands: a click before hydration does nothing, so tests wait for the island first. */
import { expect, type Locator, type Page } from './test.ts';

/**
 * Scrolls to `inside` and waits until the island holding it has hydrated (Astro drops the `ssr`
 * attribute). Hydration may replace the island's elements (React renders it anew when the built HTML
 * no longer matches, e.g. a 'Nuevo' badge days after the build), so the scroll is retried on the
 * element found again.
 */
export async function hydrated(page: Page, inside: Locator): Promise<void> {
  await expect(async () => {
    await inside.first().scrollIntoViewIfNeeded({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.locator('astro-island[ssr]').filter({ has: inside })).toHaveCount(0, { timeout: 15_000 });
}
