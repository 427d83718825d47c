-- ─── shop_query reads the counts from the cells ─────────────────────────────────────────────
-- Same arguments and same answer as before ({total, products, facets}); see 20261123001900 for
-- the cells. The work is done by private.shop_query with its owner's rights (the cells are not
-- readable through the API), so it applies the shopper's visibility rules itself:
--   - a product shows while its campaign's fecha_fin is today or later (Mexico City);
--   - facet options name only active categories, subcategories and brands, and product fields
--     from an inactive brand, category or subcategory read as null, as the public policies do;
--   - a search matches, ignoring case and accents (private.search_fold), a product's nombre or
--     marca, or the name of an active brand or category, using at most the first 100 characters
--     of the trimmed term; the term is folded before its %, _ and \ are escaped, so a character
--     that folds to one of them (a full-width ％) matches literally, never as a wildcard.
-- public.shop_query keeps its name and arguments and runs with the caller's rights; it only
-- calls the private one.

grant usage on schema private to anon;

create function private.shop_query(
  p_category_id uuid,
  p_subcategory_id uuid,
  p_brand_id uuid,
  p_campaign_id uuid,
  p_price_range text,
  p_size_name text,
  p_search_term text,
  p_offset integer,
  p_limit integer,
  p_facets text[]
)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
-- every call is planned for its own values: a plan made for "no search" or a long term is a bad
-- one for a two-letter term, and the filters left empty should cost nothing
set plan_cache_mode = force_custom_plan
as $$
declare
  v_campaigns uuid[];
  v_pat text;
  v_brands uuid[] := '{}';
  v_categories uuid[] := '{}';
  v_range text := nullif(btrim(p_price_range), '');
  v_size text := lower(nullif(btrim(p_size_name), ''));
  v_lo numeric;
  v_hi numeric;
  v_range_known boolean := true;
  v_bounds numeric[];
  v_range_ids text[];
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_limit integer := least(greatest(coalesce(p_limit, 12), 0), 100);
  v_facets text[] := coalesce(p_facets, '{}');
  v_total bigint := 0;
  v_counts jsonb := '{}';
  v_ids uuid[] := '{}';
  v_live_total bigint;
  v_live_counts jsonb;
  v_live_ids uuid[];
  v_visible bigint;
begin
  select b.lows, b.ids into v_bounds, v_range_ids from private.price_bounds() b;
  select coalesce(array_agg(c.id), '{}') into v_campaigns from public.campaigns c where c.fecha_fin >= public.shop_today();
  if v_range is not null then
    select r.min_price, r.max_price into v_lo, v_hi from public.price_ranges() r where r.id = v_range;
    v_range_known := found; -- an unknown range matches no product
  end if;
  if nullif(btrim(p_search_term), '') is not null then
    v_pat := '%' || public.like_escape(private.search_fold(left(btrim(p_search_term), 100))) || '%';
    select coalesce(array_agg(b.id), '{}') into v_brands
    from public.brands b
    where b.active and (private.search_fold(b.name) like v_pat or private.search_fold(b.display_name) like v_pat);
    select coalesce(array_agg(c.id), '{}') into v_categories
    from public.categories c where c.activa and private.search_fold(c.nombre) like v_pat;
  end if;

  -- Whole cells: every visible product without a search; with one, the products of a brand or
  -- category whose name matches. A cell matches a filter when its key equals the chosen value;
  -- with a size chosen, that size's cells are summed, which counts each product once.
  if v_pat is null or cardinality(v_brands) + cardinality(v_categories) > 0 then
    with cells as materialized (
      select c.category_id, c.subcategory_id, c.brand_id, c.campaign_id, c.price_range, c.n
      from private.shop_cells c
      where v_size is null and c.campaign_id = any (v_campaigns)
        and (v_pat is null or c.brand_id = any (v_brands) or c.category_id = any (v_categories))
      union all
      select c.category_id, c.subcategory_id, c.brand_id, c.campaign_id, c.price_range, c.n
      from private.shop_size_cells c
      where v_size is not null and lower(c.talla) = v_size and c.campaign_id = any (v_campaigns)
        and (v_pat is null or c.brand_id = any (v_brands) or c.category_id = any (v_categories))
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
    sizes as (
      select c.talla, sum(c.n)::bigint as n
      from private.shop_size_cells c
      where 'sizes' = any (v_facets)
        and c.campaign_id = any (v_campaigns)
        and (v_pat is null or c.brand_id = any (v_brands) or c.category_id = any (v_categories))
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

    -- Their newest (offset + limit), when some can be on the page (with a search, the other
    -- matches are merged in below, so any of these can be). Many matches: walk the
    -- created_at index until enough are found. Few (under one in 20 visible products): that walk
    -- could read most of the catalogue to find them, so they are gathered through the key
    -- indexes first and then sorted. Both queries select the same rows.
    if v_limit > 0 and v_total > (case when v_pat is null then v_offset else 0 end) then
      select coalesce(sum(c.n), 0) into v_visible from private.shop_cells c where c.campaign_id = any (v_campaigns);
      if v_total * 20 >= v_visible then
        select coalesce(array_agg(q.id order by q.created_at desc, q.id), '{}') into v_ids
        from (
          select p.id, p.created_at
          from private.shop_catalogue p
          where p.campaign_id = any (v_campaigns)
            and (v_pat is null or p.brand_id = any (v_brands) or p.category_id = any (v_categories))
            and (p_category_id is null or p.category_id = p_category_id)
            and (p_subcategory_id is null or p.subcategory_id = p_subcategory_id)
            and (p_brand_id is null or p.brand_id = p_brand_id)
            and (p_campaign_id is null or p.campaign_id = p_campaign_id)
            and (v_range is null or (v_range_known and p.precio_venta >= v_lo and (v_hi is null or p.precio_venta < v_hi)))
            -- lower() on the array's text form lowercases every size
            and (v_size is null or v_size = any (lower(p.sizes::text)::text[]))
          order by p.created_at desc, p.id
          limit v_offset + v_limit
        ) q;
      else
        with few as materialized (
          select p.id, p.created_at
          from private.shop_catalogue p
          where p.campaign_id = any (v_campaigns)
            and (v_pat is null or p.brand_id = any (v_brands) or p.category_id = any (v_categories))
            and (p_category_id is null or p.category_id = p_category_id)
            and (p_subcategory_id is null or p.subcategory_id = p_subcategory_id)
            and (p_brand_id is null or p.brand_id = p_brand_id)
            and (p_campaign_id is null or p.campaign_id = p_campaign_id)
            and (v_range is null or (v_range_known and p.precio_venta >= v_lo and (v_hi is null or p.precio_venta < v_hi)))
            and (v_size is null or v_size = any (lower(p.sizes::text)::text[]))
        )
        select coalesce(array_agg(q.id order by q.created_at desc, q.id), '{}') into v_ids
        from (select f.id, f.created_at from few f order by f.created_at desc, f.id limit v_offset + v_limit) q;
      end if;
    end if;
  end if;

  -- With a search, the other matches (nombre or marca) are found through the trigram indexes and
  -- counted one by one: each facet counts the rows that pass every filter but its own.
  if v_pat is not null then
    with hits as materialized (
      select p.id, p.created_at, p.category_id, p.subcategory_id, p.brand_id, p.campaign_id, p.sizes, p.precio_venta
      from private.shop_catalogue p where p.nombre_folded like v_pat or p.marca_folded like v_pat
    ),
    f as materialized (
      select m.* from (
        select p.id, p.created_at, p.category_id, p.subcategory_id, p.brand_id, p.campaign_id, p.sizes,
          v_range_ids[width_bucket(p.precio_venta, v_bounds) + 1] as price_range,
          (p_category_id is null or p.category_id = p_category_id) as m_category,
          (p_subcategory_id is null or p.subcategory_id = p_subcategory_id) as m_subcategory,
          (p_brand_id is null or p.brand_id = p_brand_id) as m_brand,
          (p_campaign_id is null or p.campaign_id = p_campaign_id) as m_campaign,
          (v_range is null or (v_range_known and p.precio_venta >= v_lo and (v_hi is null or p.precio_venta < v_hi))) as m_price_range,
          (v_size is null or v_size = any (lower(p.sizes::text)::text[])) as m_size
        from hits p
        where p.campaign_id = any (v_campaigns)
          -- the products of a matching brand or category are already counted by their cells
          and not coalesce(p.brand_id = any (v_brands), false)
          and not coalesce(p.category_id = any (v_categories), false)
      ) m
      where (not m.m_category)::int + (not m.m_subcategory)::int + (not m.m_brand)::int
          + (not m.m_campaign)::int + (not m.m_price_range)::int + (not m.m_size)::int <= 1
    ),
    -- one pass for five facets: a row per value of each, counting the rows that pass every filter but its own
    g as materialized (
      select
        grouping(f.category_id) = 0 as by_category, grouping(f.subcategory_id) = 0 as by_subcategory,
        grouping(f.brand_id) = 0 as by_brand, grouping(f.campaign_id) = 0 as by_campaign,
        grouping(f.price_range) = 0 as by_price_range,
        f.category_id, f.subcategory_id, f.brand_id, f.campaign_id, f.price_range,
        count(*) filter (where f.m_subcategory and f.m_brand and f.m_campaign and f.m_price_range and f.m_size) as n_category,
        count(*) filter (where f.m_category and f.m_brand and f.m_campaign and f.m_price_range and f.m_size) as n_subcategory,
        count(*) filter (where f.m_category and f.m_subcategory and f.m_campaign and f.m_price_range and f.m_size) as n_brand,
        count(*) filter (where f.m_category and f.m_subcategory and f.m_brand and f.m_price_range and f.m_size) as n_campaign,
        count(*) filter (where f.m_category and f.m_subcategory and f.m_brand and f.m_campaign and f.m_size) as n_price_range
      from f
      group by grouping sets ((f.category_id), (f.subcategory_id), (f.brand_id), (f.campaign_id), (f.price_range))
    )
    select
      (select count(*) from f
        where f.m_category and f.m_subcategory and f.m_brand and f.m_campaign and f.m_price_range and f.m_size),
      (select coalesce(array_agg(q.id), '{}') from (
          select f.id from f
          where f.m_category and f.m_subcategory and f.m_brand and f.m_campaign and f.m_price_range and f.m_size
          order by f.created_at desc, f.id limit v_offset + v_limit
        ) q),
      jsonb_build_object(
        'categories', (select coalesce(jsonb_object_agg(g.category_id::text, g.n_category), '{}') from g
          where g.by_category and g.category_id is not null and g.n_category > 0),
        'subcategories', (select coalesce(jsonb_object_agg(g.subcategory_id::text, g.n_subcategory), '{}') from g
          where g.by_subcategory and g.subcategory_id is not null and g.n_subcategory > 0),
        'brands', (select coalesce(jsonb_object_agg(g.brand_id::text, g.n_brand), '{}') from g
          where g.by_brand and g.brand_id is not null and g.n_brand > 0),
        'campaigns', (select coalesce(jsonb_object_agg(g.campaign_id::text, g.n_campaign), '{}') from g
          where g.by_campaign and g.n_campaign > 0),
        'price_ranges', (select coalesce(jsonb_object_agg(g.price_range, g.n_price_range), '{}') from g
          where g.by_price_range and g.n_price_range > 0),
        -- products with the same list of sizes are counted together first
        'sizes', (select coalesce(jsonb_object_agg(x.k, x.n), '{}') from (select t.talla as k, sum(l.n)::bigint as n
          from (select f.sizes, count(*) as n from f
            where 'sizes' = any (v_facets)
              and f.m_category and f.m_subcategory and f.m_brand and f.m_campaign and f.m_price_range group by 1) l
          cross join lateral unnest(l.sizes) as t(talla) group by 1) x)
      )
    into v_live_total, v_live_ids, v_live_counts;

    v_total := v_total + v_live_total;
    v_counts := private.shop_counts_add(v_counts, v_live_counts);
    v_ids := v_ids || v_live_ids;
  end if;

  -- the page: newest first among both parts' newest
  if v_limit > 0 then
    select coalesce(array_agg(q.id order by q.created_at desc, q.id), '{}') into v_ids
    from (
      select p.id, p.created_at from private.shop_catalogue p where p.id = any (v_ids)
      order by p.created_at desc, p.id offset v_offset limit v_limit
    ) q;
  end if;

  return jsonb_build_object(
    'total', v_total,
    'products', case when coalesce(p_limit, 12) > 0 then private.shop_products_json(v_ids) else '[]'::jsonb end,
    'facets', private.shop_facets_json(v_facets, v_counts)
  );
end
$$;

-- Facet counts added key by key: {facet: {key: n}} + {facet: {key: m}}.
create function private.shop_counts_add(a jsonb, b jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select coalesce(jsonb_object_agg(f.facet, (
      select coalesce(jsonb_object_agg(y.key, y.n), '{}')
      from (
        select x.key, sum((x.value)::bigint)::bigint as n
        from (
          select * from jsonb_each_text(coalesce(a -> f.facet, '{}'))
          union all
          select * from jsonb_each_text(coalesce(b -> f.facet, '{}'))
        ) x
        group by x.key
      ) y
    )), '{}')
  from (select jsonb_object_keys(a) as facet union select jsonb_object_keys(b)) f
$$;

-- The page's products as the shop shows them, in the order of `ids`.
create function private.shop_products_json(ids uuid[])
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
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
    ) order by i.ord), '[]'::jsonb)
  from unnest(ids) with ordinality as i(id, ord)
  join public.products p on p.id = i.id
  join public.campaigns cp on cp.id = p.campaign_id
  left join public.brands b on b.id = p.brand_id and b.active
  left join public.categories c on c.id = p.category_id and c.activa
  left join public.subcategories sc on sc.id = p.subcategory_id and sc.activa
$$;

-- Facet options from counts keyed by id (sizes: by spelling), named and ordered as the shop
-- shows them; inactive categories, subcategories and brands are left out. A facet not asked for
-- is absent.
create function private.shop_facets_json(facets text[], counts jsonb)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'categories', case when 'categories' = any (facets) then (
      select coalesce(jsonb_agg(jsonb_build_object('id', c.id::text, 'nombre', c.nombre, 'product_count', (x.value)::bigint)
        order by c.orden, c.nombre, c.id), '[]'::jsonb)
      from jsonb_each_text(coalesce(counts -> 'categories', '{}')) x
      join public.categories c on c.id = x.key::uuid and c.activa
    ) end,
    'subcategories', case when 'subcategories' = any (facets) then (
      select coalesce(jsonb_agg(jsonb_build_object('id', s.id::text, 'nombre', s.nombre, 'product_count', (x.value)::bigint)
        order by s.orden, s.nombre, s.id), '[]'::jsonb)
      from jsonb_each_text(coalesce(counts -> 'subcategories', '{}')) x
      join public.subcategories s on s.id = x.key::uuid and s.activa
    ) end,
    'brands', case when 'brands' = any (facets) then (
      select coalesce(jsonb_agg(jsonb_build_object('id', b.id::text, 'nombre', b.display_name, 'product_count', (x.value)::bigint)
        order by lower(b.display_name), b.display_name, b.id), '[]'::jsonb)
      from jsonb_each_text(coalesce(counts -> 'brands', '{}')) x
      join public.brands b on b.id = x.key::uuid and b.active
    ) end,
    'campaigns', case when 'campaigns' = any (facets) then (
      select coalesce(jsonb_agg(jsonb_build_object('id', cp.id::text, 'nombre', cp.nombre, 'product_count', (x.value)::bigint)
        order by cp.fecha_fin, cp.nombre, cp.id), '[]'::jsonb)
      from jsonb_each_text(coalesce(counts -> 'campaigns', '{}')) x
      join public.campaigns cp on cp.id = x.key::uuid
    ) end,
    'sizes', case when 'sizes' = any (facets) then (
      select coalesce(jsonb_agg(jsonb_build_object('id', y.nombre, 'nombre', y.nombre, 'product_count', y.n)
        order by public.size_sort_key(y.nombre), y.nombre), '[]'::jsonb)
      from (
        -- one option per size case-insensitively, labelled with its most common spelling (ties: uppercase first)
        select (array_agg(x.key order by (x.value)::bigint desc, x.key collate "C"))[1] as nombre, sum((x.value)::bigint)::bigint as n
        from jsonb_each_text(coalesce(counts -> 'sizes', '{}')) x
        where (x.value)::bigint > 0
        group by lower(x.key)
      ) y
    ) end,
    'price_ranges', case when 'price_ranges' = any (facets) then (
      select coalesce(jsonb_agg(jsonb_build_object('id', r.id, 'nombre', r.id, 'product_count', (x.value)::bigint)
        order by r.orden), '[]'::jsonb)
      from jsonb_each_text(coalesce(counts -> 'price_ranges', '{}')) x
      join public.price_ranges() r on r.id = x.key
    ) end
  ))
$$;

revoke all on function
  private.shop_query(uuid, uuid, uuid, uuid, text, text, text, integer, integer, text[]),
  private.shop_products_json(uuid[]),
  private.shop_facets_json(text[], jsonb),
  private.shop_counts_add(jsonb, jsonb)
  from public, anon, authenticated;
grant execute on function private.shop_query(uuid, uuid, uuid, uuid, text, text, text, integer, integer, text[])
  to anon, authenticated, service_role;

create or replace function public.shop_query(
  p_category_id uuid default null,
  p_subcategory_id uuid default null,
  p_brand_id uuid default null,
  p_campaign_id uuid default null,
  p_price_range text default null,
  p_size_name text default null,
  p_search_term text default null,
  p_offset integer default 0,
  p_limit integer default 12,
  p_facets text[] default array['categories', 'subcategories', 'brands', 'campaigns', 'sizes', 'price_ranges']
)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select private.shop_query(p_category_id, p_subcategory_id, p_brand_id, p_campaign_id, p_price_range,
    p_size_name, p_search_term, p_offset, p_limit, p_facets)
$$;
