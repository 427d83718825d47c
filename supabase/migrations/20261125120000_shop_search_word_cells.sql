-- One-word searches count from cells per word; pages of several filters walk when that reads less.
--
-- A search term without spaces is inside one word of every product it matches. private.shop_words
-- holds each word of the products' folded nombre and marca, and the word cells count the products
-- holding it per campaign, category, subcategory, brand and price range (and size). A common word
-- matches thousands of products over hundreds of names; its word cells are bounded by the
-- catalogue's campaigns, categories, brands, price ranges and sizes, several times fewer than the
-- name cells of those names, which a search summed until now. private.shop_query sums the word
-- cells when no product holds two of the matching words, else the name cells as before.
-- private.shop_cells_rebuild recounts every cell from the products, for bulk loads. A page of
-- several filters is gathered through the indexes only when that reads fewer rows than walking the
-- grid's order: gathering reads at least every product of the most selective filter alone, not
-- only the matches.
-- supabase/schemas/03_shop_reads.sql and 09_policies.sql hold the final forms.

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

alter table private.shop_words enable row level security;
alter table private.shop_word_cells enable row level security;
alter table private.shop_word_size_cells enable row level security;

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

create or replace function private.shop_cells_clear()
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

comment on function private.shop_cells_track() is
  'Statement trigger on products: keeps private.shop_cells, shop_size_cells, shop_names, shop_name_cells, shop_name_size_cells, shop_words, shop_word_cells, shop_word_size_cells and shop_catalogue exact with one grouped update per statement.';

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
  insert into private.shop_catalogue (id, created_at, campaign_id, category_id, subcategory_id, brand_id, precio_venta, price_range, sizes, size_keys, nombre_folded, marca_folded)
  select n.id, n.created_at, n.campaign_id, n.category_id, n.subcategory_id, n.brand_id, n.precio_venta, public.price_range_of(n.precio_venta),
    n.sizes, private.size_keys(n.sizes), private.search_fold(n.nombre), private.search_fold(n.marca)
  from public.products n;

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

-- the words and word cells of the products already there, with every other cell recounted
select private.shop_cells_rebuild();

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
  v_visible bigint;
  -- products matching the search and size (the other filters ignored)
  v_base bigint;
  -- products of each filter alone (null when not chosen), of the most selective of those with an
  -- index in the grid's order, and what gathering the page reads
  v_alone record;
  v_narrowest_ordered numeric;
  v_gather numeric;
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
    (select coalesce(sum(m.n), 0)::bigint from m)
  into v_total, v_counts, v_base;

  -- The page, when it holds any product. Two ways, the same rows: walking an index in created_at
  -- order until the page is full reads about (offset + limit) x (the index's products) / matches
  -- rows when the matches are spread out; gathering the matches through the filters' indexes and
  -- sorting them reads from the table at least every product of the most selective filter alone
  -- (an index holds all of its value's products, whatever the other filters say); without a
  -- search Postgres combines the filters' indexes before it reads the table, and about 32 index
  -- entries cost what one table row does, so it then reads the matches plus a 32nd of every
  -- filter's products. The walk goes down the newest-first index of every visible product, or
  -- that of the most selective of the campaign, category, subcategory, brand and price filters
  -- (each has one; sizes and search do not). Without a search the first reads the index only (it
  -- carries every filter column), about four times cheaper a row than the table; with one it
  -- reads the table for the names. The walk is taken when it costs less (with one filter, its own
  -- index walks straight to the page).
  if v_limit > 0 and v_total > v_offset then
    select coalesce(sum(c.n), 0) as visible,
      case when p_category_id is not null then coalesce(sum(c.n) filter (where c.category_id = p_category_id), 0) end as category,
      case when p_subcategory_id is not null then coalesce(sum(c.n) filter (where c.subcategory_id = p_subcategory_id), 0) end as subcategory,
      case when p_brand_id is not null then coalesce(sum(c.n) filter (where c.brand_id = p_brand_id), 0) end as brand,
      case when p_campaign_id is not null then coalesce(sum(c.n) filter (where c.campaign_id = p_campaign_id), 0) end as campaign,
      case when v_range is not null then coalesce(sum(c.n) filter (where c.price_range = v_range), 0) end as price,
      -- the size (with the search, when there is one): the matching cells' sum
      case when v_pat is not null or v_size is not null then v_base end as base
    into v_alone
    from private.shop_cells c where c.campaign_id = any (v_campaigns);
    v_visible := v_alone.visible;
    v_narrowest_ordered := least(v_alone.category, v_alone.subcategory, v_alone.brand, v_alone.campaign, v_alone.price);
    v_gather := case
      when v_pat is null then (coalesce(v_alone.category, 0) + coalesce(v_alone.subcategory, 0) + coalesce(v_alone.brand, 0)
        + coalesce(v_alone.campaign, 0) + coalesce(v_alone.price, 0) + coalesce(v_alone.base, 0)) / 32.0 + v_total
      else coalesce(least(v_narrowest_ordered, v_alone.base), v_visible)
    end;
    if (v_offset + v_limit)::numeric
        * least(v_visible::numeric / (case when v_pat is null then 4 else 1 end), coalesce(v_narrowest_ordered, v_visible))
        <= v_gather * v_total then
      -- Walk an index in the grid's order, never gather: Postgres cannot tell that several
      -- filters together match thousands of products, so it would often gather them (combining
      -- the filters' indexes, or reading the whole table) and sort. Both settings return to 'on'
      -- when this function ends (they are among its settings).
      perform set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true);
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
comment on function private.shop_query(uuid, uuid, uuid, uuid, text, text, text, integer, integer, text[]) is
  'The shop filters, answered from the facet cells with the owner''s rights: {total, products (page), facets}. Sees only products of campaigns visible today, like the public read policy.';
grant execute on function private.shop_query(uuid, uuid, uuid, uuid, text, text, text, integer, integer, text[]) to anon, authenticated, service_role;
