-- ─── Analytics reads: owner's rights only behind the API ─────────────────────────────────────
-- The report functions read rollup tables in `private` and run with their owner's rights, after
-- refusing anyone but an admin (private.assert_admin()). As with the admin product reads
-- (20261123001400), the owner's functions move to the schema PostgREST does not serve, and the API
-- keeps a function of the same name, arguments, defaults and result that runs with the caller's
-- rights and only calls it. Nothing an API caller sees changes.
do $$
declare
  f record;
  call_args text;
begin
  for f in
    select p.oid, p.proname,
           pg_catalog.pg_get_function_arguments(p.oid) as args,
           pg_catalog.pg_get_function_identity_arguments(p.oid) as identity_args,
           pg_catalog.pg_get_function_result(p.oid) as result,
           p.proretset, p.provolatile,
           pg_catalog.obj_description(p.oid, 'pg_proc') as note,
           p.pronargs
    from pg_catalog.pg_proc p
    join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.prosecdef
      and (p.proname like 'get\_%' escape '\')
  loop
    execute format('alter function public.%I(%s) set schema private', f.proname, f.identity_args);
    execute format('revoke all on function private.%I(%s) from public, anon', f.proname, f.identity_args);
    execute format('grant execute on function private.%I(%s) to authenticated, service_role', f.proname, f.identity_args);
    select string_agg('$' || i, ', ' order by i) into call_args from generate_series(1, f.pronargs) i;
    execute format(
      'create function public.%I(%s) returns %s language sql %s security invoker set search_path = %L as $body$ select %s private.%I(%s) $body$',
      f.proname, f.args, f.result,
      case f.provolatile when 'i' then 'immutable' when 's' then 'stable' else 'volatile' end,
      '',
      case when f.proretset then '* from' else '' end,
      f.proname, coalesce(call_args, '')
    );
    if f.note is not null then
      execute format('comment on function public.%I(%s) is %L', f.proname, f.identity_args, f.note);
    end if;
    execute format('revoke all on function public.%I(%s) from public, anon', f.proname, f.identity_args);
    execute format('grant execute on function public.%I(%s) to authenticated, service_role', f.proname, f.identity_args);
  end loop;
end
$$;
