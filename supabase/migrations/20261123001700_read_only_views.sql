-- ─── Writes to a read-only view are refused, not a server error ─────────────────────────────
-- A view that joins or groups (master_products, subcategories_with_products, the analytics
-- summaries) cannot take an INSERT, UPDATE or DELETE. Postgres says so before it checks the
-- caller's privileges, with an error PostgREST answers as a server error (500), so any anonymous
-- POST, PATCH, PUT or DELETE to such a view was a 500. Each of them now has INSTEAD OF triggers:
-- the caller's privileges are checked first (the public has only SELECT on views: 401/403), and
-- a caller who does hold a write privilege gets this function's "read-only" refusal (403).
create function private.refuse_view_write()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'La vista %.% es de solo lectura', tg_table_schema, tg_table_name
    using errcode = '42501';
end
$$;
comment on function private.refuse_view_write() is
  'INSTEAD OF trigger of the API''s read-only views: refuses every write as insufficient privilege.';
revoke all on function private.refuse_view_write() from public, anon, authenticated;

do $do$
declare
  v record;
begin
  -- every view of the API that Postgres cannot write through (pg_relation_is_updatable() = 0)
  for v in
    select c.relname
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'v' and pg_relation_is_updatable(c.oid, false) = 0
  loop
    execute format(
      'create trigger refuse_write instead of insert or update or delete on public.%I
         for each row execute function private.refuse_view_write()', v.relname);
  end loop;
end
$do$;
