/**
 * Header instant search: what the published site's search index holds besides its pages (brands,
 * categories and campaigns, each a record linking to /tienda filtered by it), and how a found record
 * becomes a result of the list. Products are shown from live data (src/data/search.ts), never from
 * the index: the index finds them, the database says their price and whether they are still on sale.
 */
import { isCampaignActive } from './campaign.ts';
import { shopHref } from './filters.ts';
import { renderImageUrl, type ImageTransforms } from './images.ts';
import { formatPrice } from './money.ts';

/** Products and other results (brands, categories, campaigns, information pages) shown at most. */
export const MAX_PRODUCT_RESULTS = 6;
export const MAX_PLACE_RESULTS = 4;

/** The language the whole index is written in (Spanish stemming: 'devoluciones' finds 'devolución'). */
export const SEARCH_LANGUAGE = 'es';

/** What a record of the index is: its `tipo` filter. Product and information pages say it in their HTML. */
export type PlaceKind = 'marca' | 'categoria' | 'campana';
export type RecordKind = 'producto' | 'pagina' | PlaceKind;

export const KIND_LABELS: Record<Exclude<RecordKind, 'producto'>, string> = {
  marca: 'Marca',
  categoria: 'Categoría',
  campana: 'Campaña',
  pagina: 'Información',
};

/** A brand, category or campaign a shopper can browse (for a campaign, its last day). */
export interface PlaceRecord {
  kind: PlaceKind;
  id: string;
  nombre: string;
  fecha_fin?: string;
}

/** A record of the index that no HTML page stands for (the shape Pagefind's addCustomRecord takes). */
export interface IndexRecord {
  url: string;
  content: string;
  language: string;
  meta: Record<string, string>;
  filters: Record<string, string[]>;
}

const FILTER_KEY: Record<PlaceKind, 'brand_id' | 'category_id' | 'campaign_id'> = {
  marca: 'brand_id',
  categoria: 'category_id',
  campana: 'campaign_id',
};

/** A brand, category or campaign as a record: found by its name (and its kind's word), opening /tienda filtered by it. */
export function placeIndexRecord(place: PlaceRecord): IndexRecord {
  const meta: Record<string, string> = { title: place.nombre };
  if (place.fecha_fin) meta['fin'] = place.fecha_fin;
  return {
    url: shopHref({ [FILTER_KEY[place.kind]]: place.id }),
    content: `${place.nombre}. ${KIND_LABELS[place.kind]} ${place.nombre}.`,
    language: SEARCH_LANGUAGE,
    meta,
    filters: { tipo: [place.kind] },
  };
}

/** A part of an excerpt: the words the shopper typed are marked. */
export interface ExcerptPart {
  text: string;
  marked: boolean;
}

export interface ProductHit {
  kind: 'producto';
  url: string;
  /** The product's id (recorded when the result is opened). */
  id: string;
  title: string;
  image: string | null;
  brand: string | null;
  price: string;
}

export interface PlaceHit {
  kind: Exclude<RecordKind, 'producto'>;
  url: string;
  title: string;
  /** 'Marca', 'Categoría', 'Campaña' or 'Información'. */
  label: string;
  /** For an information page, the passage that matched. */
  excerpt: ExcerptPart[];
}

export type SearchHit = ProductHit | PlaceHit;

/** What Pagefind returns for a found record (result.data()). */
export interface FoundRecord {
  url: string;
  excerpt?: string;
  meta?: Record<string, string | undefined>;
  filters?: Record<string, string[] | undefined>;
}

/** The part of a shop card a product result shows. */
export interface SearchableCard {
  id: string;
  nombre: string;
  marca: string;
  precio_venta: number;
  imagen_principal: string | null;
  permalink: string;
}

/** The product page's address as the static host serves it (a folder with index.html). */
export function productPagePath(permalink: string): string {
  return `/producto/${encodeURIComponent(permalink)}/`;
}

const text = (v: string | null | undefined): string | null => {
  const t = v?.replace(/\s+/g, ' ').trim();
  return t ? t : null;
};

/** A product result: a small (96x120, shown at 40x50) thumbnail, its brand and today's sale price. */
export function toSearchHit(p: SearchableCard, transforms: ImageTransforms): ProductHit {
  const image = text(p.imagen_principal);
  return {
    kind: 'producto',
    url: productPagePath(p.permalink),
    id: p.id,
    title: text(p.nombre) ?? p.permalink,
    image: image ? renderImageUrl(image, { width: 96, height: 120, resize: 'cover', transforms }) : null,
    brand: text(p.marca),
    price: formatPrice(p.precio_venta),
  };
}

/** The product id a product page's record carries (its `id` meta), or null. */
export function productIdOf(found: FoundRecord): string | null {
  return text(found.meta?.['id']);
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'" };
const decode = (s: string) => s.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (e) => ENTITIES[e] ?? e);

/** Pagefind's excerpt (escaped text with <mark> around the matched words) as plain parts, no HTML. */
export function excerptParts(excerpt: string | undefined): ExcerptPart[] {
  if (!excerpt) return [];
  return excerpt
    .split(/(<mark>.*?<\/mark>)/g)
    .filter(Boolean)
    .map((piece) => {
      const marked = piece.startsWith('<mark>');
      return { text: decode(marked ? piece.slice(6, -7) : piece.replace(/<[^>]*>/g, '')), marked };
    })
    .filter((part) => part.text !== '');
}

const isKind = (value: string | undefined): value is PlaceHit['kind'] => value !== undefined && value in KIND_LABELS;

/**
 * A brand, category, campaign or information page found by the index, as a result; null for a
 * campaign that has ended since the index was written (its last day, in Mexico City, is past).
 */
export function toPlaceHit(found: FoundRecord, today: string): PlaceHit | null {
  const kind = found.filters?.['tipo']?.find(isKind);
  const title = text(found.meta?.['title']);
  if (!kind || !title) return null;
  if (kind === 'campana' && !isCampaignActive(found.meta?.['fin'], today)) return null;
  return {
    kind,
    url: found.url,
    title,
    label: KIND_LABELS[kind],
    excerpt: kind === 'pagina' ? excerptParts(found.excerpt) : [],
  };
}
