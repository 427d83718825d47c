-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 10 · Back office: the product list, the product form and the featured order
--
-- Entry points: public.admin_products (the list), public.admin_product and
-- public.admin_product_json (the form), public.unique_permalink, public.save_product,
-- public.delete_product, public.reorder_featured_products.
-- Reads any staff member may make check private.assert_staff, writes an owner or an editor
-- (private.assert_admin or public.is_admin). The ones that read product_private run with their
-- owner's rights in `private` and are called through public functions of the same name that run
-- with the caller's.
-- ═════════════════════════════════════════════════════════════════════════════════════════════

-- ─── The product list and form (reads product_private: owner's rights in private) ─────────────
create function public.admin_product_json(p public.products)
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
      'discount_percentage', public.discount_percentage(p.precio_original, p.precio_venta),
      'profit_amount', p.precio_venta - coalesce(pp.costo_compra, 0),
      'profit_margin', public.profit_margin(p.precio_venta, pp.costo_compra),
      'image_count', (select count(*) from public.product_images i where i.product_id = p.id)
    )
  from (select 1) one
  left join public.product_private pp on pp.product_id = p.id
$$;
comment on function public.admin_product_json(p public.products) is 'A product as the admin shows it: row + campaign {id,nombre,fecha_fin} + category/subcategory names + costo_compra, link_externo + discount_percentage, profit_amount, profit_margin (on cost, %).';
grant execute on function public.admin_product_json(p public.products) to authenticated;

create function private.admin_product(p_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path to ''
as $$
declare
  v public.products%rowtype;
begin
  perform private.assert_staff();
  select * into v from public.products p where p.id = p_id;
  if not found then
    return null;
  end if;
  return public.admin_product_json(v);
end
$$;
comment on function private.admin_product(uuid) is 'Admin: one product in the admin list shape, or null.';
grant execute on function private.admin_product(uuid) to authenticated, service_role;

create function public.admin_product(p_id uuid)
returns jsonb
language sql
stable
set search_path to ''
as $$
  select private.admin_product(p_id)
$$;
comment on function public.admin_product(uuid) is 'Admin: one product in the admin list shape, or null.';
grant execute on function public.admin_product(uuid) to authenticated;

create function private.admin_products(p_search text default null::text, p_campaign_id uuid default null::uuid, p_only_active boolean default false, p_sort text default 'recent'::text, p_offset integer default 0, p_limit integer default 50)
returns jsonb
language plpgsql
stable security definer
set search_path to ''
as $$
declare
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
  perform private.assert_staff();
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
           or p.campaign_id in (select private.live_campaign_ids()))
      and (v_search is null
           or public.product_search_text(p.nombre, p.marca, p.descripcion, p.permalink, p.id) like v_pattern);

    select coalesce(jsonb_agg(public.admin_product_json(x.r) order by x.created_at desc, x.id), '[]'::jsonb)
      into v_rows
    from (
      select p as r, p.created_at, p.id
      from public.products p
      where (p_campaign_id is null or p.campaign_id = p_campaign_id)
        and (not coalesce(p_only_active, false)
             or p.campaign_id in (select private.live_campaign_ids()))
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
      left join public.product_private pp on pp.product_id = p.id
      where p.campaign_id in (select private.live_campaign_ids())
        and (p_campaign_id is null or p.campaign_id = p_campaign_id)
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
comment on function private.admin_products(text, uuid, boolean, text, integer, integer) is 'Admin products list: {total (matching), total_all (every product), rows (admin_product_json, page p_offset/p_limit), permalink_match (search = a permalink)}. p_sort recent | top_discount | top_profit (top 1000 of non-expired campaigns). Search is case-insensitive on nombre, marca, descripcion, permalink and id.';
grant execute on function private.admin_products(text, uuid, boolean, text, integer, integer) to authenticated, service_role;

create function public.admin_products(
  p_search text default null,
  p_campaign_id uuid default null,
  p_only_active boolean default false,
  p_sort text default 'recent',
  p_offset integer default 0,
  p_limit integer default 50
)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  -- at most the first 200 characters of the trimmed search (the longest permalink)
  select private.admin_products(left(btrim(p_search), 200), p_campaign_id, p_only_active, p_sort, p_offset, p_limit)
$$;
comment on function public.admin_products(text, uuid, boolean, text, integer, integer) is 'Admin products list: {total (matching), total_all (every product), rows (admin_product_json, page p_offset/p_limit), permalink_match (search = a permalink)}. p_sort recent | top_discount | top_profit (top 1000 of non-expired campaigns). Search is case-insensitive on nombre, marca, descripcion, permalink and id.';
grant execute on function public.admin_products(text, uuid, boolean, text, integer, integer) to authenticated;

-- ─── Permalinks: /producto/{permalink}, unique, built from brand and name ─────────────────────
-- Permalinks are at most 200 characters (products_permalink_format). The import builds one from
-- '{brand}-{name}', and a supplier's long name (or brand) would make a longer one, which the table
-- refuses (the whole batch would fail). So the slug is cut to 190 characters (room for the '-N'
-- that keeps it unique), at the end of a word when there is one, never ending in a hyphen.
create function private.permalink_base(p_brand text, p_name text)
returns text
language sql
stable
set search_path = ''
as $$
  with slug as (
    select regexp_replace(regexp_replace(regexp_replace(regexp_replace(
      lower(extensions.unaccent('extensions.unaccent'::regdictionary,
        concat_ws('-', nullif(btrim(coalesce(p_brand, '')), ''), nullif(btrim(coalesce(p_name, '')), '')))),
      '\s+', '-', 'g'), '[^a-z0-9-]', '', 'g'), '-{2,}', '-', 'g'), '^-+|-+$', '', 'g') as s
  )
  select case
    when char_length(s) <= 190 then s
    -- cut at the last hyphen within the limit, or hard at 190 when the first word is longer
    else regexp_replace(coalesce(nullif(substring(left(s, 191) from '^(.*)-'), ''), left(s, 190)), '-+$', '')
  end
  from slug
$$;
comment on function private.permalink_base(text, text) is 'Slug of ''{brand}-{name}'': accents folded, lowercase, spaces to hyphens, only a-z0-9 and single hyphens, at most 190 characters (cut at a word end).';
grant execute on function private.permalink_base(text, text) to authenticated, service_role;

create function private.free_permalink(p_base text, p_exclude_id uuid default null)
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
comment on function private.free_permalink(text, uuid) is 'The first of base, base-1, base-2... not used by another product (p_exclude_id: the product being edited).';
grant execute on function private.free_permalink(text, uuid) to authenticated, service_role;

-- The product form's permalink: the database makes it from brand and name (permalink_base, the one
-- slug rule, which the CSV import uses too) and finds the first free one; '' when brand and name
-- give no slug. The form shows it and saves it as it is.
create function public.unique_permalink(p_brand text, p_name text, p_exclude_id uuid default null)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  v_base text;
begin
  perform private.assert_admin();
  v_base := private.permalink_base(p_brand, p_name);
  if v_base = '' then
    return '';
  end if;
  return private.free_permalink(v_base, p_exclude_id);
end
$$;
comment on function public.unique_permalink(text, text, uuid) is 'Admin: the permalink of brand and name (private.permalink_base), the first of base, base-1, base-2... not used by another product (p_exclude_id: the product being edited); empty when brand and name give no slug.';
grant execute on function public.unique_permalink(text, text, uuid) to authenticated;

-- ─── Saving and deleting a product ────────────────────────────────────────────────────────────
create function public.save_product(p_id uuid, p_product jsonb)
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
  v_current jsonb;
begin
  perform private.assert_admin();
  if p_product is null or jsonb_typeof(p_product) <> 'object' then
    raise exception 'Datos del producto no válidos' using errcode = '22023';
  end if;

  -- No lost edits: an edit form sends, as "expected", the fields as it loaded them. When someone
  -- else has saved any of them since, nothing is written and the form is told to reload (PT409,
  -- HTTP 409). Sizes and gallery images are saved apart and never count. The row stays locked
  -- until this transaction ends, so a save in between cannot slip through.
  if v_id is not null and jsonb_typeof(p_product -> 'expected') = 'object' then
    select to_jsonb(p) || jsonb_build_object('costo_compra', coalesce(pp.costo_compra, 0), 'link_externo', pp.link_externo)
      into v_current
      from public.products p
      left join public.product_private pp on pp.product_id = p.id
     where p.id = v_id
       for update of p;
    if v_current is null then
      raise exception 'El producto no existe' using errcode = 'P0002';
    end if;
    if exists (
      select 1
        from jsonb_each(p_product -> 'expected') as e(key, value)
       where e.key = any (array['campaign_id', 'category_id', 'subcategory_id', 'brand_id', 'marca', 'nombre',
                                'precio_original', 'precio_venta', 'descripcion', 'imagen_principal', 'permalink',
                                'destacado', 'costo_compra', 'link_externo'])
         and v_current -> e.key is distinct from e.value
    ) then
      raise exception 'Otra persona guardó este producto después de que lo abriste. Recarga para ver sus cambios; los tuyos no se guardaron.'
        using errcode = 'PT409';
    end if;
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
comment on function public.save_product(uuid, jsonb) is 'Admin: inserts (p_id null) or updates a product and its product_private row in one transaction. Returns the product in the admin list shape. Spanish errors: missing fields, negative prices, permalink taken (23505); an edit whose "expected" fields someone else has changed since is refused (PT409).';
grant execute on function public.save_product(uuid, jsonb) to authenticated;

create function public.delete_product(p_id uuid)
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
comment on function public.delete_product(uuid) is 'Admin: deletes a product (sizes, images and private row cascade) and returns {id, image_urls} so the caller removes the storage objects.';
grant execute on function public.delete_product(uuid) to authenticated;

-- ─── Featured products' order ─────────────────────────────────────────────────────────────────
-- The home carousel's order, as the admin arranges 'Destacados': p_ids from first to last. A
-- featured product not named loses its place and follows, newest first. Returns how many changed.
create function public.reorder_featured_products(p_ids uuid[])
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_changed integer;
  v_cleared integer;
begin
  perform private.assert_admin();
  update public.products p
     set orden_destacado = null
   where p.destacado and p.orden_destacado is not null and not (p.id = any (p_ids));
  get diagnostics v_cleared = row_count;
  update public.products p
     set orden_destacado = o.n
    from unnest(p_ids) with ordinality as o(id, n)
   where p.id = o.id and p.destacado and p.orden_destacado is distinct from o.n::integer;
  get diagnostics v_changed = row_count;
  return v_changed + v_cleared;
end
$$;
comment on function public.reorder_featured_products(uuid[]) is 'Admins: places the featured products in the home carousel in the order given; the others follow, newest first.';
grant execute on function public.reorder_featured_products(uuid[]) to authenticated;
