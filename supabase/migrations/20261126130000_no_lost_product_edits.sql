-- No lost edits: save_product refuses an edit whose "expected" fields (as the form loaded them)
-- someone else has saved since (PT409, HTTP 409), instead of overwriting them.
-- supabase/schemas/04_admin.sql holds the final form.

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
