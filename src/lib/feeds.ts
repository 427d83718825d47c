/**
 * The catalogue feeds every publication writes: Google Merchant Center's (RSS 2.0 with the `g:`
 * namespace, /feeds/google.xml) and Meta's for Facebook and Instagram (CSV, /feeds/meta.csv). Each
 * size of a live product is an item, grouped by its product (item_group_id); a product without sizes
 * is one item. Values follow each platform's product data specification: Google's attribute limits
 * (id 50, title 150, description 5,000 characters, 10 extra images, availability `in_stock`, dates
 * `YYYY-MM-DDThh:mm±hhmm`), Meta's catalogue fields (availability `in stock`, dates
 * `YYYY-MM-DDThh:mm±hh:mm`, no HTML in the description). Pure: the data layer (src/data/feeds.ts)
 * gathers the products and scripts/lib/catalogue-feeds.ts writes the files after each publication.
 */
import Papa from 'papaparse';
import { productUrl } from './chat.ts';
import { campaignStartDate } from './campaign.ts';
import { mexicoCityDate, SHOP_TIME_ZONE, toDate } from './dates.ts';
import { defaultDescription, descriptionText } from './description.ts';
import { galleryImages } from './gallery.ts';
import { roundCents } from './money.ts';
import type { Pieza } from './stock.ts';

/** Google's limits, the stricter of the two platforms' for every field both have (Meta: id 100, title 200, description 9,999). */
export const FEED_LIMITS = {
  id: 50,
  title: 150,
  description: 5000,
  /** Google reads up to 10 additional images (Meta 20). */
  additionalImages: 10,
  productType: 750,
  size: 100,
  brand: 70,
  url: 2000,
} as const;

/** The shop's currency: every price of the feeds is in Mexican pesos. */
export const FEED_CURRENCY = 'MXN';

/**
 * One size of a product as the feeds see it: in stock while it has a piece for sale; out of stock while
 * every piece left is held by an unpaid order, or once every piece is sold.
 */
export interface FeedSize {
  talla: string;
  inStock: boolean;
}

/** What the feeds need of a live product (src/data/feeds.ts builds it from the build's catalogue). */
export interface FeedProduct {
  id: string;
  nombre: string;
  /** The brand a shopper sees (the linked brand's display name, else the product's free text). */
  marca: string;
  descripcion: string | null;
  precio_original: number;
  precio_venta: number;
  permalink: string;
  imagen_principal: string | null;
  images: readonly { image_url: string; orden: number }[];
  category_nombre: string | null;
  subcategory_nombre: string | null;
  /** Every size of the product: for sale, held or sold. */
  sizes: readonly FeedSize[];
  /** No piece for sale (every one sold or held): all its items are out of stock. */
  agotado: boolean;
  campaign: {
    fecha_inicio: string | null;
    fecha_fin: string;
    created_at: string | null;
    /** Announced ahead ('Próximamente'): its sale starts at its start hour (hora_inicio, 'HH:mm:ss'), not before. */
    anuncio_desde?: string | null;
    hora_inicio?: string | null;
  };
}

export type Gender = 'female' | 'male' | 'unisex';
export type AgeGroup = 'newborn' | 'infant' | 'toddler' | 'kids' | 'adult';

/**
 * A sale period: from the start of `start` (or its `startTime`, 'HH:mm') to the end of `end`, both
 * Mexico City days ('yyyy-MM-dd').
 */
export interface SalePeriod {
  start: string;
  startTime?: string;
  end: string;
}

/** One item of the feeds, before either platform's spelling is applied. */
export interface FeedItem {
  id: string;
  /** The product's id for every size of a product with sizes; absent for a product without sizes. */
  item_group_id?: string;
  /** The product's title (name and brand), the same for every size. */
  title: string;
  description: string;
  inStock: boolean;
  /** The original price, '1299.00 MXN'. */
  price: string;
  /** The price the shop sells at, when below the original. */
  sale_price?: string;
  /** When the sale price applies: the campaign's days (only with a sale price). */
  sale_period?: SalePeriod;
  link: string;
  image_link: string;
  additional_image_links: string[];
  brand?: string;
  product_type?: string;
  size?: string;
  gender?: Gender;
  age_group?: AgeGroup;
}

// ─── Text ────────────────────────────────────────────────────────────────────────────────────

/**
 * The characters XML 1.0 cannot hold: controls other than tab, line feed and carriage return, DEL,
 * lone surrogates, U+FFFE and U+FFFF.
 */
const NOT_XML = /[^\t\n\r\u0020-\u007e\u0080-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** Text fit for a feed: what XML cannot hold removed, and every run of white space one space. */
export function feedText(text: string): string {
  return text.replace(NOT_XML, '').replace(/\s+/g, ' ').trim();
}

/** Cuts text to at most `max` characters (whole code points), ending in '…' when cut. */
export function cutText(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/** Length in characters (code points), as the platforms count them. */
export const charLength = (text: string): number => [...text].length;

/** The product's title: '{name} - {brand}' (as its page's title), just the name without a brand; at most 150 characters. */
export function feedTitle(nombre: string, marca: string): string {
  const name = feedText(nombre);
  const brand = feedText(marca);
  return cutText(brand ? `${name} - ${brand}` : name, FEED_LIMITS.title);
}

/**
 * Google's title of one size: Google asks each variant's title to name what tells it apart, so the
 * size follows the product's title ('Playera - Nike - Talla M'), the product's part cut to make room.
 */
export function titleWithSize(title: string, size: string | undefined): string {
  if (!size) return title;
  const suffix = ` - Talla ${size}`;
  return `${cutText(title, Math.max(1, FEED_LIMITS.title - charLength(suffix)))}${suffix}`;
}

/**
 * The description as plain text (both platforms ask for no HTML: the stored description may hold
 * paragraphs and lists, which become sentences), the shop's default text when there is none, at most
 * 5,000 characters.
 */
export function feedDescription(descripcion: string | null | undefined, marca: string): string {
  const text = feedText(descriptionText(descripcion)) || feedText(defaultDescription(marca));
  return cutText(text, FEED_LIMITS.description);
}

// ─── Ids ─────────────────────────────────────────────────────────────────────────────────────

/** FNV-1a, 32 bits, as 8 hex digits: a short, stable name for a size the id cannot spell as it is. */
function fnv1aHex(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/** Room for the size in an id: 50 characters less a product id (a UUID, 36) and the hyphen. */
const SIZE_TOKEN_MAX = FEED_LIMITS.id - 37;

/**
 * The size's part of an item id, stable from one publication to the next: the size itself, lower
 * case, when it is only ASCII letters, digits, dots and underscores and fits ('m', '24.5', '32x30';
 * sizes are unique per product ignoring case, so these never clash); otherwise up to 4 characters of
 * it made safe, a hyphen and a digest of the size ('5,5' → '5-5-…'), which never equals a plain token
 * (plain tokens have no hyphen).
 */
export function sizeToken(size: string): string {
  const key = size.trim().toLowerCase();
  if (/^[a-z0-9._]+$/.test(key) && key.length <= SIZE_TOKEN_MAX) return key;
  const safe = key
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 4)
    .replace(/-+$/, '');
  return `${safe ? `${safe}-` : ''}${fnv1aHex(key)}`;
}

/** An item's id: the product's id, and for a size '<product id>-<size token>'; at most 50 characters for a UUID. */
export function feedItemId(productId: string, size?: string): string {
  return size === undefined ? productId : `${productId}-${sizeToken(size)}`;
}

// ─── Prices and the sale period ─────────────────────────────────────────────────────────────

/** A price as both platforms read it: two decimals, a space and the currency ('1299.00 MXN'). */
export function feedPrice(amount: number): string {
  return `${roundCents(amount).toFixed(2)} ${FEED_CURRENCY}`;
}

/**
 * The item's prices: `price` is the original price and `sale_price` the shop's price when it is
 * lower; when it is not (no discount, or a sale price above the original), the shop's price is the
 * one price. Null when the shop's price is not above zero (both platforms refuse such an item).
 */
export function feedPrices(original: number, venta: number): { price: string; sale_price?: string } | null {
  if (!(venta > 0)) return null;
  if (original > venta) return { price: feedPrice(original), sale_price: feedPrice(venta) };
  return { price: feedPrice(venta) };
}

/**
 * When a campaign's sale prices apply, as Mexico City days. It ends with its end day (fecha_fin: the
 * shop shows a campaign through its last day). It starts on its first day (campaign.ts'
 * campaignStartDate: fecha_inicio, else the day it was created), but never after the day it was
 * created: a campaign is live, its products at their sale prices, from its creation, so a later
 * fecha_inicio would have a platform show the original price while the page shows the sale price.
 * An announced campaign is the exception: its products are on sale from its start day at its start
 * hour, and not before (private.live_campaign_ids).
 */
export function salePeriod(campaign: FeedProduct['campaign']): SalePeriod {
  if (campaign.anuncio_desde && campaign.fecha_inicio) {
    return { start: campaign.fecha_inicio, startTime: (campaign.hora_inicio ?? '00:00').slice(0, 5), end: campaign.fecha_fin };
  }
  const created = toDate(campaign.created_at);
  const createdDay = created ? mexicoCityDate(created) : null;
  const first = campaignStartDate(campaign);
  let start = createdDay && createdDay < first ? createdDay : first;
  if (start > campaign.fecha_fin) start = campaign.fecha_fin;
  return { start, end: campaign.fecha_fin };
}

const OFFSET = new Intl.DateTimeFormat('en-US', { timeZone: SHOP_TIME_ZONE, timeZoneName: 'longOffset' });

/** Offsets already worked out, by day: a feed asks for the same few days tens of thousands of times. */
const offsets = new Map<string, string>();

/** Mexico City's UTC offset on a day, '-06:00' (at noon: no change of offset happens then). */
export function mexicoCityOffset(day: string): string {
  let offset = offsets.get(day);
  if (offset === undefined) {
    const name = OFFSET.formatToParts(new Date(`${day}T12:00:00Z`)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
    const m = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
    offset = m ? `${m[1]}:${m[2] ?? '00'}` : '+00:00';
    offsets.set(day, offset);
  }
  return offset;
}

/**
 * A sale period as an ISO 8601 interval, from 00:00 of its first day to 23:59 of its last, with Mexico
 * City's offset: Google's spelling ('2026-12-01T00:00-0600/2026-12-15T23:59-0600', at most 51
 * characters) or, with `colon`, Meta's ('2026-12-01T00:00-06:00/2026-12-15T23:59-06:00').
 */
export function effectiveDate(period: SalePeriod, { colon }: { colon: boolean }): string {
  const offset = (day: string) => {
    const o = mexicoCityOffset(day);
    return colon ? o : o.replace(':', '');
  };
  return `${period.start}T${period.startTime ?? '00:00'}${offset(period.start)}/${period.end}T23:59${offset(period.end)}`;
}

// ─── Links and images ────────────────────────────────────────────────────────────────────────

/** An absolute http(s) URL of at most 2,000 characters (a relative one is resolved on the site); null for anything else. */
export function absoluteHttpUrl(url: string | null | undefined, site: string): string | null {
  const text = url?.trim();
  if (!text) return null;
  try {
    const u = new URL(text, site);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    return u.href.length <= FEED_LIMITS.url ? u.href : null;
  } catch {
    return null;
  }
}

/**
 * The product's photos as the feeds list them: the main image (else the first of the gallery) as
 * image_link and the rest of the gallery, in its order, as up to 10 additional images. The originals
 * are linked, as the product page's structured data does: both platforms ask for the largest image.
 * Null when the product has no usable photo.
 */
export function feedImages(
  main: string | null | undefined,
  images: readonly { image_url: string; orden: number }[],
  site: string,
): { image_link: string; additional_image_links: string[] } | null {
  const urls = galleryImages(main, images)
    .map((i) => absoluteHttpUrl(i.url, site))
    .filter((u): u is string => u !== null);
  const unique = [...new Set(urls)];
  const [first, ...rest] = unique;
  return first ? { image_link: first, additional_image_links: rest.slice(0, FEED_LIMITS.additionalImages) } : null;
}

// ─── Category: product type, gender, age group ──────────────────────────────────────────────

/** The category path 'Categoría > Subcategoría' (or just the category), at most 750 characters; absent without a category. */
export function productType(category: string | null | undefined, subcategory: string | null | undefined): string | undefined {
  const parts = [category, subcategory].map((s) => feedText(s ?? '')).filter(Boolean);
  if (!category?.trim() || parts.length === 0) return undefined;
  return cutText(parts.join(' > '), FEED_LIMITS.productType);
}

/** What a word of a category's name says about who the product is for. */
const AUDIENCE_WORDS: Readonly<Record<string, { gender?: Gender; age_group?: AgeGroup }>> = {
  mujer: { gender: 'female', age_group: 'adult' },
  mujeres: { gender: 'female', age_group: 'adult' },
  dama: { gender: 'female', age_group: 'adult' },
  damas: { gender: 'female', age_group: 'adult' },
  hombre: { gender: 'male', age_group: 'adult' },
  hombres: { gender: 'male', age_group: 'adult' },
  caballero: { gender: 'male', age_group: 'adult' },
  caballeros: { gender: 'male', age_group: 'adult' },
  nina: { gender: 'female', age_group: 'kids' },
  ninas: { gender: 'female', age_group: 'kids' },
  nino: { gender: 'male', age_group: 'kids' },
  // 'niños' names boys and girls alike
  ninos: { age_group: 'kids' },
  infantil: { age_group: 'kids' },
  infantiles: { age_group: 'kids' },
  // Google's infant: 3 to 12 months, the clothes sold as 'bebé'
  bebe: { age_group: 'infant' },
  bebes: { age_group: 'infant' },
  unisex: { gender: 'unisex' },
};

/** The words of a name, lower case without accents ('Niña' → 'nina'). */
function words(name: string | null | undefined): string[] {
  return (name ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** What one name says: a gender (female and male together: unisex) and an age group, each only when a word says it. */
function audienceOf(name: string | null | undefined): { gender?: Gender; age_group?: AgeGroup } {
  const genders = new Set<Gender>();
  let age: AgeGroup | undefined;
  for (const word of words(name)) {
    const said = AUDIENCE_WORDS[word];
    if (said?.gender) genders.add(said.gender);
    // a younger age group wins ('Bebé y niño' is for babies too, so it is not for adults)
    if (said?.age_group && (!age || AGE_ORDER.indexOf(said.age_group) < AGE_ORDER.indexOf(age))) age = said.age_group;
  }
  const gender = genders.size === 1 ? [...genders][0] : genders.size > 1 ? 'unisex' : undefined;
  return { ...(gender ? { gender } : {}), ...(age ? { age_group: age } : {}) };
}

const AGE_ORDER: readonly AgeGroup[] = ['newborn', 'infant', 'toddler', 'kids', 'adult'];

/**
 * Gender and age group, only where the category or subcategory name says them ('Ropa de Mujer' →
 * female, adult; 'Niña' → female, kids; 'Bebé' → infant); the subcategory, more specific, wins over
 * the category for each. Otherwise the field is left out (guessing would mislabel the product).
 */
export function audience(
  category: string | null | undefined,
  subcategory: string | null | undefined,
): { gender?: Gender; age_group?: AgeGroup } {
  const sub = audienceOf(subcategory);
  const cat = audienceOf(category);
  const gender = sub.gender ?? cat.gender;
  const age = sub.age_group ?? cat.age_group;
  return { ...(gender ? { gender } : {}), ...(age ? { age_group: age } : {}) };
}

// ─── Items ───────────────────────────────────────────────────────────────────────────────────

/**
 * Every size of a product (piezas, in the shop's size order): in stock while it has a piece for sale
 * (libres > 0), out of stock while every piece left is held or every piece is sold.
 */
export function feedSizes(piezas: readonly Pieza[]): FeedSize[] {
  return piezas.flatMap((p) => (p.talla === null ? [] : [{ talla: p.talla, inStock: p.libres > 0 }]));
}

/** The sizes of a product for the feeds: each once (trimmed, ignoring case), in the order given, blanks dropped. */
export function distinctSizes(sizes: readonly FeedSize[]): FeedSize[] {
  const seen = new Set<string>();
  const out: FeedSize[] = [];
  for (const s of sizes) {
    const talla = feedText(s.talla);
    const key = talla.toLowerCase();
    if (!talla || seen.has(key)) continue;
    seen.add(key);
    out.push({ talla: cutText(talla, FEED_LIMITS.size), inStock: s.inStock });
  }
  return out;
}

/**
 * A live product's items: one per size (in stock while it has a piece for sale, out of stock while held
 * or once sold, or when the product is agotado), grouped by the product's id, or one item with the
 * product's id when it has no sizes. None when the product cannot be listed: no photo (both platforms
 * require image_link and refuse generic pictures) or no price above zero.
 */
export function feedItems(p: FeedProduct, site: string): FeedItem[] {
  const images = feedImages(p.imagen_principal, p.images, site);
  const prices = feedPrices(p.precio_original, p.precio_venta);
  const link = absoluteHttpUrl(productUrl(site, p.permalink), site);
  if (!images || !prices || !link) return [];
  const brand = cutText(feedText(p.marca), FEED_LIMITS.brand);
  const type = productType(p.category_nombre, p.subcategory_nombre);
  const base: Omit<FeedItem, 'id' | 'inStock'> = {
    title: feedTitle(p.nombre, p.marca),
    description: feedDescription(p.descripcion, p.marca),
    ...prices,
    ...(prices.sale_price ? { sale_period: salePeriod(p.campaign) } : {}),
    link,
    ...images,
    ...(brand ? { brand } : {}),
    ...(type ? { product_type: type } : {}),
    ...audience(p.category_nombre, p.subcategory_nombre),
  };
  const sizes = distinctSizes(p.sizes);
  if (sizes.length === 0) return [{ id: feedItemId(p.id), ...base, inStock: !p.agotado }];
  return sizes.map((s) => ({
    id: feedItemId(p.id, s.talla),
    item_group_id: p.id,
    ...base,
    size: s.talla,
    inStock: !p.agotado && s.inStock,
  }));
}

// ─── Google Merchant Center: RSS 2.0 ─────────────────────────────────────────────────────────

/** Google's namespace for product attributes in an RSS feed. */
export const GOOGLE_NAMESPACE = 'http://base.google.com/ns/1.0';

const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (s: string) => s.replace(/[&<>"']/g, (ch) => XML_ENTITIES[ch] as string);

/** Google's availability values. */
export const googleAvailability = (inStock: boolean) => (inStock ? 'in_stock' : 'out_of_stock');

/** One item's attributes in Google's names and spellings, in the order they are written. */
export function googleAttributes(item: FeedItem): [string, string][] {
  const attrs: [string, string | undefined][] = [
    ['id', item.id],
    ['item_group_id', item.item_group_id],
    ['item_group_title', item.item_group_id ? item.title : undefined],
    ['title', titleWithSize(item.title, item.size)],
    ['description', item.description],
    ['link', item.link],
    ['image_link', item.image_link],
    ...item.additional_image_links.map((url): [string, string] => ['additional_image_link', url]),
    ['availability', googleAvailability(item.inStock)],
    ['condition', 'new'],
    ['price', item.price],
    ['sale_price', item.sale_price],
    ['sale_price_effective_date', item.sale_period ? effectiveDate(item.sale_period, { colon: false }) : undefined],
    ['brand', item.brand],
    ['product_type', item.product_type],
    ['size', item.size],
    ['gender', item.gender],
    ['age_group', item.age_group],
  ];
  return attrs.filter((a): a is [string, string] => a[1] !== undefined && a[1] !== '');
}

export interface FeedChannel {
  title: string;
  link: string;
  description: string;
}

/** The Google Merchant Center feed: an RSS 2.0 channel whose items carry `g:` attributes. */
export function googleFeedXml(channel: FeedChannel, items: readonly FeedItem[]): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" xmlns:g="${GOOGLE_NAMESPACE}">`,
    '<channel>',
    `<title>${escapeXml(feedText(channel.title))}</title>`,
    `<link>${escapeXml(channel.link)}</link>`,
    `<description>${escapeXml(feedText(channel.description))}</description>`,
  ];
  for (const item of items) {
    lines.push('<item>');
    for (const [name, value] of googleAttributes(item)) lines.push(`<g:${name}>${escapeXml(value)}</g:${name}>`);
    lines.push('</item>');
  }
  lines.push('</channel>', '</rss>', '');
  return lines.join('\n');
}

// ─── Meta (Facebook and Instagram): CSV ─────────────────────────────────────────────────────

/** The Meta feed's columns, in order. */
export const META_COLUMNS = [
  'id',
  'item_group_id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'sale_price',
  'sale_price_effective_date',
  'link',
  'image_link',
  'additional_image_link',
  'brand',
  'product_type',
  'size',
  'gender',
  'age_group',
] as const;

/** Meta's availability values. */
export const metaAvailability = (inStock: boolean) => (inStock ? 'in stock' : 'out of stock');

/**
 * Meta's additional_image_link: the URLs separated by commas in one field (a comma inside a URL is
 * percent-encoded so it cannot split it).
 */
export function metaImageList(urls: readonly string[]): string {
  return urls.map((u) => u.replace(/,/g, '%2C')).join(',');
}

/** One item as a row of Meta's columns (an empty cell for a field the item does not have). */
export function metaRow(item: FeedItem): Record<(typeof META_COLUMNS)[number], string> {
  return {
    id: item.id,
    item_group_id: item.item_group_id ?? '',
    // the variants of a group share the title; the size is its own column
    title: item.title,
    description: item.description,
    availability: metaAvailability(item.inStock),
    condition: 'new',
    price: item.price,
    sale_price: item.sale_price ?? '',
    sale_price_effective_date: item.sale_period ? effectiveDate(item.sale_period, { colon: true }) : '',
    link: item.link,
    image_link: item.image_link,
    additional_image_link: metaImageList(item.additional_image_links),
    brand: item.brand ?? '',
    product_type: item.product_type ?? '',
    size: item.size ?? '',
    gender: item.gender ?? '',
    age_group: item.age_group ?? '',
  };
}

/** The Meta catalogue feed: a header row of the columns, then one row per item, every field quoted. */
export function metaFeedCsv(items: readonly FeedItem[]): string {
  const rows = items.map(metaRow);
  return `${Papa.unparse({ fields: [...META_COLUMNS], data: rows.map((r) => META_COLUMNS.map((c) => r[c])) }, { quotes: true, newline: '\n' })}\n`;
}
