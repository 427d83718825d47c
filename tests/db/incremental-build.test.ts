/**
 * An incremental build publishes exactly what a full build from scratch would, after every kind of
 * change: each step below changes the fixture's catalogue (tests/db/fixture.ts: P1 and P2 in the
 * active campaign, P3 and P4 in the one that ends today, each listing others as related products),
 * builds with the cache of the previous step and without any cache, and compares every file. The
 * number of product pages linked from the last build rather than rendered shows that only the pages
 * printing the change were rendered. The incremental builds render the product pages in two builds side
 * by side, as a large catalogue does (P2 in one, P1, P3 and P4 in the other), the full ones in one.
 * The incremental builds read the catalogue as the rebuild worker does, kept between builds and read
 * again only where the database recorded a change (scripts/lib/kept-catalogue.ts); the full ones read
 * all of it.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildStats, buildShop } from '../../scripts/lib/build.ts';
import { keptCatalogue } from '../../scripts/lib/kept-catalogue.ts';
import type { PageDonor } from '../../scripts/lib/page-cache.ts';
import { changedFiles, digest } from '../../scripts/lib/site-files.ts';
import { createShopClient } from '../../src/data/supabase.ts';
import { ROOT } from '../../scripts/stack/index.ts';
import { B_ADIDAS, C_ACTIVE, C_TODAY, CAT_CALZADO, CAT_ROPA, loadFixture, P2, P3, P4, SUB_PLAYERAS } from './fixture.ts';
import { mexicoDate, sql, stack } from './helpers.ts';

const SITE = 'http://127.0.0.1:4321';
const PAGE = {
  p1: 'producto/nike-playera-basica/index.html',
  p2: 'producto/adidas-pantalon-cargo/index.html',
  p3: 'producto/nike-tenis-runner/index.html',
  p4: 'producto/levis-chamarra-piel/index.html',
};

interface Site {
  dir: string;
  stats: BuildStats;
  files: Map<string, string>;
}

describe('incremental builds', () => {
  let work: string;
  let cacheDir: string;
  let count = 0;
  const catalogue = keptCatalogue(createShopClient(stack.url, stack.anonKey), stack.dbUrl);

  async function build(incremental: boolean, donor?: PageDonor): Promise<Site> {
    const dir = join(work, `site-${count++}`);
    const stats = await buildShop({
      supabaseUrl: stack.url,
      anonKey: stack.anonKey,
      siteUrl: SITE,
      root: ROOT,
      outDir: dir,
      quiet: true,
      ...(incremental ? { cacheDir, shards: 2, readCatalogue: catalogue.read, donor: donor ?? null } : { shards: 1 }),
    });
    return { dir, stats, files: (await digest(dir)).files };
  }

  /** The incremental build after a change, checked file by file against a full build of the same data. */
  async function incrementalEqualsFull(): Promise<Site> {
    const incremental = await build(true);
    const full = await build(false);
    expect(full.stats.reused).toBe(0);
    expect(changedFiles(incremental.files, full.files)).toEqual([]);
    return incremental;
  }

  const page = (site: Site, path: string) => readFile(join(site.dir, path), 'utf8');

  let priceSite: Site;

  // the shop settings' one row outlives resetData: the number this file changes is put back after it
  let sellerPhone: string;

  beforeAll(async () => {
    await loadFixture();
    sellerPhone = (await sql.query<{ seller_phone: string }>('select seller_phone from public.shop_settings')).rows[0]!.seller_phone;
    work = await mkdtemp(join(tmpdir(), 'outlet-incremental-'));
    cacheDir = join(work, 'cache');
  });
  afterAll(async () => {
    await sql.query('update public.shop_settings set seller_phone = $1', [sellerPhone]);
    await rm(work, { recursive: true, force: true });
  });

  it('the first build with a cache renders every page', async () => {
    const first = await build(true);
    expect(first.stats.reused).toBe(0);
    expect(first.stats.rendered).toBeGreaterThan(4);
    for (const path of Object.values(PAGE)) expect(first.files.has(path)).toBe(true);
  }, 60_000);

  it('a price and a description render only the pages that print them', async () => {
    await sql.query(`update public.products set precio_venta = 1400 where id = $1`, [P2]);
    await sql.query(`update public.products set descripcion = '<p>Suela de goma reciclada</p>' where id = $1`, [P3]);
    const site = await incrementalEqualsFull();
    // P2's page and P1's (which lists P2) print the price; P3's its description; P4's is copied
    expect(site.stats.reused).toBe(1);
    expect(await page(site, PAGE.p2)).toContain('$1,400.00');
    expect(await page(site, PAGE.p1)).toContain('$1,400.00');
    expect(await page(site, PAGE.p3)).toContain('Suela de goma reciclada');
    // the copied page shares its bytes with the cache (a hard link), not a copy of them
    expect((await stat(join(site.dir, PAGE.p4))).nlink).toBeGreaterThan(1);
    priceSite = site;
  }, 60_000);

  it('a gallery image and a size render the product and the page listing it', async () => {
    await sql.query(`insert into public.product_images (product_id, image_url, orden) values ($1, 'https://img.example/p4-b.jpg', 2)`, [
      P4,
    ]);
    await sql.query(`insert into public.product_sizes (product_id, talla) values ($1, 'XL')`, [P4]);
    const site = await incrementalEqualsFull();
    // P3 lists P4 (its card shows the sizes); P1 and P2 are copied
    expect(site.stats.reused).toBe(2);
    expect(await page(site, PAGE.p4)).toContain('https://img.example/p4-b.jpg');
    // the build before, which linked P4's page from the cache, still publishes it as it was
    expect(await page(priceSite, PAGE.p4)).not.toContain('https://img.example/p4-b.jpg');
    expect(await page(priceSite, PAGE.p4)).toContain('Chamarra');
  }, 60_000);

  it("a brand rename renders that brand's pages and those listing them", async () => {
    await sql.query(`update public.brands set display_name = 'adidas Originals' where id = $1`, [B_ADIDAS]);
    const site = await incrementalEqualsFull();
    // P2 is Adidas and P1 lists it; P3 and P4 are copied
    expect(site.stats.reused).toBe(2);
    expect(await page(site, PAGE.p2)).toContain('adidas Originals');
  }, 60_000);

  it('the shop settings and a header category are printed by every page: nothing is copied', async () => {
    await sql.query(`update public.shop_settings set seller_phone = '5215599887766'`);
    await sql.query(`update public.categories set nombre = 'Calzado y tenis' where id = $1`, [CAT_CALZADO]);
    const site = await incrementalEqualsFull();
    expect(site.stats.reused).toBe(0);
    for (const path of Object.values(PAGE)) {
      const html = await page(site, path);
      expect(html).toContain('5215599887766');
      expect(html).toContain('Calzado y tenis');
    }
  }, 60_000);

  it('a new product gets its page and renders the pages that now list it', async () => {
    await sql.query(
      `insert into public.products (campaign_id, category_id, subcategory_id, marca, nombre, precio_original, precio_venta, permalink)
       values ($1, $2, $3, 'Nike', 'Playera nueva', 700, 450, 'nike-playera-nueva')`,
      [C_ACTIVE, CAT_ROPA, SUB_PLAYERAS],
    );
    const site = await incrementalEqualsFull();
    // P1 (same subcategory) and P2 (same category, newest first) list it; P3 and P4 are copied
    expect(site.stats.reused).toBe(2);
    expect(site.files.has('producto/nike-playera-nueva/index.html')).toBe(true);
  }, 60_000);

  it('a campaign that ended leaves the pages at the next build though no row change was recorded', async () => {
    // what midnight does to the campaign ending today, written without firing the rebuild triggers
    const db = await sql.connect();
    try {
      await db.query('begin');
      await db.query(`set local session_replication_role = replica`);
      await db.query(`update public.campaigns set fecha_fin = $1 where id = $2`, [mexicoDate(-1), C_TODAY]);
      // the shop's remembered answers are keyed by the day: at midnight the new day leaves them all
      // behind. Here the day stays, so they are dropped as the new day would drop them; otherwise a
      // build within their minute would read the catalogue of before the change.
      await db.query('delete from private.shop_answers');
      await db.query('commit');
    } finally {
      db.release();
    }
    const { rows } = await sql.query(`select count(*)::int as n from public.rebuild_requests where status = 'pending'`);
    const pendingBefore = rows[0]?.n;
    const site = await incrementalEqualsFull();
    expect(site.files.has(PAGE.p3)).toBe(false);
    expect(site.files.has(PAGE.p4)).toBe(false);
    // P3 was the only live product of 'Calzado y tenis', which leaves every page's header
    expect(site.stats.reused).toBe(0);
    expect(await page(site, PAGE.p1)).not.toContain('Calzado y tenis');
    expect((await sql.query(`select count(*)::int as n from public.rebuild_requests where status = 'pending'`)).rows[0]?.n).toBe(
      pendingBefore,
    );
  }, 60_000);

  it('a damaged cache makes the build start over as a full one, with the same result', async () => {
    // an unchanged page missing from the cache cannot be linked into the build
    await rm(join(cacheDir, 'pages', 'nike-playera-basica'), { recursive: true, force: true });
    const site = await incrementalEqualsFull();
    expect(site.stats.reused).toBe(0);
    // and the cache holds every page again: the next build without a change renders no product page
    const again = await incrementalEqualsFull();
    const productPages = [...again.files.keys()].filter((path) => path.startsWith('producto/')).length;
    expect(productPages).toBeGreaterThan(1);
    expect(again.stats.reused).toBe(productPages);
  }, 120_000);

  it('a build that takes the product pages of an earlier build no longer served publishes what a full build would', async () => {
    // the build before the live one, as the rebuild worker keeps it
    const donor = await build(true);
    // between it and the live build: a price (the donor's page of P2 is not the live one), a new
    // product (not in the donor) and a product gone (in the donor only)
    await sql.query(`update public.products set precio_venta = 1300 where id = $1`, [P2]);
    await sql.query(
      `insert into public.products (campaign_id, category_id, subcategory_id, marca, nombre, precio_original, precio_venta, permalink)
       values ($1, $2, $3, 'Nike', 'Playera otra', 700, 480, 'nike-playera-otra')`,
      [C_ACTIVE, CAT_ROPA, SUB_PLAYERAS],
    );
    await sql.query(`delete from public.products where permalink = 'nike-playera-nueva'`);
    await build(true);
    // and after the live build, a description
    await sql.query(`update public.products set descripcion = '<p>Algodón orgánico</p>' where id = $1`, [P2]);
    const site = await build(true, { dir: donor.dir, keys: donor.stats.keys });
    const full = await build(false);
    expect(changedFiles(site.files, full.files)).toEqual([]);
    expect(site.files.has('producto/nike-playera-nueva/index.html')).toBe(false);
    expect(site.files.has('producto/nike-playera-otra/index.html')).toBe(true);
    expect(await page(site, PAGE.p2)).toContain('Algodón orgánico');
    // the donor's product pages were moved into the build, not linked one by one
    expect(existsSync(join(donor.dir, 'producto'))).toBe(false);
  }, 120_000);
});
