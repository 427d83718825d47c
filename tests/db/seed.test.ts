/**
 * The demo data keeps its promises (brands, categories, campaigns around today, prices, sizes, images,
 * the same catalogue every day): seeded once into an empty database through supabase-js with the
 * service key, then checked with SQL and as a shopper would fetch it.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../scripts/seed/dates.ts';
import { seedDemo } from '../../scripts/seed/index.ts';
import { DEMO_SEED, planDemoProducts } from '../../scripts/seed/products.ts';
import { createRng } from '../../scripts/seed/random.ts';
import { anonClient, mexicoDate, resetData, sql, stack } from './helpers.ts';

/** The day the demo is dated from, read once. */
const today = mexicoDate(0);
let result: { products: number; images: number; events: number };

interface ProductRow {
  id: string;
  nombre: string;
  marca: string;
  permalink: string;
  precio_original: string;
  precio_venta: string;
  costo_compra: string | null;
  link_externo: string | null;
  descripcion: string | null;
  imagen_principal: string | null;
  destacado: boolean;
  brand_display_name: string | null;
  fecha_inicio: string | null;
  fecha_fin: string;
  sizes: number;
  extra_images: number;
  image_ordens: number[];
  image_urls: string[];
}

let products: ProductRow[] = [];

async function rows<T>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await sql.query(text, params)).rows as T[];
}

beforeAll(async () => {
  await resetData();
  result = await seedDemo({ url: stack.url, serviceRoleKey: stack.serviceRoleKey, dbUrl: stack.dbUrl, today });
  products = await rows<ProductRow>(`
    select p.id, p.nombre, p.marca, p.permalink, p.precio_original::text, p.precio_venta::text,
           pp.costo_compra::text, pp.link_externo, p.descripcion, p.imagen_principal, p.destacado,
           b.display_name as brand_display_name, c.fecha_inicio::text, c.fecha_fin::text,
           (select count(*)::int from product_sizes s where s.product_id = p.id) as sizes,
           (select count(*)::int from product_images i where i.product_id = p.id) as extra_images,
           coalesce((select array_agg(i.orden order by i.orden) from product_images i where i.product_id = p.id), '{}') as image_ordens,
           coalesce((select array_agg(i.image_url order by i.orden) from product_images i where i.product_id = p.id), '{}') as image_urls
    from products p
    join campaigns c on c.id = p.campaign_id
    left join brands b on b.id = p.brand_id
    left join product_private pp on pp.product_id = p.id`);
}, 120_000);

afterAll(async () => {
  await resetData();
});

describe('demo data', () => {
  it('reports what it wrote', () => {
    expect(result.products).toBe(products.length);
    expect(result.products).toBeGreaterThanOrEqual(150);
    expect(result.images).toBeGreaterThanOrEqual(products.length);
  });

  it('has at least 8 brands, lowercase internal names, every one with products', async () => {
    const brands = await rows<{ name: string; display_name: string; n: number }>(
      `select b.name, b.display_name, count(p.id)::int as n from brands b left join products p on p.brand_id = b.id group by b.id`,
    );
    expect(brands.length).toBeGreaterThanOrEqual(8);
    for (const b of brands) {
      expect(b.name).toBe(b.display_name.toLowerCase());
      expect(b.n).toBeGreaterThan(0);
    }
  });

  it('has 6 categories with 2-4 subcategories each, some in the header with orden 1..n', async () => {
    const cats = await rows<{ nombre: string; orden: number; show_in_header: boolean; subs: number; n: number }>(`
      select c.nombre, c.orden, c.show_in_header,
             (select count(*)::int from subcategories s where s.category_id = c.id) as subs,
             (select count(*)::int from products p where p.category_id = c.id) as n
      from categories c order by c.orden`);
    expect(cats).toHaveLength(6);
    expect(cats.map((c) => c.orden)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const c of cats) {
      expect(c.subs).toBeGreaterThanOrEqual(2);
      expect(c.subs).toBeLessThanOrEqual(4);
      expect(c.n).toBeGreaterThan(0);
    }
    const header = cats.filter((c) => c.show_in_header).length;
    expect(header).toBeGreaterThan(0);
    expect(header).toBeLessThan(6);
  });

  it('has 5 campaigns dated relative to Mexico City today', async () => {
    const camps = await rows<{ nombre: string; fecha_inicio: string; fecha_fin: string; n: number }>(`
      select c.nombre, c.fecha_inicio::text, c.fecha_fin::text, (select count(*)::int from products p where p.campaign_id = c.id) as n
      from campaigns c order by c.fecha_fin`);
    expect(camps).toHaveLength(5);
    const ends = camps.map((c) => c.fecha_fin);
    expect(ends).toContain(addDays(today, -1));
    expect(ends).toContain(today);
    expect(ends).toContain(addDays(today, 1));
    expect(ends).toContain(addDays(today, 10));
    const upcoming = camps.find((c) => c.fecha_inicio === addDays(today, 7));
    expect(upcoming).toBeDefined();
    expect(upcoming!.fecha_fin > upcoming!.fecha_inicio).toBe(true);
    for (const c of camps) {
      expect(c.nombre).not.toBe('');
      expect(c.fecha_inicio <= c.fecha_fin).toBe(true);
      expect(c.n).toBeGreaterThan(0);
    }
  });

  it('gives products brand, prices, cost and permalinks as the spec says', async () => {
    // the seed makes slugs in TypeScript (scripts/seed/slug.ts); the rule is SQL's permalink_base
    const { rows: bases } = await sql.query<{ base: string }>(
      'select private.permalink_base(b, n) as base from unnest($1::text[], $2::text[]) with ordinality as t(b, n, i) order by i',
      [products.map((p) => p.marca), products.map((p) => p.nombre)],
    );
    let noDiscount = 0;
    for (const [i, p] of products.entries()) {
      expect(p.marca).toBe(p.brand_display_name);
      const base = bases[i]!.base;
      expect(p.permalink === base || new RegExp(`^${base}-\\d+$`).test(p.permalink)).toBe(true);
      const original = Number(p.precio_original);
      const venta = Number(p.precio_venta);
      expect(original).toBeGreaterThanOrEqual(799);
      expect(original).toBeLessThanOrEqual(8999);
      if (venta === original) noDiscount++;
      else {
        const off = Math.round(((original - venta) / original) * 100);
        expect(off).toBeGreaterThanOrEqual(30);
        expect(off).toBeLessThanOrEqual(70);
      }
      expect(p.costo_compra).not.toBeNull();
      expect(Number(p.costo_compra)).toBeGreaterThan(0);
      expect(Number(p.costo_compra)).toBeLessThan(venta);
    }
    expect(noDiscount).toBeGreaterThan(0);
    expect(products.filter((p) => p.link_externo?.startsWith('https://')).length).toBeGreaterThan(products.length / 2);
  });

  it('mixes HTML, plain and missing descriptions', () => {
    expect(products.filter((p) => p.descripcion?.startsWith('<p>') && p.descripcion.includes('<li>')).length).toBeGreaterThan(5);
    expect(products.filter((p) => p.descripcion && !p.descripcion.includes('<')).length).toBeGreaterThan(5);
    expect(products.filter((p) => p.descripcion === null).length).toBeGreaterThan(0);
  });

  it('has 0-8 sizes per product, several with none', () => {
    for (const p of products) expect(p.sizes).toBeLessThanOrEqual(8);
    expect(products.filter((p) => p.sizes === 0).length).toBeGreaterThanOrEqual(5);
    expect(products.filter((p) => p.sizes >= 4).length).toBeGreaterThan(20);
  });

  it('has 1-4 images per product: the main one plus gallery rows orden 1..n under the product id', () => {
    for (const p of products.filter((x) => x.imagen_principal !== null)) {
      expect(p.imagen_principal).toMatch(/\/storage\/v1\/object\/public\/product-images\/main\/\d+-[a-z0-9]+\.webp$/);
      expect(p.extra_images).toBeLessThanOrEqual(3);
      expect(p.image_ordens).toEqual(Array.from({ length: p.extra_images }, (_, i) => i + 1));
      for (const [i, u] of p.image_urls.entries()) expect(u.endsWith(`/product-images/${p.id}/${i + 1}.webp`)).toBe(true);
    }
    expect(new Set(products.map((p) => p.extra_images)).size).toBeGreaterThanOrEqual(3);
  });

  it('has one product of a running campaign imported before its photos arrived: no main image, no gallery', () => {
    const without = products.filter((p) => p.imagen_principal === null);
    expect(without).toHaveLength(1);
    const [p] = without;
    expect(p!.extra_images).toBe(0);
    expect(p!.destacado).toBe(false);
    expect((p!.fecha_inicio ?? today) <= today && p!.fecha_fin >= today).toBe(true);
  });

  it('features several products of running campaigns', () => {
    const running = products.filter((p) => p.destacado && (p.fecha_inicio ?? today) <= today && p.fecha_fin >= today);
    expect(running.length).toBeGreaterThanOrEqual(5);
  });

  it('has hero slides, brand banners and 4 featured categories', async () => {
    const heroes = await rows<{ title: string; button_text: string; button_link: string; image_url: string; orden: number }>(
      'select * from hero_images order by orden',
    );
    expect(heroes.length).toBeGreaterThanOrEqual(3);
    expect(heroes.length).toBeLessThanOrEqual(4);
    for (const h of heroes) {
      expect(h.title).not.toBe('');
      expect(h.button_link.startsWith('/tienda')).toBe(true);
      expect(h.image_url).toContain('/hero-images/');
    }
    const banners = await rows<{ link_url: string | null; image_url: string }>('select * from banner_images order by orden');
    expect(banners.length).toBeGreaterThanOrEqual(8);
    expect(banners.filter((b) => b.link_url?.startsWith('https://'))).toHaveLength(1);
    expect(banners.filter((b) => b.link_url?.startsWith('/tienda?brand=')).length).toBe(banners.length - 1);
    const featured = await rows<{ orden: number; category_id: string | null; image_url: string }>(
      'select * from featured_categories order by orden',
    );
    expect(featured.map((f) => f.orden)).toEqual([1, 2, 3, 4]);
    for (const f of featured) expect(f.category_id).not.toBeNull();
  });

  it('serves every kind of image publicly, as WebP of the right size', async () => {
    const [hero] = await rows<{ image_url: string }>('select image_url from hero_images order by orden limit 1');
    const [banner] = await rows<{ image_url: string }>('select image_url from banner_images order by orden limit 1');
    const [tile] = await rows<{ image_url: string }>('select image_url from featured_categories order by orden limit 1');
    const withGallery = products.find((p) => p.extra_images > 0)!;
    const checks: [string, number, number][] = [
      [hero!.image_url, 1600, 700],
      [banner!.image_url, 400, 200],
      [tile!.image_url, 800, 1000],
      [withGallery.imagen_principal!, 800, 1000],
      [withGallery.image_urls[0]!, 800, 1000],
      ...products
        .filter((p) => p.imagen_principal !== null)
        .slice(0, 5)
        .map((p): [string, number, number] => [p.imagen_principal!, 800, 1000]),
    ];
    for (const [url, width, height] of checks) {
      const res = await fetch(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toContain('image/webp');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, height]);
    }
  });

  it('shows shoppers the products of non-expired campaigns only, without cost', async () => {
    const anon = anonClient();
    const { data, error, count } = await anon.from('products').select('id', { count: 'exact' }).limit(1);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(count).toBe(products.filter((p) => p.fecha_fin >= today).length);
    const priv = await anon.from('product_private').select('costo_compra');
    expect(priv.data ?? []).toHaveLength(0);
  });

  it('records shop searches, filters and clicks over the last 30 days', async () => {
    expect(result.events).toBe(6000);
    for (const table of ['search_analytics', 'filter_analytics', 'product_click_analytics']) {
      const [r] = await rows<{ n: number; days: number; first: string; last: string }>(`
        select count(*)::int as n, count(distinct (created_at at time zone 'America/Mexico_City')::date)::int as days,
               min((created_at at time zone 'America/Mexico_City')::date)::text as first,
               max((created_at at time zone 'America/Mexico_City')::date)::text as last
        from ${table}`);
      expect(r!.n, table).toBeGreaterThan(1000);
      expect(r!.days, table).toBeGreaterThanOrEqual(28);
      expect(r!.first >= addDays(today, -29) && r!.last <= today, table).toBe(true);
    }
  });

  it('draws the same catalogue on every day: only the campaign dates follow today', () => {
    const plan = planDemoProducts({ rng: createRng(DEMO_SEED), now: new Date(0) });
    const drawn = (list: { nombre: string; precio: number; costo: number; sizes: number; extra: number }[]) =>
      list.map((p) => `${p.nombre}|${p.precio}|${p.costo}|${p.sizes}|${p.extra}`).sort();
    expect(
      drawn(
        products.map((p) => ({
          nombre: p.nombre,
          precio: Number(p.precio_venta),
          costo: Number(p.costo_compra),
          sizes: p.sizes,
          extra: p.extra_images,
        })),
      ),
    ).toEqual(
      drawn(
        plan.map((p) => ({
          nombre: p.nombre,
          precio: p.precioVenta,
          costo: p.costoCompra,
          sizes: p.sizes.length,
          extra: Math.max(0, p.views.length - 1),
        })),
      ),
    );
  });
});
