/**
 * What the catalogue feeds (scripts/lib/catalogue-feeds.ts) read, with the anon key like every build
 * read: the live catalogue (as the product pages read it) plus the little it lacks: each live campaign's first day and creation (the sale period) and the sizes
 * whose pieces are all sold (the catalogue's piezas lists only the sizes with a piece left, for sale or
 * held; the feeds list every size, the held and sold ones out of stock). Read once per build.
 */
import { type FeedItem, type FeedProduct, feedItems, feedSizes } from '../lib/feeds.ts';
import { getActiveProducts, PAGE_SIZE, type ProductDetail } from './product.ts';
import type { ShopClient } from './supabase.ts';

/** A live campaign's dates, as the feeds' sale period needs them (an announced one's start hour too). */
export interface FeedCampaign {
  id: string;
  fecha_inicio: string | null;
  fecha_fin: string;
  created_at: string;
  anuncio_desde: string | null;
  hora_inicio: string;
}

/** A size whose pieces are all sold (product_sizes.existencias 0: paid orders took them) of a live product. */
export interface SoldSize {
  id: string;
  product_id: string;
  talla: string;
}

/**
 * Reads every row of a query in pages of PAGE_SIZE after the last id seen (PostgREST returns at most
 * that many rows a request; an offset would make Postgres skip every earlier row again).
 */
async function readAll<T extends { id: string }>(
  read: (after: string | null) => PromiseLike<{ data: T[] | null; error: { message: string } | null }>,
  what: string,
): Promise<T[]> {
  const rows: T[] = [];
  for (let after: string | null = null; ; ) {
    const { data, error } = await read(after);
    if (error) throw new Error(`No se pudieron cargar ${what}: ${error.message}`);
    rows.push(...(data ?? []));
    if (!data || data.length < PAGE_SIZE) return rows;
    after = data[data.length - 1]?.id ?? null;
  }
}

/** The live campaigns (RLS shows the anon key no other) with their dates. */
export function getFeedCampaigns(db: ShopClient): Promise<FeedCampaign[]> {
  return readAll((after) => {
    const query = db.from('campaigns').select('id, fecha_inicio, fecha_fin, created_at, anuncio_desde, hora_inicio');
    return (after ? query.gt('id', after) : query).order('id', { ascending: true }).limit(PAGE_SIZE);
  }, 'las campañas del feed');
}

/** The sold sizes of the live products (RLS), by id. */
export function getSoldSizes(db: ShopClient): Promise<SoldSize[]> {
  return readAll((after) => {
    const query = db.from('product_sizes').select('id, product_id, talla').eq('existencias', 0);
    return (after ? query.gt('id', after) : query).order('id', { ascending: true }).limit(PAGE_SIZE);
  }, 'las tallas vendidas');
}

/**
 * The feeds' products: each product of the catalogue with its campaign's dates and every size, for
 * sale, held or sold (feedSizes). A product whose campaign is no longer live (it ended between the reads) is
 * left out.
 */
export function toFeedProducts(
  catalogue: readonly ProductDetail[],
  campaigns: readonly FeedCampaign[],
  soldSizes: readonly SoldSize[],
): FeedProduct[] {
  const campaignById = new Map(campaigns.map((c) => [c.id, c]));
  const soldByProduct = new Map<string, string[]>();
  for (const s of soldSizes) {
    const list = soldByProduct.get(s.product_id);
    if (list) list.push(s.talla);
    else soldByProduct.set(s.product_id, [s.talla]);
  }
  const products: FeedProduct[] = [];
  for (const p of catalogue) {
    const campaign = campaignById.get(p.campaign_id);
    if (!campaign) continue;
    products.push({
      id: p.id,
      nombre: p.nombre,
      marca: p.marca,
      descripcion: p.descripcion,
      precio_original: p.precio_original,
      precio_venta: p.precio_venta,
      permalink: p.permalink,
      imagen_principal: p.imagen_principal,
      images: p.images,
      category_nombre: p.category_nombre,
      subcategory_nombre: p.subcategory_nombre,
      sizes: feedSizes(p.piezas, soldByProduct.get(p.id) ?? []),
      agotado: p.agotado,
      campaign: {
        fecha_inicio: campaign.fecha_inicio,
        fecha_fin: campaign.fecha_fin,
        created_at: campaign.created_at,
        anuncio_desde: campaign.anuncio_desde,
        hora_inicio: campaign.hora_inicio,
      },
    });
  }
  return products;
}

/** The feeds' products: the live catalogue with each campaign's dates and the sizes sold out. */
export async function loadFeedProducts(db: ShopClient): Promise<FeedProduct[]> {
  const [catalogue, campaigns, sold] = await Promise.all([getActiveProducts(db), getFeedCampaigns(db), getSoldSizes(db)]);
  return toFeedProducts(catalogue, campaigns, sold);
}

/** The feeds' items for the shop at `site`: both feeds list the same items. */
export async function loadFeedItems(db: ShopClient, site: string): Promise<FeedItem[]> {
  return (await loadFeedProducts(db)).flatMap((p) => feedItems(p, site));
}
