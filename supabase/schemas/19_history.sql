-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 19 · History: every change to the catalogue, the settings and the team, recorded by the database
--
-- Entry points: public.audit_entries (what owners read); private.record_change, the row trigger
-- on each audited table; public.record_team_change (service role); private.prune_audit_changes
-- (run daily).
--
-- A row trigger on each audited table writes one row of public.audit_changes per row it changes:
-- who (the signed-in person, the service role, or a database session), when, the API request that
-- did it, the record as the back office names it (a product for its sizes, images and private
-- fields), and the values before and after (an update keeps only the columns it changed). One
-- transaction is one entry of public.audit_entries: a product saved, an import batch, a merge.
-- Owners read it ('Historial'); no role may write, change or delete it, and a trigger refuses
-- updates and deletes even to the table's owner, except private.prune_audit_changes, which drops
-- what is more than 24 months old.
-- ═════════════════════════════════════════════════════════════════════════════════════════════

create table public.audit_changes (
  id bigint generated always as identity primary key,
  txid bigint not null default txid_current(),
  at timestamptz not null default now(),
  actor_id uuid,
  actor_email text,
  -- the person's role at the time ('owner', 'editor', 'analyst'), 'service_role', or 'database'
  actor_role text not null,
  -- the API request that made the change ('POST /rpc/import_products_batch'); null outside the API
  request text,
  table_name text not null,
  action text not null check (action in ('insert', 'update', 'delete')),
  -- product, campaign, brand, category, subcategory, size_guide, settings, home (hero, banners,
  -- featured categories), order, discount_code or team
  subject_type text not null,
  subject_id text,
  subject_label text,
  before jsonb,
  after jsonb
);
comment on table public.audit_changes is 'The history: one row per row changed in the catalogue, the settings and the team (who, when, which request, before and after). Owners read it; nobody changes it; kept 24 months.';
grant select on table public.audit_changes to authenticated;
create index audit_changes_txid_idx on public.audit_changes (txid desc, id);
create index audit_changes_subject_idx on public.audit_changes (subject_type, subject_id, id desc);
create index audit_changes_at_idx on public.audit_changes (at);

-- One entry per transaction: what a person did in one go (a save, an import batch, a merge), with
-- the first record it touched and how many rows it changed in all.
create view public.audit_entries with (security_invoker = true) as
select c.txid as id,
       min(c.at) as at,
       (array_agg(c.actor_email order by c.id))[1] as actor_email,
       (array_agg(c.actor_role order by c.id))[1] as actor_role,
       (array_agg(c.request order by c.id))[1] as request,
       (array_agg(c.subject_type order by c.id))[1] as subject_type,
       (array_agg(c.subject_id order by c.id))[1] as subject_id,
       (array_agg(c.subject_label order by c.id))[1] as subject_label,
       array_agg(distinct c.subject_type) as subject_types,
       count(*)::integer as changes
  from public.audit_changes c
 group by c.txid;
comment on view public.audit_entries is 'The history by transaction: one entry per save, import batch or merge, with who, when, the first record touched and how many rows changed.';
grant select on table public.audit_entries to authenticated;

create trigger refuse_write
  instead of insert or delete or update on public.audit_entries
  for each row execute function private.refuse_view_write();

create function private.record_change()
returns trigger
language plpgsql
security definer -- writes public.audit_changes, which no API role may write
set search_path = ''
as $$
declare
  -- columns kept by the database itself, never what a person changed (apartadas and agotado move
  -- with every shopper's hold)
  v_noise constant text[] := array['updated_at', 'created_at', 'sizes', 'status_changed_at', 'apartadas', 'agotado'];
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - v_noise end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - v_noise end;
  v_row jsonb := coalesce(v_new, v_old);
  v_before jsonb := v_old;
  v_after jsonb := v_new;
  v_subject text := tg_argv[0];
  v_subject_id text := coalesce(v_row ->> 'product_id', v_row ->> 'id', v_row ->> 'campaign_id');
  v_label text := coalesce(v_row ->> 'nombre', v_row ->> 'display_name', v_row ->> 'title', v_row ->> 'name', v_row ->> 'reference',
                           v_row ->> 'codigo');
  v_jwt jsonb := auth.jwt();
begin
  if tg_op = 'UPDATE' then
    select jsonb_object_agg(n.key, o.value), jsonb_object_agg(n.key, n.value)
      into v_before, v_after
      from jsonb_each(v_new) n
      join jsonb_each(v_old) o on o.key = n.key
     where n.value is distinct from o.value;
    if v_after is null then
      return null;
    end if;
  end if;
  if v_subject = 'product' and tg_table_name <> 'products' then
    select p.nombre into v_label from public.products p where p.id = (v_row ->> 'product_id')::uuid;
  elsif v_subject = 'campaign' and tg_table_name <> 'campaigns' then
    select c.nombre into v_label from public.campaigns c where c.id = (v_row ->> 'campaign_id')::uuid;
  elsif v_subject = 'settings' then
    v_label := 'Configuración';
  end if;
  insert into public.audit_changes
    (actor_id, actor_email, actor_role, request, table_name, action, subject_type, subject_id, subject_label, before, after)
  values (
    auth.uid(),
    nullif(v_jwt ->> 'email', ''),
    case coalesce(v_jwt ->> 'role', '')
      when 'service_role' then 'service_role'
      when '' then 'database'
      else coalesce(v_jwt -> 'app_metadata' ->> 'role', v_jwt ->> 'role')
    end,
    nullif(btrim(coalesce(current_setting('request.method', true), '') || ' ' || coalesce(current_setting('request.path', true), '')), ''),
    tg_table_name,
    lower(tg_op),
    v_subject,
    v_subject_id,
    left(v_label, 200),
    v_before,
    v_after
  );
  return null;
end
$$;
comment on function private.record_change() is 'AFTER row trigger of every audited table: one public.audit_changes row per row changed (an update only with the columns it changed); the trigger''s argument names the kind of record (a table of a product''s or a campaign''s names it by its product_id or campaign_id).';

create trigger campaigns_history after insert or update or delete on public.campaigns
  for each row execute function private.record_change('campaign');
create trigger products_history after insert or update or delete on public.products
  for each row execute function private.record_change('product');
create trigger product_private_history after insert or update or delete on public.product_private
  for each row execute function private.record_change('product');
create trigger product_sizes_history after insert or update or delete on public.product_sizes
  for each row execute function private.record_change('product');
create trigger product_images_history after insert or update or delete on public.product_images
  for each row execute function private.record_change('product');
create trigger brands_history after insert or update or delete on public.brands
  for each row execute function private.record_change('brand');
create trigger categories_history after insert or update or delete on public.categories
  for each row execute function private.record_change('category');
create trigger subcategories_history after insert or update or delete on public.subcategories
  for each row execute function private.record_change('subcategory');
create trigger size_guides_history after insert or update or delete on public.size_guides
  for each row execute function private.record_change('size_guide');
create trigger shop_settings_history after insert or update or delete on public.shop_settings
  for each row execute function private.record_change('settings');
create trigger hero_images_history after insert or update or delete on public.hero_images
  for each row execute function private.record_change('home');
create trigger banner_images_history after insert or update or delete on public.banner_images
  for each row execute function private.record_change('home');
create trigger featured_categories_history after insert or update or delete on public.featured_categories
  for each row execute function private.record_change('home');

-- The team's changes happen in Supabase Auth, outside these tables: the admin-users function, and
-- only it (the service role; no signed-in role may call this), records each one for the owner who
-- made it, after checking with the owner's own session that they are one. The entry names that
-- owner as their account says now, so nobody can store a made-up entry in someone's name.
create function private.record_team_change(p_actor uuid, p_action text, p_email text, p_before jsonb, p_after jsonb)
returns void
language plpgsql
security definer -- writes public.audit_changes
set search_path = ''
as $$
declare
  v_actor_email text;
begin
  select u.email into v_actor_email from auth.users u
   where u.id = p_actor and u.raw_app_meta_data ->> 'role' = 'owner' and u.deleted_at is null
     and (u.banned_until is null or u.banned_until <= now());
  if not found then
    raise exception 'Solo un dueño activo cambia el equipo' using errcode = '42501';
  end if;
  if p_action is null or p_action !~ '^[a-z_]{3,40}$' then
    raise exception 'Acción no válida' using errcode = '22023';
  end if;
  insert into public.audit_changes
    (actor_id, actor_email, actor_role, request, table_name, action, subject_type, subject_id, subject_label, before, after)
  values (
    p_actor, v_actor_email, 'owner', 'POST /functions/admin-users ' || p_action, 'auth.users',
    case when p_action = 'invite' then 'insert' else 'update' end,
    'team', lower(left(p_email, 254)), lower(left(p_email, 254)), p_before, p_after
  );
end
$$;
comment on function private.record_team_change(uuid, text, text, jsonb, jsonb) is 'Service role only (the admin-users function): records a change to the team, made through Supabase Auth by the active owner p_actor, in the history.';
revoke execute on function private.record_team_change(uuid, text, text, jsonb, jsonb) from public;
grant execute on function private.record_team_change(uuid, text, text, jsonb, jsonb) to service_role;

create function public.record_team_change(p_actor uuid, p_action text, p_email text, p_before jsonb, p_after jsonb)
returns void
language sql
set search_path = ''
as $$
  select private.record_team_change(p_actor, p_action, p_email, p_before, p_after)
$$;
comment on function public.record_team_change(uuid, text, text, jsonb, jsonb) is 'Service role only (the admin-users function): records a change to the team in the history.';
grant execute on function public.record_team_change(uuid, text, text, jsonb, jsonb) to service_role;

-- Nobody changes the history; only private.prune_audit_changes deletes, and only what is old.
create function private.refuse_history_change()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and current_setting('audit.pruning', true) = 'on' then
    return old;
  end if;
  raise exception 'El historial no se puede cambiar ni borrar' using errcode = '42501';
end
$$;
comment on function private.refuse_history_change() is 'BEFORE UPDATE/DELETE trigger of public.audit_changes: refuses every change, except the deletes of private.prune_audit_changes.';

create trigger audit_changes_append_only before update or delete on public.audit_changes
  for each row execute function private.refuse_history_change();

create function private.prune_audit_changes(keep interval default '24 months')
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_deleted integer;
begin
  if keep < interval '24 months' then
    raise exception 'El historial se guarda al menos 24 meses' using errcode = '22023';
  end if;
  perform set_config('audit.pruning', 'on', true);
  delete from public.audit_changes where at < now() - keep;
  get diagnostics v_deleted = row_count;
  perform set_config('audit.pruning', 'off', true);
  return v_deleted;
end
$$;
comment on function private.prune_audit_changes(interval) is 'Deletes history older than `keep` (never less than 24 months); run daily (the rebuild worker locally, pg_cron on hosted projects).';
revoke execute on function private.prune_audit_changes(interval) from public;
grant execute on function private.prune_audit_changes(interval) to service_role;

-- Locally the rebuild worker runs it once a day; with pg_cron (hosted Supabase) a daily job does.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    -- 03:30 in Mexico City (09:30 UTC), after the analytics pruning
    execute $cron$select cron.schedule('prune-history', '30 9 * * *', 'select private.prune_audit_changes()')$cron$;
  end if;
end
$$;
