/** The ids and names the filter states are drawn from, read from the bench database. */
import type pg from 'pg';
import type { FilterCatalogue } from './filter-states.ts';

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
