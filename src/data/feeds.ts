/**
 * What the catalogue feeds (scripts/lib/catalogue-feeds.ts) read, with the anon key like every build
 * read: the live catalogue (as the product pages read it, every size with its pieces) plus the little it
 * lacks: each live campaign's first day and creation (the sale period). Read once per build.
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

/**
 * The feeds' products: each product of the catalogue with its campaign's dates and every size, for
 * sale, held or sold (feedSizes). A product whose campaign is no longer live (it ended between the reads) is
 * left out.
 */
export function toFeedProducts(catalogue: readonly ProductDetail[], campaigns: readonly FeedCampaign[]): FeedProduct[] {
  const campaignById = new Map(campaigns.map((c) => [c.id, c]));
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
      sizes: feedSizes(p.piezas),
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

/** The feeds' products: the live catalogue with each campaign's dates. */
export async function loadFeedProducts(db: ShopClient): Promise<FeedProduct[]> {
  const [catalogue, campaigns] = await Promise.all([getActiveProducts(db), getFeedCampaigns(db)]);
  return toFeedProducts(catalogue, campaigns);
}

/** The feeds' items for the shop at `site`: both feeds list the same items. */
export async function loadFeedItems(db: ShopClient, site: string): Promise<FeedItem[]> {
  return (await loadFeedProducts(db)).flatMap((p) => feedItems(p, site));
}
