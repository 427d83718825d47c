/** The shop grid's one live query: the `shop_page` RPC returns a page of products and every facet's counts. */
import { filtersFromQuery, toRpcParams, type FilterState } from '../lib/filters.ts';
import { toCardProduct, type CardProduct } from './product-summary.ts';
import type { ShopFacets, ShopPageProduct } from './rpc.ts';
import type { ShopClient } from './supabase.ts';

export type { FacetOption, ShopFacets } from './rpc.ts';

/**
 * Products per request of the shop grid. The spec pages by 12 products in batches of 60 rows of the old
 * one-row-per-size view, refilling when a full batch held fewer than 12 distinct products. `shop_page`
 * already groups by product and pages by product, so every request of 12 returns up to 12 distinct
 * products and no refill is ever needed.
 */
export const SHOP_PAGE_SIZE = 12;

export interface ShopPage {
  /** Products matching every filter (all pages). */
  total: number;
  products: CardProduct[];
  facets: ShopFacets;
}

/** Every facet, empty until the RPC lists its options. */
const NO_FACETS: Readonly<ShopFacets> = { categories: [], subcategories: [], brands: [], campaigns: [], sizes: [], price_ranges: [] };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The RPC's product as the card mapper reads every product. */
function toCard(p: ShopPageProduct): CardProduct {
  return toCardProduct({
    ...p,
    category: p.category_nombre === null ? null : { nombre: p.category_nombre },
    brand: p.brand_display_name === null ? null : { display_name: p.brand_display_name },
  });
}

/** Id filters must be UUIDs (the RPC's types); a malformed one from a hand-edited URL is ignored, not an error. */
const uuidOrNull = (v: string | null): string | null => (v !== null && UUID.test(v) ? v : null);

/**
 * One page of the shop for the current filters, in the chosen order, with the facets (each facet's counts apply
 * every other filter). Throws on a failed request.
 */
export async function fetchShopPage(db: ShopClient, filters: FilterState, offset: number, limit: number): Promise<ShopPage> {
  const p = toRpcParams(filters);
  const { data: body, error } = await db.rpc('shop_page', {
    ...p,
    p_category_id: uuidOrNull(p.p_category_id),
    p_subcategory_id: uuidOrNull(p.p_subcategory_id),
    p_brand_id: uuidOrNull(p.p_brand_id),
    p_campaign_id: uuidOrNull(p.p_campaign_id),
    p_offset: offset,
    p_limit: limit,
  });
  if (error) throw new Error(`shop_page: ${error.message}`);
  return { total: body.total, products: body.products.map(toCard), facets: { ...NO_FACETS, ...body.facets } };
}

/**
 * The header search's results: the shop's first page for the term alone, the very request /tienda?search=
 * sends (same cleaning, same size), so the list and the shop agree and pressing Enter finds the answer
 * already remembered by the database.
 */
export async function searchShop(db: ShopClient, term: string): Promise<ShopPage> {
  return fetchShopPage(db, filtersFromQuery(new URLSearchParams({ search: term })), 0, SHOP_PAGE_SIZE);
}
