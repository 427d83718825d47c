-- ─── The security advisor, as SQL over the catalogue ─────────────────────────────────────────
-- `select * from private.security_advisor()` lists every finding of the checks below (none is the
-- only acceptable answer; `npm test` fails otherwise). The same checks as Supabase's Security
-- Advisor, run against any database, local or hosted. "Exposed" means a schema PostgREST serves:
-- public and graphql_public.
--
--   rls_disabled_in_public      a table in an exposed schema without row level security
--   policy_exists_rls_disabled  policies on a table whose row level security is off (they do nothing)
--   rls_enabled_no_policy       row level security on and no policy: nobody but the owner reads it
--                               (flagged unless the table's comment says 'service role only')
--   security_definer_view       a view in an exposed schema that runs with its owner's rights
--   function_search_path_mutable a function of ours without a fixed search_path
--   security_definer_exposed    a security definer function in an exposed schema that anon or
--                               authenticated may execute: it bypasses RLS for them. Any such function
--                               must live in a schema PostgREST does not serve (private), behind an
--                               invoker function that checks the caller.
--   rls_references_user_metadata a policy reading user_metadata, which every user can edit
--   permissive_write_policy     an insert/update/delete/all policy for anon, authenticated or public
--                               whose condition is just true
--   extension_in_public         an extension installed in public (its objects become API)
--   public_bucket_allows_listing a public bucket whose objects anon or any signed-in user may select
--                               (public URLs need no policy; a select policy only enables listing)
--   unindexed_foreign_keys      a foreign key whose columns no index starts with (slow deletes and joins)

create or replace function private.security_advisor()
returns table (check_name text, object_name text, detail text)
language sql
stable
set search_path = ''
as $$
  with exposed(nspname) as (values ('public'), ('graphql_public')),
  ours as (
    -- schemas whose objects this project writes (not the platform's)
    select n.oid, n.nspname from pg_catalog.pg_namespace n
    where n.nspname in ('public', 'graphql_public', 'private')
  ),
  tables as (
    select c.oid, n.nspname, c.relname, c.relrowsecurity, n.nspname in (select nspname from exposed) as is_exposed,
           pg_catalog.obj_description(c.oid, 'pg_class') as note
    from pg_catalog.pg_class c join ours n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p')
  ),
  own_functions as (
    select p.oid, n.nspname, p.proname, p.prosecdef, p.proconfig,
           n.nspname in (select nspname from exposed) as is_exposed,
           pg_catalog.format('%I.%I(%s)', n.nspname, p.proname, pg_catalog.pg_get_function_identity_arguments(p.oid)) as signature
    from pg_catalog.pg_proc p join ours n on n.oid = p.pronamespace
    where p.prokind in ('f', 'p')
      -- functions an extension installed are the extension's
      and not exists (select 1 from pg_catalog.pg_depend d where d.classid = 'pg_catalog.pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
  ),
  policies as (
    select pol.polname, c.relname, n.nspname, pol.polcmd,
           pg_catalog.pg_get_expr(pol.polqual, pol.polrelid) as qual,
           pg_catalog.pg_get_expr(pol.polwithcheck, pol.polrelid) as with_check,
           array(select case when r = 0 then 'public' else pg_catalog.pg_get_userbyid(r)::text end from unnest(pol.polroles) r) as roles
    from pg_catalog.pg_policy pol
    join pg_catalog.pg_class c on c.oid = pol.polrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  )
  select 'rls_disabled_in_public', pg_catalog.format('%I.%I', nspname, relname), 'la tabla no tiene RLS'
  from tables where is_exposed and not relrowsecurity
  union all
  select 'policy_exists_rls_disabled', pg_catalog.format('%I.%I', t.nspname, t.relname), 'tiene políticas pero RLS está apagado'
  from tables t where not t.relrowsecurity and exists (select 1 from pg_catalog.pg_policy p where p.polrelid = t.oid)
  union all
  select 'rls_enabled_no_policy', pg_catalog.format('%I.%I', t.nspname, t.relname), 'RLS encendido sin ninguna política'
  from tables t
  where t.relrowsecurity and t.is_exposed
    and not exists (select 1 from pg_catalog.pg_policy p where p.polrelid = t.oid)
    and coalesce(t.note, '') not ilike '%service role only%'
  union all
  select 'security_definer_view', pg_catalog.format('%I.%I', n.nspname, c.relname), 'la vista corre con los permisos de su dueño'
  from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('v', 'm') and n.nspname in (select nspname from exposed)
    and (c.relkind = 'm' or not coalesce(c.reloptions @> array['security_invoker=true'] or c.reloptions @> array['security_invoker=on'], false))
  union all
  select 'function_search_path_mutable', f.signature, 'sin search_path fijo'
  from own_functions f
  where not exists (select 1 from unnest(coalesce(f.proconfig, '{}')) cfg where cfg like 'search\_path=%')
  union all
  select 'security_definer_exposed', f.signature,
         'security definer ejecutable por ' || concat_ws(' y ',
           case when pg_catalog.has_function_privilege('anon', f.oid, 'execute') then 'anon' end,
           case when pg_catalog.has_function_privilege('authenticated', f.oid, 'execute') then 'authenticated' end)
  from own_functions f
  where f.prosecdef and f.is_exposed
    and (pg_catalog.has_function_privilege('anon', f.oid, 'execute') or pg_catalog.has_function_privilege('authenticated', f.oid, 'execute'))
  union all
  select 'rls_references_user_metadata', pg_catalog.format('%s en %I.%I', polname, nspname, relname), 'la política lee user_metadata'
  from policies where coalesce(qual, '') || ' ' || coalesce(with_check, '') ilike '%user_metadata%'
  union all
  select 'permissive_write_policy', pg_catalog.format('%s en %I.%I', polname, nspname, relname), 'política de escritura siempre verdadera'
  from policies
  where polcmd in ('a', 'w', 'd', '*')
    and roles && array['anon', 'authenticated', 'public']
    and (btrim(coalesce(qual, '')) = 'true' or btrim(coalesce(with_check, '')) = 'true')
  union all
  select 'extension_in_public', e.extname, 'extensión instalada en public'
  from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace
  where n.nspname = 'public'
  union all
  select 'public_bucket_allows_listing', b.id, pg_catalog.format('la política %s permite listar el bucket', p.polname)
  from storage.buckets b
  join policies p on p.nspname = 'storage' and p.relname = 'objects'
  where b.public
    and p.polcmd in ('r', '*')
    and p.roles && array['anon', 'authenticated', 'public']
    and coalesce(p.qual, 'true') !~* 'is_admin'
    and (coalesce(p.qual, 'true') ~ ('''' || b.id || '''') or btrim(coalesce(p.qual, 'true')) = 'true')
  union all
  select 'unindexed_foreign_keys', pg_catalog.format('%I.%I.%s', n.nspname, c.relname, con.conname), 'ningún índice empieza por sus columnas'
  from pg_catalog.pg_constraint con
  join pg_catalog.pg_class c on c.oid = con.conrelid
  join ours n on n.oid = c.relnamespace
  where con.contype = 'f'
    and not exists (
      select 1 from pg_catalog.pg_index i
      where i.indrelid = con.conrelid
        and (i.indkey::int2[])[0:cardinality(con.conkey) - 1] @> con.conkey
        and (i.indkey::int2[])[0:cardinality(con.conkey) - 1] <@ con.conkey
    )
$$;
comment on function private.security_advisor() is
  'Security findings over the catalogue (Supabase Security Advisor checks); an empty answer is the only good one.';
revoke all on function private.security_advisor() from public, anon, authenticated;
