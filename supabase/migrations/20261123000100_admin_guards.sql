-- The checks every admin function starts with, written once.
--   private.assert_admin()  raises 'No autorizado' (42501) unless the request's JWT carries the
--                           admin claim (is_admin()); every admin read and write calls it first.
--   private.merge_guard()   the preamble of the brand, category and subcategory merges.
-- They live in the schema `private`, which the API does not expose: nobody calls them as RPCs,
-- only the functions below do (as the caller, who therefore needs USAGE and EXECUTE).
-- Functions in earlier migrations call these: PL/pgSQL resolves a call when it runs, not when the
-- function is created, and a database that already ran those migrations gains the helpers here.

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

create or replace function private.assert_admin()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'No autorizado' using errcode = '42501';
  end if;
end
$$;
comment on function private.assert_admin() is
  'Raises No autorizado (42501) unless the request JWT carries app_metadata.role = admin.';

-- Before a merge moves anything: the caller is an admin; both records are chosen, different and
-- exist; both rows are locked in id order, so two concurrent merges cannot deadlock or interleave.
-- With p_product_column (categories and subcategories) the target must also be active and hold at
-- least one product. p_noun names the record in the Spanish messages ('marca', 'categoría'...);
-- all three nouns are feminine, so the messages read 'la … de origen', 'una … consigo misma'.
create or replace function private.merge_guard(
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
comment on function private.merge_guard(text, text, uuid, uuid, text) is
  'Admin merge preamble: admin check, both ids chosen, different and existing, rows locked; optionally an active target with products.';

revoke all on function private.assert_admin(), private.merge_guard(text, text, uuid, uuid, text)
  from public, anon, authenticated;
grant execute on function private.assert_admin(), private.merge_guard(text, text, uuid, uuid, text)
  to authenticated, service_role;
