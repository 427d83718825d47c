/**
 * The reads of the header's instant search. The search itself runs on the published site's Pagefind
 * index (scripts/lib/search-index.ts); the database answers what must never be stale:
 *   - at publication, the brands, categories and campaigns a shopper can browse (each becomes a
 *     record of the index, next to the product and information pages);
 *   - while the shopper types, the products the index found, as they are now: a product whose
 *     campaign ended, that sold out or was removed is not returned, and prices are today's.
 */
import { getActiveCampaigns } from './campaigns.ts';
import { CARD_SELECT, toCardProduct, type CardProduct } from './product-summary.ts';
import { fetchShopPage } from './shop.ts';
import type { ShopClient } from './supabase.ts';
import { EMPTY_FILTERS } from '../lib/filters.ts';
import type { PlaceRecord } from '../lib/search.ts';

/**
 * Every brand and category with a product on sale (the shop's own facets, so exactly those /tienda
 * offers) and every live campaign with products, as search records. Throws on a failed read.
 */
export async function getSearchPlaces(db: ShopClient): Promise<PlaceRecord[]> {
  const [{ facets }, campaigns] = await Promise.all([fetchShopPage(db, EMPTY_FILTERS, 0, 1), getActiveCampaigns(db)]);
  return [
    ...facets.brands.map((b): PlaceRecord => ({ kind: 'marca', id: b.id, nombre: b.nombre })),
    ...facets.categories.map((c): PlaceRecord => ({ kind: 'categoria', id: c.id, nombre: c.nombre })),
    ...campaigns
      .filter((c) => c.product_count > 0)
      .map((c): PlaceRecord => ({ kind: 'campana', id: c.id, nombre: c.nombre, fecha_fin: c.fecha_fin })),
  ];
}

/**
 * The products with these ids that a shopper can buy now (a live campaign, RLS; not sold out), as
 * cards, in the order of `ids`. Throws on a failed read.
 */
export async function getLiveProducts(db: ShopClient, ids: string[]): Promise<CardProduct[]> {
  if (ids.length === 0) return [];
  const { data, error } = await db.from('products').select(CARD_SELECT).in('id', ids).eq('agotado', false);
  if (error) throw new Error(`No se pudieron cargar los productos: ${error.message}`);
  const byId = new Map(data.map((row) => [row.id, toCardProduct(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
