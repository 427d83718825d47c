/**
 * What a product-page build renders. The shop build (scripts/lib/build.ts) reads the catalogue once
 * for all the astro builds it runs side by side and writes it, as JSON, to each one's standard input
 * (SHOP_BUILD_CATALOGUE=stdin) together with the page keys of the last build (scripts/lib/page-cache.ts):
 * a product page whose key did not change is not rendered again but linked from that build. A build
 * started any other way (astro build, astro dev) reads the catalogue itself and renders every page.
 *
 * A build may be started before there is anything to build (the rebuild worker keeps one bundled and
 * waiting): nothing of the build reads the database until its input has arrived (astro.config.mjs
 * waits for it before Astro renders a page: src/data/build-input.ts).
 */
import { writeFileSync } from 'node:fs';
import { buildInput, buildInputOnStdin } from './build-input.ts';
import { getActiveProducts, type ProductDetail } from './product.ts';
import type { ShopClient } from './supabase.ts';

export async function buildCatalogue(db: ShopClient): Promise<ProductDetail[]> {
  return buildInputOnStdin() ? (await buildInput()).products : getActiveProducts(db);
}

/** The last build's key of each product page (by permalink), or null when every page is rendered. */
export async function previousPageKeys(): Promise<Record<string, string> | null> {
  return buildInputOnStdin() ? (await buildInput()).keys : null;
}

/** Hands the keys of this build's product pages (by permalink) to the shop build, when it asks for them (SHOP_BUILD_KEYS_OUT). */
export function writePageKeys(keys: Record<string, string>): void {
  const file = process.env['SHOP_BUILD_KEYS_OUT'];
  if (file) writeFileSync(file, JSON.stringify(keys));
}
