-- ─── Analytics throttle ─────────────────────────────────────────────────────────────────────
-- The shop records searches, filters and product clicks with the public key. RLS checks every
-- field; this trigger also caps how fast one browser session can write: at most 60 events of one
-- kind per minute. Over the cap the insert is refused (the storefront's tracking fails silently,
-- so a shopper never notices). Admins and the service role are not throttled.

create or replace function public.analytics_throttle()
returns trigger
language plpgsql
security definer -- counts rows the caller (anon) cannot read
set search_path = ''
as $$
declare
  recent integer;
begin
  if public.is_admin() or coalesce(auth.role(), '') = 'service_role' then
    return new;
  end if;
  execute format(
    'select count(*) from %I.%I where session_id = $1 and created_at > now() - interval ''1 minute''',
    tg_table_schema, tg_table_name
  ) into recent using new.session_id;
  if recent >= 60 then
    raise exception 'Demasiados eventos de esta sesión; intenta de nuevo en un minuto.'
      using errcode = '54000';
  end if;
  return new;
end;
$$;
comment on function public.analytics_throttle() is 'Refuses a 61st analytics event of one kind from one session within a minute.';
revoke execute on function public.analytics_throttle() from public, anon, authenticated;

create index search_analytics_session_recent_idx on public.search_analytics (session_id, created_at);
create index filter_analytics_session_recent_idx on public.filter_analytics (session_id, created_at);
create index product_click_analytics_session_recent_idx on public.product_click_analytics (session_id, created_at);

create trigger search_analytics_throttle before insert on public.search_analytics
  for each row execute function public.analytics_throttle();
create trigger filter_analytics_throttle before insert on public.filter_analytics
  for each row execute function public.analytics_throttle();
create trigger product_click_analytics_throttle before insert on public.product_click_analytics
  for each row execute function public.analytics_throttle();
