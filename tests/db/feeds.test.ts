/**
 * The catalogue feeds of a real publication: the demo catalogue is seeded, a size of one product is
 * sold and every size of another (so it is agotado), a shopper's order holds the one piece of a size of
 * a third, the shop is built as a publication builds it, and /feeds/google.xml (read by an XML parser)
 * and /feeds/meta.csv (read by a CSV parser) are checked item by item against each platform's required
 * fields and value rules and against the database: every size of every live product with a photo, in
 * stock while it has a piece for sale, the sold and held ones out of stock. Then a price change and a
 * sale reach both feeds in an incremental build that copies the unchanged product pages, which serves
 * the last feeds until its own are written.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildStats, buildShop } from '../../scripts/lib/build.ts';
import { writeFeeds } from '../../scripts/lib/catalogue-feeds.ts';
import { seedDemo } from '../../scripts/seed/index.ts';
import { ROOT } from '../../scripts/stack/index.ts';
import { FEED_LIMITS, META_COLUMNS } from '../../src/lib/feeds.ts';
import { GOOGLE_NS, readGoogleFeed, readMetaFeed } from '../fixtures/feed-readers.ts';
import { anonClient, mexicoDate, resetData, sql, stack } from './helpers.ts';

const SITE = 'http://127.0.0.1:4321';
const WORK = `/tmp/feeds-db-test-${process.pid}`;
const GOOGLE_REQUIRED = ['id', 'title', 'description', 'link', 'image_link', 'availability', 'condition', 'price', 'brand'] as const;
const META_REQUIRED = ['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link', 'brand'] as const;
const PRICE = /^\d+\.\d{2} MXN$/;
const GOOGLE_DATE = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})([+-]\d{4})\/(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})([+-]\d{4})$/;
const META_DATE = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})([+-]\d{2}:\d{2})\/(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})([+-]\d{2}:\d{2})$/;
const GENDERS = ['female', 'male', 'unisex'];
const AGE_GROUPS = ['newborn', 'infant', 'toddler', 'kids', 'adult'];

/**
 * A live product as the database holds it, with all its sizes: sold (no piece left), held (every piece
 * left held by unpaid orders) or for sale.
 */
interface LiveProduct {
  id: string;
  permalink: string;
  precio_original: string;
  precio_venta: string;
  fecha_fin: string;
  category: string | null;
  subcategory: string | null;
  agotado: boolean;
  has_photo: boolean;
  sizes: { talla: string; sold: boolean; held: boolean }[];
}

type Item = Record<string, string>;

/** The Google feed's items, each attribute by its name without 'g:', and their additional images apart. */
interface GoogleFeed {
  items: Item[];
  extraImages: string[][];
}

async function liveProducts(): Promise<LiveProduct[]> {
  const { rows } = await sql.query<LiveProduct>(`
    select p.id, p.permalink, p.precio_original::text, p.precio_venta::text, c.fecha_fin::text, cat.nombre as category,
           sub.nombre as subcategory, p.agotado,
           (coalesce(btrim(p.imagen_principal), '') <> '' or exists (select from product_images i where i.product_id = p.id)) as has_photo,
           coalesce((select json_agg(json_build_object('talla', btrim(s.talla), 'sold', s.existencias = 0,
                                                       'held', s.existencias > 0 and s.existencias <= s.apartadas))
                       from product_sizes s where s.product_id = p.id), '[]') as sizes
      from products p
      join campaigns c on c.id = p.campaign_id
      left join categories cat on cat.id = p.category_id and cat.activa
      left join subcategories sub on sub.id = p.subcategory_id and sub.activa
     where c.fecha_fin >= public.shop_today()`);
  return rows;
}

function parseGoogle(xml: string): GoogleFeed {
  // a strict XML parser: anything not well-formed or not namespaced throws
  const doc = readGoogleFeed(xml);
  expect(doc.root).toBe('rss');
  expect(doc.version).toBe('2.0');
  expect(doc.gNamespace).toBe(GOOGLE_NS);
  expect(doc.channel.title).toBeTruthy();
  expect(doc.channel.description).toBeTruthy();
  expect(doc.channel.link).toBe(`${SITE}/`);
  // every attribute of an item in Google's namespace
  for (const item of doc.items) {
    for (const element of item.elements) expect(element.slice(GOOGLE_NS.length + 2)).toMatch(/^[a-z_]+$/);
    for (const element of item.elements) expect(element.startsWith(`{${GOOGLE_NS}}`)).toBe(true);
  }
  return { items: doc.items.map((i) => i.values), extraImages: doc.items.map((i) => i.additionalImages) };
}

function parseMeta(csv: string): { fields: string[]; rows: Item[] } {
  const { fields, rows, errors } = readMetaFeed(csv);
  expect(errors).toEqual([]);
  return { fields, rows };
}

function expectAbsoluteUrl(url: string | undefined): void {
  expect(url).toBeTruthy();
  const u = new URL(url as string);
  expect(['http:', 'https:']).toContain(u.protocol);
  expect((url as string).length).toBeLessThanOrEqual(2000);
}

const amount = (price: string) => Number(price.replace(' MXN', ''));

/** What both feeds must say of the catalogue, whatever the spelling: one item per size, grouped, stock, prices, link. */
function checkAgainstCatalogue(
  items: Item[],
  products: LiveProduct[],
  inStockValue: string,
  outOfStockValue: string,
  dateOf: (value: string) => { start: string; end: string },
): void {
  const listed = products.filter((p) => p.has_photo && Number(p.precio_venta) > 0);
  const expected = listed.reduce((n, p) => n + Math.max(1, p.sizes.length), 0);
  expect(items).toHaveLength(expected);
  expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  const byLink = new Map(listed.map((p) => [`${SITE}/producto/${p.permalink}`, p]));
  const seen = new Map<string, Item[]>();
  for (const item of items) {
    const product = byLink.get(item.link as string);
    expect(product, item.link).toBeDefined();
    if (!product) continue;
    seen.set(product.id, [...(seen.get(product.id) ?? []), item]);
  }
  expect(seen.size).toBe(listed.length);
  for (const p of listed) {
    const its = seen.get(p.id) ?? [];
    if (p.sizes.length === 0) {
      // a product without sizes: one item, the product's id, no group
      expect(its.map((i) => i.id)).toEqual([p.id]);
      expect(its[0]?.item_group_id ?? '').toBe('');
      expect(its[0]?.availability).toBe(p.agotado ? outOfStockValue : inStockValue);
    } else {
      // every size of it, for sale, held or sold, grouped by the product
      expect(its.map((i) => i.size).sort()).toEqual(p.sizes.map((s) => s.talla).sort());
      for (const item of its) {
        expect(item.item_group_id).toBe(p.id);
        expect(item.id?.startsWith(`${p.id}-`)).toBe(true);
        const size = p.sizes.find((s) => s.talla === item.size);
        const forSale = !p.agotado && !size?.sold && !size?.held;
        expect(item.availability, `${p.permalink} ${item.size}`).toBe(forSale ? inStockValue : outOfStockValue);
      }
    }
    for (const item of its) {
      const original = Number(p.precio_original);
      const venta = Number(p.precio_venta);
      if (original > venta) {
        expect(amount(item.price as string)).toBe(original);
        expect(amount(item.sale_price as string)).toBe(venta);
        // the sale ends with the campaign's last day
        expect(dateOf(item.sale_price_effective_date as string).end).toBe(p.fecha_fin);
      } else {
        expect(amount(item.price as string)).toBe(venta);
        expect(item.sale_price ?? '').toBe('');
      }
      const type = p.category ? [p.category, p.subcategory].filter(Boolean).join(' > ') : '';
      expect(item.product_type ?? '').toBe(type);
    }
  }
}

/** The value rules every item of either feed keeps. */
function checkValueRules(item: Item, dateOf: (value: string) => { start: string; end: string }): void {
  expect((item.id as string).length).toBeLessThanOrEqual(FEED_LIMITS.id);
  expect(item.id).toMatch(/^[a-z0-9._-]+$/);
  expect([...(item.title as string)].length).toBeLessThanOrEqual(FEED_LIMITS.title);
  expect([...(item.description as string)].length).toBeLessThanOrEqual(FEED_LIMITS.description);
  // plain text: no markup, no entities
  expect(item.description).not.toMatch(/<[a-z/!]|&[a-z#0-9]+;/i);
  expect(item.condition).toBe('new');
  expect(item.price).toMatch(PRICE);
  expectAbsoluteUrl(item.link);
  expectAbsoluteUrl(item.image_link);
  if (item.sale_price) {
    expect(item.sale_price).toMatch(PRICE);
    expect(amount(item.sale_price)).toBeGreaterThan(0);
    expect(amount(item.sale_price)).toBeLessThan(amount(item.price as string));
    const { start, end } = dateOf(item.sale_price_effective_date as string);
    expect(start <= end).toBe(true);
  } else {
    expect(item.sale_price_effective_date ?? '').toBe('');
  }
  if (item.gender) expect(GENDERS).toContain(item.gender);
  if (item.age_group) expect(AGE_GROUPS).toContain(item.age_group);
  if (item.size) expect([...item.size].length).toBeLessThanOrEqual(FEED_LIMITS.size);
}

function googleDate(value: string): { start: string; end: string } {
  expect(value.length).toBeLessThanOrEqual(51);
  const m = GOOGLE_DATE.exec(value);
  expect(m, value).not.toBeNull();
  // Mexico City's offset, from midnight of the first day to the last minute of the last
  expect([m?.[2], m?.[3], m?.[5], m?.[6]]).toEqual(['00:00', '-0600', '23:59', '-0600']);
  return { start: m?.[1] as string, end: m?.[4] as string };
}

function metaDate(value: string): { start: string; end: string } {
  const m = META_DATE.exec(value);
  expect(m, value).not.toBeNull();
  expect([m?.[2], m?.[3], m?.[5], m?.[6]]).toEqual(['00:00', '-06:00', '23:59', '-06:00']);
  return { start: m?.[1] as string, end: m?.[4] as string };
}

describe('catalogue feeds', () => {
  let dir: string;
  let products: LiveProduct[];
  let google: GoogleFeed;
  let meta: { fields: string[]; rows: Item[] };
  /** A product with a size sold and others for sale, one with every size sold, one with a size held by an order. */
  let partlySold: LiveProduct;
  let soldOut: LiveProduct;
  let partlyHeld: LiveProduct;
  let count = 0;

  /** A publication: the pages (carrying the feeds of `carryFrom`), then the feeds written after them. */
  async function build(cacheDir?: string, carryFrom?: string): Promise<{ dir: string; stats: BuildStats; carried: string | null }> {
    const out = join(WORK, `site-${count++}`);
    const stats = await buildShop({
      supabaseUrl: stack.url,
      anonKey: stack.anonKey,
      siteUrl: SITE,
      root: ROOT,
      outDir: out,
      quiet: true,
      ...(cacheDir ? { cacheDir, shards: 2 } : { shards: 1 }),
      ...(carryFrom ? { carryFrom } : {}),
    });
    const carried = await readFile(join(out, 'feeds/google.xml'), 'utf8').catch(() => null);
    await writeFeeds(out, { supabaseUrl: stack.url, anonKey: stack.anonKey }, SITE);
    return { dir: out, stats, carried };
  }

  const feeds = async (site: string) => ({
    google: parseGoogle(await readFile(join(site, 'feeds/google.xml'), 'utf8')),
    meta: parseMeta(await readFile(join(site, 'feeds/meta.csv'), 'utf8')),
  });

  beforeAll(async () => {
    await rm(WORK, { recursive: true, force: true });
    await resetData();
    await seedDemo({ url: stack.url, serviceRoleKey: stack.serviceRoleKey, dbUrl: stack.dbUrl, today: mexicoDate(0) });
    const sized = (await liveProducts()).filter((p) => p.has_photo && p.sizes.length >= 3);
    partlySold = sized[0] as LiveProduct;
    soldOut = sized[1] as LiveProduct;
    partlyHeld = sized[2] as LiveProduct;
    // the one piece of a size of the first sold, and of every size of the second
    await sql.query(`update product_sizes set existencias = 0 where product_id = $1 and btrim(talla) = $2`, [
      partlySold.id,
      partlySold.sizes[0]?.talla,
    ]);
    await sql.query(`update product_sizes set existencias = 0 where product_id = $1`, [soldOut.id]);
    // a shopper's order holds the one piece of a size of the third (unpaid: not sold)
    const { data: placed, error } = await anonClient().rpc('place_order', {
      p_items: [{ product_id: partlyHeld.id, talla: partlyHeld.sizes[1]?.talla, precio_venta: Number(partlyHeld.precio_venta) }],
      p_channel: 'producto',
    });
    expect(error).toBeNull();
    expect(placed).toMatchObject({ ok: true });
    products = await liveProducts();
    ({ dir } = await build());
    ({ google, meta } = await feeds(dir));
  }, 400_000);

  afterAll(async () => {
    await resetData();
    await rm(WORK, { recursive: true, force: true });
  });

  it('the sold sizes leave the shop but stay in the database; the held one stays, unsold', () => {
    const again = products.find((p) => p.id === soldOut.id);
    expect(again?.agotado).toBe(true);
    expect(products.find((p) => p.id === partlySold.id)?.sizes.filter((s) => s.sold)).toHaveLength(1);
    const held = products.find((p) => p.id === partlyHeld.id);
    expect(held?.agotado).toBe(false);
    expect(held?.sizes.filter((s) => s.held).map((s) => s.talla)).toEqual([partlyHeld.sizes[1]?.talla]);
    expect(held?.sizes.filter((s) => s.sold)).toEqual([]);
  });

  it("Google's feed: every required attribute of every item, present and not empty", () => {
    expect(google.items.length).toBeGreaterThan(300);
    for (const item of google.items) for (const field of GOOGLE_REQUIRED) expect(item[field], `${item.id} ${field}`).toBeTruthy();
  });

  it("Google's feed: every value in Google's format and limits", () => {
    for (const [i, item] of google.items.entries()) {
      checkValueRules(item, googleDate);
      expect(['in_stock', 'out_of_stock']).toContain(item.availability);
      const extra = google.extraImages[i] ?? [];
      expect(extra.length).toBeLessThanOrEqual(FEED_LIMITS.additionalImages);
      for (const url of extra) expectAbsoluteUrl(url);
      // a variant's title says its size; its group's title does not
      if (item.size) {
        expect(item.title?.endsWith(` - Talla ${item.size}`)).toBe(true);
        expect(item.item_group_title).toBeTruthy();
      }
    }
    // the demo's gallery images are listed
    expect(google.extraImages.some((list) => list.length > 0)).toBe(true);
  });

  it("Google's feed: each size of each live product, grouped, sold and held sizes out of stock", () => {
    checkAgainstCatalogue(google.items, products, 'in_stock', 'out_of_stock', googleDate);
    const sold = google.items.filter((i) => i.item_group_id === soldOut.id);
    expect(sold.length).toBe(soldOut.sizes.length);
    expect(sold.every((i) => i.availability === 'out_of_stock')).toBe(true);
    const partly = google.items.filter((i) => i.item_group_id === partlySold.id);
    expect(partly.filter((i) => i.availability === 'out_of_stock').map((i) => i.size)).toEqual([partlySold.sizes[0]?.talla]);
    // the held size is out of stock while the order holds it; the product's other sizes are in stock
    const held = google.items.filter((i) => i.item_group_id === partlyHeld.id);
    expect(held.length).toBe(partlyHeld.sizes.length);
    expect(held.filter((i) => i.availability === 'out_of_stock').map((i) => i.size)).toEqual([partlyHeld.sizes[1]?.talla]);
  });

  it("Google's feed: gender and age group where the category says them, else none", () => {
    const women = google.items.filter((i) => i.product_type?.startsWith('Ropa de Mujer'));
    const men = google.items.filter((i) => i.product_type?.startsWith('Ropa de Hombre'));
    // a category path that names no one (Calzado > Tenis, Bolsas, Accesorios)
    const other = google.items.filter((i) => !/mujer|dama|hombre|caballero|niñ|infantil|beb|unisex/i.test(i.product_type ?? ''));
    expect(other.length).toBeGreaterThan(0);
    expect(women.length).toBeGreaterThan(0);
    expect(men.length).toBeGreaterThan(0);
    expect(women.every((i) => i.gender === 'female' && i.age_group === 'adult')).toBe(true);
    expect(men.every((i) => i.gender === 'male' && i.age_group === 'adult')).toBe(true);
    expect(other.every((i) => !i.gender && !i.age_group)).toBe(true);
  });

  it("Meta's feed: its columns, every required field of every item, present and not empty", () => {
    expect(meta.fields).toEqual([...META_COLUMNS]);
    for (const row of meta.rows) for (const field of META_REQUIRED) expect(row[field], `${row.id} ${field}`).toBeTruthy();
  });

  it("Meta's feed: every value in Meta's format and limits", () => {
    for (const row of meta.rows) {
      checkValueRules(row, metaDate);
      expect(['in stock', 'out of stock']).toContain(row.availability);
      const extra = row.additional_image_link ? (row.additional_image_link as string).split(',') : [];
      expect(extra.length).toBeLessThanOrEqual(FEED_LIMITS.additionalImages);
      for (const url of extra) expectAbsoluteUrl(url);
      // the sizes of a group share their title; the size is its own column
      if (row.size) expect(row.title).not.toContain('Talla');
    }
  });

  it("Meta's feed: the same items as Google's, with the same values", () => {
    checkAgainstCatalogue(meta.rows, products, 'in stock', 'out of stock', metaDate);
    const googleById = new Map(google.items.map((i) => [i.id, i]));
    expect(meta.rows.map((r) => r.id)).toEqual(google.items.map((i) => i.id));
    for (const row of meta.rows) {
      const g = googleById.get(row.id as string) as Item;
      for (const field of ['item_group_id', 'description', 'price', 'sale_price', 'link', 'image_link', 'brand', 'product_type', 'size']) {
        expect(row[field] ?? '', `${row.id} ${field}`).toBe(g[field] ?? '');
      }
      expect(row.title).toBe(g.item_group_title ?? g.title);
    }
  });

  it('a price change and a sale reach both feeds in an incremental build that copies the other pages', async () => {
    const cacheDir = join(WORK, 'cache');
    const before = await build(cacheDir);
    const changed = products.find(
      (p) => p.has_photo && p.sizes.length >= 2 && !p.agotado && p.id !== partlySold.id && p.id !== partlyHeld.id,
    ) as LiveProduct;
    const forSale = changed.sizes.filter((s) => !s.sold && !s.held);
    await sql.query(`update products set precio_venta = 111 where id = $1`, [changed.id]);
    await sql.query(`update product_sizes set existencias = 0 where product_id = $1 and btrim(talla) = $2`, [
      changed.id,
      forSale[0]?.talla,
    ]);
    const site = await build(cacheDir, before.dir);
    expect(site.stats.reused).toBeGreaterThan(0);
    // until its own feeds are written, the new build serves the last ones: never none
    expect(site.carried).toBe(await readFile(join(before.dir, 'feeds/google.xml'), 'utf8'));
    expect(site.carried).not.toContain('<g:sale_price>111.00 MXN</g:sale_price>');
    const after = await feeds(site.dir);
    const googleItems = after.google.items.filter((i) => i.item_group_id === changed.id);
    const metaRows = after.meta.rows.filter((r) => r.item_group_id === changed.id);
    expect(googleItems.length).toBe(changed.sizes.length);
    for (const item of [...googleItems, ...metaRows]) expect(item.sale_price).toBe('111.00 MXN');
    expect(googleItems.find((i) => i.size === forSale[0]?.talla)?.availability).toBe('out_of_stock');
    expect(metaRows.find((r) => r.size === forSale[0]?.talla)?.availability).toBe('out of stock');
  }, 300_000);
});
