-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 09 · Back office: merges of brands, categories and subcategories, and free-text brands
--
-- Entry points: public.merge_brands, public.merge_categories, public.merge_subcategories,
-- public.unlinked_brand_values, public.link_brand_value; public.brand_migrations, the record of
-- every merge and link. Each function checks the caller's role in the database first: a merge or
-- a link is for an owner or an editor (private.merge_guard, private.assert_admin), the list of
-- free-text brands for any staff member (private.assert_staff).
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
