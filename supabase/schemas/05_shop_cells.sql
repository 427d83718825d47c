-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 05 · Shop cells: product counts per filter, kept exact by triggers on products
--
-- Entry points: the statement triggers on public.products (products_shop_cells_*), and
-- private.shop_cells_rebuild for a bulk load run with those triggers disabled.
-- The shop's filters answer from counts instead of recounting the catalogue: private.shop_cells
-- holds the number of products per campaign, category, subcategory, brand and price range,
-- private.shop_size_cells the same per size spelling, private.shop_word_cells and
-- shop_word_size_cells the same per word of the products' names (private.shop_words, what a
-- search of one word compares), private.shop_name_cells and shop_name_size_cells the same per
-- distinct product name (private.shop_names, for the other searches), and private.shop_catalogue
-- a narrow copy of each product with an index per filter. The query that reads them is in
-- 07_shop_query.sql.
-- ═════════════════════════════════════════════════════════════════════════════════════════════

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
  -- the price ranges as width_bucket() bounds (private.price_bounds): a price's range is
  -- range_ids[width_bucket(price, range_lows) + 1], as public.price_range_of says, without a
  -- function call per product
  range_lows numeric[];
  range_ids text[];
begin
  select b.lows, b.ids into range_lows, range_ids from private.price_bounds() b;
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
    select n.id, n.created_at, n.campaign_id, n.category_id, n.subcategory_id, n.brand_id, n.precio_venta, range_ids[width_bucket(n.precio_venta, range_lows) + 1],
      n.sizes, private.size_keys(n.sizes), private.search_fold(n.nombre), private.search_fold(n.marca),
      public.discount_percentage(n.precio_original, n.precio_venta), n.destacado, n.orden_destacado
    from new_rows n where not n.agotado;
    select jsonb_agg(jsonb_build_object('campaign_id', n.campaign_id, 'category_id', n.category_id,
        'subcategory_id', n.subcategory_id, 'brand_id', n.brand_id, 'precio_venta', n.precio_venta, 'sizes', n.sizes,
        'nombre_folded', private.search_fold(n.nombre), 'marca_folded', private.search_fold(n.marca)))
      into came from new_rows n where not n.agotado;
  else
    -- An update touches the copy only for the rows whose shop columns changed, and the cells only
    -- for the rows whose cell keys changed: most updates (a new description, an image, the sizes
    -- copy arriving unchanged) change neither, and a new price within the same price range (a
    -- discount on a whole campaign, mostly) changes the copy but not the cells.
    delete from private.shop_catalogue c
     where c.id in (select o.id from old_rows o except select n.id from new_rows n where not n.agotado);
    insert into private.shop_catalogue as c (id, created_at, campaign_id, category_id, subcategory_id, brand_id, precio_venta, price_range, sizes, size_keys, nombre_folded, marca_folded, descuento, destacado, orden_destacado)
    select n.id, n.created_at, n.campaign_id, n.category_id, n.subcategory_id, n.brand_id, n.precio_venta, range_ids[width_bucket(n.precio_venta, range_lows) + 1],
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
      or (o.campaign_id, o.category_id, o.subcategory_id, o.brand_id, range_ids[width_bucket(o.precio_venta, range_lows) + 1], o.sizes, o.nombre, o.marca)
        is distinct from (n.campaign_id, n.category_id, n.subcategory_id, n.brand_id, range_ids[width_bucket(n.precio_venta, range_lows) + 1], n.sizes, n.nombre, n.marca));
    select jsonb_agg(jsonb_build_object('campaign_id', n.campaign_id, 'category_id', n.category_id,
        'subcategory_id', n.subcategory_id, 'brand_id', n.brand_id, 'precio_venta', n.precio_venta, 'sizes', n.sizes,
        'nombre_folded', private.search_fold(n.nombre), 'marca_folded', private.search_fold(n.marca)))
      into came
    from new_rows n left join old_rows o on o.id = n.id
    where not n.agotado and (o.id is null or o.agotado
      or (o.campaign_id, o.category_id, o.subcategory_id, o.brand_id, range_ids[width_bucket(o.precio_venta, range_lows) + 1], o.sizes, o.nombre, o.marca)
        is distinct from (n.campaign_id, n.category_id, n.subcategory_id, n.brand_id, range_ids[width_bucket(n.precio_venta, range_lows) + 1], n.sizes, n.nombre, n.marca));
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

create trigger products_shop_cells_insert
  after insert on public.products referencing new table as new_rows
  for each statement execute function private.shop_cells_track();

create trigger products_shop_cells_update
  after update on public.products referencing old table as old_rows new table as new_rows
  for each statement execute function private.shop_cells_track();

create trigger products_shop_cells_delete
  after delete on public.products referencing old table as old_rows
  for each statement execute function private.shop_cells_track();

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

create trigger products_shop_cells_truncate
  after truncate on public.products
  for each statement execute function private.shop_cells_clear();

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
