/**
 * What a publication writes of an announced campaign ('Próximamente'), built with the anon key as
 * every build is: before its start the home and /proximamente show its name, teaser and start, and
 * no file of the site (pages, /inicio.json, the sitemap, the catalogue feeds, the search index)
 * names, prices or pictures any of its products, nor lists it among the live campaigns; once it
 * opened, the next publication gives its products their pages, feed items and search records, and
 * takes it out of 'Próximamente'.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildShop } from '../../scripts/lib/build.ts';
import { writeFeeds } from '../../scripts/lib/catalogue-feeds.ts';
import { writeSearchIndex } from '../../scripts/lib/search-index.ts';
import { ROOT } from '../../scripts/stack/index.ts';
import { CAT_ROPA, loadFixture, SUB_PLAYERAS } from './fixture.ts';
import { mexicoDate, sql, stack } from './helpers.ts';

const SITE = 'http://127.0.0.1:4321';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const C_SOON = id(9111);
const B_SOON = id(9211);
const P_SOON = id(9511);
const P_SOON_2 = id(9512);
const TEASER = 'https://img.example/teaser-navidad.jpg';
/** What must not appear anywhere before the start: names, permalinks, prices, photo and brand of its products. */
const SECRETS = [
  'Abrigo navideño',
  'Gorro navideño',
  'marca-proxima-abrigo-navideno',
  'marca-proxima-gorro-navideno',
  'Marca Próxima',
  'https://img.example/abrigo-navideno.jpg',
  '1,999.00',
  '1999.00',
  P_SOON,
  P_SOON_2,
];

/** Every text file of a built site (the back office's and the scripts' bundles aside), and the search index's records. */
async function siteText(site: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const entry of await readdir(site, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const rel = path.slice(site.length + 1);
    if (rel.startsWith('admin/') || rel.startsWith('_astro/')) continue;
    if (rel.startsWith('pagefind/fragment/')) {
      files.set(
        rel,
        gunzipSync(await readFile(path))
          .subarray('pagefind_dcd'.length)
          .toString('utf8'),
      );
    } else if (/\.(html|xml|csv|json|txt)$/.test(rel) || rel.startsWith('_')) {
      files.set(rel, await readFile(path, 'utf8'));
    }
  }
  return files;
}

/** The files that contain any of the secrets, with the secret found. */
function leaks(files: Map<string, string>): string[] {
  return [...files].flatMap(([rel, text]) => SECRETS.filter((s) => text.includes(s)).map((s) => `${rel}: ${s}`));
}

describe('a publication before and after an announced campaign opens', () => {
  let work: string;

  async function publish(name: string): Promise<{ dir: string; files: Map<string, string> }> {
    const dir = join(work, name);
    await buildShop({ supabaseUrl: stack.url, anonKey: stack.anonKey, siteUrl: SITE, root: ROOT, outDir: dir, quiet: true, shards: 1 });
    await writeFeeds(dir, { supabaseUrl: stack.url, anonKey: stack.anonKey }, SITE);
    await writeSearchIndex(dir, { supabaseUrl: stack.url, anonKey: stack.anonKey });
    return { dir, files: await siteText(dir) };
  }

  beforeAll(async () => {
    await loadFixture();
    work = await mkdtemp(join(tmpdir(), 'outlet-announcements-'));
    // announced since yesterday, opens tomorrow at 10:00 in Mexico City
    await sql.query(
      `insert into public.campaigns (id, nombre, fecha_inicio, hora_inicio, fecha_fin, anuncio_desde, teaser_url)
       values ($1, 'Navidad anticipada', $2, '10:00', $3, $4, $5)`,
      [C_SOON, mexicoDate(1), mexicoDate(20), mexicoDate(-1), TEASER],
    );
    await sql.query(`insert into public.brands (id, name, display_name) values ($1, 'marca próxima', 'Marca Próxima')`, [B_SOON]);
    await sql.query(
      `insert into public.products (id, campaign_id, category_id, subcategory_id, brand_id, marca, nombre, precio_original,
                                    precio_venta, permalink, destacado, imagen_principal)
       values ($1, $3, $4, $5, $6, 'Marca Próxima', 'Abrigo navideño', 3000, 1999, 'marca-proxima-abrigo-navideno', true,
               'https://img.example/abrigo-navideno.jpg'),
              ($2, $3, $4, $5, $6, 'Marca Próxima', 'Gorro navideño', 800, 450, 'marca-proxima-gorro-navideno', false, null)`,
      [P_SOON, P_SOON_2, C_SOON, CAT_ROPA, SUB_PLAYERAS, B_SOON],
    );
    await sql.query(`insert into public.product_sizes (product_id, talla) values ($1, 'M'), ($2, 'M')`, [P_SOON, P_SOON_2]);
  });

  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
    await loadFixture();
  });

  it('before the start: the announcement on the home and /proximamente, nothing of its products anywhere', async () => {
    const { files } = await publish('before');
    expect(leaks(files)).toEqual([]);
    expect(files.has('producto/marca-proxima-abrigo-navideno/index.html')).toBe(false);
    const home = files.get('index.html')!;
    const soon = files.get('proximamente/index.html')!;
    for (const page of [home, soon]) {
      expect(page).toContain('Navidad anticipada');
      expect(page).toContain(TEASER);
      expect(page).toMatch(/Empieza el [a-záéíóúñ]+ \d{1,2} de [a-z]+( de \d{4})? a las 10:00/);
    }
    expect(home).toContain('Próximamente');
    // not a live campaign: not in the home's campaigns dialog, the search places or the shop's links
    expect(files.get('inicio.json')).not.toContain(C_SOON);
    expect(files.get('tienda/index.html')).not.toContain('Navidad anticipada');
    expect([...files].filter(([rel, text]) => rel.startsWith('pagefind/') && text.includes('Navidad anticipada'))).toEqual([]);
    expect(files.get('sitemap.xml')).toContain(`${SITE}/proximamente`);
  }, 120_000);

  it('after it opened: its products are published and Próximamente lets it go', async () => {
    await sql.query(`update public.campaigns set fecha_inicio = $2, hora_inicio = '00:00' where id = $1`, [C_SOON, mexicoDate(0)]);
    const { files } = await publish('after');
    expect(files.has('producto/marca-proxima-abrigo-navideno/index.html')).toBe(true);
    expect(files.get('producto/marca-proxima-abrigo-navideno/index.html')).toContain('Abrigo navideño');
    expect(files.get('sitemap.xml')).toContain('/producto/marca-proxima-abrigo-navideno');
    expect(files.get('feeds/google.xml')).toContain('Abrigo navideño');
    // on sale from its start (a product without a photo stays out of the feeds, as every one does)
    expect(files.get('feeds/meta.csv')).toContain('Abrigo navideño');
    expect(files.get('feeds/google.xml')).toContain(`${mexicoDate(0)}T00:00-0600/${mexicoDate(20)}T23:59-0600`);
    expect([...files].some(([rel, text]) => rel.startsWith('pagefind/fragment/') && text.includes('Abrigo navideño'))).toBe(true);
    expect(files.get('inicio.json')).toContain(C_SOON);
    expect(files.get('proximamente/index.html')).not.toContain('Navidad anticipada');
    expect(files.get('proximamente/index.html')).toContain('Por ahora no hay campañas anunciadas');
  }, 120_000);
});
