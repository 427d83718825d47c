-- Shop filters fast in every state, and shop answers remembered per catalogue version.
--
-- 1. private.shop_catalogue gets the price range and the lowercased sizes of each product, and an
--    index per filter in the grid's order (newest first), so a size, a price range or one filter
--    alone pages straight off an index instead of testing every row.
-- 2. Searches count from cells too: private.shop_names (each distinct name and marca) and the
--    name cells, filled here from the products and kept by the products' triggers.
-- 3. private.shop_query: one cells query for every state; pages are walked or gathered by which
--    reads fewer rows. private.shop_counts_add is no longer needed.
-- 4. private.shop_version (raised by every catalogue change in public.request_rebuild) and
--    private.shop_answers: public.shop_page remembers each answer for a minute per version.
-- supabase/schemas/03_shop_reads.sql and 05_publishing.sql hold the final forms.

-- A product's sizes as the size filter compares them: lowercased ('M' and 'm' are one size).
create or replace function private.size_keys(sizes text[])
returns text[]
language sql
immutable
parallel safe
set search_path to ''
as $$
  select coalesce(array_agg(lower(t.talla)), '{}') from unnest(sizes) as t(talla)
$$;
comment on function private.size_keys(text[]) is 'A product''s sizes lowercased, as the size filter compares them.';

alter table private.shop_catalogue add column price_range text, add column size_keys text[];
update private.shop_catalogue c set price_range = public.price_range_of(c.precio_venta), size_keys = private.size_keys(c.sizes);
alter table private.shop_catalogue alter column price_range set not null, alter column size_keys set not null;

drop index private.shop_catalogue_created_at_idx;
drop index private.shop_catalogue_brand_idx;
drop index private.shop_catalogue_category_idx;
drop index private.shop_catalogue_subcategory_idx;

-- The grid lists newest first. Each filter has an index in that order, so a page of one filter
-- is read straight off its index, and the filters together are found by combining the indexes.
-- The newest-first index also carries every filter column, so walking it for a page (a size
-- alone, several filters) reads the index only, never the table.
create index shop_catalogue_created_at_idx on private.shop_catalogue (created_at desc, id)
  include (campaign_id, category_id, subcategory_id, brand_id, price_range, size_keys);
create index shop_catalogue_brand_idx on private.shop_catalogue (brand_id, created_at desc, id);
create index shop_catalogue_campaign_idx on private.shop_catalogue (campaign_id, created_at desc, id);
create index shop_catalogue_category_idx on private.shop_catalogue (category_id, created_at desc, id);
create index shop_catalogue_price_range_idx on private.shop_catalogue (price_range, created_at desc, id);
create index shop_catalogue_subcategory_idx on private.shop_catalogue (subcategory_id, created_at desc, id);
create index shop_catalogue_size_keys_idx on private.shop_catalogue using gin (size_keys);

-- A search compares its term with each product's name and marca. Products that share both are
-- counted together: private.shop_names holds each distinct (name, marca) once, with trigram
-- indexes, and the name cells count the products of each name per campaign, category,
-- subcategory, brand and price range (and size spelling). A search then sums the cells of the
-- matching names, never reading the products themselves; the products of a brand or category
-- whose own name matches are counted from the plain cells instead, and their name cells left out,
-- so a product that matches by name and by brand is counted once.
create table private.shop_names (
  id bigint generated always as identity primary key,
  nombre_folded text not null,
  marca_folded text not null,
  n bigint not null,
  unique (nombre_folded, marca_folded)
);
comment on table private.shop_names is 'Each distinct (name, marca) of products as the search compares them (private.search_fold), with the number of products that carry it; kept by triggers on products.';
create index shop_names_empty_idx on private.shop_names (n) where n = 0;
create index shop_names_marca_trgm_idx on private.shop_names using gin (marca_folded extensions.gin_trgm_ops);
create index shop_names_nombre_trgm_idx on private.shop_names using gin (nombre_folded extensions.gin_trgm_ops);

create table private.shop_name_cells (
  name_id bigint not null,
  campaign_id uuid not null,
  category_id uuid,
  subcategory_id uuid,
  brand_id uuid,
  price_range text not null,
  n bigint not null,
  unique nulls not distinct (name_id, campaign_id, category_id, subcategory_id, brand_id, price_range)
);
comment on table private.shop_name_cells is 'Number of products per name (private.shop_names), campaign, category, subcategory, brand and price range, kept by triggers on products; a search sums the cells of matching names (outside brands and categories whose own name matches, counted from shop_cells).';
create index shop_name_cells_empty_idx on private.shop_name_cells (n) where n = 0;

create table private.shop_name_size_cells (
  name_id bigint not null,
  campaign_id uuid not null,
  category_id uuid,
  subcategory_id uuid,
  brand_id uuid,
  price_range text not null,
  talla text not null,
  n bigint not null,
  unique nulls not distinct (name_id, campaign_id, category_id, subcategory_id, brand_id, price_range, talla)
);
comment on table private.shop_name_size_cells is 'Number of products per name, campaign, category, subcategory, brand, price range and size spelling, kept by triggers on products; a search with a size chosen, and its size facet, sum these.';
create index shop_name_size_cells_empty_idx on private.shop_name_size_cells (n) where n = 0;

alter table private.shop_names enable row level security;
alter table private.shop_name_cells enable row level security;
alter table private.shop_name_size_cells enable row level security;

-- the names and name cells of the products already there
insert into private.shop_names (nombre_folded, marca_folded, n)
select private.search_fold(p.nombre), private.search_fold(p.marca), count(*) from public.products p group by 1, 2;
insert into private.shop_name_cells (name_id, campaign_id, category_id, subcategory_id, brand_id, price_range, n)
select nm.id, p.campaign_id, p.category_id, p.subcategory_id, p.brand_id, public.price_range_of(p.precio_venta), count(*)
from public.products p
join private.shop_names nm on nm.nombre_folded = private.search_fold(p.nombre) and nm.marca_folded = private.search_fold(p.marca)
group by 1, 2, 3, 4, 5, 6;
insert into private.shop_name_size_cells (name_id, campaign_id, category_id, subcategory_id, brand_id, price_range, talla, n)
select nm.id, p.campaign_id, p.category_id, p.subcategory_id, p.brand_id, public.price_range_of(p.precio_venta), t.talla, count(*)
from public.products p
join private.shop_names nm on nm.nombre_folded = private.search_fold(p.nombre) and nm.marca_folded = private.search_fold(p.marca)
cross join lateral unnest(p.sizes) as t(talla)
group by 1, 2, 3, 4, 5, 6, 7;

create or replace function private.shop_query(p_category_id uuid, p_subcategory_id uuid, p_brand_id uuid, p_campaign_id uuid, p_price_range text, p_size_name text, p_search_term text, p_offset integer, p_limit integer, p_facets text[])
returns jsonb
language plpgsql
stable security definer
set search_path to ''
-- each statement planned for the values of this call (a size alone and a category alone want different plans)
set plan_cache_mode to 'force_custom_plan'
-- JIT compiling costs tens of milliseconds, more than any of these statements runs for: never
set jit to 'off'
-- gathering a page or a search's matches at a million products sorts and groups tens of thousands of
-- rows: in memory, not on disk
set work_mem to '32MB'
as $$
declare
  v_campaigns uuid[];
  v_pat text;
  v_names bigint[] := '{}';
  v_brands uuid[] := '{}';
  v_categories uuid[] := '{}';
  -- a brand or category name matches the search: its whole cells count
  v_whole boolean := false;
  v_range text := nullif(btrim(p_price_range), '');
  v_size text := lower(nullif(btrim(p_size_name), ''));
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_limit integer := least(greatest(coalesce(p_limit, 12), 0), 100);
  v_facets text[] := coalesce(p_facets, '{}');
  v_total bigint := 0;
  v_counts jsonb := '{}';
  v_ids uuid[] := '{}';
  v_visible bigint;
begin
  select coalesce(array_agg(live.id), '{}') into v_campaigns from private.live_campaign_ids() as live(id);
  if nullif(btrim(p_search_term), '') is not null then
    v_pat := '%' || public.like_escape(private.search_fold(left(btrim(p_search_term), 100))) || '%';
    -- a search matches a product by its name or marca, or by the name of its brand or category
    select coalesce(array_agg(nm.id), '{}') into v_names
    from private.shop_names nm
    where nm.n > 0 and (nm.nombre_folded like v_pat or nm.marca_folded like v_pat);
    select coalesce(array_agg(b.id), '{}') into v_brands
    from public.brands b
    where b.active and (private.search_fold(b.name) like v_pat or private.search_fold(b.display_name) like v_pat);
    select coalesce(array_agg(c.id), '{}') into v_categories
    from public.categories c where c.activa and private.search_fold(c.nombre) like v_pat;
    v_whole := cardinality(v_brands) + cardinality(v_categories) > 0;
  end if;

  -- The matching products as cells of visible campaigns: every cell without a search; with one,
  -- the cells of a brand or category whose name matches, and the name cells of matching names
  -- outside those brands and categories (each product is counted once). A cell matches a filter
  -- when its key equals the chosen value; with a size chosen, that size's cells are summed, which
  -- counts each product once (a product has each size once).
  with
  -- the size cells of the matching names, read once for the size filter and the size facet
  name_sizes as materialized (
    select c.talla, c.n, c.category_id, c.subcategory_id, c.brand_id, c.campaign_id, c.price_range
    from private.shop_name_size_cells c
    where v_pat is not null and c.name_id = any (v_names) and c.campaign_id = any (v_campaigns)
      and not coalesce(c.brand_id = any (v_brands) or c.category_id = any (v_categories), false)
  ),
  cells as materialized (
    select c.category_id, c.subcategory_id, c.brand_id, c.campaign_id, c.price_range, c.n
    from private.shop_cells c
    where v_size is null and c.campaign_id = any (v_campaigns)
      and (v_pat is null or (v_whole and (c.brand_id = any (v_brands) or c.category_id = any (v_categories))))
    union all
    select c.category_id, c.subcategory_id, c.brand_id, c.campaign_id, c.price_range, c.n
    from private.shop_size_cells c
    where v_size is not null and lower(c.talla) = v_size and c.campaign_id = any (v_campaigns)
      and (v_pat is null or (v_whole and (c.brand_id = any (v_brands) or c.category_id = any (v_categories))))
    union all
    select c.category_id, c.subcategory_id, c.brand_id, c.campaign_id, c.price_range, c.n
    from private.shop_name_cells c
    where v_pat is not null and v_size is null and c.name_id = any (v_names) and c.campaign_id = any (v_campaigns)
      and not coalesce(c.brand_id = any (v_brands) or c.category_id = any (v_categories), false)
    union all
    select c.category_id, c.subcategory_id, c.brand_id, c.campaign_id, c.price_range, c.n
    from name_sizes c
    where v_size is not null and lower(c.talla) = v_size
  ),
  m as materialized (
    select c.*,
      (p_category_id is null or c.category_id = p_category_id) as m_category,
      (p_subcategory_id is null or c.subcategory_id = p_subcategory_id) as m_subcategory,
      (p_brand_id is null or c.brand_id = p_brand_id) as m_brand,
      (p_campaign_id is null or c.campaign_id = p_campaign_id) as m_campaign,
      (v_range is null or c.price_range = v_range) as m_price_range
    from cells c
  ),
  -- The size facet ignores the size filter: every size's cells, with the other filters.
  size_cells as (
    select c.talla, c.n, c.category_id, c.subcategory_id, c.brand_id, c.campaign_id, c.price_range
    from private.shop_size_cells c
    where c.campaign_id = any (v_campaigns)
      and (v_pat is null or (v_whole and (c.brand_id = any (v_brands) or c.category_id = any (v_categories))))
    union all
    select c.talla, c.n, c.category_id, c.subcategory_id, c.brand_id, c.campaign_id, c.price_range
    from name_sizes c
  ),
  sizes as (
    select c.talla, sum(c.n)::bigint as n
    from size_cells c
    where 'sizes' = any (v_facets)
      and (p_category_id is null or c.category_id = p_category_id)
      and (p_subcategory_id is null or c.subcategory_id = p_subcategory_id)
      and (p_brand_id is null or c.brand_id = p_brand_id)
      and (p_campaign_id is null or c.campaign_id = p_campaign_id)
      and (v_range is null or c.price_range = v_range)
    group by c.talla
  )
  select
    (select coalesce(sum(m.n), 0)::bigint from m
      where m.m_category and m.m_subcategory and m.m_brand and m.m_campaign and m.m_price_range),
    jsonb_build_object(
      'categories', (select coalesce(jsonb_object_agg(x.k::text, x.n), '{}') from (select m.category_id as k, sum(m.n)::bigint as n from m
        where 'categories' = any (v_facets) and m.category_id is not null
          and m.m_subcategory and m.m_brand and m.m_campaign and m.m_price_range group by 1) x),
      'subcategories', (select coalesce(jsonb_object_agg(x.k::text, x.n), '{}') from (select m.subcategory_id as k, sum(m.n)::bigint as n from m
        where 'subcategories' = any (v_facets) and m.subcategory_id is not null
          and m.m_category and m.m_brand and m.m_campaign and m.m_price_range group by 1) x),
      'brands', (select coalesce(jsonb_object_agg(x.k::text, x.n), '{}') from (select m.brand_id as k, sum(m.n)::bigint as n from m
        where 'brands' = any (v_facets) and m.brand_id is not null
          and m.m_category and m.m_subcategory and m.m_campaign and m.m_price_range group by 1) x),
      'campaigns', (select coalesce(jsonb_object_agg(x.k::text, x.n), '{}') from (select m.campaign_id as k, sum(m.n)::bigint as n from m
        where 'campaigns' = any (v_facets)
          and m.m_category and m.m_subcategory and m.m_brand and m.m_price_range group by 1) x),
      'price_ranges', (select coalesce(jsonb_object_agg(x.k, x.n), '{}') from (select m.price_range as k, sum(m.n)::bigint as n from m
        where 'price_ranges' = any (v_facets)
          and m.m_category and m.m_subcategory and m.m_brand and m.m_campaign group by 1) x),
      'sizes', (select coalesce(jsonb_object_agg(s.talla, s.n), '{}') from sizes s)
    )
  into v_total, v_counts;

  -- The page, when it holds any product. Two ways, the same rows: walking an index in created_at
  -- order until the page is full reads about (offset + limit) x visible / matches rows when the
  -- matches are spread out; gathering every match through the filters' indexes and sorting them
  -- reads about `matches` rows from the table. Without a search the walk reads the index only
  -- (it carries every filter column), about four times cheaper a row than the table; with one it
  -- reads the table for the names. The walk is taken when it costs less (with one filter, its own
  -- index walks straight to the page).
  if v_limit > 0 and v_total > v_offset then
    select coalesce(sum(c.n), 0) into v_visible from private.shop_cells c where c.campaign_id = any (v_campaigns);
    if (v_offset + v_limit)::numeric * v_visible <= v_total::numeric * v_total * (case when v_pat is null then 4 else 1 end) then
      select coalesce(array_agg(q.id order by q.created_at desc, q.id), '{}') into v_ids
      from (
        select p.id, p.created_at
        from private.shop_catalogue p
        where p.campaign_id = any (v_campaigns)
          and (v_pat is null or p.nombre_folded like v_pat or p.marca_folded like v_pat
            or p.brand_id = any (v_brands) or p.category_id = any (v_categories))
          and (p_category_id is null or p.category_id = p_category_id)
          and (p_subcategory_id is null or p.subcategory_id = p_subcategory_id)
          and (p_brand_id is null or p.brand_id = p_brand_id)
          and (p_campaign_id is null or p.campaign_id = p_campaign_id)
          and (v_range is null or p.price_range = v_range)
          and (v_size is null or p.size_keys @> array[v_size])
        order by p.created_at desc, p.id
        offset v_offset limit v_limit
      ) q;
    else
      with matches as materialized (
        select p.id, p.created_at
        from private.shop_catalogue p
        where p.campaign_id = any (v_campaigns)
          and (v_pat is null or p.nombre_folded like v_pat or p.marca_folded like v_pat
            or p.brand_id = any (v_brands) or p.category_id = any (v_categories))
          and (p_category_id is null or p.category_id = p_category_id)
          and (p_subcategory_id is null or p.subcategory_id = p_subcategory_id)
          and (p_brand_id is null or p.brand_id = p_brand_id)
          and (p_campaign_id is null or p.campaign_id = p_campaign_id)
          and (v_range is null or p.price_range = v_range)
          and (v_size is null or p.size_keys @> array[v_size])
      )
      select coalesce(array_agg(q.id order by q.created_at desc, q.id), '{}') into v_ids
      from (select f.id, f.created_at from matches f order by f.created_at desc, f.id offset v_offset limit v_limit) q;
    end if;
  end if;

  return jsonb_build_object(
    'total', v_total,
    'products', case when coalesce(p_limit, 12) > 0 then private.shop_products_json(v_ids) else '[]'::jsonb end,
    'facets', private.shop_facets_json(v_facets, v_counts)
  );
end
$$;

drop function private.shop_counts_add(jsonb, jsonb);

create or replace function private.shop_cells_apply(rows_in jsonb, sign integer)
returns void
language plpgsql
security definer
set search_path to ''
as $$
begin
  with bounds as (select * from private.price_bounds()),
  p as (
    select r.campaign_id, r.category_id, r.subcategory_id, r.brand_id, bounds.ids[width_bucket(r.precio_venta, bounds.lows) + 1] as price_range, r.sizes
    from jsonb_to_recordset(rows_in) as r(campaign_id uuid, category_id uuid, subcategory_id uuid, brand_id uuid, precio_venta numeric, sizes text[])
    cross join bounds
  ),
  d as (
    select campaign_id, category_id, subcategory_id, brand_id, price_range, sign * count(*) as n
    from p group by 1, 2, 3, 4, 5
    order by 1, 2, 3, 4, 5
  )
  insert into private.shop_cells as c (campaign_id, category_id, subcategory_id, brand_id, price_range, n)
  select * from d
  on conflict (campaign_id, category_id, subcategory_id, brand_id, price_range) do update set n = c.n + excluded.n;

  with bounds as (select * from private.price_bounds()),
  p as (
    select r.campaign_id, r.category_id, r.subcategory_id, r.brand_id, bounds.ids[width_bucket(r.precio_venta, bounds.lows) + 1] as price_range, r.sizes
    from jsonb_to_recordset(rows_in) as r(campaign_id uuid, category_id uuid, subcategory_id uuid, brand_id uuid, precio_venta numeric, sizes text[])
    cross join bounds
  ),
  d as (
    select p.campaign_id, p.category_id, p.subcategory_id, p.brand_id, p.price_range, t.talla, sign * count(*) as n
    from p cross join lateral unnest(p.sizes) as t(talla)
    group by 1, 2, 3, 4, 5, 6
    order by 1, 2, 3, 4, 5, 6
  )
  insert into private.shop_size_cells as c (campaign_id, category_id, subcategory_id, brand_id, price_range, talla, n)
  select * from d
  on conflict (campaign_id, category_id, subcategory_id, brand_id, price_range, talla) do update set n = c.n + excluded.n;

  -- the names first (their ids key the name cells), then the name cells, in one statement
  with p as materialized (
    select r.campaign_id, r.category_id, r.subcategory_id, r.brand_id, r.nombre_folded, r.marca_folded,
      (select b.ids[width_bucket(r.precio_venta, b.lows) + 1] from private.price_bounds() b) as price_range, r.sizes
    from jsonb_to_recordset(rows_in) as r(campaign_id uuid, category_id uuid, subcategory_id uuid, brand_id uuid, precio_venta numeric,
      sizes text[], nombre_folded text, marca_folded text)
  ),
  names as (
    insert into private.shop_names as x (nombre_folded, marca_folded, n)
    select p.nombre_folded, p.marca_folded, sign * count(*) from p group by 1, 2 order by 1, 2
    on conflict (nombre_folded, marca_folded) do update set n = x.n + excluded.n
    returning x.id, x.nombre_folded, x.marca_folded
  ),
  name_cells as (
    insert into private.shop_name_cells as c (name_id, campaign_id, category_id, subcategory_id, brand_id, price_range, n)
    select nm.id, p.campaign_id, p.category_id, p.subcategory_id, p.brand_id, p.price_range, sign * count(*)
    from p join names nm on nm.nombre_folded = p.nombre_folded and nm.marca_folded = p.marca_folded
    group by 1, 2, 3, 4, 5, 6
    order by 1, 2, 3, 4, 5, 6
    on conflict (name_id, campaign_id, category_id, subcategory_id, brand_id, price_range) do update set n = c.n + excluded.n
  )
  insert into private.shop_name_size_cells as c (name_id, campaign_id, category_id, subcategory_id, brand_id, price_range, talla, n)
  select nm.id, p.campaign_id, p.category_id, p.subcategory_id, p.brand_id, p.price_range, t.talla, sign * count(*)
  from p join names nm on nm.nombre_folded = p.nombre_folded and nm.marca_folded = p.marca_folded
  cross join lateral unnest(p.sizes) as t(talla)
  group by 1, 2, 3, 4, 5, 6, 7
  order by 1, 2, 3, 4, 5, 6, 7
  on conflict (name_id, campaign_id, category_id, subcategory_id, brand_id, price_range, talla) do update set n = c.n + excluded.n;

  if sign < 0 then
    delete from private.shop_cells where n = 0;
    delete from private.shop_size_cells where n = 0;
    delete from private.shop_name_cells where n = 0;
    delete from private.shop_name_size_cells where n = 0;
    delete from private.shop_names where n = 0;
  end if;
end
$$;

comment on function private.shop_cells_apply(jsonb, integer) is
  'Adds the products of rows_in to the facet cells, the names and the name cells (sign 1) or takes them away (sign -1); empty ones are removed; keys are applied in a fixed order so concurrent writers never deadlock.';

create or replace function private.shop_cells_track()
returns trigger
language plpgsql
security definer
set search_path to ''
as $$
declare
  gone jsonb;
  came jsonb;
begin
  if tg_op = 'DELETE' then
    delete from private.shop_catalogue c using old_rows o where c.id = o.id;
    select jsonb_agg(jsonb_build_object('campaign_id', o.campaign_id, 'category_id', o.category_id,
        'subcategory_id', o.subcategory_id, 'brand_id', o.brand_id, 'precio_venta', o.precio_venta, 'sizes', o.sizes,
        'nombre_folded', private.search_fold(o.nombre), 'marca_folded', private.search_fold(o.marca)))
      into gone from old_rows o;
  elsif tg_op = 'INSERT' then
    insert into private.shop_catalogue (id, created_at, campaign_id, category_id, subcategory_id, brand_id, precio_venta, price_range, sizes, size_keys, nombre_folded, marca_folded)
    select n.id, n.created_at, n.campaign_id, n.category_id, n.subcategory_id, n.brand_id, n.precio_venta, public.price_range_of(n.precio_venta),
      n.sizes, private.size_keys(n.sizes), private.search_fold(n.nombre), private.search_fold(n.marca)
    from new_rows n;
    select jsonb_agg(jsonb_build_object('campaign_id', n.campaign_id, 'category_id', n.category_id,
        'subcategory_id', n.subcategory_id, 'brand_id', n.brand_id, 'precio_venta', n.precio_venta, 'sizes', n.sizes,
        'nombre_folded', private.search_fold(n.nombre), 'marca_folded', private.search_fold(n.marca)))
      into came from new_rows n;
  else
    -- An update touches the copy and the cells only for the rows whose shop columns changed: most
    -- updates (a new description, an image, the sizes copy arriving unchanged) change none.
    delete from private.shop_catalogue c where c.id in (select o.id from old_rows o except select n.id from new_rows n);
    insert into private.shop_catalogue as c (id, created_at, campaign_id, category_id, subcategory_id, brand_id, precio_venta, price_range, sizes, size_keys, nombre_folded, marca_folded)
    select n.id, n.created_at, n.campaign_id, n.category_id, n.subcategory_id, n.brand_id, n.precio_venta, public.price_range_of(n.precio_venta),
      n.sizes, private.size_keys(n.sizes), private.search_fold(n.nombre), private.search_fold(n.marca)
    from new_rows n
    on conflict (id) do update set
      created_at = excluded.created_at, campaign_id = excluded.campaign_id, category_id = excluded.category_id,
      subcategory_id = excluded.subcategory_id, brand_id = excluded.brand_id, precio_venta = excluded.precio_venta,
      price_range = excluded.price_range, sizes = excluded.sizes, size_keys = excluded.size_keys,
      nombre_folded = excluded.nombre_folded, marca_folded = excluded.marca_folded
    where (c.created_at, c.campaign_id, c.category_id, c.subcategory_id, c.brand_id, c.precio_venta, c.sizes, c.nombre_folded, c.marca_folded)
      is distinct from (excluded.created_at, excluded.campaign_id, excluded.category_id, excluded.subcategory_id, excluded.brand_id,
        excluded.precio_venta, excluded.sizes, excluded.nombre_folded, excluded.marca_folded);
    select jsonb_agg(jsonb_build_object('campaign_id', o.campaign_id, 'category_id', o.category_id,
        'subcategory_id', o.subcategory_id, 'brand_id', o.brand_id, 'precio_venta', o.precio_venta, 'sizes', o.sizes,
        'nombre_folded', private.search_fold(o.nombre), 'marca_folded', private.search_fold(o.marca)))
      into gone
    from old_rows o left join new_rows n on n.id = o.id
    where n.id is null
      or (o.campaign_id, o.category_id, o.subcategory_id, o.brand_id, o.precio_venta, o.sizes, o.nombre, o.marca)
        is distinct from (n.campaign_id, n.category_id, n.subcategory_id, n.brand_id, n.precio_venta, n.sizes, n.nombre, n.marca);
    select jsonb_agg(jsonb_build_object('campaign_id', n.campaign_id, 'category_id', n.category_id,
        'subcategory_id', n.subcategory_id, 'brand_id', n.brand_id, 'precio_venta', n.precio_venta, 'sizes', n.sizes,
        'nombre_folded', private.search_fold(n.nombre), 'marca_folded', private.search_fold(n.marca)))
      into came
    from new_rows n left join old_rows o on o.id = n.id
    where o.id is null
      or (o.campaign_id, o.category_id, o.subcategory_id, o.brand_id, o.precio_venta, o.sizes, o.nombre, o.marca)
        is distinct from (n.campaign_id, n.category_id, n.subcategory_id, n.brand_id, n.precio_venta, n.sizes, n.nombre, n.marca);
  end if;
  if gone is not null then
    perform private.shop_cells_apply(gone, -1);
  end if;
  if came is not null then
    perform private.shop_cells_apply(came, 1);
  end if;
  return null;
end
$$;

comment on function private.shop_cells_track() is
  'Statement trigger on products: keeps private.shop_cells, shop_size_cells, shop_names, shop_name_cells, shop_name_size_cells and shop_catalogue exact with one grouped update per statement.';

create or replace function private.shop_cells_clear()
returns trigger
language plpgsql
security definer
set search_path to ''
as $$
begin
  truncate private.shop_cells, private.shop_size_cells, private.shop_catalogue, private.shop_names, private.shop_name_cells,
    private.shop_name_size_cells;
  return null;
end
$$;

comment on function private.shop_cells_clear() is
  'Statement trigger on TRUNCATE of products: empties the facet cells, the names and the narrow catalogue copy.';

create table private.shop_version (
  only_row boolean primary key default true check (only_row),
  version bigint not null default 0
);
comment on table private.shop_version is 'The catalogue''s version: raised by every catalogue change (public.request_rebuild); remembered shop answers are keyed on it.';
insert into private.shop_version default values;

-- Unlogged: a lost answer is only computed again.
create unlogged table private.shop_answers (
  key text primary key,
  answer jsonb not null,
  created_at timestamptz not null default now()
);
comment on table private.shop_answers is 'shop_page answers remembered for a minute, keyed by md5 of (catalogue version, shop day, arguments).';

alter table private.shop_version enable row level security;
alter table private.shop_answers enable row level security;

create function private.shop_page_remembered(p_category_id uuid, p_subcategory_id uuid, p_brand_id uuid, p_campaign_id uuid, p_price_range text, p_size_name text, p_search_term text, p_offset integer, p_limit integer)
returns jsonb
language plpgsql
volatile security definer
set search_path to ''
as $$
declare
  v_key text := md5(jsonb_build_array((select v.version from private.shop_version v), public.shop_today(),
    p_category_id, p_subcategory_id, p_brand_id, p_campaign_id, p_price_range, p_size_name, p_search_term, p_offset, p_limit)::text);
  v_answer jsonb;
begin
  select a.answer into v_answer from private.shop_answers a where a.key = v_key and a.created_at > now() - interval '1 minute';
  if found then
    return v_answer;
  end if;
  v_answer := private.shop_query(p_category_id, p_subcategory_id, p_brand_id, p_campaign_id, p_price_range, p_size_name,
    p_search_term, p_offset, p_limit, array['categories', 'subcategories', 'brands', 'campaigns', 'sizes', 'price_ranges']);
  insert into private.shop_answers as a (key, answer) values (v_key, v_answer)
  on conflict (key) do update set answer = excluded.answer, created_at = excluded.created_at;
  -- about one computation in a hundred also forgets the answers older than a minute, so the table
  -- holds about a minute of distinct states however many searches are typed
  if random() < 0.01 then
    delete from private.shop_answers a where a.created_at < now() - interval '1 minute';
  end if;
  return v_answer;
end
$$;
comment on function private.shop_page_remembered(uuid, uuid, uuid, uuid, text, text, text, integer, integer) is
  'shop_page''s answer from private.shop_answers when computed in the last minute for the same catalogue version and day, else computed by private.shop_query and remembered.';
grant execute on function private.shop_page_remembered(uuid, uuid, uuid, uuid, text, text, text, integer, integer) to anon, authenticated, service_role;

create or replace function public.shop_page(
  p_category_id uuid default null,
  p_subcategory_id uuid default null,
  p_brand_id uuid default null,
  p_campaign_id uuid default null,
  p_price_range text default null,
  p_size_name text default null,
  p_search_term text default null,
  p_offset integer default 0,
  p_limit integer default 12
)
returns jsonb
language sql
-- volatile: a computed answer is remembered (private.shop_answers), so the API calls it in a
-- read-write transaction (POST)
volatile
set search_path = ''
as $$
  select private.shop_page_remembered(p_category_id, p_subcategory_id, p_brand_id, p_campaign_id, p_price_range,
    p_size_name, p_search_term, p_offset, p_limit)
$$;

comment on function public.shop_page(uuid, uuid, uuid, uuid, text, text, text, integer, integer) is 'Shop grid in one round trip: {total, products: page newest first (max 100), facets: {categories, subcategories, brands, campaigns, sizes, price_ranges}}. Answers are remembered for a minute per catalogue version (private.shop_page_remembered).';

create or replace function public.request_rebuild()
returns trigger
language plpgsql
security definer -- writers (admins) have no insert right on rebuild_requests
set search_path = ''
as $$
declare
  why text := tg_table_name || ' ' || lower(tg_op);
begin
  -- the shop's public and signed-in users without the admin claim can change no catalogue row
  if coalesce(auth.jwt() ->> 'role', '') in ('anon', 'authenticated') and not public.is_admin() then
    return null;
  end if;
  -- the shop's remembered answers (03: private.shop_answers) are keyed on this version
  update private.shop_version set version = version + 1;
  update public.rebuild_requests
     set reason = left(reason || ', ' || why, 500)
   where status = 'pending' and position(why in reason) = 0;
  if not exists (select 1 from public.rebuild_requests where status = 'pending') then
    insert into public.rebuild_requests (reason) values (why);
  end if;
  perform pg_notify('rebuild_requested', why);
  return null;
end;
$$;

comment on function public.request_rebuild() is 'Statement trigger: raises the catalogue version (private.shop_version), records (coalesced) that the static shop must be rebuilt and notifies listeners.';

notify pgrst, 'reload schema';
