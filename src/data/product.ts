/**
 * Every product-page query, with the anon key: all products of active campaigns (build), one product by
 * permalink (live check, not-yet-built pages) and related products. Each product comes with its campaign
 * (inner-joined: active only), brand, category and subcategory names, gallery (by orden), sizes and the
 * pieces of each size (piezas: for sale and held, src/lib/stock.ts).
 */
import { RELATED_LIMIT, relatedTiers, type RelatedKeys } from './related.ts';
import { type Pieza, toPiezas } from '../lib/stock.ts';
import type { Tables } from './database.types.ts';
import { CARD_SELECT, toCardProduct, toSummary, type CardProduct, type ProductSummary } from './product-summary.ts';
import type { ShopClient } from './supabase.ts';

/** PostgREST returns at most this many rows per request, so the build reads in pages of it. */
export const PAGE_SIZE = 1000;

/** The product page: the card plus the keys related products follow, the description, subcategory and gallery. */
export type ProductDetail = CardProduct &
  Pick<Tables<'products'>, 'campaign_id' | 'category_id' | 'subcategory_id' | 'brand_id' | 'descripcion' | 'created_at' | 'agotado'> & {
    subcategory_nombre: string | null;
    images: Pick<Tables<'product_images'>, 'id' | 'image_url' | 'orden'>[];
    /** The size guide the page shows (the database's rule: public.size_guide_id), or null. */
    size_guide_id: string | null;
    /** Each size with its pieces for sale and held, sold-out ones at 0 and 0 (one entry, talla null, without sizes). */
    piezas: Pieza[];
  };

/** What the buy box needs (and all a built page sends to it): the summary and the pieces of each size. */
export type BuyProduct = ProductSummary & Pick<ProductDetail, 'piezas'>;

export function toBuyProduct(p: ProductDetail): BuyProduct {
  return { ...toSummary(p), piezas: p.piezas };
}

/** The card of a product page's product (what a related product shows). */
export function detailToCard(p: ProductDetail): CardProduct {
  const {
    campaign_id,
    category_id,
    subcategory_id,
    brand_id,
    descripcion,
    subcategory_nombre,
    images,
    agotado,
    size_guide_id,
    piezas,
    ...card
  } = p;
  return card;
}

const DETAIL_SELECT = `${CARD_SELECT}, campaign_id, category_id, subcategory_id, brand_id, descripcion, agotado, size_guide_id, piezas, subcategory:subcategories(nombre), images:product_images(id, image_url, orden)`;

type DetailRow = Parameters<typeof toCardProduct>[0] &
  Pick<ProductDetail, 'campaign_id' | 'category_id' | 'subcategory_id' | 'brand_id' | 'descripcion' | 'agotado' | 'images'> & {
    subcategory: { nombre: string } | null;
    // computed columns (public.size_guide_id(products), public.piezas(products)): the generated types
    // list them among the functions, not the columns, so the reads below state their rows' type themselves
    size_guide_id: string | null;
    piezas: unknown;
  };

function toDetail(r: DetailRow): ProductDetail {
  return {
    ...toCardProduct(r),
    campaign_id: r.campaign_id,
    category_id: r.category_id,
    subcategory_id: r.subcategory_id,
    brand_id: r.brand_id,
    descripcion: r.descripcion,
    agotado: r.agotado,
    subcategory_nombre: r.subcategory?.nombre ?? null,
    images: [...(r.images ?? [])].sort((a, b) => a.orden - b.orden),
    size_guide_id: r.size_guide_id ?? null,
    piezas: toPiezas(r.piezas),
  };
}

/**
 * Every product of a live campaign (as RLS shows them to the anon key), in id order. Ids are random
 * UUIDs, so the catalogue splits into four even ranges by their first hex digit, read side by side;
 * each range is read in pages of 1000 after the last id seen (an offset would make Postgres build and
 * skip every earlier row again: the tenth page took three times the first).
 */
export async function getActiveProducts(db: ShopClient): Promise<ProductDetail[]> {
  const bounds = ['0', '4', '8', 'c'].map((digit) => `${digit}0000000-0000-0000-0000-000000000000`);
  const ranges = await Promise.all(bounds.map((lower, i) => readIdRange(db, lower, bounds[i + 1] ?? null)));
  return ranges.flat();
}

/** How many products are in a live campaign (as RLS shows them to the anon key). Throws on a failed query. */
export async function countActiveProducts(db: ShopClient): Promise<number> {
  const { count, error } = await db.from('products').select('id', { count: 'exact', head: true });
  if (error) throw new Error(`No se pudieron contar los productos: ${error.message}`);
  return count ?? 0;
}

/** DETAIL_SELECT but the pieces, read for a whole page of products at once (public.piezas_of). */
const CATALOGUE_SELECT = DETAIL_SELECT.replace(', piezas,', ',');

/** The pieces of a page of products read without them, in one call (a computed column would cost the database one call per product). */
async function withPiezas(db: ShopClient, rows: Omit<DetailRow, 'piezas'>[]): Promise<ProductDetail[]> {
  if (rows.length === 0) return [];
  const pieces = await db.rpc('piezas_of', { p_ids: rows.map((row) => row.id) });
  if (pieces.error) throw new Error(`No se pudieron cargar las piezas de los productos: ${pieces.error.message}`);
  const byProduct = new Map(pieces.data.map((row) => [row.product_id, row.piezas]));
  return rows.map((row) => toDetail({ ...row, piezas: byProduct.get(row.id) ?? [] }));
}

/** The products whose id is at least `lower` and below `upper` (null: no upper bound), in id order, a page at a time. */
async function readIdRange(db: ShopClient, lower: string, upper: string | null): Promise<ProductDetail[]> {
  const products: ProductDetail[] = [];
  for (let after: string | null = null; ; ) {
    let query = db.from('products').select(CATALOGUE_SELECT).gte('id', lower);
    if (upper) query = query.lt('id', upper);
    if (after) query = query.gt('id', after);
    const { data, error } = await query
      .order('id', { ascending: true })
      .limit(PAGE_SIZE)
      .overrideTypes<Omit<DetailRow, 'piezas'>[], { merge: false }>();
    if (error) throw new Error(`No se pudieron cargar los productos: ${error.message}`);
    products.push(...(await withPiezas(db, data)));
    if (data.length < PAGE_SIZE) return products;
    after = data[data.length - 1]?.id ?? null;
  }
}

/** Ids per request of getProductsById: each id takes 37 characters of the request's address. */
const IDS_PER_REQUEST = 200;

/**
 * The products of `ids` that are in a live campaign (as RLS shows them to the anon key), as
 * getActiveProducts reads them; an id missing from the answer is a product gone from the shop.
 */
export async function getProductsById(db: ShopClient, ids: readonly string[]): Promise<ProductDetail[]> {
  const products: ProductDetail[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) {
    const { data, error } = await db
      .from('products')
      .select(CATALOGUE_SELECT)
      .in('id', ids.slice(i, i + IDS_PER_REQUEST))
      .overrideTypes<Omit<DetailRow, 'piezas'>[], { merge: false }>();
    if (error) throw new Error(`No se pudieron cargar los productos: ${error.message}`);
    products.push(...(await withPiezas(db, data)));
  }
  return products;
}

/** One product by permalink if its campaign is live (RLS); null when it is gone or its campaign ended. Throws on a failed query. */
export async function getLiveProduct(db: ShopClient, permalink: string): Promise<ProductDetail | null> {
  const { data, error } = await db
    .from('products')
    .select(DETAIL_SELECT)
    .eq('permalink', permalink)
    .maybeSingle()
    .overrideTypes<DetailRow | null, { merge: false }>();
  if (error) throw new Error(`Error al cargar el producto: ${error.message}`);
  return data ? toDetail(data) : null;
}

/** Related products live (never a sold-out one): the first group (in the order of relatedTiers) with any active product, newest first, 4 at most. */
export async function getRelatedProducts(db: ShopClient, product: RelatedKeys): Promise<CardProduct[]> {
  for (const tier of relatedTiers(product)) {
    let query = db.from('products').select(CARD_SELECT).neq('id', product.id).eq('agotado', false);
    for (const [column, value] of Object.entries(tier)) query = query.eq(column, value);
    const { data, error } = await query.order('created_at', { ascending: false }).order('id', { ascending: true }).limit(RELATED_LIMIT);
    if (error) throw new Error(`No se pudieron cargar los productos relacionados: ${error.message}`);
    if (data.length > 0) return data.map(toCardProduct);
  }
  return [];
}
