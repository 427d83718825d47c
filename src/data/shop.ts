/** The shop grid's one live query: the `shop_page` RPC returns a page of products and every facet's counts. */
import type { FilterState } from '../lib/filters.ts';
import { toRpcParams } from '../lib/filters.ts';
import type { CardProduct } from '../components/product/types.ts';
import { shopClient } from './client.ts';
import type { ShopClient } from './supabase.ts';

/** One option of a filter: its id, its label and how many products it would show. */
export interface FacetOption {
  id: string;
  nombre: string;
  product_count: number;
}

export interface ShopFacets {
  categories: FacetOption[];
  subcategories: FacetOption[];
  brands: FacetOption[];
  campaigns: FacetOption[];
  sizes: FacetOption[];
  price_ranges: FacetOption[];
}

export interface ShopProduct extends CardProduct {
  brand_id: string | null;
  category_id: string | null;
  subcategory_id: string | null;
  subcategory_nombre: string | null;
  campaign: { id: string; nombre: string; fecha_fin: string };
}

export interface ShopPage {
  /** Products matching every filter (all pages). */
  total: number;
  products: ShopProduct[];
  facets: ShopFacets;
}

const FACETS = ['categories', 'subcategories', 'brands', 'campaigns', 'sizes', 'price_ranges'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Row = Record<string, unknown>;
const rows = (v: unknown): Row[] => (Array.isArray(v) ? v.filter((x): x is Row => typeof x === 'object' && x !== null) : []);
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function toOption(r: Row): FacetOption {
  return { id: String(r['id']), nombre: String(r['nombre'] ?? r['id']), product_count: Number(r['product_count'] ?? 0) };
}

function toProduct(r: Row): ShopProduct {
  const c = (r['campaign'] ?? {}) as Row;
  return {
    id: String(r['id']),
    nombre: String(r['nombre'] ?? ''),
    marca: text(r['brand_display_name']) ?? String(r['marca'] ?? ''),
    precio_original: Number(r['precio_original']),
    precio_venta: Number(r['precio_venta']),
    imagen_principal: text(r['imagen_principal']),
    permalink: String(r['permalink']),
    destacado: r['destacado'] === true,
    brand_id: text(r['brand_id']),
    category_id: text(r['category_id']),
    category_nombre: text(r['category_nombre']),
    subcategory_id: text(r['subcategory_id']),
    subcategory_nombre: text(r['subcategory_nombre']),
    sizes: Array.isArray(r['sizes']) ? r['sizes'].map(String) : [],
    campaign: { id: String(c['id']), nombre: String(c['nombre'] ?? ''), fecha_fin: String(c['fecha_fin'] ?? '') },
  };
}

/** Id filters must be UUIDs (the RPC's types); a malformed one from a hand-edited URL is ignored, not an error. */
const uuidOrNull = (v: string | null): string | null => (v !== null && UUID.test(v) ? v : null);

/**
 * One page of the shop for the current filters, newest first, with the facets (each facet's counts apply
 * every other filter). Throws on a failed request.
 */
export async function fetchShopPage(
  filters: FilterState,
  offset: number,
  limit: number,
  db: ShopClient = shopClient,
): Promise<ShopPage> {
  const p = toRpcParams(filters);
  const { data, error } = await db.rpc('shop_page', {
    ...p,
    p_category_id: uuidOrNull(p.p_category_id),
    p_subcategory_id: uuidOrNull(p.p_subcategory_id),
    p_brand_id: uuidOrNull(p.p_brand_id),
    p_campaign_id: uuidOrNull(p.p_campaign_id),
    p_offset: offset,
    p_limit: limit,
  });
  if (error) throw new Error(`shop_page: ${error.message}`);
  const body = (data ?? {}) as Row;
  const facets = (body['facets'] ?? {}) as Row;
  return {
    total: Number(body['total'] ?? 0),
    products: rows(body['products']).map(toProduct),
    facets: Object.fromEntries(FACETS.map((k) => [k, rows(facets[k]).map(toOption)])) as unknown as ShopFacets,
  };
}
