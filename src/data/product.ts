/**
 * Every product-page query, with the anon key: all products of active campaigns (build), one product by
 * permalink (live check, not-yet-built pages) and related products. Each product comes with its campaign
 * (inner-joined: active only), category and subcategory names, gallery (by orden) and sizes.
 */
import type { CardProduct } from '../components/product/types.ts';
import { toAmount } from '../lib/money.ts';
import { RELATED_LIMIT, relatedTiers, type RelatedKeys } from '../lib/related.ts';
import type { ShopClient } from './supabase.ts';

/** PostgREST returns at most this many rows per request, so the build reads in pages of it. */
export const PAGE_SIZE = 1000;

export interface ProductDetail extends RelatedKeys {
  nombre: string;
  precio_original: number;
  precio_venta: number;
  descripcion: string | null;
  imagen_principal: string | null;
  permalink: string;
  destacado: boolean;
  sizes: string[];
  created_at: string;
  campaign: { nombre: string; fecha_fin: string };
  category_nombre: string | null;
  subcategory_nombre: string | null;
  images: { id: string; image_url: string; orden: number }[];
}

/** What the buy box needs (and all a built page sends to it). */
export type BuyProduct = Pick<
  ProductDetail,
  'id' | 'nombre' | 'marca' | 'precio_original' | 'precio_venta' | 'imagen_principal' | 'permalink' | 'sizes'
>;

export function toBuyProduct(p: ProductDetail): BuyProduct {
  const { id, nombre, marca, precio_original, precio_venta, imagen_principal, permalink, sizes } = p;
  return { id, nombre, marca, precio_original, precio_venta, imagen_principal, permalink, sizes };
}

const CARD_COLUMNS =
  'id, campaign_id, category_id, subcategory_id, brand_id, marca, nombre, precio_original, precio_venta, imagen_principal, permalink, destacado, sizes, created_at, campaigns!inner(nombre, fecha_fin), categories(nombre)';
const DETAIL_SELECT = `${CARD_COLUMNS}, descripcion, subcategories(nombre), product_images(id, image_url, orden)`;

type Row = {
  id: string;
  campaign_id: string;
  category_id: string | null;
  subcategory_id: string | null;
  brand_id: string | null;
  marca: string;
  nombre: string;
  precio_original: number;
  precio_venta: number;
  imagen_principal: string | null;
  permalink: string;
  destacado: boolean;
  sizes: string[];
  created_at: string;
  campaigns: { nombre: string; fecha_fin: string };
  categories: { nombre: string } | null;
};
type DetailRow = Row & {
  descripcion: string | null;
  subcategories: { nombre: string } | null;
  product_images: { id: string; image_url: string; orden: number }[];
};

function toDetail(r: DetailRow): ProductDetail {
  return {
    id: r.id,
    campaign_id: r.campaign_id,
    category_id: r.category_id,
    subcategory_id: r.subcategory_id,
    brand_id: r.brand_id,
    marca: r.marca,
    nombre: r.nombre,
    precio_original: toAmount(r.precio_original) ?? 0,
    precio_venta: toAmount(r.precio_venta) ?? 0,
    descripcion: r.descripcion,
    imagen_principal: r.imagen_principal,
    permalink: r.permalink,
    destacado: r.destacado,
    sizes: r.sizes ?? [],
    created_at: r.created_at,
    campaign: { nombre: r.campaigns.nombre, fecha_fin: r.campaigns.fecha_fin },
    category_nombre: r.categories?.nombre ?? null,
    subcategory_nombre: r.subcategories?.nombre ?? null,
    images: [...(r.product_images ?? [])].sort((a, b) => a.orden - b.orden),
  };
}

/** The card shape (shared ProductCard) of a product row or detail. */
export function toCardProduct(p: ProductDetail | CardRow): CardProduct {
  return {
    id: p.id,
    nombre: p.nombre,
    marca: p.marca,
    precio_original: p.precio_original,
    precio_venta: p.precio_venta,
    imagen_principal: p.imagen_principal,
    permalink: p.permalink,
    category_nombre: p.category_nombre,
    sizes: p.sizes,
    campaign: p.campaign,
    destacado: p.destacado,
  };
}

type CardRow = Omit<Row, 'campaigns' | 'categories'> & Pick<ProductDetail, 'campaign' | 'category_nombre'>;

function rowToCard(r: Row): CardRow {
  const { campaigns, categories, ...rest } = r;
  return {
    ...rest,
    precio_original: toAmount(r.precio_original) ?? 0,
    precio_venta: toAmount(r.precio_venta) ?? 0,
    campaign: campaigns,
    category_nombre: categories?.nombre ?? null,
  };
}

/** Every product of a campaign ending `today` or later, read in pages of 1000 (stable order by id). */
export async function getActiveProducts(db: ShopClient, today: string): Promise<ProductDetail[]> {
  const products: ProductDetail[] = [];
  for (let from = 0; ; from += PAGE_SIZE) {
    const { data, error } = await db
      .from('products')
      .select(DETAIL_SELECT)
      .gte('campaigns.fecha_fin', today)
      .order('id', { ascending: true })
      .range(from, from + PAGE_SIZE - 1)
      .overrideTypes<DetailRow[], { merge: false }>();
    if (error) throw new Error(`No se pudieron cargar los productos: ${error.message}`);
    products.push(...data.map(toDetail));
    if (data.length < PAGE_SIZE) return products;
  }
}

/** One product by permalink if its campaign is still active; null when it is gone or expired. Throws on a failed query. */
export async function getLiveProduct(db: ShopClient, permalink: string, today: string): Promise<ProductDetail | null> {
  const { data, error } = await db
    .from('products')
    .select(DETAIL_SELECT)
    .eq('permalink', permalink)
    .gte('campaigns.fecha_fin', today)
    .maybeSingle()
    .overrideTypes<DetailRow | null, { merge: false }>();
  if (error) throw new Error(`Error al cargar el producto: ${error.message}`);
  return data ? toDetail(data) : null;
}

/** Related products live: the first group of the spec's priority with any active product, newest first, 4 at most. */
export async function getRelatedProducts(db: ShopClient, product: RelatedKeys, today: string): Promise<CardProduct[]> {
  for (const tier of relatedTiers(product)) {
    let query = db
      .from('products')
      .select(CARD_COLUMNS)
      .neq('id', product.id)
      .gte('campaigns.fecha_fin', today);
    for (const [column, value] of Object.entries(tier)) query = query.eq(column, value);
    const { data, error } = await query
      .order('created_at', { ascending: false })
      .order('id', { ascending: true })
      .limit(RELATED_LIMIT)
      .overrideTypes<Row[], { merge: false }>();
    if (error) throw new Error(`No se pudieron cargar los productos relacionados: ${error.message}`);
    if (data.length > 0) return data.map((r) => toCardProduct(rowToCard(r)));
  }
  return [];
}
