/**
 * The shop filters as first designed, for timing beside today's: the grid page read from the
 * `master_products` view with the filters as query parameters, then the six `get_available_*`
 * functions and the product count, each its own request, one after the other as the first
 * storefront sent them. Every function answers with the first design's one-pass query
 * (scripts/bench/reference-shop-query.sql), installed in the throwaway database as
 * `reference.shop_query` and wrapped as `public.baseline_get_available_*` and
 * `public.baseline_get_filtered_product_count` exactly as the shop's own wrappers were generated.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { referenceShopQuerySql } from '../lib/reference-shop-query.ts';
import type { ShopPageArgs } from './filter-states.ts';

const SCHEMA = 'reference';
export const FACETS = ['categories', 'subcategories', 'brands', 'campaigns', 'sizes', 'price_ranges'] as const;
const FILTER_ARGS = `p_category_id uuid default null, p_subcategory_id uuid default null, p_brand_id uuid default null,
  p_campaign_id uuid default null, p_price_range text default null, p_size_name text default null, p_search_term text default null`;
const SIGNATURE = '(uuid, uuid, uuid, uuid, text, text, text)';
const PASS = 'p_category_id, p_subcategory_id, p_brand_id, p_campaign_id, p_price_range, p_size_name, p_search_term';

function wrappersSql(): string {
  const facets = FACETS.map(
    (facet) => `
create or replace function public.baseline_get_available_${facet}(${FILTER_ARGS})
returns table (id text, nombre text, product_count bigint)
language sql stable parallel safe set search_path = ''
as $$
  select e.v ->> 'id', e.v ->> 'nombre', (e.v ->> 'product_count')::bigint
  from jsonb_array_elements(${SCHEMA}.shop_query(${PASS}, 0, 0, array['${facet}']) -> 'facets' -> '${facet}') with ordinality as e(v, ord)
  order by e.ord
$$;
grant execute on function public.baseline_get_available_${facet}${SIGNATURE} to anon;`,
  );
  return `
${referenceShopQuerySql()}
grant usage on schema ${SCHEMA} to anon;
grant execute on all functions in schema ${SCHEMA} to anon;
${facets.join('\n')}
create or replace function public.baseline_get_filtered_product_count(${FILTER_ARGS})
returns bigint
language sql stable parallel safe set search_path = ''
as $$
  select (${SCHEMA}.shop_query(${PASS}, 0, 0, array[]::text[]) ->> 'total')::bigint
$$;
grant execute on function public.baseline_get_filtered_product_count${SIGNATURE} to anon;
notify pgrst, 'reload schema';`;
}

/** Installs the first design's functions and waits until the API serves them. */
export async function installBaseline(db: pg.Client, anon: SupabaseClient): Promise<void> {
  await db.query(wrappersSql());
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { error } = await anon.rpc('baseline_get_filtered_product_count', {});
    if (!error) return;
    if (Date.now() > deadline) throw new Error(`La API no publicó las funciones de referencia: ${error.message}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const filterArgs = (s: ShopPageArgs) => ({
  p_category_id: s.p_category_id,
  p_subcategory_id: s.p_subcategory_id,
  p_brand_id: s.p_brand_id,
  p_campaign_id: s.p_campaign_id,
  p_price_range: s.p_price_range,
  p_size_name: s.p_size_name,
  p_search_term: s.p_search_term,
});

/** A value inside a PostgREST `or=(…)` list, quoted so commas and parentheses stay part of it. */
const quoted = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** Postgres' code for a statement cancelled by the role's statement_timeout (3 s for anon). */
const STATEMENT_TIMEOUT = '57014';

/** 1 when the request was cut by the statement timeout (part of what is measured), 0 when it answered. */
const outcome = (label: string, error: { message: string; code?: string } | null): number => {
  if (!error) return 0;
  if (error.code === STATEMENT_TIMEOUT) return 1;
  throw new Error(`${label}: ${error.message}`);
};

/**
 * One filter change as the first design answered it: the page, six facet lists and the count, in
 * turn. Returns how many of the 8 requests the statement timeout cut short (the shopper got an error).
 */
export async function baselineFilterChange(anon: SupabaseClient, s: ShopPageArgs): Promise<number> {
  let page = anon.from('master_products').select('*');
  if (s.p_category_id) page = page.eq('category_id', s.p_category_id);
  if (s.p_subcategory_id) page = page.eq('subcategory_id', s.p_subcategory_id);
  if (s.p_brand_id) page = page.eq('brand_id', s.p_brand_id);
  if (s.p_campaign_id) page = page.eq('campaign_id', s.p_campaign_id);
  if (s.p_price_range) page = page.eq('price_range', s.p_price_range);
  if (s.p_size_name) page = page.eq('size_name', s.p_size_name);
  const term = s.p_search_term?.trim();
  if (term) {
    const like = quoted(`*${term}*`);
    page = page.or(`product_name.ilike.${like},brand_name.ilike.${like},category_name.ilike.${like}`);
  }
  // the first design had no other order: the price orders sort by price, the rest newest first
  const byPrice = s.p_sort === 'precio-asc' || s.p_sort === 'precio-desc';
  const ordered = byPrice
    ? page.order('precio_venta', { ascending: s.p_sort === 'precio-asc' })
    : page.order('created_at', { ascending: false });
  const { error } = await ordered.range(s.p_offset, s.p_offset + s.p_limit - 1);
  let cut = outcome('master_products', error);
  const args = filterArgs(s);
  for (const facet of FACETS)
    cut += outcome(`baseline_get_available_${facet}`, (await anon.rpc(`baseline_get_available_${facet}`, args)).error);
  cut += outcome('baseline_get_filtered_product_count', (await anon.rpc('baseline_get_filtered_product_count', args)).error);
  return cut;
}

/**
 * What `shop_page` computes when it has no remembered answer for the state: `shop_query` with the
 * same arguments and every facet, which never remembers. Timing states by class times this, so a
 * state asked again is computed again. Returns 1 when the statement timeout cut it.
 */
export async function shopPageComputed(anon: SupabaseClient, s: ShopPageArgs): Promise<number> {
  return outcome('shop_query', (await anon.rpc('shop_query', { ...s })).error);
}
