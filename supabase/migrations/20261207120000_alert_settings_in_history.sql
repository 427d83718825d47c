-- The alert settings and the code a campaign's alerts carry are in the history ('Historial'): the
-- history names a campaign's own rows (campaign_alerts) by their campaign.
create or replace function private.record_change()
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

create trigger alert_settings_history after insert or update or delete on public.alert_settings
  for each row execute function private.record_change('settings');
create trigger campaign_alerts_history after insert or update or delete on public.campaign_alerts
  for each row execute function private.record_change('campaign');
