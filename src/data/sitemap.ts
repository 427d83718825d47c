/** What the sitemap needs from the database: the products with a page (active campaigns) and when each last changed. */
import type { SitemapEntry } from '../lib/sitemap.ts';
import type { ShopClient } from './supabase.ts';

const PAGE_SIZE = 1000;

export interface SitemapProduct {
  permalink: string;
  updated_at: string;
}

/** Every product of a live campaign (RLS), with its last change, in pages of 1000 (stable order). */
export async function getSitemapProducts(db: ShopClient): Promise<SitemapProduct[]> {
  const products: SitemapProduct[] = [];
  for (let from = 0; ; from += PAGE_SIZE) {
    const { data, error } = await db
      .from('products')
      .select('permalink, updated_at')
      .order('permalink', { ascending: true })
      .range(from, from + PAGE_SIZE - 1);
    if (error) throw new Error(`No se pudieron cargar los productos del sitemap: ${error.message}`);
    products.push(...data.map((p) => ({ permalink: p.permalink, updated_at: p.updated_at })));
    if (data.length < PAGE_SIZE) return products;
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
