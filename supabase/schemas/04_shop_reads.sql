-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 04 · Shop reads: the views shoppers list from, the facet cells and the filter RPCs
--
-- shop_page (and get_available_*, get_filtered_product_count) answer from counts instead of
-- recounting the catalogue: private.shop_cells holds the number of products per campaign,
-- category, subcategory, brand and price range, private.shop_size_cells the same per size
-- spelling, private.shop_word_cells and shop_word_size_cells the same per word of the products'
-- names (private.shop_words, what a search of one word compares), private.shop_name_cells and
-- shop_name_size_cells the same per distinct product name (private.shop_names, for the other
-- searches), and private.shop_catalogue a narrow copy of each product with an index per filter. Statement triggers on products keep them all exact.
-- Answers are remembered per catalogue version (private.shop_answers). private.shop_query (owner's rights, reads
-- the cells) does the work; the public functions of the same names run with the caller's rights.
-- ═════════════════════════════════════════════════════════════════════════════════════════════

-- ─── Views the shop and the back office list from ─────────────────────────────────────────────
create view public.campaigns_with_products
with (security_invoker = true)
as
select
  c.id, c.nombre, c.fecha_inicio, c.fecha_fin, c.image_url, c.created_at, c.updated_at,
  (select count(*) from public.products p where p.campaign_id = c.id) as product_count,
  c.id in (select private.live_campaign_ids()) as is_live
from public.campaigns c;
comment on view public.campaigns_with_products is 'Campaigns with the number of (visible) products and whether each is live (private.live_campaign_ids).';
grant select on table public.campaigns_with_products to anon, authenticated;

create view public.categories_with_products
with (security_invoker = true)
as
select
  c.id, c.nombre, c.descripcion, c.activa, c.orden, c.show_in_header, c.created_at, c.updated_at,
  (select count(*) from public.products p where p.category_id = c.id) as product_count,
  c.tipo_talla
from public.categories c;
comment on view public.categories_with_products is 'Categories with the number of (visible) products and their kind of size.';
grant select on table public.categories_with_products to anon, authenticated;

create view public.subcategories_with_products
with (security_invoker = true)
as
select
  s.id, s.category_id, s.nombre, s.descripcion, s.activa, s.orden, s.created_at, s.updated_at,
  (select count(*) from public.products p where p.subcategory_id = s.id) as product_count,
  c.nombre as category_nombre,
  s.tipo_talla
from public.subcategories s
left join public.categories c on c.id = s.category_id;
comment on view public.subcategories_with_products is 'Subcategories with the number of (visible) products, their category name and their own kind of size.';
grant select on table public.subcategories_with_products to anon, authenticated;

create view public.brands_with_products
with (security_invoker = true)
as
select
  b.id, b.name, b.display_name, b.active, b.created_at, b.updated_at,
  (select count(*) from public.products p where p.brand_id = b.id) as product_count
from public.brands b;
comment on view public.brands_with_products is 'Brands with the number of (visible) products.';
grant select on table public.brands_with_products to anon, authenticated;

create view public.master_products
with (security_invoker = true)
as
select
  p.id as product_id,
  p.campaign_id,
  p.category_id,
  p.subcategory_id,
  p.brand_id,
  b.name as brand_name,
  b.display_name as brand_display_name,
  p.marca,
  p.nombre as product_name,
  p.precio_original,
  p.precio_venta,
  p.descripcion,
  p.imagen_principal,
  p.permalink,
  p.destacado,
  c.nombre as category_name,
  sc.nombre as subcategory_name,
  cp.nombre as campaign_name,
  cp.fecha_fin,
  s.talla as size_name,
  public.price_range_of(p.precio_venta) as price_range,
  p.created_at
from public.products p
join public.campaigns cp on cp.id = p.campaign_id
left join public.brands b on b.id = p.brand_id
left join public.categories c on c.id = p.category_id
left join public.subcategories sc on sc.id = p.subcategory_id
left join public.product_sizes s on s.product_id = p.id and s.existencias > s.apartadas
where not p.agotado;
comment on view public.master_products is 'One row per listed product (not sold out) and size with a piece for sale (a product without sizes gives one row with size_name null), with names and price_range.';
grant select on table public.master_products to anon, authenticated;

-- ─── Facet cells: counts kept by triggers on products ─────────────────────────────────────────
-- price_ranges() as bounds for width_bucket(): range ids[i + 1] holds width_bucket(price, lows) = i.
create function private.price_bounds(out lows numeric[], out ids text[])
returns record
language sql
immutable
set search_path to ''
as $$
  select array(select r.min_price from public.price_ranges() r where r.orden > 1 order by r.orden),
         array(select r.id from public.price_ranges() r order by r.orden)
$$;
comment on function private.price_bounds() is
  'price_ranges() as the bounds of width_bucket(): range ids[i + 1] holds the prices with width_bucket(price, lows) = i.';

create table private.shop_cells (
  campaign_id uuid not null,
  category_id uuid,
  subcategory_id uuid,
  brand_id uuid,
  price_range text not null,
  n bigint not null,
  unique nulls not distinct (campaign_id, category_id, subcategory_id, brand_id, price_range)
);
comment on table private.shop_cells is 'Number of products per campaign, category, subcategory, brand and price range (all products, visible or not), kept by triggers on products; the shop sums the cells of visible campaigns.';
-- cells left at zero by a removal, found without reading the others
create index shop_cells_empty_idx on private.shop_cells (n) where n = 0;

create table private.shop_size_cells (
  campaign_id uuid not null,
  category_id uuid,
  subcategory_id uuid,
  brand_id uuid,
  price_range text not null,
  talla text not null,
  n bigint not null,
  unique nulls not distinct (campaign_id, category_id, subcategory_id, brand_id, price_range, talla)
);
comment on table private.shop_size_cells is 'Number of products per campaign, category, subcategory, brand, price range and size spelling (products.sizes), kept by triggers on products. A product has each size once case-insensitively, so summing over the spellings of one size counts products.';
create index shop_size_cells_empty_idx on private.shop_size_cells (n) where n = 0;
create index shop_size_cells_size_idx on private.shop_size_cells (lower(talla));

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

-- A search term without spaces can only be found inside one word of a name or marca. So such a
-- search is answered from cells per word: private.shop_words holds each word (runs of characters
-- between spaces of the folded nombre and marca) once, and the word cells count the products
-- holding it. A common word matches thousands of products of a few hundred names, but its cells
-- are bounded by the catalogue's campaigns, categories, brands and price ranges (and sizes), not by
-- its products or names, so they are several times fewer than the name cells of those names.
-- Summing the cells of the matching words counts a product once only when no product holds two
-- of them ('azul' matches 'azul' and 'azules'); private.shop_query checks that and otherwise sums
-- the name cells.
create function private.search_words(p_nombre_folded text, p_marca_folded text)
returns text[]
language sql
immutable
parallel safe
set search_path to ''
as $$
  select coalesce(array_agg(distinct w.word order by w.word), '{}')
  from regexp_split_to_table(coalesce(p_nombre_folded, '') || ' ' || coalesce(p_marca_folded, ''), '\s+') as w(word)
  where w.word <> ''
$$;
comment on function private.search_words(text, text) is
  'The distinct words of a folded nombre and marca (split at spaces): a search term without spaces matches a product exactly when it is inside one of them.';

create table private.shop_words (
  id bigint generated always as identity primary key,
  word text not null unique,
  n bigint not null
);
comment on table private.shop_words is 'Each word of products'' folded nombre and marca (private.search_words), with the number of products that hold it; kept by triggers on products.';
create index shop_words_empty_idx on private.shop_words (n) where n = 0;
create index shop_words_word_trgm_idx on private.shop_words using gin (word extensions.gin_trgm_ops);

create table private.shop_word_cells (
  word_id bigint not null,
  campaign_id uuid not null,
  category_id uuid,
  subcategory_id uuid,
  brand_id uuid,
  price_range text not null,
  n bigint not null,
  unique nulls not distinct (word_id, campaign_id, category_id, subcategory_id, brand_id, price_range)
);
comment on table private.shop_word_cells is 'Number of products holding a word (private.shop_words) per campaign, category, subcategory, brand and price range, kept by triggers on products; a one-word search sums the cells of its matching words when no product holds two of them.';
create index shop_word_cells_empty_idx on private.shop_word_cells (n) where n = 0;

create table private.shop_word_size_cells (
  word_id bigint not null,
  campaign_id uuid not null,
  category_id uuid,
  subcategory_id uuid,
  brand_id uuid,
  price_range text not null,
  talla text not null,
  n bigint not null,
  unique nulls not distinct (word_id, campaign_id, category_id, subcategory_id, brand_id, price_range, talla)
);
comment on table private.shop_word_size_cells is 'Number of products holding a word per campaign, category, subcategory, brand, price range and size spelling, kept by triggers on products; a one-word search with a size chosen, and its size facet, sum these.';
create index shop_word_size_cells_empty_idx on private.shop_word_size_cells (n) where n = 0;

-- A product's sizes as the size filter compares them: lowercased ('M' and 'm' are one size).
create function private.size_keys(sizes text[])
returns text[]
language sql
immutable
parallel safe
set search_path to ''
as $$
  select coalesce(array_agg(lower(t.talla)), '{}') from unnest(sizes) as t(talla)
$$;
comment on function private.size_keys(text[]) is 'A product''s sizes lowercased, as the size filter compares them.';

create table private.shop_catalogue (
  id uuid primary key,
  created_at timestamptz not null,
  campaign_id uuid not null,
  category_id uuid,
  subcategory_id uuid,
  brand_id uuid,
  precio_venta numeric(12, 2) not null,
  sizes text[] not null,
  -- nombre and marca as the search compares them (private.search_fold: lower case, no accents),
  -- so a search folds only its term and reads these through their trigram indexes
  nombre_folded text not null,
  marca_folded text not null,
  -- public.price_range_of(precio_venta), the range the price filter compares
  price_range text not null,
  -- the sizes lowercased, as the size filter compares them (it matches 'm' and 'M' alike)
  size_keys text[] not null,
  -- what the sort orders read besides the price and the date: the whole percent off
  -- (public.discount_percentage), and the featured mark and place ('Relevancia' lists the shop's
  -- featured products first, in the order the admin gives them in 'Destacados')
  descuento integer not null default 0,
  destacado boolean not null default false,
  orden_destacado integer
);
-- Walking an index without a search reads the index only where the table's pages are marked
-- all-visible, which VACUUM does; autovacuum vacuums this table after 1% of it was added or 2%
-- changed (not the default 20%), so the newest products, which the walks read first, are soon marked.
alter table private.shop_catalogue set (autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_vacuum_scale_factor = 0.02);
comment on table private.shop_catalogue is 'The columns of products the shop filters, orders and searches on, nombre and marca folded for search (every product not sold out, visible or not), kept by triggers on products.';
-- The grid lists newest first. Each filter has an index in that order, so a page of one filter
-- is read straight off its index, and the filters together are found by combining the indexes.
-- The newest-first index also carries every filter column, so walking it for a page (a size
-- alone, several filters) reads the index only, never the table.
create index shop_catalogue_created_at_idx on private.shop_catalogue (created_at desc, id)
  include (campaign_id, category_id, subcategory_id, brand_id, price_range, size_keys, destacado);
-- The other orders walk one index each, carrying every filter column as the newest-first one does
-- (price down walks the price index backwards); the featured products, few, have their own.
create index shop_catalogue_price_idx on private.shop_catalogue (precio_venta, id)
  include (campaign_id, category_id, subcategory_id, brand_id, price_range, size_keys);
create index shop_catalogue_discount_idx on private.shop_catalogue (descuento desc, created_at desc, id)
  include (campaign_id, category_id, subcategory_id, brand_id, price_range, size_keys);
create index shop_catalogue_featured_idx on private.shop_catalogue (orden_destacado, created_at desc, id) where destacado;
create index shop_catalogue_brand_idx on private.shop_catalogue (brand_id, created_at desc, id);
create index shop_catalogue_campaign_idx on private.shop_catalogue (campaign_id, created_at desc, id);
create index shop_catalogue_category_idx on private.shop_catalogue (category_id, created_at desc, id);
create index shop_catalogue_price_range_idx on private.shop_catalogue (price_range, created_at desc, id);
create index shop_catalogue_subcategory_idx on private.shop_catalogue (subcategory_id, created_at desc, id);
create index shop_catalogue_size_keys_idx on private.shop_catalogue using gin (size_keys);
create index shop_catalogue_marca_trgm_idx on private.shop_catalogue using gin (marca_folded extensions.gin_trgm_ops);
create index shop_catalogue_nombre_trgm_idx on private.shop_catalogue using gin (nombre_folded extensions.gin_trgm_ops);

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

-- ─── Answers remembered: one computation per shop state and catalogue version ───────────────
-- Shoppers ask for the same few states over and over (the shop as first opened, each category,
-- each size). shop_page remembers each answer for a minute, keyed by its arguments, the day in
-- Mexico City (campaigns go live and end at midnight) and the catalogue's version. Every
-- catalogue change raises the version in the same transaction (public.request_rebuild), so an
-- answer computed before a change is never served after it commits.
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

create function private.shop_page_remembered(p_category_id uuid, p_subcategory_id uuid, p_brand_id uuid, p_campaign_id uuid, p_price_range text, p_size_name text, p_search_term text, p_offset integer, p_limit integer, p_sort text default null)
returns jsonb
language plpgsql
volatile security definer
set search_path to ''
as $$
declare
  v_key text := md5(jsonb_build_array((select v.version from private.shop_version v), public.shop_today(),
    p_category_id, p_subcategory_id, p_brand_id, p_campaign_id, p_price_range, p_size_name, p_search_term, p_offset, p_limit,
    p_sort)::text);
  v_answer jsonb;
begin
  select a.answer into v_answer from private.shop_answers a where a.key = v_key and a.created_at > now() - interval '1 minute';
  if found then
    return v_answer;
  end if;
  v_answer := private.shop_query(p_category_id, p_subcategory_id, p_brand_id, p_campaign_id, p_price_range, p_size_name,
    p_search_term, p_offset, p_limit, array['categories', 'subcategories', 'brands', 'campaigns', 'sizes', 'price_ranges'], p_sort);
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
comment on function private.shop_page_remembered(uuid, uuid, uuid, uuid, text, text, text, integer, integer, text) is
  'shop_page''s answer from private.shop_answers when computed in the last minute for the same catalogue version and day, else computed by private.shop_query and remembered.';
grant execute on function private.shop_page_remembered(uuid, uuid, uuid, uuid, text, text, text, integer, integer, text) to anon, authenticated, service_role;

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

create function public.shop_page(
  p_category_id uuid default null,
  p_subcategory_id uuid default null,
  p_brand_id uuid default null,
  p_campaign_id uuid default null,
  p_price_range text default null,
  p_size_name text default null,
  p_search_term text default null,
  p_offset integer default 0,
  p_limit integer default 12,
  p_sort text default null
)
returns jsonb
language sql
-- volatile: a computed answer is remembered (private.shop_answers), so the API calls it in a
-- read-write transaction (POST)
volatile
set search_path = ''
as $$
  select private.shop_page_remembered(p_category_id, p_subcategory_id, p_brand_id, p_campaign_id, p_price_range,
    p_size_name, p_search_term, p_offset, p_limit, p_sort)
$$;
comment on function public.shop_page(uuid, uuid, uuid, uuid, text, text, text, integer, integer, text) is 'Shop grid in one round trip: {total, products: page (max 100) in the order p_sort names (relevancia: featured first, then newest; nuevos; precio-asc; precio-desc; descuento; termina-pronto), facets: {categories, subcategories, brands, campaigns, sizes, price_ranges}}. Answers are remembered for a minute per catalogue version (private.shop_page_remembered).';
grant execute on function public.shop_page(uuid, uuid, uuid, uuid, text, text, text, integer, integer, text) to anon, authenticated;

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

-- ─── Keeping the cells exact ──────────────────────────────────────────────────────────────────
-- Adds the products of `rows_in` to the cells (sign 1) or takes them away (sign -1); cells that
-- reach zero are removed. Keys are applied in a fixed order so concurrent writers never deadlock.
create function private.shop_cells_apply(rows_in jsonb, sign integer)
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

  -- the words of each product (each once), then the word cells, in one statement
  with p as materialized (
    select r.campaign_id, r.category_id, r.subcategory_id, r.brand_id, w.word,
      (select b.ids[width_bucket(r.precio_venta, b.lows) + 1] from private.price_bounds() b) as price_range, r.sizes
    from jsonb_to_recordset(rows_in) as r(campaign_id uuid, category_id uuid, subcategory_id uuid, brand_id uuid, precio_venta numeric,
      sizes text[], nombre_folded text, marca_folded text)
    cross join lateral unnest(private.search_words(r.nombre_folded, r.marca_folded)) as w(word)
  ),
  words as (
    insert into private.shop_words as x (word, n)
    select p.word, sign * count(*) from p group by 1 order by 1
    on conflict (word) do update set n = x.n + excluded.n
    returning x.id, x.word
  ),
  word_cells as (
    insert into private.shop_word_cells as c (word_id, campaign_id, category_id, subcategory_id, brand_id, price_range, n)
    select w.id, p.campaign_id, p.category_id, p.subcategory_id, p.brand_id, p.price_range, sign * count(*)
    from p join words w on w.word = p.word
    group by 1, 2, 3, 4, 5, 6
    order by 1, 2, 3, 4, 5, 6
    on conflict (word_id, campaign_id, category_id, subcategory_id, brand_id, price_range) do update set n = c.n + excluded.n
  )
  insert into private.shop_word_size_cells as c (word_id, campaign_id, category_id, subcategory_id, brand_id, price_range, talla, n)
  select w.id, p.campaign_id, p.category_id, p.subcategory_id, p.brand_id, p.price_range, t.talla, sign * count(*)
  from p join words w on w.word = p.word
  cross join lateral unnest(p.sizes) as t(talla)
  group by 1, 2, 3, 4, 5, 6, 7
  order by 1, 2, 3, 4, 5, 6, 7
  on conflict (word_id, campaign_id, category_id, subcategory_id, brand_id, price_range, talla) do update set n = c.n + excluded.n;

  if sign < 0 then
    delete from private.shop_cells where n = 0;
    delete from private.shop_size_cells where n = 0;
    delete from private.shop_name_cells where n = 0;
    delete from private.shop_name_size_cells where n = 0;
    delete from private.shop_names where n = 0;
    delete from private.shop_word_cells where n = 0;
    delete from private.shop_word_size_cells where n = 0;
    delete from private.shop_words where n = 0;
  end if;
end
$$;
comment on function private.shop_cells_apply(jsonb, integer) is
  'Adds the products of rows_in to the facet cells, the names, the words and their cells (sign 1) or takes them away (sign -1); empty ones are removed; keys are applied in a fixed order so concurrent writers never deadlock.';

-- Statement-level triggers (transition tables): a bulk insert of a thousand products is one
-- grouped update of the cells, not a thousand.
create function private.shop_cells_track()
returns trigger
language plpgsql
security definer
set search_path to ''
as $$
declare
  gone jsonb;
  came jsonb;
begin
  -- A sold-out product (agotado) is in no listing: it is left out of the copy and the cells, and
  -- leaves them when it sells out, as if deleted; it comes back if a size is for sale again.
  if tg_op = 'DELETE' then
    delete from private.shop_catalogue c using old_rows o where c.id = o.id;
    select jsonb_agg(jsonb_build_object('campaign_id', o.campaign_id, 'category_id', o.category_id,
        'subcategory_id', o.subcategory_id, 'brand_id', o.brand_id, 'precio_venta', o.precio_venta, 'sizes', o.sizes,
        'nombre_folded', private.search_fold(o.nombre), 'marca_folded', private.search_fold(o.marca)))
      into gone from old_rows o where not o.agotado;
  elsif tg_op = 'INSERT' then
    insert into private.shop_catalogue (id, created_at, campaign_id, category_id, subcategory_id, brand_id, precio_venta, price_range, sizes, size_keys, nombre_folded, marca_folded, descuento, destacado, orden_destacado)
    select n.id, n.created_at, n.campaign_id, n.category_id, n.subcategory_id, n.brand_id, n.precio_venta, public.price_range_of(n.precio_venta),
      n.sizes, private.size_keys(n.sizes), private.search_fold(n.nombre), private.search_fold(n.marca),
      public.discount_percentage(n.precio_original, n.precio_venta), n.destacado, n.orden_destacado
    from new_rows n where not n.agotado;
    select jsonb_agg(jsonb_build_object('campaign_id', n.campaign_id, 'category_id', n.category_id,
        'subcategory_id', n.subcategory_id, 'brand_id', n.brand_id, 'precio_venta', n.precio_venta, 'sizes', n.sizes,
        'nombre_folded', private.search_fold(n.nombre), 'marca_folded', private.search_fold(n.marca)))
      into came from new_rows n where not n.agotado;
  else
    -- An update touches the copy and the cells only for the rows whose shop columns changed: most
    -- updates (a new description, an image, the sizes copy arriving unchanged) change none.
    delete from private.shop_catalogue c
     where c.id in (select o.id from old_rows o except select n.id from new_rows n where not n.agotado);
    insert into private.shop_catalogue as c (id, created_at, campaign_id, category_id, subcategory_id, brand_id, precio_venta, price_range, sizes, size_keys, nombre_folded, marca_folded, descuento, destacado, orden_destacado)
    select n.id, n.created_at, n.campaign_id, n.category_id, n.subcategory_id, n.brand_id, n.precio_venta, public.price_range_of(n.precio_venta),
      n.sizes, private.size_keys(n.sizes), private.search_fold(n.nombre), private.search_fold(n.marca),
      public.discount_percentage(n.precio_original, n.precio_venta), n.destacado, n.orden_destacado
    from new_rows n where not n.agotado
    on conflict (id) do update set
      created_at = excluded.created_at, campaign_id = excluded.campaign_id, category_id = excluded.category_id,
      subcategory_id = excluded.subcategory_id, brand_id = excluded.brand_id, precio_venta = excluded.precio_venta,
      price_range = excluded.price_range, sizes = excluded.sizes, size_keys = excluded.size_keys,
      nombre_folded = excluded.nombre_folded, marca_folded = excluded.marca_folded,
      descuento = excluded.descuento, destacado = excluded.destacado, orden_destacado = excluded.orden_destacado
    where (c.created_at, c.campaign_id, c.category_id, c.subcategory_id, c.brand_id, c.precio_venta, c.sizes, c.nombre_folded, c.marca_folded,
        c.descuento, c.destacado, c.orden_destacado)
      is distinct from (excluded.created_at, excluded.campaign_id, excluded.category_id, excluded.subcategory_id, excluded.brand_id,
        excluded.precio_venta, excluded.sizes, excluded.nombre_folded, excluded.marca_folded,
        excluded.descuento, excluded.destacado, excluded.orden_destacado);
    select jsonb_agg(jsonb_build_object('campaign_id', o.campaign_id, 'category_id', o.category_id,
        'subcategory_id', o.subcategory_id, 'brand_id', o.brand_id, 'precio_venta', o.precio_venta, 'sizes', o.sizes,
        'nombre_folded', private.search_fold(o.nombre), 'marca_folded', private.search_fold(o.marca)))
      into gone
    from old_rows o left join new_rows n on n.id = o.id
    where not o.agotado and (n.id is null or n.agotado
      or (o.campaign_id, o.category_id, o.subcategory_id, o.brand_id, o.precio_venta, o.sizes, o.nombre, o.marca)
        is distinct from (n.campaign_id, n.category_id, n.subcategory_id, n.brand_id, n.precio_venta, n.sizes, n.nombre, n.marca));
    select jsonb_agg(jsonb_build_object('campaign_id', n.campaign_id, 'category_id', n.category_id,
        'subcategory_id', n.subcategory_id, 'brand_id', n.brand_id, 'precio_venta', n.precio_venta, 'sizes', n.sizes,
        'nombre_folded', private.search_fold(n.nombre), 'marca_folded', private.search_fold(n.marca)))
      into came
    from new_rows n left join old_rows o on o.id = n.id
    where not n.agotado and (o.id is null or o.agotado
      or (o.campaign_id, o.category_id, o.subcategory_id, o.brand_id, o.precio_venta, o.sizes, o.nombre, o.marca)
        is distinct from (n.campaign_id, n.category_id, n.subcategory_id, n.brand_id, n.precio_venta, n.sizes, n.nombre, n.marca));
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
  'Statement trigger on products: keeps private.shop_cells, shop_size_cells, shop_names, shop_name_cells, shop_name_size_cells, shop_words, shop_word_cells, shop_word_size_cells and shop_catalogue exact with one grouped update per statement.';

-- Emptying products empties the cells and the narrow copy (TRUNCATE fires no row triggers).
create function private.shop_cells_clear()
returns trigger
language plpgsql
security definer
set search_path to ''
as $$
begin
  truncate private.shop_cells, private.shop_size_cells, private.shop_catalogue, private.shop_names, private.shop_name_cells,
    private.shop_name_size_cells, private.shop_words, private.shop_word_cells, private.shop_word_size_cells;
  return null;
end
$$;
comment on function private.shop_cells_clear() is
  'Statement trigger on TRUNCATE of products: empties the facet cells, the names, the words and the narrow catalogue copy.';

-- Recounts every cell, name and word and the narrow copy from the products, as the triggers would
-- have kept them, counted in one pass each. A bulk load of many thousands of products runs with
-- the products' cells triggers disabled and calls this once at the end (scripts/seed/bulk-pg.ts):
-- counting a million products once takes a fraction of updating the cells batch after batch.
create function private.shop_cells_rebuild()
returns void
language plpgsql
security definer
set search_path to ''
-- each count groups millions of rows at a million products: in memory, not on disk
set work_mem to '256MB'
as $$
begin
  truncate private.shop_cells, private.shop_size_cells, private.shop_catalogue, private.shop_names, private.shop_name_cells,
    private.shop_name_size_cells, private.shop_words, private.shop_word_cells, private.shop_word_size_cells;
  insert into private.shop_catalogue (id, created_at, campaign_id, category_id, subcategory_id, brand_id, precio_venta, price_range, sizes, size_keys, nombre_folded, marca_folded, descuento, destacado, orden_destacado)
  select n.id, n.created_at, n.campaign_id, n.category_id, n.subcategory_id, n.brand_id, n.precio_venta, public.price_range_of(n.precio_venta),
    n.sizes, private.size_keys(n.sizes), private.search_fold(n.nombre), private.search_fold(n.marca),
    public.discount_percentage(n.precio_original, n.precio_venta), n.destacado, n.orden_destacado
  from public.products n where not n.agotado;

  insert into private.shop_cells (campaign_id, category_id, subcategory_id, brand_id, price_range, n)
  select p.campaign_id, p.category_id, p.subcategory_id, p.brand_id, p.price_range, count(*)
  from private.shop_catalogue p group by 1, 2, 3, 4, 5;
  insert into private.shop_size_cells (campaign_id, category_id, subcategory_id, brand_id, price_range, talla, n)
  select p.campaign_id, p.category_id, p.subcategory_id, p.brand_id, p.price_range, t.talla, count(*)
  from private.shop_catalogue p cross join lateral unnest(p.sizes) as t(talla) group by 1, 2, 3, 4, 5, 6;

  insert into private.shop_names (nombre_folded, marca_folded, n)
  select p.nombre_folded, p.marca_folded, count(*) from private.shop_catalogue p group by 1, 2 order by 1, 2;
  insert into private.shop_name_cells (name_id, campaign_id, category_id, subcategory_id, brand_id, price_range, n)
  select nm.id, p.campaign_id, p.category_id, p.subcategory_id, p.brand_id, p.price_range, count(*)
  from private.shop_catalogue p join private.shop_names nm on nm.nombre_folded = p.nombre_folded and nm.marca_folded = p.marca_folded
  group by 1, 2, 3, 4, 5, 6;
  insert into private.shop_name_size_cells (name_id, campaign_id, category_id, subcategory_id, brand_id, price_range, talla, n)
  select nm.id, p.campaign_id, p.category_id, p.subcategory_id, p.brand_id, p.price_range, t.talla, count(*)
  from private.shop_catalogue p join private.shop_names nm on nm.nombre_folded = p.nombre_folded and nm.marca_folded = p.marca_folded
  cross join lateral unnest(p.sizes) as t(talla)
  group by 1, 2, 3, 4, 5, 6, 7;

  -- a word's cells are the sums of the name cells of the names holding it (each name's words once)
  insert into private.shop_words (word, n)
  select w.word, sum(nm.n) from private.shop_names nm cross join lateral unnest(private.search_words(nm.nombre_folded, nm.marca_folded)) as w(word)
  group by 1 order by 1;
  insert into private.shop_word_cells (word_id, campaign_id, category_id, subcategory_id, brand_id, price_range, n)
  select x.id, c.campaign_id, c.category_id, c.subcategory_id, c.brand_id, c.price_range, sum(c.n)
  from private.shop_name_cells c join private.shop_names nm on nm.id = c.name_id
  cross join lateral unnest(private.search_words(nm.nombre_folded, nm.marca_folded)) as w(word)
  join private.shop_words x on x.word = w.word
  group by 1, 2, 3, 4, 5, 6;
  insert into private.shop_word_size_cells (word_id, campaign_id, category_id, subcategory_id, brand_id, price_range, talla, n)
  select x.id, c.campaign_id, c.category_id, c.subcategory_id, c.brand_id, c.price_range, c.talla, sum(c.n)
  from private.shop_name_size_cells c join private.shop_names nm on nm.id = c.name_id
  cross join lateral unnest(private.search_words(nm.nombre_folded, nm.marca_folded)) as w(word)
  join private.shop_words x on x.word = w.word
  group by 1, 2, 3, 4, 5, 6, 7;
end
$$;
comment on function private.shop_cells_rebuild() is
  'Recounts the facet cells, names, words and the narrow catalogue copy from public.products (for bulk loads run with the products'' cells triggers disabled).';

-- ─── Statistics after a large change ──────────────────────────────────────────────────────────
-- The planner chooses the shop's plans from each table's statistics, and a search reads the
-- trigram indexes' pending entries (GIN's fast update list) one by one until they are merged.
-- Autovacuum refreshes both, but only once a tenth or a fifth of a table has changed and a minute
-- or more after. So whatever changes many products at once refreshes them itself, in its own
-- transaction (ANALYZE counts the transaction's own rows): the CSV import's batches and the bulk
-- actions call private.refresh_shop_statistics when their change is large (a direct load, the bulk
-- seed, runs VACUUM (ANALYZE) after it commits, scripts/seed/bulk-pg.ts).
-- The shop's tables the products' changes write (kept by triggers): its copy of the products, the
-- cells, names and words. The shop's reads plan on these (the products themselves it reads by key).
create function private.shop_tables()
returns regclass[]
language sql
immutable
set search_path to ''
as $$
  select array[
    'private.shop_catalogue', 'private.shop_cells', 'private.shop_size_cells', 'private.shop_names',
    'private.shop_name_cells', 'private.shop_name_size_cells', 'private.shop_words', 'private.shop_word_cells',
    'private.shop_word_size_cells'
  ]::regclass[]
$$;
comment on function private.shop_tables() is
  'The shop''s tables the products'' changes write through triggers (its copy of the products, cells, names and words): those a large change refreshes the statistics of.';

-- A change is large when it adds, removes or changes more than 50 products plus 5% of the
-- catalogue (autovacuum analyzes after 50 plus 10%): the rows this transaction changed (p_pending)
-- plus the products the shop's copy grew by since the statistics were taken, measured as the
-- planner does (its pages now against those counted then, at the rows per page counted then; a
-- never analyzed table, 40 a page). Not pg_stat's counters: they reach other sessions up to seconds
-- late, and count an ANALYZE's own transaction's rows again after it commits.
create function private.shop_statistics_stale(p_pending bigint)
returns boolean
language sql
stable
security definer
set search_path to ''
as $$
  select coalesce(p_pending, 0)
      + abs(pg_catalog.pg_relation_size(c.oid) / current_setting('block_size')::bigint - c.relpages)
        * (case when c.relpages > 0 and c.reltuples >= 0 then c.reltuples / c.relpages else 40 end)
    > 50 + 0.05 * greatest(c.reltuples, 0)
  from pg_catalog.pg_class c
  where c.oid = 'private.shop_catalogue'::regclass
$$;
comment on function private.shop_statistics_stale(bigint) is
  'True when the shop''s statistics lag the catalogue by more than 50 products plus 5%: p_pending rows changed by this transaction plus the rows the shop''s copy of the catalogue grew by since the last ANALYZE.';

-- ANALYZE of the shop's tables and the trigram and size indexes' pending entries merged. Two
-- transactions never refresh at once (ANALYZE locks each table until its transaction ends, so the
-- second would wait for the first to finish): the second skips, the first one's statistics serve both.
create function private.refresh_shop_statistics()
returns boolean
language plpgsql
volatile
security definer
set search_path to ''
as $$
declare
  v_table regclass;
  v_index regclass;
begin
  if not pg_try_advisory_xact_lock(hashtextextended('refresh_shop_statistics', 0)) then
    return false;
  end if;
  foreach v_table in array private.shop_tables() loop
    execute format('analyze %s', v_table);
  end loop;
  for v_index in
    select i.indexrelid::regclass
    from pg_catalog.pg_index i
    join pg_catalog.pg_class x on x.oid = i.indexrelid
    join pg_catalog.pg_am a on a.oid = x.relam
    where a.amname = 'gin' and i.indrelid = any (private.shop_tables())
  loop
    perform pg_catalog.gin_clean_pending_list(v_index);
  end loop;
  return true;
end
$$;
comment on function private.refresh_shop_statistics() is
  'ANALYZE of the shop''s tables (private.shop_tables) and their GIN indexes'' pending entries merged, in the calling transaction; false when another transaction is refreshing them. Called after large changes (the CSV import''s batches, bulk actions).';
-- the import and the bulk actions run with their caller's rights (an admin, or the service role)
grant execute on function private.refresh_shop_statistics(), private.shop_statistics_stale(bigint) to authenticated, service_role;

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

-- ─── Triggers ─────────────────────────────────────────────────────────────────────────────────
create trigger refuse_write
  instead of insert or delete or update on public.subcategories_with_products
  for each row execute function private.refuse_view_write();

create trigger refuse_write
  instead of insert or delete or update on public.master_products
  for each row execute function private.refuse_view_write();

create trigger products_shop_cells_insert
  after insert on public.products referencing new table as new_rows
  for each statement execute function private.shop_cells_track();

create trigger products_shop_cells_update
  after update on public.products referencing old table as old_rows new table as new_rows
  for each statement execute function private.shop_cells_track();

create trigger products_shop_cells_delete
  after delete on public.products referencing old table as old_rows
  for each statement execute function private.shop_cells_track();

create trigger products_shop_cells_truncate
  after truncate on public.products
  for each statement execute function private.shop_cells_clear();
