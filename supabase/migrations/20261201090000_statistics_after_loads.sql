-- A load of many products leaves the shop's statistics current before it returns, so the filters
-- are fast from the first minute: the CSV import's batches and the bulk actions ANALYZE the
-- shop's tables (and merge the trigram indexes' pending entries) when their change is large,
-- and autovacuum vacuums the shop's copy of the products after 1% of it was added or 2% changed,
-- so the index-only walks soon skip the table for the newest products too.

alter table private.shop_catalogue set (autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_vacuum_scale_factor = 0.02);

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

create or replace function public.bulk_update_products(
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

create or replace function public.import_products_batch(p_campaign_id uuid, p_brand_id uuid, p_products jsonb)
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
