/** What the sitemap needs from the database: the products with a page (active campaigns) and when each last changed. */
import type { SitemapEntry } from '../lib/sitemap.ts';
import type { ShopClient } from './supabase.ts';

const PAGE_SIZE = 1000;

export interface SitemapProduct {
  permalink: string;
  updated_at: string;
}

/** Every product of a live campaign (RLS), with its last change, by permalink in pages of 1000 after the last one read. */
export async function getSitemapProducts(db: ShopClient): Promise<SitemapProduct[]> {
  const products: SitemapProduct[] = [];
  for (let after: string | null = null; ; ) {
    let query = db.from('products').select('permalink, updated_at');
    if (after !== null) query = query.gt('permalink', after);
    const { data, error } = await query.order('permalink', { ascending: true }).limit(PAGE_SIZE);
    if (error) throw new Error(`No se pudieron cargar los productos del sitemap: ${error.message}`);
    products.push(...data.map((p) => ({ permalink: p.permalink, updated_at: p.updated_at })));
    if (data.length < PAGE_SIZE) return products;
    after = data[data.length - 1]?.permalink ?? null;
  }
}

/**
 * Every page of the sitemap: the static pages (home and /tienda change whenever a product does; the
 * information pages carry no date) and one per product with its own last change. Read once per build.
 */
let cached: Promise<SitemapEntry[]> | undefined;
export function sitemapPages(db: ShopClient, staticRoutes: readonly string[]): Promise<SitemapEntry[]> {
  cached ??= getSitemapProducts(db).then((products) => {
    const newest = products.reduce<string | null>((max, p) => (max && max > p.updated_at ? max : p.updated_at), null);
    const pages = [...staticRoutes].sort().map((route) => ({ route, lastmod: route === '/' || route === '/tienda' ? newest : null }));
    return [...pages, ...products.map((p) => ({ route: `/producto/${encodeURIComponent(p.permalink)}`, lastmod: p.updated_at }))];
  });
  return cached;
}
