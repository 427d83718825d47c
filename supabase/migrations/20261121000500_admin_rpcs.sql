-- Admin RPCs: brand, category and subcategory merges.
-- Each is one plpgsql function, hence one transaction: any error undoes everything it did.
-- Each starts with merge_guard() (migration 20261123000100): an admin, two different records
-- that exist, locked in a stable order. Security invoker on purpose: RLS (admin-only writes)
-- applies on top of that check.
-- Not executable by anon at all.

create or replace function public.merge_brands(source_brand_id uuid, target_brand_id uuid)
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
comment on function public.merge_brands(uuid, uuid) is
  'Admin: moves every product of the source brand to the target (brand_id and marca), records a brand_migrations row and deletes the source. Returns {products_moved, target_total}.';

create or replace function public.merge_categories(source_category_id uuid, target_category_id uuid)
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
comment on function public.merge_categories(uuid, uuid) is
  'Admin: moves the products and subcategories of the source category to the (active, non-empty) target, renaming clashing subcategories with " (n)", and deletes the source. Returns {products_moved, subcategories_moved, target_total}.';

create or replace function public.merge_subcategories(source_subcategory_id uuid, target_subcategory_id uuid)
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
comment on function public.merge_subcategories(uuid, uuid) is
  'Admin: moves the products of the source subcategory to the (active, non-empty) target and deletes the source. Returns {products_moved, target_total}.';

revoke all on function
  public.merge_brands(uuid, uuid),
  public.merge_categories(uuid, uuid),
  public.merge_subcategories(uuid, uuid)
  from public, anon, authenticated;
grant execute on function
  public.merge_brands(uuid, uuid),
  public.merge_categories(uuid, uuid),
  public.merge_subcategories(uuid, uuid)
  to authenticated, service_role;
