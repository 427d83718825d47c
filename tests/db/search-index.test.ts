/**
 * The header search's index (scripts/lib/search-index.ts) and its live reads (src/data/search.ts),
 * on the fixture's catalogue (tests/db/fixture.ts): the index holds the pages that mark content as
 * searchable and one record per brand, category and campaign a shopper can browse; the products it
 * finds are read live, and one that ended or sold out is not returned.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carrySearchIndex, writeSearchIndex } from '../../scripts/lib/search-index.ts';
import { getLiveProducts, getSearchPlaces } from '../../src/data/search.ts';
import { createShopClient } from '../../src/data/supabase.ts';
import { B_ADIDAS, B_NIKE, C_ACTIVE, C_TODAY, CAT_CALZADO, CAT_ROPA, loadFixture, P1, P2, P3, P5 } from './fixture.ts';
import { mexicoDate, sql, stack } from './helpers.ts';

const shop = () => createShopClient(stack.url, stack.anonKey);

interface Fragment {
  url: string;
  content: string;
  meta: Record<string, string>;
  filters: Record<string, string[]>;
}

/** Every record of a written index, read back from its fragment files (gzip, a signature, JSON). */
async function records(site: string): Promise<Fragment[]> {
  const folder = join(site, 'pagefind/fragment');
  const found: Fragment[] = [];
  for (const name of await readdir(folder)) {
    const json = JSON.parse(
      gunzipSync(await readFile(join(folder, name)))
        .subarray('pagefind_dcd'.length)
        .toString('utf8'),
    ) as Fragment | Record<string, Fragment>;
    found.push(...('url' in json ? [json as Fragment] : Object.values(json)));
  }
  return found.sort((a, b) => a.url.localeCompare(b.url));
}

/** A page as the shop writes one: a searchable part (or none), inside the layout's header and footer. */
const page = (body: string) =>
  `<!doctype html><html lang="es-MX"><head><title>x</title></head><body><header>Buscar Favoritos</header>${body}<footer>Contacto</footer></body></html>`;

describe('search index', () => {
  let work: string;

  beforeAll(async () => {
    await loadFixture();
    work = await mkdtemp(join(tmpdir(), 'search-index-'));
  });

  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it('lists the brands and categories on sale and the live campaigns with products, nothing hidden, empty or ended', async () => {
    const places = await getSearchPlaces(shop());
    expect(places.filter((p) => p.kind === 'marca').map((p) => [p.id, p.nombre])).toEqual(
      expect.arrayContaining([
        [B_NIKE, 'Nike'],
        [B_ADIDAS, 'Adidas'],
      ]),
    );
    expect(places.filter((p) => p.kind === 'marca')).toHaveLength(2); // not Puma (hidden) nor Reebok (no products)
    expect(places.filter((p) => p.kind === 'categoria').map((p) => p.id)).toEqual(expect.arrayContaining([CAT_ROPA, CAT_CALZADO]));
    expect(places.filter((p) => p.kind === 'categoria')).toHaveLength(2);
    expect(places.filter((p) => p.kind === 'campana').map((p) => [p.id, p.fecha_fin])).toEqual([
      [C_TODAY, mexicoDate(0)],
      [C_ACTIVE, mexicoDate(10)],
    ]);
  });

  it('reads the found products live, in the order asked: never one that ended, sold out or does not exist', async () => {
    const unknown = '00000000-0000-4000-8000-000000000999';
    const live = await getLiveProducts(shop(), [P3, P5, unknown, P1]);
    expect(live.map((p) => p.id)).toEqual([P3, P1]);
    expect(live[1]).toMatchObject({ nombre: 'Playera básica', precio_venta: 500, marca: 'Nike', permalink: 'nike-playera-basica' });

    await sql.query('update public.products set precio_venta = 450 where id = $1', [P1]);
    await sql.query('update public.products set agotado = true where id = $1', [P3]);
    try {
      const now = await getLiveProducts(shop(), [P3, P1, P2]);
      expect(now.map((p) => [p.id, p.precio_venta])).toEqual([
        [P1, 450],
        [P2, 1500],
      ]);
    } finally {
      await sql.query('update public.products set precio_venta = 500 where id = $1', [P1]);
      await sql.query('update public.products set agotado = false where id = $1', [P3]);
    }
    expect(await getLiveProducts(shop(), [])).toEqual([]);
  });

  it('indexes the searchable pages and every brand, category and campaign, and publishes only what the header loads', async () => {
    const site = join(work, 'site');
    await mkdir(join(site, 'producto/nike-playera-basica'), { recursive: true });
    await mkdir(join(site, 'terminos'), { recursive: true });
    await mkdir(join(site, 'tienda'), { recursive: true });
    await writeFile(
      join(site, 'producto/nike-playera-basica/index.html'),
      page(
        `<main><div data-pagefind-body data-pagefind-meta="id:${P1}" data-pagefind-filter="tipo:producto"><h1>Playera básica</h1><p>Nike</p><p data-pagefind-ignore>Producto Original</p></div></main>`,
      ),
    );
    await writeFile(
      join(site, 'terminos/index.html'),
      page(
        '<main data-pagefind-body data-pagefind-filter="tipo:pagina"><h1>Términos y condiciones</h1><h2>Devoluciones y garantía</h2></main>',
      ),
    );
    await writeFile(join(site, 'tienda/index.html'), page('<main><h1>Tienda</h1></main>'));

    const stats = await writeSearchIndex(site, { supabaseUrl: stack.url, anonKey: stack.anonKey });
    expect(stats).toMatchObject({ pages: 2, records: 6, warnings: [] });

    const all = await records(site);
    expect(all.map((r) => [r.url, r.filters['tipo']?.[0], r.meta['title']])).toEqual([
      ['/producto/nike-playera-basica/', 'producto', 'Playera básica'],
      ['/terminos/', 'pagina', 'Términos y condiciones'],
      [`/tienda?brand=${B_NIKE}`, 'marca', 'Nike'],
      [`/tienda?brand=${B_ADIDAS}`, 'marca', 'Adidas'],
      [`/tienda?campaign=${C_ACTIVE}`, 'campana', 'Temporada activa'],
      [`/tienda?campaign=${C_TODAY}`, 'campana', 'Termina hoy'],
      [`/tienda?category=${CAT_ROPA}`, 'categoria', 'Ropa'],
      [`/tienda?category=${CAT_CALZADO}`, 'categoria', 'Calzado'],
    ]);
    const product = all[0]!;
    expect(product.meta['id']).toBe(P1);
    // only the marked part of the page, without what every product page shares
    expect(product.content).toBe('Playera básica. Nike.');
    expect(all.find((r) => r.meta['title'] === 'Termina hoy')?.meta['fin']).toBe(mexicoDate(0));

    const published = await readdir(join(site, 'pagefind'));
    expect(published).toEqual(expect.arrayContaining(['pagefind.js', 'pagefind-worker.js', 'pagefind-entry.json', 'wasm.es.pagefind']));
    expect(published.filter((name) => /ui|highlight/.test(name))).toEqual([]);
    const entry = JSON.parse(await readFile(join(site, 'pagefind/pagefind-entry.json'), 'utf8'));
    expect(entry.languages.es.page_count).toBe(8);

    // written again after a change: the new index replaces the old one whole, nothing left beside it
    await sql.query(`update public.brands set display_name = 'Nike Sportswear' where id = $1`, [B_NIKE]);
    try {
      await writeSearchIndex(site, { supabaseUrl: stack.url, anonKey: stack.anonKey });
      expect((await records(site)).find((r) => r.url === `/tienda?brand=${B_NIKE}`)?.meta['title']).toBe('Nike Sportswear');
      expect((await readdir(site)).sort()).toEqual(['pagefind', 'producto', 'terminos', 'tienda']);
    } finally {
      await sql.query(`update public.brands set display_name = 'Nike' where id = $1`, [B_NIKE]);
    }
  });

  it('carries an index into a new build by linking its files, and says when there is none', async () => {
    const site = join(work, 'site');
    const next = join(work, 'next');
    expect(await carrySearchIndex(site, next)).toBe(true);
    const original = await stat(join(site, 'pagefind/pagefind-entry.json'));
    const carried = await stat(join(next, 'pagefind/pagefind-entry.json'));
    expect(carried.ino).toBe(original.ino);
    expect((await records(next)).length).toBe(8);
    expect(await carrySearchIndex(join(work, 'nothing-here'), join(work, 'other'))).toBe(false);
  });
});
