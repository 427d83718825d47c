-- ─── Shop filters at catalogue scale ────────────────────────────────────────────────────────
-- shop_query recounted the six facets over every visible product on each call: half a second at
-- 100,000 products. Products are few kinds of thing many times over (a handful of campaigns,
-- categories, subcategories, brands and price ranges), so the counts now come from two small
-- tables of counts kept exact by triggers:
--   private.shop_cells       products per (campaign, category, subcategory, brand, price range);
--   private.shop_size_cells  the same, split further by size (one row per spelling of a size).
--   private.shop_catalogue   one narrow row per product: the keys the shop filters on, its sizes,
--                            nombre and marca, indexed for the newest-first page and for search.
-- Without a search, the total and every facet are sums over those cells, and the page is read
-- through the created_at index. With a search, products of a brand or category whose name matches
-- are whole cells too; the other matches (by nombre or marca) are found through the trigram
-- indexes of the narrow table and counted over those rows only.
-- Answers are the same as the first design's (tests/db/shop-query-equivalence.test.ts compares
-- them over 200 filter states), except that a search now ignores accents as well as case.
-- Visibility is decided at read time from the campaigns' end dates, so a campaign that ends at
-- midnight leaves every count at once, with no job to run.

-- Text as the shop's search compares it: lower case with accents and other marks removed, so
-- 'pantalon' finds 'Pantalón' and 'ALGODON' finds 'algodón' ('ñ' reads as 'n'). Immutable with
-- its dictionary named, so stored copies and the searched term are folded the same way.
create function private.search_fold(p_text text)
returns text
language sql
immutable
parallel safe
strict
set search_path = ''
as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, p_text))
$$;
revoke all on function private.search_fold(text) from public, anon, authenticated;

create table private.shop_cells (
  campaign_id uuid not null,
  category_id uuid,
  subcategory_id uuid,
  brand_id uuid,
  price_range text not null,
  n bigint not null,
  unique nulls not distinct (campaign_id, category_id, subcategory_id, brand_id, price_range)
);
comment on table private.shop_cells is
  'Number of products per campaign, category, subcategory, brand and price range (all products, visible or not), kept by triggers on products; the shop sums the cells of visible campaigns.';

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
comment on table private.shop_size_cells is
  'Number of products per campaign, category, subcategory, brand, price range and size spelling (products.sizes), kept by triggers on products. A product has each size once case-insensitively, so summing over the spellings of one size counts products.';
create index shop_size_cells_size_idx on private.shop_size_cells (lower(talla));
-- cells left at zero by a removal, found without reading the others
create index shop_cells_empty_idx on private.shop_cells (n) where n = 0;
create index shop_size_cells_empty_idx on private.shop_size_cells (n) where n = 0;

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
  marca_folded text not null
);
comment on table private.shop_catalogue is
  'The columns of products the shop filters, orders and searches on, nombre and marca folded for search (all products, visible or not), kept by triggers on products.';
create index shop_catalogue_created_at_idx on private.shop_catalogue (created_at desc, id);
create index shop_catalogue_nombre_trgm_idx on private.shop_catalogue using gin (nombre_folded extensions.gin_trgm_ops);
create index shop_catalogue_marca_trgm_idx on private.shop_catalogue using gin (marca_folded extensions.gin_trgm_ops);
create index shop_catalogue_brand_idx on private.shop_catalogue (brand_id);
create index shop_catalogue_category_idx on private.shop_catalogue (category_id);
create index shop_catalogue_subcategory_idx on private.shop_catalogue (subcategory_id);

alter table private.shop_cells enable row level security;
alter table private.shop_size_cells enable row level security;
alter table private.shop_catalogue enable row level security;
revoke all on private.shop_cells, private.shop_size_cells, private.shop_catalogue from public, anon, authenticated;

-- price_ranges() as bounds for width_bucket(): range ids[i + 1] holds width_bucket(price, lows) = i.
create function private.price_bounds(out lows numeric[], out ids text[])
language sql
immutable
set search_path = ''
as $$
  select array(select r.min_price from public.price_ranges() r where r.orden > 1 order by r.orden),
         array(select r.id from public.price_ranges() r order by r.orden)
$$;
revoke all on function private.price_bounds() from public, anon, authenticated;

-- Adds the products of `rows_in` to the cells (sign 1) or takes them away (sign -1); cells that
-- reach zero are removed. Keys are applied in a fixed order so concurrent writers never deadlock.
create function private.shop_cells_apply(rows_in jsonb, sign integer)
returns void
language plpgsql
security definer
set search_path = ''
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

  if sign < 0 then
    delete from private.shop_cells where n = 0;
    delete from private.shop_size_cells where n = 0;
  end if;
end
$$;
revoke all on function private.shop_cells_apply(jsonb, integer) from public, anon, authenticated;

-- Statement-level triggers (transition tables): a bulk insert of a thousand products is one
-- grouped update of the cells, not a thousand.
create function private.shop_cells_track()
returns trigger
language plpgsql
security definer
set search_path = ''
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
    insert into private.shop_catalogue (id, created_at, campaign_id, category_id, subcategory_id, brand_id, precio_venta, sizes, nombre_folded, marca_folded)
    select n.id, n.created_at, n.campaign_id, n.category_id, n.subcategory_id, n.brand_id, n.precio_venta, n.sizes, private.search_fold(n.nombre), private.search_fold(n.marca)
    from new_rows n;
    select jsonb_agg(jsonb_build_object('campaign_id', n.campaign_id, 'category_id', n.category_id,
        'subcategory_id', n.subcategory_id, 'brand_id', n.brand_id, 'precio_venta', n.precio_venta, 'sizes', n.sizes))
      into came from new_rows n;
  else
    -- An update touches the copy and the cells only for the rows whose shop columns changed: most
    -- updates (a new description, an image, the sizes copy arriving unchanged) change none.
    delete from private.shop_catalogue c where c.id in (select o.id from old_rows o except select n.id from new_rows n);
    insert into private.shop_catalogue as c (id, created_at, campaign_id, category_id, subcategory_id, brand_id, precio_venta, sizes, nombre_folded, marca_folded)
    select n.id, n.created_at, n.campaign_id, n.category_id, n.subcategory_id, n.brand_id, n.precio_venta, n.sizes, private.search_fold(n.nombre), private.search_fold(n.marca)
    from new_rows n
    on conflict (id) do update set
      created_at = excluded.created_at, campaign_id = excluded.campaign_id, category_id = excluded.category_id,
      subcategory_id = excluded.subcategory_id, brand_id = excluded.brand_id, precio_venta = excluded.precio_venta,
      sizes = excluded.sizes, nombre_folded = excluded.nombre_folded, marca_folded = excluded.marca_folded
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
revoke all on function private.shop_cells_track() from public, anon, authenticated;

create trigger products_shop_cells_insert after insert on public.products
  referencing new table as new_rows for each statement execute function private.shop_cells_track();
create trigger products_shop_cells_update after update on public.products
  referencing old table as old_rows new table as new_rows for each statement execute function private.shop_cells_track();
create trigger products_shop_cells_delete after delete on public.products
  referencing old table as old_rows for each statement execute function private.shop_cells_track();

-- Emptying products empties the cells and the narrow copy (TRUNCATE fires no row triggers).
create function private.shop_cells_clear()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  truncate private.shop_cells, private.shop_size_cells, private.shop_catalogue;
  return null;
end
$$;
revoke all on function private.shop_cells_clear() from public, anon, authenticated;
create trigger products_shop_cells_truncate after truncate on public.products
  for each statement execute function private.shop_cells_clear();

-- The products already there.
insert into private.shop_catalogue (id, created_at, campaign_id, category_id, subcategory_id, brand_id, precio_venta, sizes, nombre_folded, marca_folded)
select id, created_at, campaign_id, category_id, subcategory_id, brand_id, precio_venta, sizes, private.search_fold(nombre), private.search_fold(marca) from public.products;
insert into private.shop_cells (campaign_id, category_id, subcategory_id, brand_id, price_range, n)
select p.campaign_id, p.category_id, p.subcategory_id, p.brand_id, b.ids[width_bucket(p.precio_venta, b.lows) + 1], count(*)
from public.products p cross join private.price_bounds() b group by 1, 2, 3, 4, 5;
insert into private.shop_size_cells (campaign_id, category_id, subcategory_id, brand_id, price_range, talla, n)
select p.campaign_id, p.category_id, p.subcategory_id, p.brand_id, b.ids[width_bucket(p.precio_venta, b.lows) + 1], t.talla, count(*)
from public.products p cross join private.price_bounds() b cross join lateral unnest(p.sizes) as t(talla)
group by 1, 2, 3, 4, 5, 6;
