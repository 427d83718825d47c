/**
 * Bulk products for benchmarks and the 100k-catalogue check: adds `count` products in batches of
 * 1000, reusing the campaigns, brands, categories and already-uploaded image URLs in the database
 * (run the demo first). Names, prices, sizes and descriptions come from the same generators as the
 * demo; images are picked from products of the same subcategory so a shoe shows a shoe.
 */
import { BRANDS, CATEGORIES } from './catalog.ts';
import { todayInMexicoCity } from '../../src/lib/dates.ts';
import { chunks, insertAll, must, pool, selectAll, serviceClient, type Db } from './db.ts';
import { PermalinkAllocator } from './permalink.ts';
import { planProduct } from './products.ts';
import { createRng } from './random.ts';

export interface SeedBulkOptions {
  url: string;
  serviceRoleKey: string;
  count: number;
  log?: (msg: string) => void;
  /** products per insert; default 1000 */
  batchSize?: number;
}

interface Ref {
  id: string;
}

const BATCHES_IN_FLIGHT = 2;

async function imagePools(db: Db): Promise<{ main: Map<string, string[]>; extra: Map<string, string[]>; all: string[] }> {
  const products = must(
    await db
      .from('products')
      .select('id,subcategory_id,imagen_principal')
      .not('imagen_principal', 'is', null)
      .order('created_at', { ascending: true })
      .limit(3000),
    'leer imágenes existentes',
  ) as { id: string; subcategory_id: string | null; imagen_principal: string }[];
  const subOf = new Map(products.map((p) => [p.id, p.subcategory_id ?? '']));
  const main = new Map<string, string[]>();
  const push = (m: Map<string, string[]>, k: string, v: string) => {
    const list = m.get(k);
    if (list) list.push(v);
    else m.set(k, [v]);
  };
  for (const p of products) push(main, p.subcategory_id ?? '', p.imagen_principal);
  const extra = new Map<string, string[]>();
  for (const part of chunks([...subOf.keys()], 200)) {
    const rows = must(
      await db.from('product_images').select('product_id,image_url').in('product_id', part),
      'leer galerías existentes',
    ) as { product_id: string; image_url: string }[];
    for (const r of rows) push(extra, subOf.get(r.product_id) ?? '', r.image_url);
  }
  return { main, extra, all: products.map((p) => p.imagen_principal) };
}

export async function seedBulkProducts(opts: SeedBulkOptions): Promise<{ products: number }> {
  const started = performance.now();
  const log = opts.log ?? (() => undefined);
  const count = Math.floor(opts.count);
  if (!Number.isFinite(count) || count < 1) throw new Error(`Seed: cantidad inválida: ${opts.count}`);
  const batchSize = opts.batchSize ?? 1000;
  const db = serviceClient(opts.url, opts.serviceRoleKey);
  const today = todayInMexicoCity();

  const [campaigns, brands, categories, subcategories, pools, permalinks] = await Promise.all([
    selectAll<Ref & { fecha_fin: string }>(db, 'campaigns', 'id,fecha_fin'),
    selectAll<Ref & { name: string }>(db, 'brands', 'id,name'),
    selectAll<Ref & { nombre: string }>(db, 'categories', 'id,nombre'),
    selectAll<Ref & { nombre: string; category_id: string }>(db, 'subcategories', 'id,nombre,category_id'),
    imagePools(db),
    selectAll<{ permalink: string }>(db, 'products', 'permalink', 1000),
  ]);
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
  const allocator = new PermalinkAllocator(permalinks.map((p) => p.permalink));
  const now = new Date();
  const batches = chunks(
    Array.from({ length: count }, (_, i) => i),
    batchSize,
  );
  let done = 0;
  log(`Agregando ${count} productos en ${batches.length} lotes de ${batchSize}`);

  await pool(batches, BATCHES_IN_FLIGHT, async (batch) => {
    const products: object[] = [];
    const privates: object[] = [];
    const images: object[] = [];
    const sizes: object[] = [];
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
    await insertAll(db, 'products', products, batchSize);
    await Promise.all([
      (async () => {
        for (const part of chunks(privates, batchSize))
          must(
            await db.from('product_private').upsert(part, { onConflict: 'product_id' }).select('product_id'),
            'guardar costos (product_private)',
          );
      })(),
      insertAll(db, 'product_images', images, 2000),
      insertAll(db, 'product_sizes', sizes, 4000),
    ]);
    done += products.length;
    if (done % 10000 < batchSize || done === count)
      log(`  ${done}/${count} productos (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  });
  return { products: done };
}
