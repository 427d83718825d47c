/** What the sitemap needs from the database: the permalinks of products with a page (active campaigns). */
import type { ShopClient } from './supabase.ts';

const PAGE_SIZE = 1000;

/** Permalinks of every product whose campaign ends `today` or later, in pages of 1000 (stable order). */
export async function getActivePermalinks(db: ShopClient, today: string): Promise<string[]> {
  const permalinks: string[] = [];
  for (let from = 0; ; from += PAGE_SIZE) {
    const { data, error } = await db
      .from('products')
      .select('permalink, campaigns!inner(fecha_fin)')
      .gte('campaigns.fecha_fin', today)
      .order('permalink', { ascending: true })
      .range(from, from + PAGE_SIZE - 1);
    if (error) throw new Error(`No se pudieron cargar los productos del sitemap: ${error.message}`);
    permalinks.push(...data.map((p) => p.permalink));
    if (data.length < PAGE_SIZE) return permalinks;
  }
}
