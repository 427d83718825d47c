-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 13 · CSV import
--
-- Entry point: public.import_products_batch.
--
-- The back office's CSV import sends batches of rows to import_products_batch (through the
-- bulk-import-products-batch Edge Function); each batch is all or nothing, and a row whose
-- import key already exists is not imported again. A row's tallas carry each size's pieces as
-- 'M:3' (no count: 1 piece), and a product without sizes its pieces in existencias, so a file the
-- product list exported and imported back unchanged changes nothing.
-- ═════════════════════════════════════════════════════════════════════════════════════════════

-- A price of the element: a number above 0 with at most 2 decimals that fits numeric(12, 2);
-- null when absent. Raises naming the row and the field otherwise.
create function private.import_price(p_item jsonb, p_field text, p_row text)
returns numeric
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_raw text := btrim(coalesce(p_item ->> p_field, ''));
  v numeric;
begin
  if v_raw = '' then
    return null;
  end if;
  if jsonb_typeof(p_item -> p_field) not in ('number', 'string') then
    raise exception '%: % no es un número', p_row, p_field using errcode = '22023';
  end if;
  begin
    v := v_raw::numeric;
  exception when invalid_text_representation then
    raise exception '%: % no es un número', p_row, p_field using errcode = '22023';
  end;
  if v <= 0 then
    raise exception '%: % debe ser mayor que 0', p_row, p_field using errcode = '23514';
  end if;
  if v <> round(v, 2) then
    raise exception '%: % admite como máximo 2 decimales', p_row, p_field using errcode = '23514';
  end if;
  if v >= 10000000000 then
    raise exception '%: % es demasiado grande', p_row, p_field using errcode = '23514';
  end if;
  return v;
end
$$;
comment on function private.import_price(jsonb, text, text) is
  'A price field of an imported row: a number above 0 with at most 2 decimals that fits numeric(12, 2), or null when absent; raises naming the row and field otherwise.';
grant execute on function private.import_price(jsonb, text, text) to authenticated, service_role;

-- A list of texts of the element (imagenes, tallas): trimmed, blanks dropped; raises unless it is
-- an array of strings.
create function private.import_texts(p_item jsonb, p_field text, p_row text)
returns text[]
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_value jsonb := p_item -> p_field;
begin
  if v_value is null or jsonb_typeof(v_value) = 'null' then
    return '{}';
  end if;
  if jsonb_typeof(v_value) <> 'array'
     or exists (select 1 from jsonb_array_elements(v_value) e where jsonb_typeof(e) <> 'string') then
    raise exception '%: % debe ser una lista de textos', p_row, p_field using errcode = '22023';
  end if;
  return coalesce((
    select array_agg(btrim(e) order by n)
    from jsonb_array_elements_text(v_value) with ordinality as t(e, n)
    where btrim(e) <> ''
  ), '{}');
end
$$;
comment on function private.import_texts(jsonb, text, text) is
  'A list field of an imported row (imagenes, tallas): texts trimmed, blanks dropped; raises unless it is an array of strings.';
grant execute on function private.import_texts(jsonb, text, text) to authenticated, service_role;

-- The sizes of an imported row with their pieces: each text of tallas is a size, optionally
-- followed by ':' and its number of pieces (0 to 9999; 'M:3', 'M' is 1 piece). One size per
-- product, compared trimmed and case-insensitively (the first one wins).
create function private.import_sizes(p_item jsonb, p_row text)
returns table (talla text, existencias integer)
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_text text;
  v_parts text[];
begin
  for v_text in select t from unnest(private.import_texts(p_item, 'tallas', p_row)) as t loop
    v_parts := regexp_match(v_text, '^(.*?)\s*:\s*([0-9]+)$');
    if v_parts is null then
      talla := v_text;
      existencias := 1;
    elsif btrim(v_parts[1]) = '' then
      raise exception '%: la talla "%" no tiene nombre', p_row, v_text using errcode = '23514';
    elsif length(v_parts[2]) > 4 then
      raise exception '%: la talla % admite como máximo 9999 piezas', p_row, btrim(v_parts[1]) using errcode = '23514';
    else
      talla := btrim(v_parts[1]);
      existencias := v_parts[2]::integer;
    end if;
    return next;
  end loop;
end
$$;
comment on function private.import_sizes(jsonb, text) is
  'The tallas of an imported row as (talla, existencias): ''M:3'' is 3 pieces of M, ''M'' one; raises naming the row for a count above 9999 or a size without a name.';
grant execute on function private.import_sizes(jsonb, text) to authenticated, service_role;

-- The pieces of an imported product without sizes (existencias): a whole number 0 to 9999, or
-- null when the row leaves it blank.
create function private.import_pieces(p_item jsonb, p_row text)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_raw text := btrim(coalesce(p_item ->> 'existencias', ''));
begin
  if v_raw = '' then
    return null;
  end if;
  if v_raw !~ '^[0-9]{1,4}$' then
    raise exception '%: existencias debe ser un número entero de 0 a 9999', p_row using errcode = '23514';
  end if;
  return v_raw::integer;
end
$$;
comment on function private.import_pieces(jsonb, text) is
  'The existencias of an imported row (pieces of a product without sizes): 0 to 9999, or null when blank; raises naming the row otherwise.';
grant execute on function private.import_pieces(jsonb, text) to authenticated, service_role;

create function public.import_products_batch(p_campaign_id uuid, p_brand_id uuid, p_products jsonb)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_brand text;
  v_item jsonb;
  v_index bigint;
  v_row text;
  v_key text;
  v_nombre text;
  v_costo numeric;
  v_original numeric;
  v_venta numeric;
  v_images text[];
  v_sizes text[];
  v_stock integer[];
  v_pieces integer;
  v_link text;
  v_categoria text;
  v_subcategoria text;
  v_category uuid;
  v_subcategory uuid;
  v_base text;
  v_product uuid;
  v_imported integer := 0;
  v_skipped integer := 0;
  v_updated integer := 0;
  v_id uuid;
  v_descripcion text;
  v_errors jsonb := '[]';
begin
  -- Admins, and the service role (which carries no admin claim), may import.
  if coalesce(auth.role(), '') <> 'service_role' then
    perform private.assert_admin();
  end if;
  if p_campaign_id is null or p_brand_id is null then
    raise exception 'Debe seleccionar campaña y marca' using errcode = '22023';
  end if;
  if p_products is null or jsonb_typeof(p_products) <> 'array' or jsonb_array_length(p_products) = 0 then
    raise exception 'El lote no tiene productos' using errcode = '22023';
  end if;
  if jsonb_array_length(p_products) > 500 then
    raise exception 'Un lote admite como máximo 500 productos' using errcode = '22023';
  end if;
  if not exists (select 1 from public.campaigns c where c.id = p_campaign_id) then
    raise exception 'La campaña no existe' using errcode = '23503';
  end if;
  select b.display_name into v_brand from public.brands b where b.id = p_brand_id;
  if not found then
    raise exception 'La marca no existe' using errcode = '23503';
  end if;

  -- Two deliveries of the same rows (a retry racing the original) run one after the other: the
  -- keys are locked in one order, then each key is looked up.
  perform pg_advisory_xact_lock(hashtextextended('import_key:' || k.key, 0))
  from (
    select distinct e ->> 'import_key' as key
    from jsonb_array_elements(p_products) e
    where jsonb_typeof(e) = 'object' and nullif(btrim(e ->> 'import_key'), '') is not null
    order by 1
  ) k;

  for v_item, v_index in select e, n from jsonb_array_elements(p_products) with ordinality as t(e, n) loop
    v_row := 'Fila ' || v_index;
    if jsonb_typeof(v_item) <> 'object' then
      raise exception '%: el producto no es un objeto', v_row using errcode = '22023';
    end if;
    if (v_item ->> 'fila') ~ '^[0-9]{1,9}$' then
      v_row := 'Fila ' || (v_item ->> 'fila');
    end if;

    v_key := nullif(btrim(coalesce(v_item ->> 'import_key', '')), '');
    if v_key is not null and length(v_key) > 100 then
      raise exception '%: import_key admite como máximo 100 caracteres', v_row using errcode = '23514';
    end if;
    if v_key is not null and exists (select 1 from public.product_private pp where pp.import_key = v_key) then
      v_skipped := v_skipped + 1;
      continue;
    end if;

    v_nombre := btrim(coalesce(v_item ->> 'nombre', ''));
    if v_nombre = '' then
      raise exception '%: Nombre es requerido', v_row using errcode = '23514';
    end if;
    v_row := v_row || ' (' || left(v_nombre, 60) || ')';
    v_costo := private.import_price(v_item, 'costo_compra', v_row);
    v_original := private.import_price(v_item, 'precio_original', v_row);
    v_venta := private.import_price(v_item, 'precio_venta', v_row);
    if v_costo is null then
      raise exception '%: Precio es requerido', v_row using errcode = '23514';
    end if;
    if v_original is null then
      raise exception '%: El precio original es obligatorio', v_row using errcode = '23514';
    end if;
    if v_venta is null then
      raise exception '%: El precio de venta es obligatorio', v_row using errcode = '23514';
    end if;

    v_link := nullif(btrim(coalesce(v_item ->> 'link_externo', '')), '');
    if v_link is not null and v_link !~* '^https?://[^\s]+$' then
      raise exception '%: el enlace externo debe empezar con http:// o https://', v_row using errcode = '23514';
    end if;
    -- Image URLs are stored as given; one that is not http(s) is never stored.
    v_images := array(select u from unnest(private.import_texts(v_item, 'imagenes', v_row)) with ordinality as t(u, n)
                      where u ~* '^https?://[^\s]+$' order by n);
    -- One size per product, compared trimmed and case-insensitively, with its pieces.
    select coalesce(array_agg(z.talla order by z.n), '{}'), coalesce(array_agg(z.existencias order by z.n), '{}')
      into v_sizes, v_stock
      from (select (array_agg(t.talla order by t.n))[1] as talla, (array_agg(t.existencias order by t.n))[1] as existencias, min(t.n) as n
              from private.import_sizes(v_item, v_row) with ordinality as t(talla, existencias, n)
             group by lower(t.talla)) z;
    v_pieces := private.import_pieces(v_item, v_row);

    v_categoria := btrim(coalesce(v_item ->> 'categoria', ''));
    v_subcategoria := btrim(coalesce(v_item ->> 'subcategoria', ''));
    if v_categoria = '' then
      raise exception '%: Categoría es requerida', v_row using errcode = '23514';
    end if;

    -- Categories and subcategories by name, case- and accent-insensitively; created when missing
    -- (locked by name so two batches create one).
    perform pg_advisory_xact_lock(hashtextextended('import_category:' || private.name_key(v_categoria), 0));
    select c.id into v_category from public.categories c
    where private.name_key(c.nombre) = private.name_key(v_categoria)
    order by c.created_at, c.id limit 1;
    if not found then
      insert into public.categories (nombre) values (v_categoria) returning id into v_category;
    end if;
    v_subcategory := null;
    if v_subcategoria <> '' then
      perform pg_advisory_xact_lock(hashtextextended(
        'import_subcategory:' || v_category || ':' || private.name_key(v_subcategoria), 0));
      select s.id into v_subcategory from public.subcategories s
      where s.category_id = v_category and private.name_key(s.nombre) = private.name_key(v_subcategoria)
      order by s.created_at, s.id limit 1;
      if not found then
        insert into public.subcategories (category_id, nombre) values (v_category, v_subcategoria)
        returning id into v_subcategory;
      end if;
    end if;

    v_descripcion := nullif(btrim(coalesce(v_item ->> 'descripcion', '')), '');

    -- A row with the id of an existing product (the product list's export) updates that product in
    -- place, keeping its campaign, brand and permalink: only what differs is written, so a file
    -- exported and imported back unchanged changes nothing.
    if nullif(btrim(coalesce(v_item ->> 'id', '')), '') is not null then
      if (v_item ->> 'id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        raise exception '%: el id no es válido', v_row using errcode = '23514';
      end if;
      v_id := (v_item ->> 'id')::uuid;
      perform 1 from public.products p where p.id = v_id for update;
      if not found then
        raise exception '%: el producto ya no existe', v_row using errcode = '23514';
      end if;
      update public.products p
         set category_id = v_category, subcategory_id = v_subcategory, nombre = v_nombre,
             precio_original = v_original, precio_venta = v_venta, descripcion = v_descripcion
       where p.id = v_id
         and (p.category_id, p.subcategory_id, btrim(p.nombre), p.precio_original, p.precio_venta,
              nullif(btrim(coalesce(p.descripcion, '')), ''))
             is distinct from (v_category, v_subcategory, v_nombre, v_original, v_venta, v_descripcion);
      insert into public.product_private (product_id, costo_compra, link_externo)
      values (v_id, v_costo, v_link)
      on conflict (product_id) do update set costo_compra = excluded.costo_compra, link_externo = excluded.link_externo
       where (product_private.costo_compra, product_private.link_externo) is distinct from (excluded.costo_compra, excluded.link_externo);
      -- images as the export lists them (the main one, then the gallery): only a different list
      -- is written, its first as the main image
      if (select array_remove(array[p.imagen_principal], null)
                 || array(select i.image_url from public.product_images i where i.product_id = v_id order by i.orden, i.id)
            from public.products p where p.id = v_id) is distinct from v_images then
        update public.products p set imagen_principal = v_images[1] where p.id = v_id;
        delete from public.product_images i where i.product_id = v_id;
        insert into public.product_images (product_id, image_url, orden)
        select v_id, u, n::integer from unnest(v_images[2:]) with ordinality as t(u, n);
      end if;
      -- the sizes as the row lists them, with their pieces: new ones are added and a different
      -- count is written; a size it leaves out is deleted, or, when it sold or holds pieces (the
      -- record of those orders stays), keeps only its held pieces
      update public.product_sizes z set existencias = greatest(z.apartadas, 0)
       where z.product_id = v_id and z.existencias <> z.apartadas
         and lower(btrim(z.talla)) not in (select lower(t) from unnest(v_sizes) as t)
         and (z.apartadas > 0 or private.size_sold(z.id));
      delete from public.product_sizes z
       where z.product_id = v_id and z.apartadas = 0
         and lower(btrim(z.talla)) not in (select lower(t) from unnest(v_sizes) as t)
         and not private.size_sold(z.id);
      update public.product_sizes z set existencias = t.existencias
        from unnest(v_sizes, v_stock) as t(talla, existencias)
       where z.product_id = v_id and lower(btrim(z.talla)) = lower(t.talla) and z.existencias <> t.existencias;
      insert into public.product_sizes (product_id, talla, existencias)
      select v_id, t.talla, t.existencias from unnest(v_sizes, v_stock) as t(talla, existencias)
       where not exists (select 1 from public.product_sizes z where z.product_id = v_id and lower(btrim(z.talla)) = lower(t.talla));
      -- a product without sizes: its pieces when the row gives them
      update public.products p set existencias = v_pieces
       where p.id = v_id and v_pieces is not null and p.existencias <> v_pieces;
      v_updated := v_updated + 1;
      continue;
    end if;

    v_base := coalesce(nullif(private.permalink_base(v_brand, v_nombre), ''), 'producto');
    perform pg_advisory_xact_lock(hashtextextended('permalink:' || v_base, 0));
    insert into public.products (
      campaign_id, category_id, subcategory_id, brand_id, marca, nombre,
      precio_original, precio_venta, descripcion, imagen_principal, permalink, existencias
    ) values (
      p_campaign_id, v_category, v_subcategory, p_brand_id, v_brand, v_nombre,
      v_original, v_venta, v_descripcion, v_images[1],
      private.free_permalink(v_base), coalesce(v_pieces, 1)
    )
    returning id into v_product;

    insert into public.product_private (product_id, costo_compra, link_externo, import_key)
    values (v_product, v_costo, v_link, v_key);
    insert into public.product_images (product_id, image_url, orden)
    select v_product, u, n::integer from unnest(v_images[2:]) with ordinality as t(u, n);
    insert into public.product_sizes (product_id, talla, existencias)
    select v_product, t.talla, t.existencias from unnest(v_sizes, v_stock) as t(talla, existencias);
    v_imported := v_imported + 1;
  end loop;

  -- an import of many batches keeps the shop's statistics current: the batch that finds them more
  -- than 5% behind (its own rows and the earlier batches') refreshes them
  if private.shop_statistics_stale(v_imported + v_updated) then
    perform private.refresh_shop_statistics();
  end if;

  return jsonb_build_object(
    'success_count', v_imported + v_skipped + v_updated,
    'error_count', jsonb_array_length(v_errors),
    'errors', v_errors,
    'skipped_count', v_skipped,
    'updated_count', v_updated
  );
end
$$;
comment on function public.import_products_batch(uuid, uuid, jsonb) is 'Admin or service role: imports one CSV batch in one transaction. p_products: [{nombre, costo_compra, precio_original, precio_venta, imagenes[], tallas[] (''M:3'' for 3 pieces), existencias (pieces of a product without sizes), descripcion, categoria, subcategoria, link_externo, import_key, id?, fila?}]. Any invalid element raises ''Fila N (nombre): ...'' and nothing is saved. Rows whose import_key exists are skipped and counted as successes; a row with the id of an existing product updates it (only what differs; a size left out that sold or holds pieces is kept with its held pieces only). Returns {success_count, error_count, errors, skipped_count, updated_count}.';
grant execute on function public.import_products_batch(uuid, uuid, jsonb) to authenticated;
