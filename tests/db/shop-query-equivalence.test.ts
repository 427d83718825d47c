/**
 * The shop's filters now read their counts from cells kept by triggers (supabase/schemas/05_shop_cells.sql). They
 * must answer exactly as the first design, which recounted everything on each call, with one
 * change: a search now ignores accents as well as case. This test installs that design, with the
 * same search rule written into it, beside them (schema `reference`) and compares the answers, as anon,
 * over every state class `npm run bench` times (scripts/bench/state-classes.ts), the 200 states of
 * its load mix, and the edge cases a shopper or a crafted URL can reach. The catalogue is the fixture plus 400 generated products spread over visible, ending
 * and ended campaigns, hidden brands and categories, missing keys, price-range boundaries and size
 * spellings, edited and partly deleted after insertion so the triggers' bookkeeping is exercised.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogue, readClassCatalogue } from '../../scripts/bench/catalogue.ts';
import { filterStates, type ShopPageArgs } from '../../scripts/bench/filter-states.ts';
import { stateClasses } from '../../scripts/bench/state-classes.ts';
import { referenceShopQuerySql } from '../../scripts/lib/reference-shop-query.ts';
import * as F from './fixture.ts';
import { anonClient, sql } from './helpers.ts';

type Args = Partial<ShopPageArgs> & { p_facets?: string[] | null };

const NAMES = [
  'Pantalón cargo',
  'Cinturón piel',
  'Camisa lino',
  'Chamarra mezclilla',
  'Playera 100% algodón',
  'Tenis_run',
  'Bolsa tote',
  'Vestido largo',
];
const MARCAS = ['Nike', 'Adidas', 'Levis', 'Puma', '', 'Marca Libre'];
const SIZES = ['M', 'm', 'L', 'XL', '28', '32', 'Unitalla', 'unitalla', 'CH'];
// Prices on and around every range boundary, and inside each range.
const PRICES = [0, 999.99, 1000, 1500, 1999.99, 2000, 4999, 5000, 9999.99, 10000, 19999.99, 20000, 85000];

/** Inserts `n` generated products in one statement, every attribute picked by its number. */
async function insertGenerated(from: number, n: number): Promise<void> {
  const campaigns = [F.C_ACTIVE, F.C_TODAY, F.C_ENDED];
  const categories = [F.CAT_ROPA, F.CAT_CALZADO, F.CAT_HIDDEN, null];
  const subcategories = [F.SUB_PLAYERAS, F.SUB_PANTALONES, F.SUB_TENIS, F.SUB_BOTAS_HIDDEN, null];
  const brands = [F.B_NIKE, F.B_ADIDAS, F.B_PUMA_HIDDEN, null, F.B_NIKE];
  await sql.query(
    `insert into public.products (id, campaign_id, category_id, subcategory_id, brand_id, marca, nombre,
        precio_original, precio_venta, permalink, created_at)
     select
       ('00000000-0000-4000-9000-' || lpad(i::text, 12, '0'))::uuid,
       ($1::uuid[])[1 + i % 3], ($2::uuid[])[1 + i % 4], ($3::uuid[])[1 + i % 5], ($4::uuid[])[1 + (i / 3) % 5],
       ($5::text[])[1 + i % 6], ($6::text[])[1 + (i / 2) % 8] || ' ' || i,
       ($7::numeric[])[1 + (i * 7) % 13] + 100, ($7::numeric[])[1 + (i * 7) % 13], 'generado-' || i,
       -- some share a created_at, so the page order falls back to the id
       now() - make_interval(mins => 10 + i / 2)
     from generate_series($8::int, $8::int + $9::int - 1) as i`,
    [campaigns, categories, subcategories, brands, MARCAS, NAMES, PRICES, from, n],
  );
  // 0 to 3 sizes each, with both spellings of some sizes across products
  await sql.query(
    `insert into public.product_sizes (product_id, talla)
     select ('00000000-0000-4000-9000-' || lpad(i::text, 12, '0'))::uuid, ($1::text[])[1 + (i * 5 + k * 3) % 9]
     from generate_series($2::int, $2::int + $3::int - 1) as i, generate_series(0, i % 4 - 1) as k
     on conflict do nothing`,
    [SIZES, from, n],
  );
}

const NO_DRIFT = {
  cells: 0,
  sizeCells: 0,
  catalogue: 0,
  names: 0,
  nameCells: 0,
  nameSizeCells: 0,
  words: 0,
  wordCells: 0,
  wordSizeCells: 0,
};

/** The cells and the narrow copy as they should be, recomputed from products, beside what they hold. */
async function cellsDrift(): Promise<{
  cells: number;
  sizeCells: number;
  catalogue: number;
  names: number;
  nameCells: number;
  nameSizeCells: number;
  words: number;
  wordCells: number;
  wordSizeCells: number;
}> {
  const { rows } = await sql.query<{
    cells: string;
    size_cells: string;
    catalogue: string;
    names: string;
    name_cells: string;
    name_size_cells: string;
    words: string;
    word_cells: string;
    word_size_cells: string;
  }>(`
    with b as (select * from private.price_bounds()),
    want as (
      select p.campaign_id, p.category_id, p.subcategory_id, p.brand_id, b.ids[width_bucket(p.precio_venta, b.lows) + 1] as price_range, count(*) as n
      from public.products p, b where not p.agotado group by 1, 2, 3, 4, 5),
    want_sizes as (
      select p.campaign_id, p.category_id, p.subcategory_id, p.brand_id, b.ids[width_bucket(p.precio_venta, b.lows) + 1] as price_range, t.talla, count(*) as n
      from public.products p, b, unnest(p.sizes) as t(talla) where not p.agotado group by 1, 2, 3, 4, 5, 6),
    want_catalogue as (
      select id, created_at, campaign_id, category_id, subcategory_id, brand_id, precio_venta, sizes, private.search_fold(nombre) as nombre_folded, private.search_fold(marca) as marca_folded,
        b.ids[width_bucket(p.precio_venta, b.lows) + 1] as price_range, lower(sizes::text)::text[] as size_keys,
        public.discount_percentage(precio_original, precio_venta) as descuento, destacado, orden_destacado
      from public.products p, b where not p.agotado),
    want_names as (
      select private.search_fold(nombre) as nombre_folded, private.search_fold(marca) as marca_folded, count(*) as n from public.products where not agotado group by 1, 2),
    want_name_cells as (
      select private.search_fold(p.nombre), private.search_fold(p.marca), p.campaign_id, p.category_id, p.subcategory_id, p.brand_id,
        b.ids[width_bucket(p.precio_venta, b.lows) + 1] as price_range, count(*) as n
      from public.products p, b where not p.agotado group by 1, 2, 3, 4, 5, 6, 7),
    want_name_size_cells as (
      select private.search_fold(p.nombre), private.search_fold(p.marca), p.campaign_id, p.category_id, p.subcategory_id, p.brand_id,
        b.ids[width_bucket(p.precio_venta, b.lows) + 1] as price_range, t.talla, count(*) as n
      from public.products p, b, unnest(p.sizes) as t(talla) where not p.agotado group by 1, 2, 3, 4, 5, 6, 7, 8),
    product_words as (
      select p.*, b.ids[width_bucket(p.precio_venta, b.lows) + 1] as price_range, w.word
      from public.products p, b,
        lateral (select distinct w from regexp_split_to_table(private.search_fold(p.nombre) || ' ' || private.search_fold(p.marca), '\\s+') as w where w <> '') as w(word)
      where not p.agotado),
    want_words as (select word, count(*) as n from product_words group by 1),
    want_word_cells as (
      select word, campaign_id, category_id, subcategory_id, brand_id, price_range, count(*) as n from product_words group by 1, 2, 3, 4, 5, 6),
    want_word_size_cells as (
      select word, campaign_id, category_id, subcategory_id, brand_id, price_range, t.talla, count(*) as n
      from product_words, unnest(sizes) as t(talla) group by 1, 2, 3, 4, 5, 6, 7),
    word_cells as (
      select w.word, c.campaign_id, c.category_id, c.subcategory_id, c.brand_id, c.price_range, c.n
      from private.shop_word_cells c join private.shop_words w on w.id = c.word_id),
    word_size_cells as (
      select w.word, c.campaign_id, c.category_id, c.subcategory_id, c.brand_id, c.price_range, c.talla, c.n
      from private.shop_word_size_cells c join private.shop_words w on w.id = c.word_id),
    name_cells as (
      select nm.nombre_folded, nm.marca_folded, c.campaign_id, c.category_id, c.subcategory_id, c.brand_id, c.price_range, c.n
      from private.shop_name_cells c join private.shop_names nm on nm.id = c.name_id),
    name_size_cells as (
      select nm.nombre_folded, nm.marca_folded, c.campaign_id, c.category_id, c.subcategory_id, c.brand_id, c.price_range, c.talla, c.n
      from private.shop_name_size_cells c join private.shop_names nm on nm.id = c.name_id)
    select
      (select count(*) from ((select * from want_words except all select word, n from private.shop_words)
        union all (select word, n from private.shop_words except all select * from want_words)) d) as words,
      (select count(*) from ((select * from want_word_cells except all select * from word_cells)
        union all (select * from word_cells except all select * from want_word_cells)) d) as word_cells,
      (select count(*) from ((select * from want_word_size_cells except all select * from word_size_cells)
        union all (select * from word_size_cells except all select * from want_word_size_cells)) d) as word_size_cells,
      (select count(*) from ((select * from want_names except all select nombre_folded, marca_folded, n from private.shop_names)
        union all (select nombre_folded, marca_folded, n from private.shop_names except all select * from want_names)) d) as names,
      (select count(*) from ((select * from want_name_cells except all select * from name_cells)
        union all (select * from name_cells except all select * from want_name_cells)) d) as name_cells,
      (select count(*) from ((select * from want_name_size_cells except all select * from name_size_cells)
        union all (select * from name_size_cells except all select * from want_name_size_cells)) d) as name_size_cells,
      (select count(*) from ((select * from want except all select campaign_id, category_id, subcategory_id, brand_id, price_range, n from private.shop_cells)
        union all (select campaign_id, category_id, subcategory_id, brand_id, price_range, n from private.shop_cells except all select * from want)) d) as cells,
      (select count(*) from ((select * from want_sizes except all select campaign_id, category_id, subcategory_id, brand_id, price_range, talla, n from private.shop_size_cells)
        union all (select campaign_id, category_id, subcategory_id, brand_id, price_range, talla, n from private.shop_size_cells except all select * from want_sizes)) d) as size_cells,
      (select count(*) from ((select * from want_catalogue except all select * from private.shop_catalogue)
        union all (select * from private.shop_catalogue except all select * from want_catalogue)) d) as catalogue`);
  const r = rows[0]!;
  return {
    cells: Number(r.cells),
    sizeCells: Number(r.size_cells),
    catalogue: Number(r.catalogue),
    names: Number(r.names),
    nameCells: Number(r.name_cells),
    nameSizeCells: Number(r.name_size_cells),
    words: Number(r.words),
    wordCells: Number(r.word_cells),
    wordSizeCells: Number(r.word_size_cells),
  };
}

/** Both answers for one state, asked as anon in one statement (the same snapshot and "today"). */
async function bothAnswers(client: pg.PoolClient, args: Args): Promise<{ ours: unknown; reference: unknown }> {
  const names = Object.keys(args);
  const call = (schema: string) => `${schema}.shop_query(${names.map((n, i) => `${n} => $${i + 1}`).join(', ')})`;
  const { rows } = await client.query<{ ours: unknown; reference: unknown }>(
    `select ${call('public')} as ours, ${call('reference')} as reference`,
    names.map((n) => args[n as keyof Args]),
  );
  return rows[0]!;
}

/**
 * Runs `body` as anon in a transaction that is rolled back. The reference runs with the caller's
 * rights, so for its duration anon may call the search's fold function (ours runs with its owner's).
 */
async function asAnon<T>(body: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await sql.connect();
  try {
    await client.query('begin');
    await client.query('grant execute on function private.search_fold(text), extensions.unaccent(regdictionary, text) to anon');
    await client.query('set local role anon');
    return await body(client);
  } finally {
    await client.query('rollback');
    client.release();
  }
}

async function compare(
  states: Args[],
): Promise<{ compared: number; differing: Args[]; first: { args: Args; ours: unknown; reference: unknown } | undefined }> {
  const differing: Args[] = [];
  let first: { args: Args; ours: unknown; reference: unknown } | undefined;
  await asAnon(async (client) => {
    for (const args of states) {
      const { ours, reference } = await bothAnswers(client, args);
      if (JSON.stringify(ours) !== JSON.stringify(reference)) {
        differing.push(args);
        first ??= { args, ours, reference };
      }
    }
  });
  return { compared: states.length, differing, first };
}

beforeAll(async () => {
  await F.loadFixture();
  await insertGenerated(1, 250);
  await insertGenerated(251, 150); // a second statement, as a second import batch would be
  // Edits after insertion: moves between campaigns, categories and price ranges, size changes
  // (products.sizes follows product_sizes), and deletions, one of them by a campaign's cascade.
  await sql.query(
    `update public.products set campaign_id = $1, precio_venta = 19999.99
    where permalink in ('generado-3', 'generado-4', 'generado-5')`,
    [F.C_ACTIVE],
  );
  await sql.query(
    `update public.products set category_id = $1, subcategory_id = null, brand_id = $2
    where permalink like 'generado-1_'`,
    [F.CAT_CALZADO, F.B_ADIDAS],
  );
  await sql.query(`delete from public.product_sizes where talla in ('unitalla', 'CH') and product_id in
    (select id from public.products where permalink like 'generado-2%')`);
  await sql.query(`insert into public.product_sizes (product_id, talla)
    select id, 'XXL' from public.products where permalink like 'generado-3%' on conflict do nothing`);
  await sql.query(`delete from public.products where permalink like 'generado-4_'`);
  await sql.query(`insert into public.campaigns (id, nombre, fecha_inicio, fecha_fin)
    values ('00000000-0000-4000-8000-000000000109', 'Efímera', current_date - 3, current_date + 30)`);
  await sql.query(`update public.products set campaign_id = '00000000-0000-4000-8000-000000000109'
    where permalink like 'generado-6_'`);
  await sql.query(`delete from public.campaigns where id = '00000000-0000-4000-8000-000000000109'`);
  // New prices, as a bulk discount writes them: most stay within their price range (the cells keep
  // their counts, the narrow copy takes the price), a few cross into the range below, and one
  // lands on a range's lower bound.
  await sql.query(`update public.products set precio_venta = round(precio_venta * 0.9) where permalink like 'generado-7%'`);
  await sql.query(`update public.products set precio_venta = 1000 where permalink = 'generado-80'`);
  await sql.query(`update public.products set precio_venta = 999.99 where permalink = 'generado-81'`);

  // Three old products of brand Reebok and twenty newer ones whose marca alone says Reebok: the
  // second page of a search for it mixes both kinds.
  await sql.query(
    `insert into public.products (campaign_id, brand_id, marca, nombre, precio_original, precio_venta, permalink, created_at)
     select $1::uuid, case when i <= 3 then $2::uuid end, case when i <= 3 then 'Reebok' else 'Reebok Classic' end,
       'Sudadera ' || i, 1200, 900, 'reebok-' || i,
       case when i <= 3 then now() - interval '30 days' else now() - make_interval(secs => i) end
     from generate_series(1, 23) as i`,
    [F.C_ACTIVE, F.B_REEBOK_EMPTY],
  );

  // Sales: sizes sold by paid orders leave the shop; a product with every size sold, and one without
  // sizes sold out, leave the listings (and come back when a size is for sale again). Featured
  // products, some placed by the admin, lead the default order.
  await sql.query(`update public.product_sizes set existencias = 0 where talla in ('L', '28') and product_id in
    (select id from public.products where permalink like 'generado-1%')`);
  await sql.query(`update public.product_sizes set existencias = 0 where product_id in
    (select id from public.products where permalink in ('generado-21', 'generado-22', 'generado-27'))`);
  await sql.query(`update public.products set agotado = true where permalink in ('generado-20', 'generado-24')`);
  await sql.query(`update public.product_sizes set existencias = 1 where product_id in
    (select id from public.products where permalink = 'generado-27')`);
  await sql.query(`update public.products set destacado = true where permalink ~ '^generado-[0-9]*5$'`);
  await sql.query(`update public.products set orden_destacado = 1 where permalink = 'generado-105'`);
  await sql.query(`update public.products set orden_destacado = 2 where permalink = 'generado-15'`);

  await sql.query(referenceShopQuerySql({ foldAccents: true }));
  await sql.query('grant usage on schema reference to anon; grant execute on all functions in schema reference to anon');
});

afterAll(async () => {
  await sql.query('drop schema if exists reference cascade');
});

describe('shop filters from cells', () => {
  it('the cells and the narrow copy hold exactly what the products say, after inserts, edits, size changes and deletes', async () => {
    const { rows } = await sql.query<{ n: string }>('select count(*) as n from public.products');
    expect(Number(rows[0]!.n)).toBeGreaterThan(300);
    expect(await cellsDrift()).toEqual(NO_DRIFT);
  });

  it("answers the 200 filter states of the bench's load mix exactly as the first design", async () => {
    const client = await sql.connect();
    let states: ShopPageArgs[];
    try {
      states = filterStates(await readCatalogue(client as unknown as pg.Client), 200);
    } finally {
      client.release();
    }
    const result = await compare(states);
    expect(result.first).toBeUndefined();
    expect(result).toMatchObject({ compared: 200, differing: [] });
  });

  it('answers every state class the bench times (each value alone, searches, combinations; pages 1, 5, 50) exactly as the first design', async () => {
    const client = await sql.connect();
    let states: ShopPageArgs[];
    try {
      states = stateClasses(await readClassCatalogue(client as unknown as pg.Client)).map((s) => s.args);
    } finally {
      client.release();
    }
    expect(states.length).toBeGreaterThan(100);
    const result = await compare(states);
    expect(result.first).toBeUndefined();
    expect(result).toMatchObject({ compared: states.length, differing: [] });
  });

  it('puts every page in the order asked for exactly as the reference orders it, in every kind of state', async () => {
    const bases: Args[] = [
      {},
      { p_size_name: 'm' },
      { p_category_id: F.CAT_ROPA },
      { p_campaign_id: F.C_ACTIVE },
      { p_search_term: 'pantalon' },
      { p_search_term: 'nike', p_price_range: '0-1000' },
      { p_brand_id: F.B_NIKE, p_size_name: 'XL' },
    ];
    const states: Args[] = [];
    for (const p_sort of ['relevancia', 'nuevos', 'precio-asc', 'precio-desc', 'descuento', 'termina-pronto', 'no-existe', null])
      for (const base of bases)
        for (const p_offset of [0, 12, 36, 120]) states.push({ ...base, p_sort, p_offset, p_limit: 12, p_facets: [] });
    const result = await compare(states);
    expect(result.first).toBeUndefined();
    expect(result).toMatchObject({ compared: states.length, differing: [] });
    // and each order reads as its name says, so the reference itself cannot be wrong the same way
    type Row = { precio_venta: number; precio_original: number; destacado: boolean; created_at: string; campaign: { fecha_fin: string } };
    const pages = await asAnon(async (client) => {
      const bySort: Record<string, Row[]> = {};
      for (const p_sort of ['relevancia', 'nuevos', 'precio-asc', 'precio-desc', 'descuento', 'termina-pronto']) {
        const { rows } = await client.query<{ page: { products: Row[] } }>(
          `select public.shop_query(p_sort => $1, p_limit => 100, p_facets => '{}') as page`,
          [p_sort],
        );
        bySort[p_sort] = rows[0]!.page.products;
      }
      return bySort;
    });
    const sorted = <T>(list: T[], key: (x: T) => number | string, dir: 1 | -1) =>
      list.every((x, i) => i === 0 || (key(list[i - 1]!) <= key(x) ? dir === 1 || key(list[i - 1]!) === key(x) : dir === -1));
    const off = (r: Row) => Math.round(((r.precio_original - r.precio_venta) / r.precio_original) * 100);
    expect(sorted(pages['precio-asc']!, (r) => Number(r.precio_venta), 1)).toBe(true);
    expect(sorted(pages['precio-desc']!, (r) => Number(r.precio_venta), -1)).toBe(true);
    expect(sorted(pages['descuento']!, off, -1)).toBe(true);
    expect(sorted(pages['termina-pronto']!, (r) => r.campaign.fecha_fin, 1)).toBe(true);
    expect(sorted(pages['nuevos']!, (r) => r.created_at, -1)).toBe(true);
    const featured = pages['relevancia']!.map((r) => r.destacado);
    expect(featured.indexOf(false)).toBeGreaterThan(0);
    expect(featured.slice(featured.indexOf(false))).not.toContain(true);
  });

  it('answers the edge cases exactly as the first design', async () => {
    const states: Args[] = [
      {},
      { p_limit: 0 },
      { p_limit: -5 },
      { p_limit: 500 },
      { p_offset: -3 },
      { p_offset: 10_000 },
      { p_facets: ['sizes'] },
      { p_facets: [] },
      { p_facets: null },
      { p_facets: ['brands', 'price_ranges'], p_search_term: 'nike' },
      { p_price_range: 'no-existe' },
      { p_price_range: ' 1000-2000 ' },
      { p_price_range: '20000+', p_size_name: 'm' },
      { p_size_name: ' M ' },
      { p_size_name: 'UNITALLA' },
      { p_size_name: '' },
      { p_category_id: F.CAT_HIDDEN },
      { p_subcategory_id: F.SUB_BOTAS_HIDDEN },
      { p_brand_id: F.B_PUMA_HIDDEN },
      { p_campaign_id: F.C_ENDED },
      { p_category_id: F.CAT_ROPA, p_subcategory_id: F.SUB_TENIS },
      { p_search_term: '  PLAYERA  ' },
      { p_search_term: '%' },
      { p_search_term: '_' },
      { p_search_term: '100%' },
      { p_search_term: 'puma' }, // an inactive brand: only products whose own text says puma
      { p_search_term: 'oculta' }, // an inactive category
      { p_search_term: 'ropa', p_size_name: 'm', p_price_range: '0-1000' }, // a category by name
      { p_search_term: 'adidas', p_brand_id: F.B_NIKE }, // a brand by name, another brand chosen
      { p_search_term: 'levis', p_offset: 12 },
      // a brand's cells merged with products whose marca alone matches, on later pages
      { p_search_term: 'nike', p_offset: 12 },
      { p_search_term: 'adidas', p_offset: 5, p_limit: 7 },
      { p_search_term: 'ropa', p_offset: 24, p_size_name: 'L' },
      { p_search_term: 'reebok', p_offset: 12 },
      { p_search_term: 'algodón', p_campaign_id: F.C_TODAY },
      { p_search_term: 'x'.repeat(300) },
      // one word, counted from its word cells; two words no product holds both of ('cargo' and
      // 'largo' hold 'argo'); words that share a product ('ar' is in 'marca' and in 'cargo' of one
      // name), counted from the names; terms of several words, counted from the names
      { p_search_term: 'argo' },
      { p_search_term: 'argo', p_size_name: 'm', p_offset: 12 },
      { p_search_term: 'ar' },
      { p_search_term: 'a', p_size_name: 'L' },
      { p_search_term: 'marca libre' },
      { p_search_term: 'pantalón cargo', p_category_id: F.CAT_ROPA },
      { p_search_term: 'lino 1' },
    ];
    const result = await compare(states);
    expect(result.first).toBeUndefined();
    expect(result.differing).toEqual([]);
  });

  it('serves the shop through the API: shop_page, the facet functions and the count agree with the first design', async () => {
    const anon = anonClient();
    const args = { p_size_name: 'm', p_search_term: 'pantal' };
    const [{ data: page, error }, { data: sizes }, { data: count }] = await Promise.all([
      anon.rpc('shop_page', args),
      anon.rpc('get_available_sizes', args),
      anon.rpc('get_filtered_product_count', args),
    ]);
    expect(error).toBeNull();
    const { reference } = await asAnon((client) => bothAnswers(client, args));
    const ref = reference as { total: number; facets: { sizes: unknown[] } };
    expect(page).toEqual(reference);
    expect(ref.total).toBeGreaterThan(0);
    expect(count).toBe(ref.total);
    expect(sizes).toEqual(ref.facets.sizes);
  });

  it('finds a word typed with or without its accents, in any case; a full-width ％ is no wildcard', async () => {
    const anon = anonClient();
    const total = async (term: string) => {
      const { data, error } = await anon.rpc('get_filtered_product_count', { p_search_term: term });
      expect(error).toBeNull();
      return data;
    };
    const pantalon = await total('pantalón');
    expect(pantalon).toBeGreaterThan(0);
    for (const term of ['pantalon', 'PANTALON', 'Pantalón', 'pántalon']) expect(await total(term), term).toBe(pantalon);
    const algodon = await total('100% algodón');
    expect(algodon).toBeGreaterThan(0);
    expect(await total('100% ALGODON')).toBe(algodon);
    // a full-width ％ reads as a literal %, never as a wildcard
    expect(await total('100％ algodon')).toBe(algodon);
    expect(await total('pant％n')).toBe(0);
    // a category found by its name without the accent
    expect(await total('calzado')).toBe(await total('CALZADÓ'));
  });

  it('recounting every cell from the products, as a bulk load does, gives the cells the triggers kept', async () => {
    const { rows: before } = await sql.query<{ n: string }>('select count(*) as n from private.shop_word_size_cells');
    await sql.query('select private.shop_cells_rebuild()');
    expect(await cellsDrift()).toEqual(NO_DRIFT);
    const { rows: after } = await sql.query<{ n: string }>('select count(*) as n from private.shop_word_size_cells');
    expect(Number(after[0]!.n)).toBe(Number(before[0]!.n));
    expect(Number(after[0]!.n)).toBeGreaterThan(100);
  });

  it('emptying the products empties the cells', async () => {
    await sql.query('truncate public.products cascade');
    const { rows } = await sql.query<{ n: string }>(
      `select (select count(*) from private.shop_cells) + (select count(*) from private.shop_size_cells) + (select count(*) from private.shop_catalogue)
        + (select count(*) from private.shop_words) + (select count(*) from private.shop_word_cells) as n`,
    );
    expect(Number(rows[0]!.n)).toBe(0);
    await F.loadFixture();
    expect(await cellsDrift()).toEqual(NO_DRIFT);
  });
});
