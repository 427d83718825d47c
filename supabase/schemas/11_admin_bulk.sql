-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 11 · Back office: one action on many products, and the list as a CSV file
--
-- Entry points: public.bulk_update_products (move, discount, set pieces, feature, delete),
-- public.export_products (the list as a CSV import file), public.discounted_price (the form's
-- rounding of a sale price). Both act on what private.bulk_targets picks: the products chosen, or
-- every product the list's filter matches. An action is for an owner or an editor
-- (private.assert_admin), the export for any staff member (private.assert_staff).
-- ═════════════════════════════════════════════════════════════════════════════════════════════

-- ─── Bulk work on the product list ────────────────────────────────────────────────────────────
-- The products a bulk action applies to: the ids chosen, or every product the list's filter
-- matches, with the list's own filter (admin_products: search, campaign, live campaigns only).
create function private.bulk_targets(p_ids uuid[], p_filter jsonb)
returns setof uuid
language sql
stable
set search_path = ''
as $$
  select p.id
    from public.products p
   where case
           when p_ids is not null then p.id = any(p_ids)
           else (p_filter ->> 'campaign_id' is null or p.campaign_id = (p_filter ->> 'campaign_id')::uuid)
                and (not coalesce((p_filter ->> 'only_active')::boolean, false)
                     or p.campaign_id in (select private.live_campaign_ids()))
                and (nullif(btrim(coalesce(p_filter ->> 'search', '')), '') is null
                     or public.product_search_text(p.nombre, p.marca, p.descripcion, p.permalink, p.id)
                        like '%' || public.like_escape(lower(btrim(p_filter ->> 'search'))) || '%')
         end
$$;
comment on function private.bulk_targets(uuid[], jsonb) is 'The products a bulk action applies to: the ids given, else those the product list''s filter {search, campaign_id, only_active} matches.';
grant execute on function private.bulk_targets(uuid[], jsonb) to authenticated;

-- A sale price after a discount of p percent, with the product form's rounding: to the nearest
-- hundred pesos (50 and up rounds up), never to 0 (a price under 50 keeps its cents).
create function public.discounted_price(p_price numeric, p_percent numeric)
returns numeric
language sql
immutable
set search_path = ''
as $$
  select case
           when round(round(p_price * (100 - p_percent) / 100, 2) / 100) * 100 > 0
             then round(round(p_price * (100 - p_percent) / 100, 2) / 100) * 100
           else round(p_price * (100 - p_percent) / 100, 2)
         end
$$;
comment on function public.discounted_price(numeric, numeric) is 'Sale price after p percent off, to the nearest hundred (half up) as the product form suggests, or to the cent when that would be 0.';
grant execute on function public.discounted_price(numeric, numeric) to authenticated;

-- One action on many products, in one transaction: move them to a campaign, a category (and
-- subcategory) or a brand, take a percentage off their sale price, set every size's pieces
-- (existencias), feature or unfeature them, or delete them. p_expected is the count the person confirmed: when the selection no longer has that
-- many products (someone added or removed some meanwhile), nothing changes and the message says
-- how many it has now. Answers {changed, image_urls} (the deleted products' images, for the caller
-- to remove from storage).
create function public.bulk_update_products(
  p_ids uuid[] default null,
  p_filter jsonb default null,
  p_action text default null,
  p_value jsonb default '{}'::jsonb,
  p_expected integer default null
)
returns jsonb
language plpgsql
volatile
set search_path = ''
-- a whole campaign (24,000 products at 100,000) takes longer than the back office's 8 s statement
-- limit; the API applies a function's own statement_timeout to the call's transaction
set statement_timeout = '50s'
as $$
declare
  v_targets uuid[];
  v_changed integer := 0;
  v_images jsonb := '[]'::jsonb;
  v_id uuid;
  v_percent numeric;
  v_pieces integer;
begin
  perform private.assert_admin();
  if p_ids is null and p_filter is null then
    raise exception 'Elige los productos' using errcode = '22023';
  end if;
  select coalesce(array_agg(t.id order by t.id), '{}') into v_targets
    from (select private.bulk_targets(p_ids, p_filter) as id) t;
  -- locked in id order, so two bulk actions over the same products cannot deadlock
  perform 1 from public.products p where p.id = any(v_targets) order by p.id for update;
  if p_expected is not null and cardinality(v_targets) <> p_expected then
    raise exception 'La selección cambió: ahora son % productos. Revisa y confirma de nuevo.', cardinality(v_targets)
      using errcode = 'PT409';
  end if;
  if cardinality(v_targets) = 0 then
    return jsonb_build_object('changed', 0, 'image_urls', '[]'::jsonb);
  end if;

  case p_action
    when 'campaign' then
      v_id := (p_value ->> 'campaign_id')::uuid;
      if not exists (select 1 from public.campaigns c where c.id = v_id) then
        raise exception 'Elige una campaña que exista' using errcode = '22023';
      end if;
      update public.products p set campaign_id = v_id where p.id = any(v_targets) and p.campaign_id <> v_id;
      get diagnostics v_changed = row_count;
    when 'category' then
      v_id := (p_value ->> 'category_id')::uuid;
      if not exists (select 1 from public.categories c where c.id = v_id) then
        raise exception 'Elige una categoría que exista' using errcode = '22023';
      end if;
      if p_value ->> 'subcategory_id' is not null and not exists (
        select 1 from public.subcategories s where s.id = (p_value ->> 'subcategory_id')::uuid and s.category_id = v_id
      ) then
        raise exception 'La subcategoría no es de esa categoría' using errcode = '22023';
      end if;
      update public.products p
         set category_id = v_id, subcategory_id = (p_value ->> 'subcategory_id')::uuid
       where p.id = any(v_targets)
         and (p.category_id is distinct from v_id or p.subcategory_id is distinct from (p_value ->> 'subcategory_id')::uuid);
      get diagnostics v_changed = row_count;
    when 'brand' then
      v_id := (p_value ->> 'brand_id')::uuid;
      if not exists (select 1 from public.brands b where b.id = v_id) then
        raise exception 'Elige una marca que exista' using errcode = '22023';
      end if;
      update public.products p
         set brand_id = v_id, marca = (select b.display_name from public.brands b where b.id = v_id)
       where p.id = any(v_targets) and p.brand_id is distinct from v_id;
      get diagnostics v_changed = row_count;
    when 'discount' then
      v_percent := (p_value ->> 'percent')::numeric;
      if v_percent is null or v_percent <= 0 or v_percent >= 100 then
        raise exception 'El descuento va de 1 a 99 %%' using errcode = '22023';
      end if;
      update public.products p
         set precio_venta = public.discounted_price(p.precio_venta, v_percent)
       where p.id = any(v_targets) and public.discounted_price(p.precio_venta, v_percent) <> p.precio_venta;
      get diagnostics v_changed = row_count;
    when 'stock' then
      -- every size of each product (or a product without sizes itself) gets that many pieces not
      -- yet sold; never fewer than unpaid orders hold
      v_pieces := case when p_value ->> 'existencias' ~ '^[0-9]{1,4}$' then (p_value ->> 'existencias')::integer end;
      if v_pieces is null then
        raise exception 'Las existencias van de 0 a 9999 piezas' using errcode = '22023';
      end if;
      with sized as (
        update public.product_sizes z set existencias = greatest(v_pieces, z.apartadas)
         where z.product_id = any(v_targets) and z.existencias <> greatest(v_pieces, z.apartadas)
        returning z.product_id
      ), sizeless as (
        update public.products p set existencias = greatest(v_pieces, p.apartadas)
         where p.id = any(v_targets) and p.existencias <> greatest(v_pieces, p.apartadas)
           and not exists (select 1 from public.product_sizes z where z.product_id = p.id)
        returning p.id
      )
      select count(distinct t.id) into v_changed from (select product_id as id from sized union all select id from sizeless) t;
    when 'feature', 'unfeature' then
      update public.products p set destacado = (p_action = 'feature')
       where p.id = any(v_targets) and p.destacado <> (p_action = 'feature');
      get diagnostics v_changed = row_count;
    when 'delete' then
      select coalesce(jsonb_agg(u.url), '[]'::jsonb) into v_images
        from (
          select p.imagen_principal as url from public.products p where p.id = any(v_targets) and p.imagen_principal is not null
          union all
          select i.image_url from public.product_images i where i.product_id = any(v_targets)
        ) u;
      delete from public.products p where p.id = any(v_targets);
      get diagnostics v_changed = row_count;
    else
      raise exception 'Acción desconocida: %', coalesce(p_action, '') using errcode = '22023';
  end case;
  -- a large change leaves the shop's statistics current before it returns
  if private.shop_statistics_stale(v_changed) then
    perform private.refresh_shop_statistics();
  end if;
  return jsonb_build_object('changed', v_changed, 'image_urls', v_images);
end
$$;
comment on function public.bulk_update_products(uuid[], jsonb, text, jsonb, integer) is 'Admin: one action (campaign, category, brand, discount, stock, feature, unfeature, delete) on the chosen products or all the list''s filter matches, in one transaction; refused (PT409) when the selection no longer has the confirmed count.';
grant execute on function public.bulk_update_products(uuid[], jsonb, text, jsonb, integer) to authenticated;

-- The product list as a CSV import file (the import's own columns, plus the product's id and its
-- sale price, which the import then keeps): what the list's filter matches, newest first. Edited in
-- a spreadsheet and imported back, each row updates its product; unchanged, it changes nothing.
create function public.export_products(p_filter jsonb default '{}'::jsonb)
returns table (
  id uuid, url text, nombre text, precio numeric, precio_anterior numeric, precio_venta numeric,
  imagenes text, tallas text, existencias text, descripcion_html text, categoria text, subcategoria text, clasificacion text
)
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.assert_staff();
  return query
    select p.id, pp.link_externo, p.nombre, pp.costo_compra, p.precio_original, p.precio_venta,
           array_to_string(array_remove(array[p.imagen_principal], null)
             || array(select i.image_url from public.product_images i where i.product_id = p.id order by i.orden, i.id), ';'),
           -- every size with a piece not yet sold, as the import reads it: 'M:3', or 'M' for one
           array_to_string(array(
             select btrim(z.talla) || case when z.existencias = 1 then '' else ':' || z.existencias end
               from public.product_sizes z
              where z.product_id = p.id and z.existencias > 0
              order by public.size_sort_key(z.talla), btrim(z.talla)), ';'),
           -- a product without sizes: its pieces not yet sold
           case when exists (select 1 from public.product_sizes z where z.product_id = p.id) then '' else p.existencias::text end,
           coalesce(p.descripcion, ''),
           coalesce(c.nombre, ''),
           coalesce(s.nombre, ''),
           ''::text
      from public.products p
      left join public.product_private pp on pp.product_id = p.id
      left join public.categories c on c.id = p.category_id
      left join public.subcategories s on s.id = p.subcategory_id
     where p.id in (select private.bulk_targets(null, coalesce(p_filter, '{}'::jsonb)))
     order by p.created_at desc, p.id;
end
$$;
comment on function public.export_products(jsonb) is 'Staff: the products the list''s filter {search, campaign_id, only_active} matches, in the CSV import''s columns plus id and precio_venta (lists joined by ;, each size with its pieces as M:3; existencias for a product without sizes), newest first.';
grant execute on function public.export_products(jsonb) to authenticated;
