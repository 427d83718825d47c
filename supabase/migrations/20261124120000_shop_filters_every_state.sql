-- Shop filters fast in every state, and shop answers remembered per catalogue version.
--
-- 1. private.shop_catalogue gets the price range and the lowercased sizes of each product, and an
--    index per filter in the grid's order (newest first), so a size, a price range or one filter
--    alone pages straight off an index instead of testing every row.
-- 2. private.shop_query: size and price filters compare those columns; pages are walked or
--    gathered by which reads fewer rows; search matches are grouped into cells before counting.
-- 3. private.shop_version (raised by every catalogue change in public.request_rebuild) and
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

drop index private.shop_catalogue_brand_idx;
drop index private.shop_catalogue_category_idx;
drop index private.shop_catalogue_subcategory_idx;

-- The grid lists newest first. Each filter has an index in that order, so a page of one filter
-- is read straight off its index, and the filters together are found by combining the indexes.
create index shop_catalogue_brand_idx on private.shop_catalogue (brand_id, created_at desc, id);
create index shop_catalogue_campaign_idx on private.shop_catalogue (campaign_id, created_at desc, id);
create index shop_catalogue_category_idx on private.shop_catalogue (category_id, created_at desc, id);
create index shop_catalogue_price_range_idx on private.shop_catalogue (price_range, created_at desc, id);
create index shop_catalogue_subcategory_idx on private.shop_catalogue (subcategory_id, created_at desc, id);
create index shop_catalogue_size_keys_idx on private.shop_catalogue using gin (size_keys);

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
  v_brands uuid[] := '{}';
  v_categories uuid[] := '{}';
  v_range text := nullif(btrim(p_price_range), '');
  v_size text := lower(nullif(btrim(p_size_name), ''));
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
  select coalesce(array_agg(live.id), '{}') into v_campaigns from private.live_campaign_ids() as live(id);
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
    -- matches are merged in below, so any of these can be). Two ways, the same rows:
    -- walking an index in created_at order until enough are found reads about
    -- (offset + limit) x visible / matches rows when the matches are spread out; gathering every
    -- match through the filters' indexes and sorting them reads about `matches` rows. The walk
    -- is taken when it reads fewer (with one filter, its own index walks straight to the page).
    if v_limit > 0 and v_total > (case when v_pat is null then v_offset else 0 end) then
      select coalesce(sum(c.n), 0) into v_visible from private.shop_cells c where c.campaign_id = any (v_campaigns);
      if (v_offset + v_limit)::numeric * v_visible <= v_total::numeric * v_total then
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
            and (v_range is null or p.price_range = v_range)
            and (v_size is null or p.size_keys @> array[v_size])
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
            and (v_range is null or p.price_range = v_range)
            and (v_size is null or p.size_keys @> array[v_size])
        )
        select coalesce(array_agg(q.id order by q.created_at desc, q.id), '{}') into v_ids
        from (select f.id, f.created_at from few f order by f.created_at desc, f.id limit v_offset + v_limit) q;
      end if;
    end if;
  end if;

  -- With a search, the other matches (nombre or marca) are found through the trigram indexes,
  -- then grouped into cells of their own (one per category, subcategory, brand, campaign and
  -- price range, and whether the chosen size is among theirs) and counted as the cells above are;
  -- the size facet groups them by their list of sizes instead.
  if v_pat is not null then
    with hits as materialized (
      select p.id, p.created_at, p.category_id, p.subcategory_id, p.brand_id, p.campaign_id, p.price_range, p.sizes,
        (v_size is null or p.size_keys @> array[v_size]) as m_size,
        (p_category_id is null or p.category_id = p_category_id)
          and (p_subcategory_id is null or p.subcategory_id = p_subcategory_id)
          and (p_brand_id is null or p.brand_id = p_brand_id)
          and (p_campaign_id is null or p.campaign_id = p_campaign_id)
          and (v_range is null or p.price_range = v_range) as m_others
      from private.shop_catalogue p
      where (p.nombre_folded like v_pat or p.marca_folded like v_pat)
        and p.campaign_id = any (v_campaigns)
        -- the products of a matching brand or category are already counted by their cells
        and not coalesce(p.brand_id = any (v_brands), false)
        and not coalesce(p.category_id = any (v_categories), false)
    ),
    m as materialized (
      select c.*,
        (p_category_id is null or c.category_id = p_category_id) as m_category,
        (p_subcategory_id is null or c.subcategory_id = p_subcategory_id) as m_subcategory,
        (p_brand_id is null or c.brand_id = p_brand_id) as m_brand,
        (p_campaign_id is null or c.campaign_id = p_campaign_id) as m_campaign,
        (v_range is null or c.price_range = v_range) as m_price_range
      from (
        select h.category_id, h.subcategory_id, h.brand_id, h.campaign_id, h.price_range, h.m_size, count(*) as n
        from hits h where h.m_size group by 1, 2, 3, 4, 5, 6
      ) c
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
        -- the size facet ignores the size filter; products with the same list of sizes are counted together first
        'sizes', (select coalesce(jsonb_object_agg(x.k, x.n), '{}') from (select t.talla as k, sum(l.n)::bigint as n
          from (select h.sizes, count(*) as n from hits h where 'sizes' = any (v_facets) and h.m_others group by 1) l
          cross join lateral unnest(l.sizes) as t(talla) group by 1) x)
      ),
      (select coalesce(array_agg(q.id), '{}') from (
          select h.id from hits h where h.m_size and h.m_others
          order by h.created_at desc, h.id limit v_offset + v_limit
        ) q)
    into v_live_total, v_live_counts, v_live_ids;

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
        'subcategory_id', o.subcategory_id, 'brand_id', o.brand_id, 'precio_venta', o.precio_venta, 'sizes', o.sizes))
      into gone from old_rows o;
  elsif tg_op = 'INSERT' then
    insert into private.shop_catalogue (id, created_at, campaign_id, category_id, subcategory_id, brand_id, precio_venta, price_range, sizes, size_keys, nombre_folded, marca_folded)
    select n.id, n.created_at, n.campaign_id, n.category_id, n.subcategory_id, n.brand_id, n.precio_venta, public.price_range_of(n.precio_venta),
      n.sizes, private.size_keys(n.sizes), private.search_fold(n.nombre), private.search_fold(n.marca)
    from new_rows n;
    select jsonb_agg(jsonb_build_object('campaign_id', n.campaign_id, 'category_id', n.category_id,
        'subcategory_id', n.subcategory_id, 'brand_id', n.brand_id, 'precio_venta', n.precio_venta, 'sizes', n.sizes))
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
        'subcategory_id', o.subcategory_id, 'brand_id', o.brand_id, 'precio_venta', o.precio_venta, 'sizes', o.sizes))
      into gone
    from old_rows o left join new_rows n on n.id = o.id
    where n.id is null
      or (o.campaign_id, o.category_id, o.subcategory_id, o.brand_id, o.precio_venta, o.sizes)
        is distinct from (n.campaign_id, n.category_id, n.subcategory_id, n.brand_id, n.precio_venta, n.sizes);
    select jsonb_agg(jsonb_build_object('campaign_id', n.campaign_id, 'category_id', n.category_id,
        'subcategory_id', n.subcategory_id, 'brand_id', n.brand_id, 'precio_venta', n.precio_venta, 'sizes', n.sizes))
      into came
    from new_rows n left join old_rows o on o.id = n.id
    where o.id is null
      or (o.campaign_id, o.category_id, o.subcategory_id, o.brand_id, o.precio_venta, o.sizes)
        is distinct from (n.campaign_id, n.category_id, n.subcategory_id, n.brand_id, n.precio_venta, n.sizes);
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
