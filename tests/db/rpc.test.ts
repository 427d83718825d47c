/**
 * Shop RPCs against hand-computed results on the fixture (see fixture.ts for the catalogue):
 * shop_page (page, total, every facet), the six get_available_* wrappers (own filter ignored,
 * the others applied), get_filtered_product_count, search, paging, and the size helpers.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import * as F from './fixture.ts';
import { adminClient, anonClient, mexicoDate, sql } from './helpers.ts';

interface Option {
  id: string;
  nombre: string;
  product_count: number;
}
interface ShopProduct {
  id: string;
  [key: string]: unknown;
}
interface ShopPage {
  total: number;
  products: ShopProduct[];
  facets: Record<Facet, Option[]>;
}
type Facet = 'categories' | 'subcategories' | 'brands' | 'campaigns' | 'sizes' | 'price_ranges';
type Filters = Partial<
  Record<'p_category_id' | 'p_subcategory_id' | 'p_brand_id' | 'p_campaign_id' | 'p_price_range' | 'p_size_name' | 'p_search_term', string>
>;

const FACETS: Facet[] = ['categories', 'subcategories', 'brands', 'campaigns', 'sizes', 'price_ranges'];

let anon: SupabaseClient;

beforeAll(async () => {
  await F.loadFixture();
  anon = anonClient();
});

async function shopPage(args: Filters & { p_offset?: number; p_limit?: number } = {}, client = anon): Promise<ShopPage> {
  const { data, error } = await client.rpc('shop_page', args);
  expect(error).toBeNull();
  return data as ShopPage;
}

/** [nombre, product_count] pairs, in the order returned. */
const pairs = (options: Option[]) => options.map((o) => [o.nombre, o.product_count]);

describe('shop_page', () => {
  it('without filters: the visible products newest first, and every facet counted', async () => {
    const page = await shopPage();
    expect(page.total).toBe(4);
    expect(page.products.map((p) => p.id)).toEqual([F.P1, F.P2, F.P3, F.P4]);
    expect(pairs(page.facets.categories)).toEqual([
      ['Ropa', 3],
      ['Calzado', 1],
    ]);
    expect(page.facets.categories.map((o) => o.id)).toEqual([F.CAT_ROPA, F.CAT_CALZADO]);
    expect(pairs(page.facets.subcategories)).toEqual([
      ['Pantalones', 1],
      ['Playeras', 1],
      ['Tenis', 1],
    ]);
    expect(pairs(page.facets.brands)).toEqual([
      ['Adidas', 1],
      ['Nike', 2],
    ]);
    expect(page.facets.brands.map((o) => o.id)).toEqual([F.B_ADIDAS, F.B_NIKE]);
    // ordered by end date; the ended campaign (and its product) never appears
    expect(pairs(page.facets.campaigns)).toEqual([
      ['Termina hoy', 2],
      ['Temporada activa', 2],
    ]);
    expect(page.facets.campaigns.map((o) => o.id)).toEqual([F.C_TODAY, F.C_ACTIVE]);
    // 'M' (P1) and 'm' (P2) are one size; P5's 'M' is in an ended campaign; natural size order
    expect(pairs(page.facets.sizes)).toEqual([
      ['S', 1],
      ['M', 2],
      ['L', 1],
      ['27', 1],
      ['28', 1],
      ['32', 1],
    ]);
    expect(page.facets.sizes.map((o) => o.id)).toEqual(['S', 'M', 'L', '27', '28', '32']);
    expect(page.facets.price_ranges).toEqual([
      { id: '0-1000', nombre: '0-1000', product_count: 1 },
      { id: '1000-2000', nombre: '1000-2000', product_count: 1 },
      { id: '2000-5000', nombre: '2000-5000', product_count: 1 },
      { id: '20000+', nombre: '20000+', product_count: 1 },
    ]);
  });

  it('returns the card fields of each product, and nothing private', async () => {
    const page = await shopPage();
    const [p1, , , p4] = page.products;
    expect(p1).toEqual({
      id: F.P1,
      nombre: 'Playera básica',
      marca: 'Nike',
      brand_id: F.B_NIKE,
      brand_display_name: 'Nike',
      precio_original: 900,
      precio_venta: 500,
      imagen_principal: null,
      permalink: 'nike-playera-basica',
      destacado: true,
      category_id: F.CAT_ROPA,
      category_nombre: 'Ropa',
      subcategory_id: F.SUB_PLAYERAS,
      subcategory_nombre: 'Playeras',
      created_at: expect.any(String),
      campaign: { id: F.C_ACTIVE, nombre: 'Temporada activa', fecha_fin: mexicoDate(10) },
      sizes: ['S', 'M', 'L'],
    });
    expect(p4).toMatchObject({
      id: F.P4,
      marca: 'Levis',
      brand_id: null,
      brand_display_name: null,
      subcategory_nombre: null,
      precio_venta: 25000,
      sizes: [],
      campaign: { id: F.C_TODAY, fecha_fin: mexicoDate(0) },
    });
  });

  it('with a category: the category facet ignores it, every other facet applies it', async () => {
    const page = await shopPage({ p_category_id: F.CAT_ROPA });
    expect(page.total).toBe(3);
    expect(page.products.map((p) => p.id)).toEqual([F.P1, F.P2, F.P4]);
    expect(pairs(page.facets.categories)).toEqual([
      ['Ropa', 3],
      ['Calzado', 1],
    ]);
    expect(pairs(page.facets.subcategories)).toEqual([
      ['Pantalones', 1],
      ['Playeras', 1],
    ]);
    expect(pairs(page.facets.brands)).toEqual([
      ['Adidas', 1],
      ['Nike', 1],
    ]);
    expect(pairs(page.facets.campaigns)).toEqual([
      ['Termina hoy', 1],
      ['Temporada activa', 2],
    ]);
    expect(pairs(page.facets.sizes)).toEqual([
      ['S', 1],
      ['M', 2],
      ['L', 1],
      ['32', 1],
    ]);
    expect(pairs(page.facets.price_ranges)).toEqual([
      ['0-1000', 1],
      ['1000-2000', 1],
      ['20000+', 1],
    ]);
  });

  it('with a brand and a size (any case): each facet drops only its own filter', async () => {
    const page = await shopPage({ p_brand_id: F.B_NIKE, p_size_name: ' m ' });
    expect(page.total).toBe(1);
    expect(page.products.map((p) => p.id)).toEqual([F.P1]);
    // sizes of Nike products (P1, P3), size filter ignored
    expect(pairs(page.facets.sizes)).toEqual([
      ['S', 1],
      ['M', 1],
      ['L', 1],
      ['27', 1],
      ['28', 1],
    ]);
    // brands of products in size M (P1 Nike, P2 Adidas), brand filter ignored
    expect(pairs(page.facets.brands)).toEqual([
      ['Adidas', 1],
      ['Nike', 1],
    ]);
    expect(pairs(page.facets.categories)).toEqual([['Ropa', 1]]);
    expect(pairs(page.facets.subcategories)).toEqual([['Playeras', 1]]);
    expect(pairs(page.facets.campaigns)).toEqual([['Temporada activa', 1]]);
    expect(pairs(page.facets.price_ranges)).toEqual([['0-1000', 1]]);
  });

  it('with a price range: only that range, but the price facet still lists every range with products', async () => {
    const page = await shopPage({ p_price_range: '1000-2000' });
    expect(page.products.map((p) => p.id)).toEqual([F.P2]);
    expect(pairs(page.facets.price_ranges)).toEqual([
      ['0-1000', 1],
      ['1000-2000', 1],
      ['2000-5000', 1],
      ['20000+', 1],
    ]);
    expect(pairs(page.facets.categories)).toEqual([['Ropa', 1]]);
    // P2's only spelling is 'm'
    expect(pairs(page.facets.sizes)).toEqual([
      ['m', 1],
      ['32', 1],
    ]);
  });

  it('with a subcategory and a campaign', async () => {
    const bySub = await shopPage({ p_subcategory_id: F.SUB_TENIS });
    expect(bySub.products.map((p) => p.id)).toEqual([F.P3]);
    expect(pairs(bySub.facets.subcategories)).toEqual([
      ['Pantalones', 1],
      ['Playeras', 1],
      ['Tenis', 1],
    ]);
    const byCampaign = await shopPage({ p_campaign_id: F.C_TODAY });
    expect(byCampaign.products.map((p) => p.id)).toEqual([F.P3, F.P4]);
    expect(pairs(byCampaign.facets.campaigns)).toEqual([
      ['Termina hoy', 2],
      ['Temporada activa', 2],
    ]);
    expect(pairs(byCampaign.facets.categories)).toEqual([
      ['Ropa', 1],
      ['Calzado', 1],
    ]);
  });

  it('an ended campaign, an unknown price range or an unknown size match nothing', async () => {
    for (const filters of [{ p_campaign_id: F.C_ENDED }, { p_price_range: 'gratis' }, { p_size_name: 'XXXXL' }]) {
      const page = await shopPage(filters);
      expect(page.total, JSON.stringify(filters)).toBe(0);
      expect(page.products).toEqual([]);
    }
  });

  it('pages newest first and keeps the total', async () => {
    const second = await shopPage({ p_offset: 1, p_limit: 2 });
    expect(second.total).toBe(4);
    expect(second.products.map((p) => p.id)).toEqual([F.P2, F.P3]);
    const last = await shopPage({ p_offset: 3, p_limit: 2 });
    expect(last.products.map((p) => p.id)).toEqual([F.P4]);
    const past = await shopPage({ p_offset: 4, p_limit: 12 });
    expect(past.products).toEqual([]);
    expect(past.total).toBe(4);
    const defaults = await shopPage();
    expect(defaults.products).toHaveLength(4);
  });

  it('gives an admin the shopper’s view too (ended campaigns excluded)', async () => {
    const page = await shopPage({}, await adminClient());
    expect(page.total).toBe(4);
    expect(page.products.map((p) => p.id)).not.toContain(F.P5);
  });
});

describe('search', () => {
  const SEARCHES: [string, string[]][] = [
    ['nike', [F.P1, F.P3]], // brand display/internal name and marca
    ['NIKE', [F.P1, F.P3]],
    ['levis', [F.P4]], // free-text marca only, no catalogue brand
    ['calzado', [F.P3]], // category name (P5 is Calzado too, but ended)
    ['playera', [F.P1]], // product name, case-insensitive
    ['BÁSICA', [F.P1]],
    ['tenis', [F.P3]], // P5 'Tenis viejo' ended yesterday
    ['  cargo  ', [F.P2]], // trimmed
    ['%', []], // LIKE wildcards are literal
    ['_', []],
    ['', [F.P1, F.P2, F.P3, F.P4]], // empty = no search
  ];
  for (const [term, ids] of SEARCHES) {
    it(`'${term}' → ${ids.length} products`, async () => {
      const page = await shopPage({ p_search_term: term });
      expect(page.products.map((p) => p.id)).toEqual(ids);
      expect(page.total).toBe(ids.length);
    });
  }

  it('search applies to every facet', async () => {
    const page = await shopPage({ p_search_term: 'nike' });
    expect(pairs(page.facets.categories)).toEqual([
      ['Ropa', 1],
      ['Calzado', 1],
    ]);
    expect(pairs(page.facets.brands)).toEqual([['Nike', 2]]);
    expect(pairs(page.facets.sizes)).toEqual([
      ['S', 1],
      ['M', 1],
      ['L', 1],
      ['27', 1],
      ['28', 1],
    ]);
  });

  it('matches a brand by its internal name too', async () => {
    await sql.query(`update public.brands set display_name = 'Just Do It' where id = $1`, [F.B_NIKE]);
    try {
      const page = await shopPage({ p_search_term: 'nik' });
      // P1 and P3 via brands.name 'nike' (marca is also 'Nike')
      expect(page.products.map((p) => p.id)).toEqual([F.P1, F.P3]);
      await sql.query(`update public.products set marca = '' where id in ($1, $2)`, [F.P1, F.P3]);
      const byInternal = await shopPage({ p_search_term: 'nik' });
      expect(byInternal.products.map((p) => p.id)).toEqual([F.P1, F.P3]);
      const byDisplay = await shopPage({ p_search_term: 'do it' });
      expect(byDisplay.products.map((p) => p.id)).toEqual([F.P1, F.P3]);
    } finally {
      await F.loadFixture();
    }
  });
});

describe('get_available_* and get_filtered_product_count', () => {
  const STATES: Filters[] = [
    {},
    { p_category_id: F.CAT_ROPA },
    { p_brand_id: F.B_NIKE, p_size_name: 'm' },
    { p_subcategory_id: F.SUB_TENIS },
    { p_campaign_id: F.C_TODAY, p_price_range: '20000+' },
    { p_search_term: 'tenis' },
    { p_category_id: F.CAT_CALZADO, p_brand_id: F.B_ADIDAS },
  ];

  for (const state of STATES) {
    it(`agree with shop_page for ${JSON.stringify(state)}`, async () => {
      const page = await shopPage(state);
      for (const facet of FACETS) {
        const { data, error } = await anon.rpc(`get_available_${facet}`, state);
        expect(error).toBeNull();
        expect(data, facet).toEqual(page.facets[facet]);
      }
      const { data: count, error } = await anon.rpc('get_filtered_product_count', state);
      expect(error).toBeNull();
      expect(count).toBe(page.total);
    });
  }

  it('hand-computed: each wrapper ignores its own filter and applies the others', async () => {
    const call = async (fn: string, args: Filters) => {
      const { data, error } = await anon.rpc(fn, args);
      expect(error).toBeNull();
      return pairs(data as Option[]);
    };
    const filters: Filters = { p_category_id: F.CAT_ROPA, p_brand_id: F.B_NIKE };
    // categories: brand Nike only → Ropa (P1), Calzado (P3)
    expect(await call('get_available_categories', filters)).toEqual([
      ['Ropa', 1],
      ['Calzado', 1],
    ]);
    // brands: category Ropa only → Adidas (P2), Nike (P1); P4 has no catalogue brand
    expect(await call('get_available_brands', filters)).toEqual([
      ['Adidas', 1],
      ['Nike', 1],
    ]);
    // sizes: Ropa + Nike → P1
    expect(await call('get_available_sizes', filters)).toEqual([
      ['S', 1],
      ['M', 1],
      ['L', 1],
    ]);
    expect(await call('get_available_subcategories', filters)).toEqual([['Playeras', 1]]);
    expect(await call('get_available_campaigns', filters)).toEqual([['Temporada activa', 1]]);
    expect(await call('get_available_price_ranges', filters)).toEqual([['0-1000', 1]]);
    // own filter of sizes ignored: M selected still lists every size of Ropa + Nike
    expect(await call('get_available_sizes', { ...filters, p_size_name: 'L' })).toEqual([
      ['S', 1],
      ['M', 1],
      ['L', 1],
    ]);
    expect(await call('get_available_price_ranges', { p_price_range: '0-1000' })).toEqual([
      ['0-1000', 1],
      ['1000-2000', 1],
      ['2000-5000', 1],
      ['20000+', 1],
    ]);
    const count = async (args: Filters) => (await anon.rpc('get_filtered_product_count', args)).data;
    expect(await count({})).toBe(4);
    expect(await count(filters)).toBe(1);
    expect(await count({ p_size_name: 'M' })).toBe(2);
    expect(await count({ p_campaign_id: F.C_ENDED })).toBe(0);
  });

  it('hidden categories and brands never appear as options, even with visible products', async () => {
    await sql.query(`update public.categories set activa = false where id = $1`, [F.CAT_CALZADO]);
    await sql.query(`update public.brands set active = false where id = $1`, [F.B_ADIDAS]);
    try {
      const page = await shopPage();
      expect(pairs(page.facets.categories)).toEqual([['Ropa', 3]]);
      expect(pairs(page.facets.brands)).toEqual([['Nike', 2]]);
      // the products themselves stay visible (visibility depends on the campaign only)
      expect(page.total).toBe(4);
      expect(page.products.find((p) => p.id === F.P3)).toMatchObject({ category_nombre: null });
    } finally {
      await F.loadFixture();
    }
  });
});

describe('sizes', () => {
  it('sort in natural clothing order, then numerically, then alphabetically', async () => {
    const { rows } = await sql.query(`
      select array_agg(t order by public.size_sort_key(t), t) as sorted
      from unnest(array['XL', '32', 's', 'Unitalla', '28', 'M', 'XS', 'XXL', 'L', '10.5', '9', 'EG'])
        as t`);
    expect(rows[0].sorted).toEqual(['XS', 's', 'M', 'L', 'EG', 'XL', 'XXL', '9', '10.5', '28', '32', 'Unitalla']);
  });

  it('products.sizes mirrors product_sizes and cannot be written directly', async () => {
    const admin = await adminClient();
    expect((await admin.from('product_sizes').insert({ product_id: F.P4, talla: ' xl ' })).error).toBeNull();
    expect((await admin.from('product_sizes').insert({ product_id: F.P4, talla: 'XS' })).error).toBeNull();
    const dup = await admin.from('product_sizes').insert({ product_id: F.P4, talla: 'XL' });
    expect(dup.error?.code).toBe('23505');
    let { rows } = await sql.query('select sizes from public.products where id = $1', [F.P4]);
    expect(rows[0].sizes).toEqual(['XS', 'xl']);
    await admin
      .from('products')
      .update({ sizes: ['hack'], nombre: 'Chamarra de piel' })
      .eq('id', F.P4);
    ({ rows } = await sql.query('select nombre, sizes from public.products where id = $1', [F.P4]));
    expect(rows[0]).toEqual({ nombre: 'Chamarra de piel', sizes: ['XS', 'xl'] });
    await admin.from('product_sizes').delete().eq('product_id', F.P4).eq('talla', 'XS');
    ({ rows } = await sql.query('select sizes from public.products where id = $1', [F.P4]));
    expect(rows[0].sizes).toEqual(['xl']);
    const page = await shopPage({ p_size_name: 'XL' });
    expect(page.products.map((p) => p.id)).toEqual([F.P4]);
    await F.loadFixture();
  });
});
