/** The ids and names the filter states and state classes are drawn from, read from the bench database. */
import type pg from 'pg';
import type { FilterCatalogue } from './filter-states.ts';
import type { ClassCatalogue, Named } from './state-classes.ts';

const column = async (db: pg.Client, sql: string): Promise<string[]> => (await db.query<{ v: string }>(sql)).rows.map((r) => r.v);

export async function readCatalogue(db: pg.Client): Promise<FilterCatalogue> {
  const subcategories = (
    await db.query<{ id: string; category_id: string | null }>(
      'select id::text, category_id::text from public.subcategories order by orden, nombre, id',
    )
  ).rows.map((r) => ({ id: r.id, categoryId: r.category_id }));
  return {
    categoryIds: await column(db, 'select id::text as v from public.categories order by orden, nombre, id'),
    subcategories,
    brandIds: await column(db, 'select id::text as v from public.brands order by name, id'),
    campaignIds: await column(db, 'select id::text as v from public.campaigns order by fecha_fin, nombre, id'),
    sizeNames: await column(db, 'select distinct talla as v from public.product_sizes order by 1'),
    priceRangeIds: await column(db, 'select id as v from public.price_ranges() order by orden'),
    brandNames: await column(db, 'select display_name as v from public.brands order by name, id'),
    categoryNames: await column(db, 'select nombre as v from public.categories order by orden, nombre, id'),
  };
}

/** Visible products: in a campaign that has not ended. */
const LIVE = 'join public.campaigns c on c.id = p.campaign_id and c.fecha_fin >= public.shop_today()';

/**
 * What the state classes are drawn from (state-classes.ts): every size, category, subcategory,
 * brand, live campaign and price range, how many visible products each name word (and each word of
 * names and marcas, for the frequent searches) appears in, and
 * 60 visible products (the same ones for the same catalogue: by id) for the combinations.
 */
export async function readClassCatalogue(db: pg.Client): Promise<ClassCatalogue> {
  const named = async (sql: string) => (await db.query<Named>(sql)).rows;
  const words = await db.query<{ word: string; products: string }>(
    `select w as word, count(distinct p.id) as products
       from public.products p ${LIVE}, regexp_split_to_table(lower(p.nombre), '\\s+') as w
      group by w`,
  );
  const nameAndBrandWords = await db.query<{ word: string; products: string }>(
    `select w as word, count(distinct p.id) as products
       from public.products p ${LIVE}, regexp_split_to_table(lower(p.nombre || ' ' || coalesce(p.marca, '')), '\\s+') as w
      group by w`,
  );
  const sample = await db.query<{
    category_id: string;
    subcategory_id: string | null;
    brand_id: string;
    campaign_id: string;
    price_range: string;
    sizes: string[];
    nombre: string;
  }>(
    `select p.category_id::text, p.subcategory_id::text, p.brand_id::text, p.campaign_id::text, p.nombre,
            array(select s.talla from public.product_sizes s where s.product_id = p.id order by s.talla) as sizes,
            (select r.id from public.price_ranges() r
              where p.precio_venta >= r.min_price and (r.max_price is null or p.precio_venta < r.max_price)) as price_range
       from public.products p ${LIVE}
      where p.category_id is not null and p.brand_id is not null
      order by p.id limit 60`,
  );
  return {
    sizes: await column(db, 'select distinct talla as v from public.product_sizes order by 1'),
    categories: await named('select id::text, nombre as name from public.categories order by orden, nombre, id'),
    subcategories: await named('select id::text, nombre as name from public.subcategories order by orden, nombre, id'),
    brands: await named('select id::text, display_name as name from public.brands order by name, id'),
    liveCampaigns: await named(
      'select id::text, nombre as name from public.campaigns where fecha_fin >= public.shop_today() order by fecha_fin, nombre, id',
    ),
    priceRanges: await column(db, 'select id as v from public.price_ranges() order by orden'),
    words: words.rows.map((r) => ({ word: r.word, products: Number(r.products) })),
    nameAndBrandWords: nameAndBrandWords.rows.map((r) => ({ word: r.word, products: Number(r.products) })),
    sample: sample.rows.map((r) => ({
      categoryId: r.category_id,
      subcategoryId: r.subcategory_id,
      brandId: r.brand_id,
      campaignId: r.campaign_id,
      priceRange: r.price_range,
      sizes: r.sizes,
      name: r.nombre,
    })),
  };
}
