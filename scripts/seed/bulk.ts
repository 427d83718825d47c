/**
 * Bulk products for benchmarks and the 100k-catalogue check: adds `count` products in batches,
 * reusing the campaigns, brands, categories and already-uploaded image URLs in the database (run
 * the demo first). Names, prices, sizes and descriptions come from the same generators as the
 * demo; images are picked from products of the same subcategory so a shoe shows a shoe. Writes go
 * over a direct Postgres connection when `dbUrl` is given (bulk-pg.ts: one transaction, batches of
 * 10,000), otherwise through the API with the service role (bulk-api.ts: batches of 1000).
 */
import { BRANDS, CATEGORIES } from './catalog.ts';
import { todayInMexicoCity } from '../../src/lib/dates.ts';
import { apiStore } from './bulk-api.ts';
import { pgStore } from './bulk-pg.ts';
import type { BulkRows, BulkStore, References } from './bulk-store.ts';
import { chunks, pool } from './db.ts';
import { PermalinkAllocator } from './permalink.ts';
import { planProduct } from './products.ts';
import { createRng } from './random.ts';

export interface SeedBulkOptions {
  url: string;
  serviceRoleKey: string;
  count: number;
  /** A direct connection to the database as the tables' owner: the fast path. */
  dbUrl?: string;
  log?: (msg: string) => void;
  /** products per batch; default 10,000 over Postgres, 1000 through the API */
  batchSize?: number;
}

/**
 * Batches written at once: while one is written, the next is planned (planning is JavaScript,
 * writing is Postgres: on 2 cores both stay busy).
 */
const BATCHES_IN_FLIGHT = 2;

/** Pictures by subcategory ('' for none): main pictures, gallery pictures, and every main picture. */
function imagePools(images: References['images']) {
  const bySub = (list: { subcategoryId: string | null; url: string }[]) => {
    const m = new Map<string, string[]>();
    for (const { subcategoryId, url } of list) {
      const key = subcategoryId ?? '';
      const urls = m.get(key);
      if (urls) urls.push(url);
      else m.set(key, [url]);
    }
    return m;
  };
  return { main: bySub(images.main), extra: bySub(images.gallery), all: images.main.map((i) => i.url) };
}

export async function seedBulkProducts(opts: SeedBulkOptions): Promise<{ products: number }> {
  const started = performance.now();
  const log = opts.log ?? (() => undefined);
  const count = Math.floor(opts.count);
  if (!Number.isFinite(count) || count < 1) throw new Error(`Seed: cantidad inválida: ${opts.count}`);
  const batchSize = opts.batchSize ?? (opts.dbUrl ? 10_000 : 1000);
  const store = opts.dbUrl ? pgStore(opts.dbUrl) : apiStore(opts.url, opts.serviceRoleKey, batchSize);
  try {
    return await seedWith(store, { count, batchSize, log, started });
  } finally {
    await store.close();
  }
}

async function seedWith(
  store: BulkStore,
  { count, batchSize, log, started }: { count: number; batchSize: number; log: (msg: string) => void; started: number },
): Promise<{ products: number }> {
  const today = todayInMexicoCity();
  const { campaigns, brands, categories, subcategories, images, permalinks } = await store.read();
  const pools = imagePools(images);
  if (campaigns.length === 0 || pools.all.length === 0)
    throw new Error('Seed: no hay campañas ni productos con imagen; ejecuta primero los datos demo (seedDemo)');

  // Sections of the catalogue that exist in the database, with their ids.
  const sections = CATEGORIES.flatMap((category) => {
    const cat = categories.find((c) => c.nombre === category.nombre);
    if (!cat) return [];
    return category.subcategories.map((subcategory) => ({
      category,
      subcategory,
      categoryId: cat.id,
      subcategoryId: subcategories.find((s) => s.category_id === cat.id && s.nombre === subcategory.nombre)?.id ?? null,
    }));
  });
  if (sections.length === 0)
    throw new Error('Seed: las categorías del catálogo demo no existen; ejecuta primero los datos demo (seedDemo)');
  const brandIds = new Map(brands.map((b) => [b.name, b.id]));
  const knownBrands = BRANDS.filter((b) => brandIds.has(b.name)).map((b) => b.name);
  if (knownBrands.length === 0) throw new Error('Seed: las marcas del catálogo demo no existen; ejecuta primero los datos demo (seedDemo)');
  const visible = campaigns.filter((c) => c.fecha_fin >= today);

  const rng = createRng(`outlet-bulk:${permalinks.length}`);
  const allocator = new PermalinkAllocator(permalinks);
  const now = new Date();
  const batches = chunks(
    Array.from({ length: count }, (_, i) => i),
    batchSize,
  );
  let done = 0;
  await store.start(count);
  log(`Agregando ${count} productos en ${batches.length} lotes de ${batchSize}`);

  await pool(batches, BATCHES_IN_FLIGHT, async (batch) => {
    const rows: BulkRows = { products: [], privates: [], images: [], sizes: [] };
    const { products, privates, images, sizes } = rows;
    for (const _ of batch) {
      const section = rng.pick(sections);
      const p = planProduct(rng, section, knownBrands, '', now, 60);
      const brandId = brandIds.get(p.brand.name);
      if (!brandId) continue; // item limited to brands absent from this database: skip quietly
      // Most products live in visible campaigns so the 100k check exercises the shop.
      const campaign = visible.length > 0 && rng.chance(0.85) ? rng.pick(visible) : rng.pick(campaigns);
      const mains = pools.main.get(section.subcategoryId ?? '') ?? pools.all;
      const extras = pools.extra.get(section.subcategoryId ?? '') ?? [];
      products.push({
        id: p.id,
        campaign_id: campaign.id,
        category_id: section.categoryId,
        subcategory_id: section.subcategoryId,
        brand_id: brandId,
        marca: p.brand.displayName,
        nombre: p.nombre,
        precio_original: p.precioOriginal,
        precio_venta: p.precioVenta,
        descripcion: p.descripcion,
        imagen_principal: rng.pick(mains),
        permalink: allocator.allocate(p.permalinkBase),
        destacado: rng.chance(0.01),
        created_at: p.createdAt,
        updated_at: p.createdAt,
      });
      privates.push({ product_id: p.id, costo_compra: p.costoCompra, link_externo: p.linkExterno });
      if (extras.length > 0) {
        const n = rng.int(0, Math.min(3, p.views.length - 1));
        for (let k = 1; k <= n; k++) images.push({ product_id: p.id, image_url: rng.pick(extras), orden: k });
      }
      for (const talla of p.sizes) sizes.push({ product_id: p.id, talla });
    }
    await store.write(rows);
    done += products.length;
    if (done % 100_000 < batchSize || done === count)
      log(`  ${done}/${count} productos (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  });
  await store.finish();
  return { products: done };
}
