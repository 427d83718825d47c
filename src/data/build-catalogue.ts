/**
 * The catalogue a product-page build renders. The shop build (scripts/lib/build.ts) reads it once for
 * all the astro builds it runs side by side and writes it, as JSON, to each one's standard input
 * (SHOP_BUILD_CATALOGUE=stdin); a build started any other way (astro build, astro dev) reads it
 * itself.
 */
import { getActiveProducts, type ProductDetail } from './product.ts';
import type { ShopClient } from './supabase.ts';

async function readStandardInput(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The input arrives once: every call of a build shares its one read. */
let received: Promise<ProductDetail[]> | undefined;

export function buildCatalogue(db: ShopClient): Promise<ProductDetail[]> {
  if (process.env['SHOP_BUILD_CATALOGUE'] !== 'stdin') return getActiveProducts(db);
  received ??= readStandardInput().then((text) => {
    if (!text) throw new Error('La compilación no recibió el catálogo.');
    return JSON.parse(text) as ProductDetail[];
  });
  return received;
}
