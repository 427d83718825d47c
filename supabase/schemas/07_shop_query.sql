-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 07 · Shop query: the filters, the page of products and the facets, from the cells
--
-- Entry points: public.shop_query, public.get_filtered_product_count and the six
-- public.get_available_* facet functions (shop_page, which remembers answers, is in
-- 08_shop_cache.sql). private.shop_query does the work with its owner's rights, reading the cells of
-- 05_shop_cells.sql; the public functions of the same names run with the caller's rights.
-- ═════════════════════════════════════════════════════════════════════════════════════════════

-- ─── The filter query, from the cells ─────────────────────────────────────────────────────────
-- The page's products as the shop shows them, in the order of `ids`.
create function private.shop_products_json(ids uuid[])
returns jsonb
language sql
stable security definer
set search_path to ''
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
comment on function private.shop_products_json(uuid[]) is
  'The page''s products as the shop shows them (price, images, sizes, campaign), in the order of ids. Owner''s rights: called by private.shop_query only.';

-- Facet options from counts keyed by id (sizes: by spelling), named and ordered as the shop
-- shows them; inactive categories, subcategories and brands are left out. A facet not asked for
-- is absent.
create function private.shop_facets_json(facets text[], counts jsonb)
returns jsonb
language sql
stable security definer
set search_path to ''
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
comment on function private.shop_facets_json(text[], jsonb) is
  'Facet options from counts, named and ordered as the shop shows them; inactive categories, subcategories and brands are left out, as is a facet not asked for.';

-- One page of the matching products, in one order, as ids. Two ways, the same rows: walking an
-- index in the page's order until the page is full reads about (offset + limit) x (the index's
-- products) / matches rows when the matches are spread out; gathering the matches through the
-- filters' indexes and sorting them reads from the table at least every product of the most
-- selective filter alone (an index holds all of its value's products, whatever the other filters
-- say); without a search Postgres combines the filters' indexes before it reads the table, and
-- about 32 index entries cost what one table row does, so it then reads the matches plus a 32nd of
-- every filter's products. Newest first, the walk goes down the newest-first index of every
-- visible product, or that of the most selective of the campaign, category, subcategory, brand and
-- price filters (each has one; sizes and search do not); the other orders have one index each,
-- over every product. Without a search the walk reads the index only (it carries every filter
-- column), about four times cheaper a row than the table; with one it reads the table for the
-- names. The walk is taken when it costs less (with one filter, its own index walks straight to
-- the page). p_total is how many products match; p_not_featured leaves the featured ones out
-- (relevancia reads them apart).
create function private.shop_page_ids(
  p_campaigns uuid[], p_category_id uuid, p_subcategory_id uuid, p_brand_id uuid, p_campaign_id uuid, p_range text,
  p_size text, p_pat text, p_brands uuid[], p_categories uuid[], p_base bigint, p_total bigint, p_sort text,
  p_not_featured boolean, p_offset integer, p_limit integer
)
returns uuid[]
language plpgsql
stable security definer
set search_path to ''
set plan_cache_mode to 'force_custom_plan'
set jit to 'off'
set work_mem to '32MB'
-- a page walked in its order turns both off for its statement (below)
set enable_bitmapscan to 'on'
set enable_seqscan to 'on'
as $$
declare
  -- products of each filter alone (null when not chosen), of the most selective of those with an
  -- index in the page's order, and what gathering the page reads
  v_alone record;
  v_visible bigint;
  v_narrowest_ordered numeric;
  v_gather numeric;
  -- the order's columns, written for the row alias x (p inside a statement, q around it)
  v_order text := case p_sort
    when 'precio-asc' then 'x.precio_venta, x.id'
    when 'precio-desc' then 'x.precio_venta desc, x.id desc'
    when 'descuento' then 'x.descuento desc, x.created_at desc, x.id'
    else 'x.created_at desc, x.id'
  end;
  v_where constant text := $w$
        p.campaign_id = any ($1)
        and ($8::text is null or p.nombre_folded like $8 or p.marca_folded like $8 or p.brand_id = any ($9) or p.category_id = any ($10))
        and ($2::uuid is null or p.category_id = $2)
        and ($3::uuid is null or p.subcategory_id = $3)
        and ($4::uuid is null or p.brand_id = $4)
        and ($5::uuid is null or p.campaign_id = $5)
        and ($6::text is null or p.price_range = $6)
        and ($7::text is null or p.size_keys @> array[$7::text])
        and (not $11 or not p.destacado)$w$;
  v_ids uuid[];
begin
  if p_limit <= 0 or p_total <= p_offset then
    return '{}';
  end if;
  select coalesce(sum(c.n), 0) as visible,
    case when p_category_id is not null then coalesce(sum(c.n) filter (where c.category_id = p_category_id), 0) end as category,
    case when p_subcategory_id is not null then coalesce(sum(c.n) filter (where c.subcategory_id = p_subcategory_id), 0) end as subcategory,
    case when p_brand_id is not null then coalesce(sum(c.n) filter (where c.brand_id = p_brand_id), 0) end as brand,
    case when p_campaign_id is not null then coalesce(sum(c.n) filter (where c.campaign_id = p_campaign_id), 0) end as campaign,
    case when p_range is not null then coalesce(sum(c.n) filter (where c.price_range = p_range), 0) end as price,
    -- the size (with the search, when there is one): the matching cells' sum
    case when p_pat is not null or p_size is not null then p_base end as base
  into v_alone
  from private.shop_cells c where c.campaign_id = any (p_campaigns);
  v_visible := v_alone.visible;
  -- only the newest-first order has an index per filter
  v_narrowest_ordered := case when v_order = 'x.created_at desc, x.id'
    then least(v_alone.category, v_alone.subcategory, v_alone.brand, v_alone.campaign, v_alone.price) end;
  v_gather := case
    when p_pat is null then (coalesce(v_alone.category, 0) + coalesce(v_alone.subcategory, 0) + coalesce(v_alone.brand, 0)
      + coalesce(v_alone.campaign, 0) + coalesce(v_alone.price, 0) + coalesce(v_alone.base, 0)) / 32.0 + p_total
    else coalesce(least(v_narrowest_ordered, v_alone.base), v_visible)
  end;
  if (p_offset + p_limit)::numeric
      * least(v_visible::numeric / (case when p_pat is null then 4 else 1 end), coalesce(v_narrowest_ordered, v_visible))
      <= v_gather * p_total then
    -- Walk an index in the page's order, never gather: Postgres cannot tell that several filters
    -- together match thousands of products, so it would often gather them (combining the filters'
    -- indexes, or reading the whole table) and sort. Both settings return to 'on' when this
    -- function ends (they are among its settings).
    perform set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true);
    execute format($q$
      select coalesce(array_agg(q.id order by %2$s), '{}') from (
        select p.id, p.created_at, p.precio_venta, p.descuento
        from private.shop_catalogue p
        where %3$s
        order by %1$s
        offset $12 limit $13
      ) q$q$, replace(v_order, 'x.', 'p.'), replace(v_order, 'x.', 'q.'), v_where)
    into v_ids
    using p_campaigns, p_category_id, p_subcategory_id, p_brand_id, p_campaign_id, p_range, p_size, p_pat, p_brands,
      p_categories, p_not_featured, p_offset, p_limit;
  else
    execute format($q$
      with matches as materialized (
        select p.id, p.created_at, p.precio_venta, p.descuento
        from private.shop_catalogue p
        where %3$s
      )
      select coalesce(array_agg(q.id order by %2$s), '{}') from (
        select p.id, p.created_at, p.precio_venta, p.descuento from matches p order by %1$s offset $12 limit $13
      ) q$q$, replace(v_order, 'x.', 'p.'), replace(v_order, 'x.', 'q.'), v_where)
    into v_ids
    using p_campaigns, p_category_id, p_subcategory_id, p_brand_id, p_campaign_id, p_range, p_size, p_pat, p_brands,
      p_categories, p_not_featured, p_offset, p_limit;
  end if;
  return v_ids;
end
$$;
comment on function private.shop_page_ids(uuid[], uuid, uuid, uuid, uuid, text, text, text, uuid[], uuid[], bigint, bigint, text, boolean, integer, integer) is
  'One page of the shop''s matching products in one order (nuevos, precio-asc, precio-desc, descuento) as ids, walking the order''s index or gathering the matches, whichever reads less. Called by private.shop_query only.';

create function private.shop_query(p_category_id uuid, p_subcategory_id uuid, p_brand_id uuid, p_campaign_id uuid, p_price_range text, p_size_name text, p_search_term text, p_offset integer, p_limit integer, p_facets text[], p_sort text default null)
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
-- a page walked in the grid's order turns both off for its statement (below)
set enable_bitmapscan to 'on'
set enable_seqscan to 'on'
as $$
declare
  v_campaigns uuid[];
  v_term text;
  v_pat text;
  v_words bigint[] := '{}';
  -- the search is counted from the word cells (else from the name cells)
  v_by_word boolean := false;
  -- products holding each matching word, summed; products of the matching names
  v_word_hits numeric;
  v_name_hits numeric;
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
  -- products matching the search and size (the other filters ignored)
  v_base bigint;
  -- the order asked for; an unknown one (a crafted URL) is the shop's default
  v_sort text := case when p_sort in ('nuevos', 'precio-asc', 'precio-desc', 'descuento', 'termina-pronto') then p_sort else 'relevancia' end;
  -- relevancia: the featured matches; termina-pronto: the matches per campaign, and the page's
  -- place in the campaign being read
  v_featured bigint := 0;
  v_by_campaign jsonb;
  v_skip bigint;
  v_segment record;
begin
  select coalesce(array_agg(live.id), '{}') into v_campaigns from private.live_campaign_ids() as live(id);
  if nullif(btrim(p_search_term), '') is not null then
    v_term := private.search_fold(left(btrim(p_search_term), 100));
    v_pat := '%' || public.like_escape(v_term) || '%';
    -- a search matches a product by its name or marca, or by the name of its brand or category.
    -- A term without spaces is inside one word of each product it matches, so the cells of its
    -- words count those products: each once when the term is in one word only, or when the
    -- products holding the words (summed word by word) are as many as the products of the
    -- matching names (no product holds two of the words). Otherwise the names' cells count them.
    if v_term !~ '\s' then
      select coalesce(array_agg(w.id), '{}'), coalesce(sum(w.n), 0) into v_words, v_word_hits
      from private.shop_words w
      where w.n > 0 and w.word like v_pat;
      v_by_word := cardinality(v_words) <= 1;
    end if;
    if not v_by_word then
      select coalesce(array_agg(nm.id), '{}'), coalesce(sum(nm.n), 0) into v_names, v_name_hits
      from private.shop_names nm
      where nm.n > 0 and (nm.nombre_folded like v_pat or nm.marca_folded like v_pat);
      v_by_word := v_term !~ '\s' and v_word_hits = v_name_hits;
    end if;
    select coalesce(array_agg(b.id), '{}') into v_brands
    from public.brands b
    where b.active and (private.search_fold(b.name) like v_pat or private.search_fold(b.display_name) like v_pat);
    select coalesce(array_agg(c.id), '{}') into v_categories
    from public.categories c where c.activa and private.search_fold(c.nombre) like v_pat;
    v_whole := cardinality(v_brands) + cardinality(v_categories) > 0;
  end if;

  -- The matching products as cells of visible campaigns: every cell without a search; with one,
  -- the cells of a brand or category whose name matches, and the word cells of matching words (or
  -- the name cells of matching names) outside those brands and categories (each product is
  -- counted once). A cell matches a filter
  -- when its key equals the chosen value; with a size chosen, that size's cells are summed, which
  -- counts each product once (a product has each size once).
  with
  -- the size cells of the matching words or names, read once for the size filter and the size facet
  term_sizes as materialized (
    select c.talla, c.n, c.category_id, c.subcategory_id, c.brand_id, c.campaign_id, c.price_range
    from private.shop_word_size_cells c
    where v_by_word and c.word_id = any (v_words) and c.campaign_id = any (v_campaigns)
      and not coalesce(c.brand_id = any (v_brands) or c.category_id = any (v_categories), false)
    union all
    select c.talla, c.n, c.category_id, c.subcategory_id, c.brand_id, c.campaign_id, c.price_range
    from private.shop_name_size_cells c
    where v_pat is not null and not v_by_word and c.name_id = any (v_names) and c.campaign_id = any (v_campaigns)
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
    from private.shop_word_cells c
    where v_by_word and v_size is null and c.word_id = any (v_words) and c.campaign_id = any (v_campaigns)
      and not coalesce(c.brand_id = any (v_brands) or c.category_id = any (v_categories), false)
    union all
    select c.category_id, c.subcategory_id, c.brand_id, c.campaign_id, c.price_range, c.n
    from private.shop_name_cells c
    where v_pat is not null and not v_by_word and v_size is null and c.name_id = any (v_names) and c.campaign_id = any (v_campaigns)
      and not coalesce(c.brand_id = any (v_brands) or c.category_id = any (v_categories), false)
    union all
    select c.category_id, c.subcategory_id, c.brand_id, c.campaign_id, c.price_range, c.n
    from term_sizes c
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
    from term_sizes c
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
    ),
    (select coalesce(sum(m.n), 0)::bigint from m),
    (select coalesce(jsonb_object_agg(x.k::text, x.n), '{}') from (select m.campaign_id as k, sum(m.n)::bigint as n from m
      where v_sort = 'termina-pronto' and m.m_category and m.m_subcategory and m.m_brand and m.m_campaign and m.m_price_range
      group by 1) x)
  into v_total, v_counts, v_base, v_by_campaign;

  -- The page, when it holds any product, in the order asked for (see private.shop_page_ids):
  --   relevancia      the featured products first, in the admin's order, then the rest newest first;
  --   nuevos          newest first;
  --   precio-asc/desc by price (the cheapest or the dearest first);
  --   descuento       the biggest percent off first, then newest;
  --   termina-pronto  the campaign ending first, then the next one, each newest first.
  -- The first and the last read the page in pieces (featured then the rest; campaign by campaign),
  -- each piece counted beforehand, so only the pieces the page overlaps are read.
  if v_limit > 0 and v_total > v_offset then
    if v_sort = 'relevancia' then
      -- the featured matches are few (the admin features a handful): gathered and counted outright
      select count(*)::bigint, coalesce((array_agg(f.id order by f.orden_destacado nulls last, f.created_at desc, f.id))[v_offset + 1 : v_offset + v_limit], '{}')
        into v_featured, v_ids
      from private.shop_catalogue f
      where f.destacado and f.campaign_id = any (v_campaigns)
        and (v_pat is null or f.nombre_folded like v_pat or f.marca_folded like v_pat
          or f.brand_id = any (v_brands) or f.category_id = any (v_categories))
        and (p_category_id is null or f.category_id = p_category_id)
        and (p_subcategory_id is null or f.subcategory_id = p_subcategory_id)
        and (p_brand_id is null or f.brand_id = p_brand_id)
        and (p_campaign_id is null or f.campaign_id = p_campaign_id)
        and (v_range is null or f.price_range = v_range)
        and (v_size is null or f.size_keys @> array[v_size]);
      if cardinality(v_ids) < v_limit and v_total > v_featured then
        v_ids := v_ids || private.shop_page_ids(v_campaigns, p_category_id, p_subcategory_id, p_brand_id, p_campaign_id, v_range,
          v_size, v_pat, v_brands, v_categories, v_base, v_total - v_featured, 'nuevos', true,
          greatest(v_offset - v_featured, 0)::integer, v_limit - cardinality(v_ids));
      end if;
    elsif v_sort = 'termina-pronto' then
      v_skip := v_offset;
      for v_segment in
        select c.id, coalesce((v_by_campaign ->> c.id::text)::bigint, 0) as n
        from public.campaigns c where c.id = any (v_campaigns)
        order by c.fecha_fin, c.id
      loop
        continue when v_segment.n = 0;
        if v_skip >= v_segment.n then
          v_skip := v_skip - v_segment.n;
          continue;
        end if;
        v_ids := v_ids || private.shop_page_ids(array[v_segment.id], p_category_id, p_subcategory_id, p_brand_id, v_segment.id,
          v_range, v_size, v_pat, v_brands, v_categories, least(v_base, v_segment.n), v_segment.n, 'nuevos', false,
          v_skip::integer, least(v_limit - cardinality(v_ids), v_segment.n - v_skip)::integer);
        v_skip := 0;
        exit when cardinality(v_ids) >= v_limit;
      end loop;
    else
      v_ids := private.shop_page_ids(v_campaigns, p_category_id, p_subcategory_id, p_brand_id, p_campaign_id, v_range,
        v_size, v_pat, v_brands, v_categories, v_base, v_total, v_sort, false, v_offset, v_limit);
    end if;
  end if;

  return jsonb_build_object(
    'total', v_total,
    'products', case when coalesce(p_limit, 12) > 0 then private.shop_products_json(v_ids) else '[]'::jsonb end,
    'facets', private.shop_facets_json(v_facets, v_counts)
  );
end
$$;
comment on function private.shop_query(uuid, uuid, uuid, uuid, text, text, text, integer, integer, text[], text) is
  'The shop filters, answered from the facet cells with the owner''s rights: {total, products (page in the order p_sort names), facets}. Sees only products of campaigns visible today, like the public read policy.';
grant execute on function private.shop_query(uuid, uuid, uuid, uuid, text, text, text, integer, integer, text[], text) to anon, authenticated, service_role;

-- ─── What the API calls (caller's rights) ─────────────────────────────────────────────────────
create function public.shop_query(
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
security invoker
set search_path = ''
as $$
  select private.shop_query(p_category_id, p_subcategory_id, p_brand_id, p_campaign_id, p_price_range,
    p_size_name, p_search_term, p_offset, p_limit, p_facets, p_sort)
$$;
comment on function public.shop_query(uuid, uuid, uuid, uuid, text, text, text, integer, integer, text[], text) is
  'The shop filters with the caller''s rights: {total, products (page in the order p_sort names: relevancia, nuevos, precio-asc, precio-desc, descuento, termina-pronto), facets}, the facets listed in p_facets only. private.shop_query answers from the facet cells; shop_page and get_available_* call this.';
grant execute on function public.shop_query(uuid, uuid, uuid, uuid, text, text, text, integer, integer, text[], text) to anon, authenticated;

create function public.get_filtered_product_count(
  p_category_id uuid default null,
  p_subcategory_id uuid default null,
  p_brand_id uuid default null,
  p_campaign_id uuid default null,
  p_price_range text default null,
  p_size_name text default null,
  p_search_term text default null
)
returns bigint
language sql
stable
parallel safe
set search_path = ''
as $$
  select (public.shop_query(p_category_id, p_subcategory_id, p_brand_id, p_campaign_id, p_price_range,
    p_size_name, p_search_term, 0, 0, array[]::text[]) ->> 'total')::bigint
$$;
comment on function public.get_filtered_product_count(uuid, uuid, uuid, uuid, text, text, text) is 'Number of visible products matching every filter.';
grant execute on function public.get_filtered_product_count(uuid, uuid, uuid, uuid, text, text, text) to anon, authenticated;

-- ─── Facet RPCs: one per facet, all the same shape ───────────────────────────────────────────
-- The six facet RPCs, generated from one template so they cannot drift apart.
do $do$
declare
  facet text;
begin
  foreach facet in array array['categories', 'subcategories', 'brands', 'campaigns', 'sizes', 'price_ranges'] loop
    execute format($f$
      create or replace function public.%1$I(
        p_category_id uuid default null,
        p_subcategory_id uuid default null,
        p_brand_id uuid default null,
        p_campaign_id uuid default null,
        p_price_range text default null,
        p_size_name text default null,
        p_search_term text default null
      )
      returns table (id text, nombre text, product_count bigint)
      language sql
      stable
      parallel safe
      set search_path = ''
      as $$
        select e.v ->> 'id', e.v ->> 'nombre', (e.v ->> 'product_count')::bigint
        from jsonb_array_elements(
          public.shop_query(p_category_id, p_subcategory_id, p_brand_id, p_campaign_id, p_price_range,
            p_size_name, p_search_term, 0, 0, array[%2$L]) -> 'facets' -> %2$L
        ) with ordinality as e(v, ord)
        order by e.ord
      $$;
      comment on function public.%1$I(uuid, uuid, uuid, uuid, text, text, text) is
        'Filter options of the shop facet %2$s with product counts (its own filter ignored, the others applied).';
    $f$, 'get_available_' || facet, facet);
  end loop;
end
$do$;
-- The facet RPCs run shop_query with the caller's rights (security invoker), like shop_page.
grant execute on function
  public.get_available_categories(uuid, uuid, uuid, uuid, text, text, text),
  public.get_available_subcategories(uuid, uuid, uuid, uuid, text, text, text),
  public.get_available_brands(uuid, uuid, uuid, uuid, text, text, text),
  public.get_available_campaigns(uuid, uuid, uuid, uuid, text, text, text),
  public.get_available_sizes(uuid, uuid, uuid, uuid, text, text, text),
  public.get_available_price_ranges(uuid, uuid, uuid, uuid, text, text, text)
  to anon, authenticated;
