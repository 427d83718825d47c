-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 23 · Row-level security and the security advisor
--
-- Entry points: private.security_advisor(); row-level security and the policies of every table
-- (kept in one file so who may do what reads in one place).
--
-- RLS is on for every table. Shoppers (anon, and signed-in users without the admin claim) read
-- only what the shop shows: products of campaigns ending today or later in Mexico City (an
-- announced one only once it opened), their images and sizes, active categories, brands, banners and hero images, the shop settings. They
-- insert analytics events, checked field by field, and nothing else. Staff (01:
-- private.staff_role, from the account's app_metadata, which only the service role can set)
-- read every catalogue table; owners and editors write them; owners alone change the settings row
-- and read the history. The service role bypasses RLS (scripts and seeding; never in a bundle).
-- private.security_advisor() checks all of this over the catalogue: its answer must be empty.
-- ═════════════════════════════════════════════════════════════════════════════════════════════

-- ─── Row-level security: on for every table ───────────────────────────────────────────────────
alter table public.campaigns enable row level security;
alter table public.brands enable row level security;
alter table public.categories enable row level security;
alter table public.subcategories enable row level security;
alter table public.size_guides enable row level security;
alter table public.products enable row level security;
alter table public.product_private enable row level security;
alter table public.product_images enable row level security;
alter table public.product_sizes enable row level security;
alter table public.featured_categories enable row level security;
alter table public.banner_images enable row level security;
alter table public.hero_images enable row level security;
alter table public.brand_migrations enable row level security;
alter table public.search_analytics enable row level security;
alter table public.filter_analytics enable row level security;
alter table public.product_click_analytics enable row level security;
alter table public.rebuild_requests enable row level security;
alter table public.publications enable row level security;
alter table public.shop_settings enable row level security;
alter table public.contact_messages enable row level security;
alter table public.orders enable row level security;
alter table public.order_items enable row level security;
alter table public.order_payments enable row level security;
alter table public.order_refunds enable row level security;
alter table private.sales enable row level security;
alter table private.holds enable row level security;
alter table private.catalogue_changes enable row level security;
alter table public.audit_changes enable row level security;
alter table private.analytics_session_hours enable row level security;
alter table private.analytics_sessions enable row level security;
alter table private.search_term_totals enable row level security;
alter table private.search_term_sessions enable row level security;
alter table private.search_term_days enable row level security;
alter table private.filter_value_totals enable row level security;
alter table private.filter_value_sessions enable row level security;
alter table private.product_click_totals enable row level security;
alter table private.product_click_sessions enable row level security;
alter table private.analytics_days enable row level security;
alter table private.shop_cells enable row level security;
alter table private.shop_size_cells enable row level security;
alter table private.shop_names enable row level security;
alter table private.shop_name_cells enable row level security;
alter table private.shop_name_size_cells enable row level security;
alter table private.shop_words enable row level security;
alter table private.shop_word_cells enable row level security;
alter table private.shop_word_size_cells enable row level security;
alter table private.shop_catalogue enable row level security;
alter table private.shop_version enable row level security;
alter table private.shop_answers enable row level security;

-- ─── Shoppers read what the shop shows ────────────────────────────────────────────────────────
-- A campaign is visible while it is live (private.live_campaign_ids: not ended in Mexico City and,
-- when announced ahead, opened); its products, their images and sizes with it. Before an announced
-- campaign opens, shoppers read only its name, teaser and start (public.announced_campaigns,
-- 25_announcements.sql). Inactive rows are hidden.

create policy campaigns_public_read on public.campaigns
  for select to anon, authenticated
  using (id in (select private.live_campaign_ids()));

create policy brands_public_read on public.brands
  for select to anon, authenticated
  using (active);

create policy categories_public_read on public.categories
  for select to anon, authenticated
  using (activa);

create policy subcategories_public_read on public.subcategories
  for select to anon, authenticated
  using (activa);

-- Size guides (03_size_guides.sql): every guide is public; the product page shows the one
-- public.size_guide_id picks.
create policy size_guides_public_read on public.size_guides
  for select to anon, authenticated
  using (true);

create policy products_public_read on public.products
  for select to anon, authenticated
  using (
    campaign_id in (select private.live_campaign_ids())
  );

create policy product_images_public_read on public.product_images
  for select to anon, authenticated
  using (
    exists (
      select 1
      from public.products p
      where p.id = product_images.product_id and p.campaign_id in (select private.live_campaign_ids())
    )
  );

create policy product_sizes_public_read on public.product_sizes
  for select to anon, authenticated
  using (
    exists (
      select 1
      from public.products p
      where p.id = product_sizes.product_id and p.campaign_id in (select private.live_campaign_ids())
    )
  );

create policy featured_categories_public_read on public.featured_categories
  for select to anon, authenticated
  using (active);

create policy banner_images_public_read on public.banner_images
  for select to anon, authenticated
  using (active);

create policy hero_images_public_read on public.hero_images
  for select to anon, authenticated
  using (active);

create policy shop_settings_public_read on public.shop_settings
  for select to anon, authenticated using (true);

-- ─── Shoppers record analytics events, checked field by field ─────────────────────────────────
create policy search_analytics_public_insert on public.search_analytics
  for insert to anon, authenticated
  with check (
    char_length(btrim(search_term)) between 1 and 200
    and char_length(session_id) between 8 and 100
    and session_id ~ '^[A-Za-z0-9_.:-]+$'
    and (user_agent is null or char_length(user_agent) <= 500)
    and (page_url is null or (char_length(page_url) <= 2000 and page_url ~* '^(https?://|/)'))
  );

create policy filter_analytics_public_insert on public.filter_analytics
  for insert to anon, authenticated
  with check (
    filter_type = any (public.analytics_filter_types())
    and char_length(btrim(filter_value)) between 1 and 200
    and char_length(session_id) between 8 and 100
    and session_id ~ '^[A-Za-z0-9_.:-]+$'
    and (user_agent is null or char_length(user_agent) <= 500)
    and (page_url is null or (char_length(page_url) <= 2000 and page_url ~* '^(https?://|/)'))
  );

create policy product_click_analytics_public_insert on public.product_click_analytics
  for insert to anon, authenticated
  with check (
    product_id is not null
    -- evaluated with the caller's rights: the product must exist and be publicly visible
    and exists (select 1 from public.products p where p.id = product_click_analytics.product_id)
    and char_length(session_id) between 8 and 100
    and session_id ~ '^[A-Za-z0-9_.:-]+$'
    and (user_agent is null or char_length(user_agent) <= 500)
    and (page_url is null or (char_length(page_url) <= 2000 and page_url ~* '^(https?://|/)'))
    and (referrer_url is null or char_length(referrer_url) <= 2000)
  );

-- ─── Staff: read-only tables and the settings row ─────────────────────────────────────────────
-- Roles (01: private.staff_role): every staff member reads (public.is_staff); owners and editors
-- change the catalogue (public.is_admin); only owners change the shop's settings and policies.
create policy rebuild_requests_staff_read on public.rebuild_requests
  for select to authenticated using ((select public.is_staff()));

create policy publications_staff_read on public.publications
  for select to authenticated using ((select public.is_staff()));

create policy shop_settings_owner_update on public.shop_settings
  for update to authenticated using ((select public.is_owner())) with check ((select public.is_owner()));

-- The history (08): owners read it; nobody writes it through the API (its trigger function does).
create policy audit_changes_owner_read on public.audit_changes
  for select to authenticated using ((select public.is_owner()));

-- Contact messages: only admins read them, mark them read or archived (the only columns granted)
-- and delete them; they arrive through public.receive_contact_message, never a direct insert.
create policy contact_messages_admin_read on public.contact_messages
  for select to authenticated using ((select public.is_admin()));

create policy contact_messages_admin_update on public.contact_messages
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create policy contact_messages_admin_delete on public.contact_messages
  for delete to authenticated using ((select public.is_admin()));

-- Orders (20_orders.sql): staff read them and their items; owners and editors change an order's
-- status, notes and tracking (the only columns granted). They arrive through public.place_order,
-- never a direct insert, and are never deleted (a wrong one is cancelled).
create policy orders_staff_read on public.orders
  for select to authenticated using ((select public.is_staff()));

create policy orders_admin_update on public.orders
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create policy order_items_staff_read on public.order_items
  for select to authenticated using ((select public.is_staff()));

-- Payments and refunds (20_orders.sql): staff read them; only the service role's functions write.
create policy order_payments_staff_read on public.order_payments
  for select to authenticated using ((select public.is_staff()));

create policy order_refunds_staff_read on public.order_refunds
  for select to authenticated using ((select public.is_staff()));

create policy filter_value_totals_staff_read on private.filter_value_totals
  for select to authenticated
  using (( select public.is_staff() as is_staff));

create policy product_click_totals_staff_read on private.product_click_totals
  for select to authenticated
  using (( select public.is_staff() as is_staff));

create policy search_term_totals_staff_read on private.search_term_totals
  for select to authenticated
  using (( select public.is_staff() as is_staff));

-- ─── Owners and editors: everything, on every catalogue and analytics table ───────────────────────────────
create policy banner_images_admin_all on public.banner_images
  for all to authenticated
  using (( select public.is_admin() as is_admin))
  with check (( select public.is_admin() as is_admin));

create policy brand_migrations_admin_all on public.brand_migrations
  for all to authenticated
  using (( select public.is_admin() as is_admin))
  with check (( select public.is_admin() as is_admin));

create policy brands_admin_all on public.brands
  for all to authenticated
  using (( select public.is_admin() as is_admin))
  with check (( select public.is_admin() as is_admin));

create policy campaigns_admin_all on public.campaigns
  for all to authenticated
  using (( select public.is_admin() as is_admin))
  with check (( select public.is_admin() as is_admin));

create policy categories_admin_all on public.categories
  for all to authenticated
  using (( select public.is_admin() as is_admin))
  with check (( select public.is_admin() as is_admin));

create policy featured_categories_admin_all on public.featured_categories
  for all to authenticated
  using (( select public.is_admin() as is_admin))
  with check (( select public.is_admin() as is_admin));

create policy filter_analytics_admin_all on public.filter_analytics
  for all to authenticated
  using (( select public.is_admin() as is_admin))
  with check (( select public.is_admin() as is_admin));

create policy hero_images_admin_all on public.hero_images
  for all to authenticated
  using (( select public.is_admin() as is_admin))
  with check (( select public.is_admin() as is_admin));

create policy product_click_analytics_admin_all on public.product_click_analytics
  for all to authenticated
  using (( select public.is_admin() as is_admin))
  with check (( select public.is_admin() as is_admin));

create policy product_images_admin_all on public.product_images
  for all to authenticated
  using (( select public.is_admin() as is_admin))
  with check (( select public.is_admin() as is_admin));

create policy product_private_admin_all on public.product_private
  for all to authenticated
  using (( select public.is_admin() as is_admin))
  with check (( select public.is_admin() as is_admin));

create policy product_sizes_admin_all on public.product_sizes
  for all to authenticated
  using (( select public.is_admin() as is_admin))
  with check (( select public.is_admin() as is_admin));

create policy products_admin_all on public.products
  for all to authenticated
  using (( select public.is_admin() as is_admin))
  with check (( select public.is_admin() as is_admin));

create policy search_analytics_admin_all on public.search_analytics
  for all to authenticated
  using (( select public.is_admin() as is_admin))
  with check (( select public.is_admin() as is_admin));

create policy subcategories_admin_all on public.subcategories
  for all to authenticated
  using (( select public.is_admin() as is_admin))
  with check (( select public.is_admin() as is_admin));

create policy size_guides_admin_all on public.size_guides
  for all to authenticated
  using (( select public.is_admin() as is_admin))
  with check (( select public.is_admin() as is_admin));

-- ─── Staff: read every catalogue and analytics table (analysts included) ───────────────────────
create policy banner_images_staff_read on public.banner_images
  for select to authenticated
  using (( select public.is_staff() as is_staff));

create policy brand_migrations_staff_read on public.brand_migrations
  for select to authenticated
  using (( select public.is_staff() as is_staff));

create policy brands_staff_read on public.brands
  for select to authenticated
  using (( select public.is_staff() as is_staff));

create policy campaigns_staff_read on public.campaigns
  for select to authenticated
  using (( select public.is_staff() as is_staff));

create policy categories_staff_read on public.categories
  for select to authenticated
  using (( select public.is_staff() as is_staff));

create policy featured_categories_staff_read on public.featured_categories
  for select to authenticated
  using (( select public.is_staff() as is_staff));

create policy filter_analytics_staff_read on public.filter_analytics
  for select to authenticated
  using (( select public.is_staff() as is_staff));

create policy hero_images_staff_read on public.hero_images
  for select to authenticated
  using (( select public.is_staff() as is_staff));

create policy product_click_analytics_staff_read on public.product_click_analytics
  for select to authenticated
  using (( select public.is_staff() as is_staff));

create policy product_images_staff_read on public.product_images
  for select to authenticated
  using (( select public.is_staff() as is_staff));

create policy product_private_staff_read on public.product_private
  for select to authenticated
  using (( select public.is_staff() as is_staff));

create policy product_sizes_staff_read on public.product_sizes
  for select to authenticated
  using (( select public.is_staff() as is_staff));

create policy products_staff_read on public.products
  for select to authenticated
  using (( select public.is_staff() as is_staff));

create policy search_analytics_staff_read on public.search_analytics
  for select to authenticated
  using (( select public.is_staff() as is_staff));

create policy subcategories_staff_read on public.subcategories
  for select to authenticated
  using (( select public.is_staff() as is_staff));

-- ─── Security advisor ─────────────────────────────────────────────────────────────────────────
create function private.security_advisor()
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
      -- the project's own are the ones its migrations made, as postgres; the platform's (pg_graphql's
      -- graphql_public.graphql, owned by supabase_admin) are the platform's to answer for
      and p.proowner = 'postgres'::pg_catalog.regrole
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
comment on function private.security_advisor() is 'Security findings over the catalogue (Supabase Security Advisor checks); an empty answer is the only good one.';
