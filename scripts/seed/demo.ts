/**
 * The demo outlet: writes brands, categories, campaigns (dates relative to Mexico City's today),
 * products with prices, sizes and generated images, hero slides, brand banners and featured
 * categories, size guides, through supabase-js with the service-role key (works locally and on a hosted
 * project).
 *
 * Additive: existing brands (by name), categories (by nombre) and subcategories (by category and
 * nombre) are reused; campaigns and products are always new; permalinks never collide with existing
 * ones (suffix -1, -2...). A size guide is added where its category, subcategory or brand and kind has none.
 */
import { BRANDS, CAMPAIGNS, CATEGORIES, COLORS, EXTERNAL_BANNER_LINK, FEATURED_CATEGORIES, HEROES, type Silhouette } from './catalog.ts';
import { todayInMexicoCity } from '../../src/lib/dates.ts';
import { addDays, assertIsoDate } from './dates.ts';
import { chunks, insertAll, must, pool, serviceClient, type Db } from './db.ts';
import {
  CAMPAIGN_IMAGE,
  HERO_IMAGE,
  renderBanner,
  renderFeaturedCategory,
  renderLogo,
  renderProductImage,
  type ArtItem,
  type ProductView,
} from './images.ts';
import { PermalinkAllocator } from './permalink.ts';
import { seedEvents } from './events.ts';
import { DEMO_SEED, planDemoProducts, type ProductPlan } from './products.ts';
import { createRng, type Rng } from './random.ts';
import { SIZE_GUIDES } from './size-guides.ts';
import { HERO_BUCKET, PRODUCT_BUCKET, uploadWebp } from './storage.ts';

export interface SeedDemoOptions {
  url: string;
  serviceRoleKey: string;
  /** postgresql:// address of the same database: the analytics events are generated there (events.ts) */
  dbUrl: string;
  log?: (msg: string) => void;
  /** yyyy-MM-dd in America/Mexico_City; default: today there */
  today?: string;
}

export interface SeedDemoResult {
  products: number;
  /** shop analytics events of the last 30 days */
  events: number;
  /** files uploaded to storage */
  images: number;
}

const UPLOAD_CONCURRENCY = 8;
/** Analytics events of the demo's last 30 days: enough for every report to show something. */
const DEMO_EVENTS = 6000;

interface Upload {
  bucket: string;
  path: string;
  render: () => Promise<Buffer>;
}

/** Renders each distinct picture once, however many products share it. */
class RenderCache {
  private readonly cache = new Map<string, Promise<Buffer>>();
  get(key: string, render: () => Promise<Buffer>): () => Promise<Buffer> {
    return () => {
      let hit = this.cache.get(key);
      if (!hit) {
        hit = render();
        this.cache.set(key, hit);
      }
      return hit;
    };
  }
  get size(): number {
    return this.cache.size;
  }
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function art(silhouettes: readonly Silhouette[], colours: readonly string[]): ArtItem[] {
  return silhouettes.map((kind, i) => ({ kind, colour: COLORS[colours[i % colours.length] as string]?.hex ?? '#888888' }));
}

/** The campaign banner art: its theme and three of its silhouettes in its products' colours. */
function campaignArt(key: string, products: readonly ProductPlan[]): ArtItem[] {
  const def = CAMPAIGNS.find((c) => c.key === key);
  if (!def) return [];
  return def.silhouettes.map((kind, i) => {
    const match = products.find((p) => p.campaignKey === key && p.silhouette === kind);
    return { kind, colour: match?.colour.hex ?? (['#25252a', '#f6f4ef', '#b8292f'][i] as string) };
  });
}

async function ensureBrands(db: Db): Promise<Map<string, string>> {
  const names = BRANDS.map((b) => b.name);
  const existing = must(await db.from('brands').select('id,name').in('name', names), 'leer marcas') as { id: string; name: string }[];
  const ids = new Map(existing.map((b) => [b.name, b.id]));
  const missing = BRANDS.filter((b) => !ids.has(b.name)).map((b) => ({ name: b.name, display_name: b.displayName, active: true }));
  if (missing.length > 0) {
    const rows = must(await db.from('brands').insert(missing).select('id,name'), 'crear marcas') as { id: string; name: string }[];
    for (const b of rows) ids.set(b.name, b.id);
  }
  return ids;
}

interface CategoryIds {
  category: Map<string, string>; // key -> id
  subcategory: Map<string, string>; // `${key}/${nombre}` -> id
}

async function ensureCategories(db: Db): Promise<CategoryIds> {
  const nombres = CATEGORIES.map((c) => c.nombre);
  const existing = must(await db.from('categories').select('id,nombre').in('nombre', nombres).order('created_at'), 'leer categorías') as {
    id: string;
    nombre: string;
  }[];
  const category = new Map<string, string>();
  for (const def of CATEGORIES) {
    const hit = existing.find((c) => c.nombre === def.nombre);
    if (hit) category.set(def.key, hit.id);
  }
  const missing = CATEGORIES.map((def, i) => ({ def, orden: i + 1 })).filter(({ def }) => !category.has(def.key));
  if (missing.length > 0) {
    const rows = must(
      await db
        .from('categories')
        .insert(
          missing.map(({ def, orden }) => ({
            nombre: def.nombre,
            descripcion: def.descripcion,
            activa: true,
            orden,
            show_in_header: def.showInHeader,
            tipo_talla: def.sizeKind ?? null,
          })),
        )
        .select('id,nombre'),
      'crear categorías',
    ) as { id: string; nombre: string }[];
    for (const { def } of missing) {
      const row = rows.find((r) => r.nombre === def.nombre);
      if (!row) throw new Error(`Seed: la categoría ${def.nombre} no volvió del insert`);
      category.set(def.key, row.id);
    }
  }

  const categoryIds = [...category.values()];
  const existingSubs = must(
    await db.from('subcategories').select('id,category_id,nombre').in('category_id', categoryIds),
    'leer subcategorías',
  ) as { id: string; category_id: string; nombre: string }[];
  const subcategory = new Map<string, string>();
  const toInsert: { key: string; row: object }[] = [];
  for (const def of CATEGORIES) {
    const categoryId = category.get(def.key) as string;
    def.subcategories.forEach((sub, i) => {
      const hit = existingSubs.find((s) => s.category_id === categoryId && s.nombre === sub.nombre);
      if (hit) subcategory.set(`${def.key}/${sub.nombre}`, hit.id);
      else
        toInsert.push({
          key: `${def.key}/${sub.nombre}`,
          row: {
            category_id: categoryId,
            nombre: sub.nombre,
            descripcion: sub.descripcion,
            activa: true,
            orden: i + 1,
            tipo_talla: sub.sizeKind ?? null,
          },
        });
    });
  }
  if (toInsert.length > 0) {
    const rows = must(
      await db
        .from('subcategories')
        .insert(toInsert.map((t) => t.row))
        .select('id,category_id,nombre'),
      'crear subcategorías',
    ) as { id: string; category_id: string; nombre: string }[];
    for (const t of toInsert) {
      const [key, nombre] = t.key.split('/') as [string, string];
      const row = rows.find((r) => r.category_id === category.get(key) && r.nombre === nombre);
      if (!row) throw new Error(`Seed: la subcategoría ${t.key} no volvió del insert`);
      subcategory.set(t.key, row.id);
    }
  }
  return { category, subcategory };
}

/** The demo size guides whose category, subcategory or brand and kind has none yet. */
async function ensureSizeGuides(db: Db, brandIds: Map<string, string>, ids: CategoryIds): Promise<number> {
  const existing = must(await db.from('size_guides').select('category_id,subcategory_id,brand_id,tipo_talla'), 'leer guías de tallas') as {
    category_id: string | null;
    subcategory_id: string | null;
    brand_id: string | null;
    tipo_talla: string;
  }[];
  const rows = SIZE_GUIDES.flatMap((g) => {
    const owner = {
      category_id: 'category' in g.owner ? (ids.category.get(g.owner.category) ?? null) : null,
      subcategory_id: 'subcategory' in g.owner ? (ids.subcategory.get(g.owner.subcategory) ?? null) : null,
      brand_id: 'brand' in g.owner ? (brandIds.get(g.owner.brand) ?? null) : null,
    };
    if (!owner.category_id && !owner.subcategory_id && !owner.brand_id) throw new Error(`Seed: la guía ${g.nombre} no tiene dueño`);
    const taken = existing.some(
      (e) =>
        (owner.category_id && e.category_id === owner.category_id) ||
        (owner.subcategory_id && e.subcategory_id === owner.subcategory_id) ||
        (owner.brand_id && e.brand_id === owner.brand_id && e.tipo_talla === g.tipoTalla),
    );
    return taken ? [] : [{ nombre: g.nombre, tipo_talla: g.tipoTalla, ...owner, filas: g.filas, nota: g.nota ?? null }];
  });
  if (rows.length > 0) must(await db.from('size_guides').insert(rows).select('id'), 'crear guías de tallas');
  return rows.length;
}

async function createCampaigns(db: Db, today: string, imageUrls: Map<string, string>): Promise<Map<string, string>> {
  const rows = CAMPAIGNS.map((c) => ({
    nombre: c.nombre,
    fecha_inicio: addDays(today, c.startOffset),
    fecha_fin: addDays(today, c.endOffset),
    image_url: imageUrls.get(c.key) ?? null,
  }));
  const inserted = must(await db.from('campaigns').insert(rows).select('id,nombre'), 'crear campañas') as { id: string; nombre: string }[];
  const ids = new Map<string, string>();
  CAMPAIGNS.forEach((c, i) => {
    const row = inserted[i];
    if (!row || row.nombre !== c.nombre) throw new Error(`Seed: la campaña ${c.nombre} no volvió del insert en orden`);
    ids.set(c.key, row.id);
  });
  return ids;
}

/** Gives every product a permalink that is unique here and in the database. */
async function allocatePermalinks(db: Db, products: readonly ProductPlan[]): Promise<string[]> {
  const takenInDb = new Set<string>();
  for (let round = 0; round < 20; round++) {
    const allocator = new PermalinkAllocator(takenInDb);
    const permalinks = products.map((p) => allocator.allocate(p.permalinkBase));
    const clashes: string[] = [];
    for (const part of chunks(permalinks, 150)) {
      const rows = must(await db.from('products').select('permalink').in('permalink', part), 'comprobar permalinks') as {
        permalink: string;
      }[];
      clashes.push(...rows.map((r) => r.permalink));
    }
    if (clashes.length === 0) return permalinks;
    for (const c of clashes) takenInDb.add(c);
  }
  throw new Error('Seed: no se pudieron asignar permalinks únicos');
}

export async function seedDemo(opts: SeedDemoOptions): Promise<SeedDemoResult> {
  const started = performance.now();
  const log = opts.log ?? (() => undefined);
  const today = opts.today ?? todayInMexicoCity();
  assertIsoDate(today);
  const db = serviceClient(opts.url, opts.serviceRoleKey);
  const rng: Rng = createRng(DEMO_SEED);
  const now = new Date();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

  const products = planDemoProducts({ rng, now });
  log(`Datos demo para ${today}: ${products.length} productos planeados`);

  // ── images: plan every upload, render each distinct picture once, upload 8 at a time ─────
  const renders = new RenderCache();
  const uploads: Upload[] = [];
  const mainUrlIndex: (number | null)[] = [];
  const extraUrlIndex: number[][] = [];
  const stamp = Date.now();
  products.forEach((p, i) => {
    const imageOf = (view: ProductView) =>
      renders.get(`p|${p.silhouette}|${p.colour.hex}|${view}`, () => renderProductImage(p.silhouette, p.colour.hex, view));
    // The main image is named by time and a random token; extra images go under the product id.
    const main = p.views[0];
    if (main === undefined) {
      mainUrlIndex.push(null);
    } else {
      mainUrlIndex.push(uploads.length);
      uploads.push({ bucket: PRODUCT_BUCKET, path: `main/${stamp + i}-${rng.token(8)}.webp`, render: imageOf(main) });
    }
    extraUrlIndex.push(
      p.views.slice(1).map((view, n) => {
        uploads.push({ bucket: PRODUCT_BUCKET, path: `${p.id}/${n + 1}.webp`, render: imageOf(view) });
        return uploads.length - 1;
      }),
    );
  });
  const campaignImageIndex = new Map<string, number>();
  for (const c of CAMPAIGNS) {
    campaignImageIndex.set(c.key, uploads.length);
    const items = campaignArt(c.key, products);
    uploads.push({
      bucket: PRODUCT_BUCKET,
      path: `campaigns/${c.key}-${today}.webp`,
      render: () => renderBanner(CAMPAIGN_IMAGE.width, CAMPAIGN_IMAGE.height, c.theme, items),
    });
  }
  const heroImageIndex = HEROES.map((h) => {
    uploads.push({
      bucket: HERO_BUCKET,
      path: `${Date.now()}-${rng.token(8)}.webp`,
      render: () => renderBanner(HERO_IMAGE.width, HERO_IMAGE.height, h.theme, art(h.silhouettes, h.colors)),
    });
    return uploads.length - 1;
  });
  const logoImageIndex = BRANDS.map((b) => {
    uploads.push({ bucket: PRODUCT_BUCKET, path: `banners/${slug(b.name)}.webp`, render: () => renderLogo(b) });
    return uploads.length - 1;
  });
  const featuredImageIndex = FEATURED_CATEGORIES.map((f) => {
    uploads.push({
      bucket: PRODUCT_BUCKET,
      path: `featured-categories/${slug(f.nombre)}.webp`,
      render: () => renderFeaturedCategory(f.theme, art(f.silhouettes, f.colors)),
    });
    return uploads.length - 1;
  });

  const uploading = pool(uploads, UPLOAD_CONCURRENCY, async (u) => uploadWebp(db, u.bucket, u.path, await u.render()));
  uploading.catch(() => undefined); // awaited below; avoid an unhandled rejection meanwhile

  // ── catalogue rows that do not need images, while the images upload ──────────────────────
  const [brandIds, categoryIds] = await Promise.all([ensureBrands(db), ensureCategories(db)]);
  await ensureSizeGuides(db, brandIds, categoryIds);
  const permalinks = await allocatePermalinks(db, products);
  log(`Marcas y categorías listas (${elapsed()})`);

  const urls = await uploading;
  log(`${uploads.length} imágenes subidas (${renders.size} dibujos distintos) (${elapsed()})`);
  const url = (i: number | undefined) => {
    const u = i === undefined ? undefined : urls[i];
    if (!u) throw new Error('Seed: falta la URL de una imagen subida');
    return u;
  };

  const campaignIds = await createCampaigns(db, today, new Map(CAMPAIGNS.map((c) => [c.key, url(campaignImageIndex.get(c.key))])));

  // ── products and their side tables ───────────────────────────────────────────────────────
  const productRows = products.map((p, i) => ({
    id: p.id,
    campaign_id: campaignIds.get(p.campaignKey),
    category_id: categoryIds.category.get(p.categoryKey),
    subcategory_id: p.subcategory ? categoryIds.subcategory.get(`${p.categoryKey}/${p.subcategory}`) : null,
    brand_id: brandIds.get(p.brand.name),
    marca: p.brand.displayName,
    nombre: p.nombre,
    precio_original: p.precioOriginal,
    precio_venta: p.precioVenta,
    descripcion: p.descripcion,
    imagen_principal: mainUrlIndex[i] === null ? null : url(mainUrlIndex[i]),
    permalink: permalinks[i],
    destacado: p.destacado,
    created_at: p.createdAt,
    updated_at: p.createdAt,
  }));
  for (const r of productRows) {
    if (!r.campaign_id || !r.category_id || !r.brand_id || r.subcategory_id === undefined)
      throw new Error(`Seed: referencias incompletas para ${r.nombre}`);
  }
  await insertAll(db, 'products', productRows, 500);

  const privateRows = products.map((p) => ({ product_id: p.id, costo_compra: p.costoCompra, link_externo: p.linkExterno }));
  const imageRows = products.flatMap((p, i) =>
    (extraUrlIndex[i] ?? []).map((u, n) => ({ product_id: p.id, image_url: url(u), orden: n + 1 })),
  );
  // an outlet's stock: two products in three have one piece of each size; the third has one to three
  // pieces of each (so 'Última pieza' shows on some sizes and not on others)
  const sizeRows = products.flatMap((p, i) =>
    p.sizes.map((talla, j) => ({ product_id: p.id, talla, existencias: i % 3 === 2 ? 1 + ((i + 2 * j) % 3) : 1 })),
  );

  const heroRows = HEROES.map((h, i) => ({
    title: h.title,
    subtitle: h.subtitle,
    button_text: h.buttonText,
    button_link: h.campaign ? `/tienda?campaign=${campaignIds.get(h.campaign)}` : '/tienda',
    image_url: url(heroImageIndex[i]),
    orden: i + 1,
    active: true,
  }));
  const bannerRows = BRANDS.map((b, i) => ({
    name: b.displayName,
    image_url: url(logoImageIndex[i]),
    alt_text: `Logo de ${b.displayName}`,
    link_url: b.name === EXTERNAL_BANNER_LINK.brand ? EXTERNAL_BANNER_LINK.url : `/tienda?brand=${brandIds.get(b.name)}`,
    orden: i + 1,
    active: true,
  }));
  const featuredRows = FEATURED_CATEGORIES.map((f, i) => ({
    nombre: f.nombre,
    image_url: url(featuredImageIndex[i]),
    category_id: categoryIds.category.get(f.category) ?? null,
    orden: i + 1,
    active: true,
  }));

  await Promise.all([
    (async () => {
      // upsert: a trigger elsewhere may already have created the private row.
      for (const part of chunks(privateRows, 1000))
        must(
          await db.from('product_private').upsert(part, { onConflict: 'product_id' }).select('product_id'),
          'guardar costos (product_private)',
        );
    })(),
    insertAll(db, 'product_images', imageRows),
    insertAll(db, 'product_sizes', sizeRows),
    insertAll(db, 'hero_images', heroRows),
    insertAll(db, 'banner_images', bannerRows),
    insertAll(db, 'featured_categories', featuredRows),
  ]);

  const events = await seedEvents({ dbUrl: opts.dbUrl, count: DEMO_EVENTS, days: 30, today });
  log(
    `Demo lista: ${events} eventos de analítica, ${products.length} productos, ${sizeRows.length} tallas, ${imageRows.length} imágenes de galería, ${CAMPAIGNS.length} campañas (${elapsed()})`,
  );
  return { products: products.length, images: uploads.length, events };
}
