-- The shop's filter query as it was first designed (migration 20261123001600, before the facet
-- cells): one pass over every visible product, recounting the six facets on each call. Not part of
-- the schema: `npm run bench` installs it in its throwaway database to time it beside today's
-- shop_query on the same data, and tests/db/shop-query-equivalence.test.ts installs it to compare
-- both answers. Its search is the only point where the two designs differ on purpose, so it goes
-- through two small functions: as first designed (below: the term as typed, compared with ILIKE),
-- or with today's accent-insensitive rule (scripts/lib/reference-shop-query.ts replaces both).
-- Both are plain SQL without settings, so Postgres inlines them: the first design's plan is as it was.
create schema if not exists reference;

-- The search term as it is put into the LIKE pattern.
create or replace function reference.search_key(p_text text)
returns text
language sql
immutable
parallel safe
as $$ select p_text $$;

-- Whether a name matches the pattern.
create or replace function reference.matches(p_value text, p_pattern text)
returns boolean
language sql
immutable
parallel safe
as $$ select p_value ilike p_pattern $$;

create or replace function reference.shop_query(
  p_category_id uuid default null,
  p_subcategory_id uuid default null,
  p_brand_id uuid default null,
  p_campaign_id uuid default null,
  p_price_range text default null,
  p_size_name text default null,
  p_search_term text default null,
  p_offset integer default 0,
  p_limit integer default 12,
  p_facets text[] default array['categories', 'subcategories', 'brands', 'campaigns', 'sizes', 'price_ranges'],
  p_sort text default null
)
returns jsonb
language sql
stable
parallel safe
set search_path = ''
as $$
  with args as materialized (
    select
      -- at most the first 100 characters of the trimmed term
      case when nullif(btrim(p_search_term), '') is null then null
        else '%' || public.like_escape(reference.search_key(left(btrim(p_search_term), 100))) || '%'
      end as pat,
      nullif(btrim(p_price_range), '') as price_range,
      -- the order (added with the sort orders; unknown ones are the default)
      case when p_sort in ('nuevos', 'precio-asc', 'precio-desc', 'descuento', 'termina-pronto') then p_sort else 'relevancia' end as sort,
      -- price_ranges() bounds for width_bucket(): range i+1 holds width_bucket() = i
      array(select r.min_price from public.price_ranges() r where r.orden > 1 order by r.orden) as bounds,
      array(select r.id from public.price_ranges() r order by r.orden) as range_ids
  ),
  -- brands and categories whose name matches the search (small tables: computed once)
  search_ids as materialized (
    select
      array(select b.id from public.brands b
            where b.active and (reference.matches(b.name, a.pat) or reference.matches(b.display_name, a.pat))) as brand_ids,
      array(select c.id from public.categories c
            where c.activa and reference.matches(c.nombre, a.pat)) as category_ids
    from args a
    where a.pat is not null
  ),
  f as materialized (
    select m.*
    from (
      select
        p.id, p.created_at, p.category_id, p.subcategory_id, p.brand_id, p.campaign_id, p.sizes, pr.price_range,
        -- the whole percent off, as public.discount_percentage computes it (written out: anon may not call it)
        p.precio_venta, p.destacado, p.orden_destacado,
        case when p.precio_original > 0 then round((p.precio_original - p.precio_venta) / p.precio_original * 100)::integer else 0 end as descuento,
        cp.fecha_fin,
        (p_category_id is null or p.category_id = p_category_id) as m_category,
        (p_subcategory_id is null or p.subcategory_id = p_subcategory_id) as m_subcategory,
        (p_brand_id is null or p.brand_id = p_brand_id) as m_brand,
        (p_campaign_id is null or p.campaign_id = p_campaign_id) as m_campaign,
        (a.price_range is null or pr.price_range = a.price_range) as m_price_range,
        -- products.sizes mirrors product_sizes; lower() on the array's text form lowercases every element
        (nullif(btrim(p_size_name), '') is null
          or lower(btrim(p_size_name)) = any (lower(p.sizes::text)::text[])) as m_size
      from args a
      left join search_ids si on true
      cross join public.products p
      join public.campaigns cp on cp.id = p.campaign_id
      cross join lateral (
        select a.range_ids[width_bucket(p.precio_venta, a.bounds) + 1] as price_range
      ) pr
      where cp.fecha_fin >= (select public.shop_today())
        -- sold out: in no listing (added with the orders)
        and not p.agotado
        and (
          a.pat is null
          or reference.matches(p.nombre, a.pat)
          or reference.matches(p.marca, a.pat)
          or p.brand_id = any (si.brand_ids)
          or p.category_id = any (si.category_ids)
        )
    ) m
    where (not m.m_category)::int + (not m.m_subcategory)::int + (not m.m_brand)::int
        + (not m.m_campaign)::int + (not m.m_price_range)::int + (not m.m_size)::int <= 1
  ),
  -- the page in the order asked for (added with the sort orders): relevancia, the featured first in
  -- the admin's order then the rest newest first; nuevos; precio-asc (id breaks ties); precio-desc
  -- (id descending breaks ties); descuento, then newest; termina-pronto, the campaign ending first
  -- (then by id), each newest first
  page as (
    select f.id, row_number() over (order by
        case when a.sort = 'relevancia' then not f.destacado end,
        case when a.sort = 'relevancia' and f.destacado then f.orden_destacado end,
        case when a.sort = 'termina-pronto' then f.fecha_fin end,
        case when a.sort = 'termina-pronto' then f.campaign_id end,
        case when a.sort = 'precio-asc' then f.precio_venta end,
        case when a.sort = 'precio-desc' then f.precio_venta end desc,
        case when a.sort = 'descuento' then f.descuento end desc,
        case when a.sort in ('precio-asc', 'precio-desc') then null else f.created_at end desc,
        case when a.sort = 'precio-desc' then f.id end desc,
        case when a.sort <> 'precio-desc' then f.id end) as ord
    from f cross join args a
    where f.m_category and f.m_subcategory and f.m_brand and f.m_campaign and f.m_price_range and f.m_size
    order by ord
    offset greatest(coalesce(p_offset, 0), 0)
    limit least(greatest(coalesce(p_limit, 12), 0), 100)
  )
  select jsonb_build_object(
    'total', (
      select count(*) from f
      where f.m_category and f.m_subcategory and f.m_brand and f.m_campaign and f.m_price_range and f.m_size
    ),
    'products', case when coalesce(p_limit, 12) > 0 then (
      select coalesce(jsonb_agg(jsonb_build_object(
          'id', p.id,
          'nombre', p.nombre,
          'marca', p.marca,
          'brand_id', p.brand_id,
          'brand_display_name', b.display_name,
          'precio_original', p.precio_original,
          'precio_venta', p.precio_venta,
          'imagen_principal', p.imagen_principal,
          'permalink', p.permalink,
          'destacado', p.destacado,
          'category_id', p.category_id,
          'category_nombre', c.nombre,
          'subcategory_id', p.subcategory_id,
          'subcategory_nombre', sc.nombre,
          'created_at', p.created_at,
          'campaign', jsonb_build_object('id', cp.id, 'nombre', cp.nombre, 'fecha_fin', cp.fecha_fin),
          'sizes', to_jsonb(p.sizes)
        ) order by pg.ord), '[]'::jsonb)
      from page pg
      join public.products p on p.id = pg.id
      join public.campaigns cp on cp.id = p.campaign_id
      left join public.brands b on b.id = p.brand_id
      left join public.categories c on c.id = p.category_id
      left join public.subcategories sc on sc.id = p.subcategory_id
    ) else '[]'::jsonb end,
    'facets', jsonb_strip_nulls(jsonb_build_object(
      'categories', case when 'categories' = any (p_facets) then (
        select coalesce(jsonb_agg(jsonb_build_object('id', c.id::text, 'nombre', c.nombre, 'product_count', x.n)
          order by c.orden, c.nombre, c.id), '[]'::jsonb)
        from (
          select f.category_id, count(*) as n from f
          where f.category_id is not null
            and f.m_subcategory and f.m_brand and f.m_campaign and f.m_price_range and f.m_size
          group by f.category_id
        ) x
        join public.categories c on c.id = x.category_id
      ) end,
      'subcategories', case when 'subcategories' = any (p_facets) then (
        select coalesce(jsonb_agg(jsonb_build_object('id', s.id::text, 'nombre', s.nombre, 'product_count', x.n)
          order by s.orden, s.nombre, s.id), '[]'::jsonb)
        from (
          select f.subcategory_id, count(*) as n from f
          where f.subcategory_id is not null
            and f.m_category and f.m_brand and f.m_campaign and f.m_price_range and f.m_size
          group by f.subcategory_id
        ) x
        join public.subcategories s on s.id = x.subcategory_id
      ) end,
      'brands', case when 'brands' = any (p_facets) then (
        select coalesce(jsonb_agg(jsonb_build_object('id', b.id::text, 'nombre', b.display_name, 'product_count', x.n)
          order by lower(b.display_name), b.display_name, b.id), '[]'::jsonb)
        from (
          select f.brand_id, count(*) as n from f
          where f.brand_id is not null
            and f.m_category and f.m_subcategory and f.m_campaign and f.m_price_range and f.m_size
          group by f.brand_id
        ) x
        join public.brands b on b.id = x.brand_id
      ) end,
      'campaigns', case when 'campaigns' = any (p_facets) then (
        select coalesce(jsonb_agg(jsonb_build_object('id', cp.id::text, 'nombre', cp.nombre, 'product_count', x.n)
          order by cp.fecha_fin, cp.nombre, cp.id), '[]'::jsonb)
        from (
          select f.campaign_id, count(*) as n from f
          where f.m_category and f.m_subcategory and f.m_brand and f.m_price_range and f.m_size
          group by f.campaign_id
        ) x
        join public.campaigns cp on cp.id = x.campaign_id
      ) end,
      'sizes', case when 'sizes' = any (p_facets) then (
        select coalesce(jsonb_agg(jsonb_build_object('id', x.nombre, 'nombre', x.nombre, 'product_count', x.n)
          order by public.size_sort_key(x.nombre), x.nombre), '[]'::jsonb)
        from (
          -- products.sizes mirrors product_sizes (one size per product case-insensitively), so
          -- summed counts count products; the label is the most common spelling (ties: uppercase first).
          select (array_agg(z.spelling order by z.n desc, z.spelling collate "C"))[1] as nombre, sum(z.n)::bigint as n
          from (
            select t.talla as spelling, count(*) as n
            from f
            cross join lateral unnest(f.sizes) as t(talla)
            where f.m_category and f.m_subcategory and f.m_brand and f.m_campaign and f.m_price_range
            group by t.talla
          ) z
          group by lower(z.spelling)
        ) x
      ) end,
      'price_ranges', case when 'price_ranges' = any (p_facets) then (
        select coalesce(jsonb_agg(jsonb_build_object('id', x.price_range, 'nombre', x.price_range, 'product_count', x.n)
          order by (select r.orden from public.price_ranges() r where r.id = x.price_range)), '[]'::jsonb)
        from (
          select f.price_range, count(*) as n from f
          where f.m_category and f.m_subcategory and f.m_brand and f.m_campaign and f.m_size
          group by f.price_range
        ) x
      ) end
    ))
  )
$$;
