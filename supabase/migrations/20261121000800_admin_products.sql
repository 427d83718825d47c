-- Admin products: the back office's product list, form and delete:
--   admin_products   one page of the admin list, with its counts, searched and sorted in SQL
--                    (Top 1000 discount / profit computed here, never in the browser);
--   admin_product    one product in the list's shape (after a save, for the margin dialog...);
--   save_product     insert or update a product and its private fields in one transaction;
--   delete_product   delete a product and return its image URLs so the caller can clean storage;
--   unique_permalink the first free permalink of base, base-1, base-2...
-- Each starts with assert_admin(), so a non-admin gets 'No autorizado' instead of partial data.
-- The writes run as the caller, under RLS (which lets admins alone read product_private and write
-- anything); the two reads, admin_products and admin_product, run as their owner so the search
-- can use its trigram index (migration 20261121001100 explains why).

-- ─── Search support ──────────────────────────────────────────────────────────────────────────

-- The text an admin search matches: name, brand, description, permalink and the id (the
-- 'internal code'). Immutable so it can back a trigram index.
create or replace function public.product_search_text(
  p_nombre text, p_marca text, p_descripcion text, p_permalink text, p_id uuid
)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select lower(
    coalesce(p_nombre, '') || ' ' || coalesce(p_marca, '') || ' ' || coalesce(p_permalink, '') || ' '
    || coalesce(p_id::text, '') || ' ' || coalesce(p_descripcion, '')
  )
$$;
comment on function public.product_search_text(text, text, text, text, uuid) is
  'Lowercased searchable text of a product for the admin search (nombre, marca, permalink, id, descripcion).';
grant execute on function public.product_search_text(text, text, text, text, uuid) to authenticated, service_role;

create index if not exists products_admin_search_trgm_idx on public.products
  using gin (public.product_search_text(nombre, marca, descripcion, permalink, id) extensions.gin_trgm_ops);

-- Prefix lookups for unique_permalink (base, base-1, base-2...).
create index if not exists products_permalink_pattern_idx on public.products (permalink text_pattern_ops);

-- ─── One product as the admin list shows it ──────────────────────────────────────────────────

create or replace function public.admin_product_json(p public.products)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select to_jsonb(p) - 'sizes'
    || jsonb_build_object(
      'sizes', to_jsonb(p.sizes),
      'campaign', (select jsonb_build_object('id', c.id, 'nombre', c.nombre, 'fecha_fin', c.fecha_fin)
                     from public.campaigns c where c.id = p.campaign_id),
      'category_nombre', (select c.nombre from public.categories c where c.id = p.category_id),
      'subcategory_nombre', (select s.nombre from public.subcategories s where s.id = p.subcategory_id),
      'brand_display_name', (select b.display_name from public.brands b where b.id = p.brand_id),
      'costo_compra', coalesce(pp.costo_compra, 0),
      'link_externo', pp.link_externo,
      'discount_percentage',
        case when p.precio_original > 0
          then round((p.precio_original - p.precio_venta) / p.precio_original * 100)::int else 0 end,
      'profit_amount', p.precio_venta - coalesce(pp.costo_compra, 0),
      'profit_margin',
        case when coalesce(pp.costo_compra, 0) > 0
          then round((p.precio_venta - pp.costo_compra) / pp.costo_compra * 100, 2) end,
      'image_count', (select count(*) from public.product_images i where i.product_id = p.id)
    )
  from (select 1) one
  left join public.product_private pp on pp.product_id = p.id
$$;
comment on function public.admin_product_json(public.products) is
  'A product as the admin shows it: row + campaign {id,nombre,fecha_fin} + category/subcategory names + costo_compra, link_externo + discount_percentage, profit_amount, profit_margin (on cost, %).';
grant execute on function public.admin_product_json(public.products) to authenticated, service_role;

create or replace function public.admin_product(p_id uuid)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v public.products%rowtype;
begin
  perform private.assert_admin();
  select * into v from public.products p where p.id = p_id;
  if not found then
    return null;
  end if;
  return public.admin_product_json(v);
end
$$;
comment on function public.admin_product(uuid) is 'Admin: one product in the admin list shape, or null.';

-- ─── The admin list ──────────────────────────────────────────────────────────────────────────

create or replace function public.admin_products(
  p_search text default null,
  p_campaign_id uuid default null,
  p_only_active boolean default false,
  p_sort text default 'recent',
  p_offset integer default 0,
  p_limit integer default 50
)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  v_today date := public.shop_today();
  v_search text := nullif(lower(btrim(coalesce(p_search, ''))), '');
  v_pattern text;
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 1000);
  v_sort text := coalesce(nullif(p_sort, ''), 'recent');
  v_total bigint;
  v_total_all bigint;
  v_rows jsonb;
  v_permalink_match jsonb;
begin
  perform private.assert_admin();
  if v_sort not in ('recent', 'top_discount', 'top_profit') then
    raise exception 'Orden no válido: %', v_sort using errcode = '22023';
  end if;
  v_pattern := '%' || public.like_escape(v_search) || '%';

  select count(*) into v_total_all from public.products;

  if v_sort = 'recent' then
    select count(*) into v_total
    from public.products p
    where (p_campaign_id is null or p.campaign_id = p_campaign_id)
      and (not coalesce(p_only_active, false)
           or p.campaign_id in (select c.id from public.campaigns c where c.fecha_fin >= v_today))
      and (v_search is null
           or public.product_search_text(p.nombre, p.marca, p.descripcion, p.permalink, p.id) like v_pattern);

    select coalesce(jsonb_agg(public.admin_product_json(x.r) order by x.created_at desc, x.id), '[]'::jsonb)
      into v_rows
    from (
      select p as r, p.created_at, p.id
      from public.products p
      where (p_campaign_id is null or p.campaign_id = p_campaign_id)
        and (not coalesce(p_only_active, false)
             or p.campaign_id in (select c.id from public.campaigns c where c.fecha_fin >= v_today))
        and (v_search is null
             or public.product_search_text(p.nombre, p.marca, p.descripcion, p.permalink, p.id) like v_pattern)
      order by p.created_at desc, p.id
      offset v_offset limit v_limit
    ) x;
  else
    -- Top 1000: products of non-expired campaigns ranked by discount percent or by profit
    -- (sale - cost), then paged inside those 1000.
    with ranked as (
      select p.id,
        case when v_sort = 'top_discount'
          then case when p.precio_original > 0
                 then (p.precio_original - p.precio_venta) / p.precio_original else 0 end
          else p.precio_venta - coalesce(pp.costo_compra, 0)
        end as score,
        p.created_at
      from public.products p
      join public.campaigns c on c.id = p.campaign_id and c.fecha_fin >= v_today
      left join public.product_private pp on pp.product_id = p.id
      where (p_campaign_id is null or p.campaign_id = p_campaign_id)
        and (v_search is null
             or public.product_search_text(p.nombre, p.marca, p.descripcion, p.permalink, p.id) like v_pattern)
      order by score desc, p.created_at desc, p.id
      limit 1000
    ), numbered as (
      select r.id, row_number() over (order by r.score desc, r.created_at desc, r.id) as n from ranked r
    )
    select
      (select count(*) from numbered),
      coalesce((
        select jsonb_agg(public.admin_product_json(p) order by n.n)
        from numbered n join public.products p on p.id = n.id
        where n.n > v_offset and n.n <= v_offset + v_limit
      ), '[]'::jsonb)
      into v_total, v_rows;
  end if;

  -- The search line's debug check: is there a product whose permalink is exactly the term?
  if v_search is not null then
    select jsonb_build_object('id', p.id, 'nombre', p.nombre, 'permalink', p.permalink)
      into v_permalink_match
    from public.products p where p.permalink = v_search;
  end if;

  return jsonb_build_object(
    'total', v_total,
    'total_all', v_total_all,
    'rows', v_rows,
    'permalink_match', v_permalink_match
  );
end
$$;
comment on function public.admin_products(text, uuid, boolean, text, integer, integer) is
  'Admin products list: {total (matching), total_all (every product), rows (admin_product_json, page p_offset/p_limit), permalink_match (search = a permalink)}. p_sort recent | top_discount | top_profit (top 1000 of non-expired campaigns). Search is case-insensitive on nombre, marca, descripcion, permalink and id.';

-- ─── Permalinks ──────────────────────────────────────────────────────────────────────────────

create or replace function public.unique_permalink(p_base text, p_exclude_id uuid default null)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_base text := btrim(coalesce(p_base, ''));
  v_taken text[];
  v_n integer := 1;
begin
  perform private.assert_admin();
  if v_base = '' then
    return '';
  end if;
  select coalesce(array_agg(p.permalink), '{}') into v_taken
  from public.products p
  where (p.permalink = v_base or p.permalink like public.like_escape(v_base) || '-%')
    and (p_exclude_id is null or p.id <> p_exclude_id);
  if not (v_base = any (v_taken)) then
    return v_base;
  end if;
  while (v_base || '-' || v_n) = any (v_taken) loop
    v_n := v_n + 1;
  end loop;
  return v_base || '-' || v_n;
end
$$;
comment on function public.unique_permalink(text, uuid) is
  'Admin: the first of base, base-1, base-2... not used by another product (p_exclude_id: the product being edited).';

-- ─── Writes ──────────────────────────────────────────────────────────────────────────────────

create or replace function public.save_product(p_id uuid, p_product jsonb)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_id uuid := p_id;
  v_nombre text := btrim(coalesce(p_product ->> 'nombre', ''));
  v_permalink text := btrim(coalesce(p_product ->> 'permalink', ''));
  v_campaign uuid := nullif(p_product ->> 'campaign_id', '')::uuid;
  v_category uuid := nullif(p_product ->> 'category_id', '')::uuid;
  v_subcategory uuid := nullif(p_product ->> 'subcategory_id', '')::uuid;
  v_brand uuid := nullif(p_product ->> 'brand_id', '')::uuid;
  v_marca text := btrim(coalesce(p_product ->> 'marca', ''));
  v_original numeric;
  v_venta numeric;
  v_costo numeric;
  v_sub_category uuid;
  v_row public.products%rowtype;
  v_constraint text;
begin
  perform private.assert_admin();
  if p_product is null or jsonb_typeof(p_product) <> 'object' then
    raise exception 'Datos del producto no válidos' using errcode = '22023';
  end if;

  if v_nombre = '' then
    raise exception 'El nombre es obligatorio' using errcode = '23514';
  end if;
  if v_campaign is null then
    raise exception 'La campaña es obligatoria' using errcode = '23514';
  end if;
  if v_permalink = '' then
    raise exception 'El permalink es obligatorio' using errcode = '23514';
  end if;
  if v_permalink !~ '^[a-z0-9]+(-[a-z0-9]+)*$' then
    raise exception 'El permalink solo puede tener letras minúsculas, números y guiones' using errcode = '23514';
  end if;
  begin
    v_original := round(nullif(btrim(p_product ->> 'precio_original'), '')::numeric, 2);
    v_venta := round(nullif(btrim(p_product ->> 'precio_venta'), '')::numeric, 2);
    v_costo := round(nullif(btrim(p_product ->> 'costo_compra'), '')::numeric, 2);
  exception when invalid_text_representation then
    raise exception 'Los precios deben ser números' using errcode = '22023';
  end;
  if v_original is null then
    raise exception 'El precio original es obligatorio' using errcode = '23514';
  end if;
  if v_costo is null then
    raise exception 'El costo de compra es obligatorio' using errcode = '23514';
  end if;
  if v_venta is null then
    raise exception 'El precio de venta es obligatorio' using errcode = '23514';
  end if;
  if v_original < 0 or v_venta < 0 or v_costo < 0 then
    raise exception 'Los precios no pueden ser negativos' using errcode = '23514';
  end if;
  if not exists (select 1 from public.campaigns c where c.id = v_campaign) then
    raise exception 'La campaña no existe' using errcode = '23503';
  end if;
  if v_subcategory is not null then
    select s.category_id into v_sub_category from public.subcategories s where s.id = v_subcategory;
    if not found then
      raise exception 'La subcategoría no existe' using errcode = '23503';
    end if;
    if v_category is null then
      v_category := v_sub_category;
    elsif v_sub_category <> v_category then
      raise exception 'La subcategoría no pertenece a la categoría seleccionada' using errcode = '23514';
    end if;
  end if;
  if v_brand is not null then
    select b.display_name into v_marca from public.brands b where b.id = v_brand;
    if not found then
      raise exception 'La marca no existe' using errcode = '23503';
    end if;
  end if;
  if exists (select 1 from public.products p
             where p.permalink = v_permalink and (v_id is null or p.id <> v_id)) then
    raise exception 'El permalink "%" ya está en uso por otro producto', v_permalink using errcode = '23505';
  end if;

  begin
    if v_id is null then
      insert into public.products (
        campaign_id, category_id, subcategory_id, brand_id, marca, nombre,
        precio_original, precio_venta, descripcion, imagen_principal, permalink, destacado
      ) values (
        v_campaign, v_category, v_subcategory, v_brand, v_marca, v_nombre,
        v_original, v_venta, nullif(p_product ->> 'descripcion', ''),
        nullif(btrim(coalesce(p_product ->> 'imagen_principal', '')), ''), v_permalink,
        coalesce((p_product ->> 'destacado')::boolean, false)
      )
      returning * into v_row;
      v_id := v_row.id;
    else
      update public.products p set
        campaign_id = v_campaign,
        category_id = v_category,
        subcategory_id = v_subcategory,
        brand_id = v_brand,
        marca = v_marca,
        nombre = v_nombre,
        precio_original = v_original,
        precio_venta = v_venta,
        descripcion = nullif(p_product ->> 'descripcion', ''),
        imagen_principal = nullif(btrim(coalesce(p_product ->> 'imagen_principal', '')), ''),
        permalink = v_permalink,
        destacado = coalesce((p_product ->> 'destacado')::boolean, p.destacado)
      where p.id = v_id
      returning * into v_row;
      if not found then
        raise exception 'El producto no existe' using errcode = 'P0002';
      end if;
    end if;
  exception when unique_violation then
    get stacked diagnostics v_constraint = constraint_name;
    raise exception 'El permalink "%" ya está en uso por otro producto', v_permalink using errcode = '23505';
  end;

  insert into public.product_private (product_id, costo_compra, link_externo)
  values (v_id, v_costo, nullif(btrim(coalesce(p_product ->> 'link_externo', '')), ''))
  on conflict (product_id) do update
    set costo_compra = excluded.costo_compra, link_externo = excluded.link_externo;

  return public.admin_product_json(v_row);
end
$$;
comment on function public.save_product(uuid, jsonb) is
  'Admin: inserts (p_id null) or updates a product and its product_private row in one transaction. Returns the product in the admin list shape. Spanish errors: missing fields, negative prices, permalink taken (23505).';

create or replace function public.delete_product(p_id uuid)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_main text;
  v_images jsonb;
begin
  perform private.assert_admin();
  select p.imagen_principal into v_main from public.products p where p.id = p_id for update;
  if not found then
    raise exception 'El producto no existe' using errcode = 'P0002';
  end if;
  select coalesce(jsonb_agg(i.image_url order by i.orden), '[]'::jsonb) into v_images
  from public.product_images i where i.product_id = p_id;
  delete from public.products p where p.id = p_id;
  return jsonb_build_object(
    'id', p_id,
    'image_urls', case when v_main is null then v_images else jsonb_build_array(v_main) || v_images end
  );
end
$$;
comment on function public.delete_product(uuid) is
  'Admin: deletes a product (sizes, images and private row cascade) and returns {id, image_urls} so the caller removes the storage objects.';

revoke all on function
  public.admin_product(uuid),
  public.admin_products(text, uuid, boolean, text, integer, integer),
  public.unique_permalink(text, uuid),
  public.save_product(uuid, jsonb),
  public.delete_product(uuid)
  from public, anon, authenticated;
grant execute on function
  public.admin_product(uuid),
  public.admin_products(text, uuid, boolean, text, integer, integer),
  public.unique_permalink(text, uuid),
  public.save_product(uuid, jsonb),
  public.delete_product(uuid)
  to authenticated, service_role;
