-- A bulk discount on a whole campaign timed out (8 s, the back office's statement limit) at 24,000
-- products: the cells trigger took every product whose price changed out of the cells and put it
-- back, though a new price within the same price range leaves every cell as it was. The cells now
-- change only for the products whose cell keys changed (the price range, not the price), and a
-- price's range comes from the bounds read once per statement, not a function call per product;
-- the shop's copy of the products still takes every new price. And products keep 15% of each page
-- free, so a price change writes its new row on the same page without touching the products'
-- indexes (rows written from now on: existing full pages get that room as they are rewritten).
create or replace function private.shop_cells_track()
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

alter table public.products set (fillfactor = 85);
