-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 09 · Back office: permalinks, product editing and lists, merges
--
-- Every function here checks the caller's role in the database before it reads or writes: the
-- reads any staff member may see (private.assert_staff), the writes an owner or an editor
-- (private.assert_admin or public.is_admin); the ones that must read product_private run with
-- their owner's rights in `private` and are called through public functions of the same name
-- that run with the caller's.
-- ═════════════════════════════════════════════════════════════════════════════════════════════

-- ─── Merges of brands, categories and subcategories ───────────────────────────────────────────
create table public.brand_migrations (
  id uuid primary key default gen_random_uuid(),
  original_marca text not null,
  normalized_brand text not null,
  products_affected integer not null default 0 check (products_affected >= 0),
  created_at timestamptz not null default now()
);
comment on table public.brand_migrations is 'History of brand normalisation/merges: free-text or source brand to catalogue brand, with products affected.';
grant select, insert, update, delete on table public.brand_migrations to authenticated;
create index brand_migrations_affected_idx on public.brand_migrations (products_affected desc);

-- Before a merge moves anything: the caller is an admin; both records are chosen, different and
-- exist; both rows are locked in id order, so two concurrent merges cannot deadlock or interleave.
-- With p_product_column (categories and subcategories) the target must also be active and hold at
-- least one product. p_noun names the record in the Spanish messages ('marca', 'categoría'...);
-- all three nouns are feminine, so the messages read 'la … de origen', 'una … consigo misma'.
create function private.merge_guard(
  p_table text,
  p_noun text,
  p_source uuid,
  p_target uuid,
  p_product_column text default null
)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_exists boolean;
  v_active boolean;
begin
  perform private.assert_admin();
  if p_table not in ('brands', 'categories', 'subcategories') then
    raise exception 'Tabla no fusionable: %', p_table using errcode = '22023';
  end if;
  if p_source is null or p_target is null then
    raise exception 'Debes seleccionar la % de origen y la % de destino.', p_noun, p_noun using errcode = '22023';
  end if;
  if p_source = p_target then
    raise exception 'No puedes fusionar una % consigo misma.', p_noun using errcode = '22023';
  end if;

  execute format('select 1 from public.%I t where t.id in ($1, $2) order by t.id for update', p_table)
    using p_source, p_target;

  execute format('select exists (select 1 from public.%I t where t.id = $1)', p_table) into v_exists using p_source;
  if not v_exists then
    raise exception 'La % de origen no existe.', p_noun using errcode = 'P0002';
  end if;
  execute format('select exists (select 1 from public.%I t where t.id = $1)', p_table) into v_exists using p_target;
  if not v_exists then
    raise exception 'La % de destino no existe.', p_noun using errcode = 'P0002';
  end if;

  if p_product_column is not null then
    execute format('select t.activa from public.%I t where t.id = $1', p_table) into v_active using p_target;
    if not v_active then
      raise exception 'La % de destino debe estar activa.', p_noun using errcode = '22023';
    end if;
    execute format('select exists (select 1 from public.products p where p.%I = $1)', p_product_column)
      into v_exists using p_target;
    if not v_exists then
      raise exception 'La % de destino debe tener al menos un producto.', p_noun using errcode = '22023';
    end if;
  end if;
end
$$;
comment on function private.merge_guard(text, text, uuid, uuid, text) is 'Admin merge preamble: admin check, both ids chosen, different and existing, rows locked; optionally an active target with products.';
grant execute on function private.merge_guard(text, text, uuid, uuid, text) to authenticated, service_role;

create function public.merge_brands(source_brand_id uuid, target_brand_id uuid)
returns json
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_source public.brands%rowtype;
  v_target public.brands%rowtype;
  v_moved integer;
  v_total bigint;
begin
  perform private.merge_guard('brands', 'marca', source_brand_id, target_brand_id);
  select * into v_source from public.brands b where b.id = source_brand_id;
  select * into v_target from public.brands b where b.id = target_brand_id;

  update public.products p
     set brand_id = v_target.id, marca = v_target.display_name
   where p.brand_id = v_source.id;
  get diagnostics v_moved = row_count;

  insert into public.brand_migrations (original_marca, normalized_brand, products_affected)
  values (v_source.display_name, v_target.display_name, v_moved);

  delete from public.brands b where b.id = v_source.id;

  select count(*) into v_total from public.products p where p.brand_id = v_target.id;

  return json_build_object('products_moved', v_moved, 'target_total', v_total);
end
$$;
comment on function public.merge_brands(uuid, uuid) is 'Admin: moves every product of the source brand to the target (brand_id and marca), records a brand_migrations row and deletes the source. Returns {products_moved, target_total}.';
grant execute on function public.merge_brands(uuid, uuid) to authenticated;

-- ─── Free-text brands ─────────────────────────────────────────────────────────────────────────
-- Products not linked to a catalogue brand (brand_id null) still carry the brand as typed or
-- imported (marca). Their values, grouped as the import compares names (trimmed, lower case,
-- accents folded: 'Nike', ' NIKE' and 'Níke' are one value), with how many products carry each,
-- its spellings, and the three brands whose names are closest (pg_trgm similarity, 0 to 1; an
-- exact match is 1), most products first. Admins only.
create function public.unlinked_brand_values()
returns table (value_key text, marca text, spellings text[], products bigint, matches jsonb)
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.assert_staff();
  return query
  with unlinked as (
    select private.name_key(p.marca) as key, btrim(p.marca) as spelling, count(*) as n
      from public.products p
     where p.brand_id is null and btrim(p.marca) <> ''
     group by 1, 2
  ),
  grouped as (
    select u.key,
           (array_agg(u.spelling order by u.n desc, u.spelling))[1] as marca,
           array_agg(u.spelling order by u.n desc, u.spelling) as spellings,
           sum(u.n)::bigint as products
      from unlinked u
     group by u.key
  )
  select g.key, g.marca, g.spellings, g.products,
         coalesce((
           select jsonb_agg(jsonb_build_object('id', m.id, 'display_name', m.display_name, 'similarity', m.score)
                            order by m.score desc, m.display_name)
             from (
               select b.id, b.display_name,
                      round(greatest(extensions.similarity(g.key, private.name_key(b.display_name)),
                                     extensions.similarity(g.key, private.name_key(b.name)))::numeric, 2) as score
                 from public.brands b
                order by 3 desc, b.display_name
                limit 3
             ) m
            where m.score > 0.2
         ), '[]'::jsonb)
    from grouped g
   order by g.products desc, g.key;
end
$$;
comment on function public.unlinked_brand_values() is 'Admins: the free-text brands of products with no catalogue brand, grouped accent- and case-insensitively, with product counts, spellings and the three closest brands.';
grant execute on function public.unlinked_brand_values() to authenticated;

-- Links every product with no catalogue brand whose free-text brand is p_value (compared as the
-- import compares names) to p_brand_id, writing the brand's display name as its marca, and records
-- it in brand_migrations as a merge does: one transaction. Returns {products_moved, target_total}.
create function public.link_brand_value(p_value text, p_brand_id uuid)
returns json
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_brand public.brands%rowtype;
  v_spelling text;
  v_moved integer;
  v_total bigint;
begin
  perform private.assert_admin();
  select * into v_brand from public.brands b where b.id = p_brand_id;
  if not found then
    raise exception 'La marca no existe' using errcode = '23503';
  end if;
  -- The value as the list shows it: its most common spelling.
  select btrim(p.marca) into v_spelling
    from public.products p
   where p.brand_id is null and private.name_key(p.marca) = private.name_key(p_value) and btrim(p.marca) <> ''
   group by btrim(p.marca)
   order by count(*) desc, btrim(p.marca)
   limit 1;
  if v_spelling is null then
    raise exception 'Ningún producto sin marca vinculada dice "%"', btrim(coalesce(p_value, '')) using errcode = 'P0002';
  end if;

  update public.products p
     set brand_id = v_brand.id, marca = v_brand.display_name
   where p.brand_id is null and private.name_key(p.marca) = private.name_key(p_value) and btrim(p.marca) <> '';
  get diagnostics v_moved = row_count;

  insert into public.brand_migrations (original_marca, normalized_brand, products_affected)
  values (v_spelling, v_brand.display_name, v_moved);

  select count(*) into v_total from public.products p where p.brand_id = v_brand.id;
  return json_build_object('products_moved', v_moved, 'target_total', v_total);
end
$$;
comment on function public.link_brand_value(text, uuid) is 'Admins: links the products with no catalogue brand whose free-text brand is the value (accent- and case-insensitive) to the brand, in one transaction, and records a brand_migrations row. Returns {products_moved, target_total}.';
grant execute on function public.link_brand_value(text, uuid) to authenticated;

create function public.merge_categories(source_category_id uuid, target_category_id uuid)
returns json
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_source public.categories%rowtype;
  v_target public.categories%rowtype;
  v_sub record;
  v_name text;
  v_n integer;
  v_products integer;
  v_subs integer := 0;
  v_total bigint;
begin
  perform private.merge_guard('categories', 'categoría', source_category_id, target_category_id, 'category_id');
  select * into v_source from public.categories c where c.id = source_category_id;
  select * into v_target from public.categories c where c.id = target_category_id;

  -- Move the subcategories; a name already used in the target (case-insensitive, trimmed) gets
  -- ' (n)' with the smallest free n >= 2.
  for v_sub in
    select s.id, s.nombre from public.subcategories s
    where s.category_id = v_source.id
    order by s.orden, s.nombre, s.id
  loop
    v_name := v_sub.nombre;
    if exists (
      select 1 from public.subcategories t
      where t.category_id = v_target.id and lower(btrim(t.nombre)) = lower(btrim(v_name))
    ) then
      v_n := 2;
      loop
        v_name := btrim(v_sub.nombre) || ' (' || v_n || ')';
        exit when not exists (
          select 1 from public.subcategories t
          where t.category_id = v_target.id and lower(btrim(t.nombre)) = lower(v_name)
        );
        v_n := v_n + 1;
      end loop;
    end if;
    update public.subcategories s set category_id = v_target.id, nombre = v_name where s.id = v_sub.id;
    v_subs := v_subs + 1;
  end loop;

  update public.products p set category_id = v_target.id where p.category_id = v_source.id;
  get diagnostics v_products = row_count;

  -- home tiles that pointed at the source now point at the merged category
  update public.featured_categories fc set category_id = v_target.id where fc.category_id = v_source.id;

  delete from public.categories c where c.id = v_source.id;

  select count(*) into v_total from public.products p where p.category_id = v_target.id;

  return json_build_object('products_moved', v_products, 'subcategories_moved', v_subs, 'target_total', v_total);
end
$$;
comment on function public.merge_categories(uuid, uuid) is 'Admin: moves the products and subcategories of the source category to the (active, non-empty) target, renaming clashing subcategories with " (n)", and deletes the source. Returns {products_moved, subcategories_moved, target_total}.';
grant execute on function public.merge_categories(uuid, uuid) to authenticated;

create function public.merge_subcategories(source_subcategory_id uuid, target_subcategory_id uuid)
returns json
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_source public.subcategories%rowtype;
  v_target public.subcategories%rowtype;
  v_products integer;
  v_total bigint;
begin
  perform private.merge_guard('subcategories', 'subcategoría', source_subcategory_id, target_subcategory_id, 'subcategory_id');
  select * into v_source from public.subcategories s where s.id = source_subcategory_id;
  select * into v_target from public.subcategories s where s.id = target_subcategory_id;

  -- products follow the target subcategory into its category, keeping category/subcategory consistent
  update public.products p
     set subcategory_id = v_target.id, category_id = v_target.category_id
   where p.subcategory_id = v_source.id;
  get diagnostics v_products = row_count;

  delete from public.subcategories s where s.id = v_source.id;

  select count(*) into v_total from public.products p where p.subcategory_id = v_target.id;

  return json_build_object('products_moved', v_products, 'target_total', v_total);
end
$$;
comment on function public.merge_subcategories(uuid, uuid) is 'Admin: moves the products of the source subcategory to the (active, non-empty) target and deletes the source. Returns {products_moved, target_total}.';
grant execute on function public.merge_subcategories(uuid, uuid) to authenticated;

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
