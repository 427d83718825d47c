-- Staff roles: owner, editor and analyst instead of one admin role (private.staff_role reads the
-- role from the account itself, so a change or a deactivation applies at once, and asks a person
-- with a verified second factor for an aal2 session). Reads open to analysts, settings to owners.
-- The accounts that held the old 'admin' role become owners.

-- ─── Staff roles ──────────────────────────────────────────────────────────────────────────────
-- The back office's people each have one role, in their Auth account's app_metadata (which only the
-- service key writes, never the person):
--   owner   everything, including the team, the shop's settings and policies, and the history;
--   editor  the catalogue, images, imports, campaigns, home content, messages and publishing;
--   analyst reads the catalogue with costs and margins and the analytics, and changes nothing.
-- The role is read from the account row itself, not from the session's token, so a change of role
-- or a deactivation (a ban) applies to the very next request. A person with a verified two-factor
-- method counts as staff only in a session that passed it (aal2): a stolen password alone is not
-- enough.
create function private.staff_role()
returns text
language sql
stable
security definer -- reads auth.users and auth.mfa_factors, which no API role may read
set search_path = ''
as $$
  select u.raw_app_meta_data ->> 'role'
  from auth.users u
  where u.id = auth.uid()
    and u.raw_app_meta_data ->> 'role' in ('owner', 'editor', 'analyst')
    and u.deleted_at is null
    and (u.banned_until is null or u.banned_until <= now())
    and (
      coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
      or not exists (select 1 from auth.mfa_factors f where f.user_id = u.id and f.status = 'verified')
    )
$$;
comment on function private.staff_role() is
  'The caller''s back-office role (owner, editor or analyst) from their account''s app_metadata; null for the public, a deactivated account, or a session that has not passed the person''s verified second factor (aal2).';
revoke execute on function private.staff_role() from public;
grant execute on function private.staff_role() to anon, authenticated, service_role;

create function public.staff_role()
returns text
language sql
stable
set search_path = ''
as $$
  select private.staff_role()
$$;
comment on function public.staff_role() is 'The caller''s back-office role (owner, editor, analyst), or null: what the back office shows the person.';
grant execute on function public.staff_role() to anon, authenticated;

-- An admin may change the catalogue: an owner or an editor.
create or replace function public.is_admin()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(private.staff_role() in ('owner', 'editor'), false)
$$;
comment on function public.is_admin() is 'True when the caller may change the catalogue: an owner or an editor (private.staff_role).';
grant execute on function public.is_admin() to anon, authenticated;

-- Staff may read what the back office shows: every role.
create function public.is_staff()
returns boolean
language sql
stable
set search_path = ''
as $$
  select private.staff_role() is not null
$$;
comment on function public.is_staff() is 'True when the caller may read the back office''s data (costs, analytics): an owner, an editor or an analyst.';
grant execute on function public.is_staff() to anon, authenticated;

create function public.is_owner()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(private.staff_role() = 'owner', false)
$$;
comment on function public.is_owner() is 'True when the caller is an owner: the team, the shop''s settings and policies, the history.';
grant execute on function public.is_owner() to anon, authenticated;

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
comment on function private.assert_admin() is 'Raises No autorizado (42501) unless the caller is an owner or an editor (public.is_admin).';
grant execute on function private.assert_admin() to authenticated, service_role;

create function private.assert_staff()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'No autorizado' using errcode = '42501';
  end if;
end
$$;
comment on function private.assert_staff() is 'Raises No autorizado (42501) unless the caller is staff: an owner, an editor or an analyst (public.is_staff).';
grant execute on function private.assert_staff() to authenticated, service_role;

create function private.assert_owner()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not public.is_owner() then
    raise exception 'No autorizado' using errcode = '42501';
  end if;
end
$$;
comment on function private.assert_owner() is 'Raises No autorizado (42501) unless the caller is an owner (public.is_owner).';
grant execute on function private.assert_owner() to authenticated, service_role;

create or replace function public.unlinked_brand_values()
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

create or replace function private.admin_product(p_id uuid)
returns jsonb
language plpgsql
stable security definer
set search_path to ''
as $$
declare
  v public.products%rowtype;
begin
  perform private.assert_staff();
  select * into v from public.products p where p.id = p_id;
  if not found then
    return null;
  end if;
  return public.admin_product_json(v);
end
$$;

create or replace function private.admin_products(p_search text default null::text, p_campaign_id uuid default null::uuid, p_only_active boolean default false, p_sort text default 'recent'::text, p_offset integer default 0, p_limit integer default 50)
returns jsonb
language plpgsql
stable security definer
set search_path to ''
as $$
declare
  v_search text := nullif(lower(btrim(coalesce(p_search, ''))), '');
  v_pattern text;
  v_offset integer := greatest(coalesce(p_offset, 0), 0);
  v_limit integer := least(greatest(coalesce(p_limit, 50), 1), 1000);
  v_sort text := coalesce(nullif(p_sort, ''), 'recent');
  v_total bigint;
  v_total_all bigint;
  v_rows jsonb;
  v_permalink_match jsonb;
begin
  perform private.assert_staff();
  if v_sort not in ('recent', 'top_discount', 'top_profit') then
    raise exception 'Orden no válido: %', v_sort using errcode = '22023';
  end if;
  v_pattern := '%' || public.like_escape(v_search) || '%';

  select count(*) into v_total_all from public.products;

  if v_sort = 'recent' then
    select count(*) into v_total
    from public.products p
    where (p_campaign_id is null or p.campaign_id = p_campaign_id)
      and (not coalesce(p_only_active, false)
           or p.campaign_id in (select private.live_campaign_ids()))
      and (v_search is null
           or public.product_search_text(p.nombre, p.marca, p.descripcion, p.permalink, p.id) like v_pattern);

    select coalesce(jsonb_agg(public.admin_product_json(x.r) order by x.created_at desc, x.id), '[]'::jsonb)
      into v_rows
    from (
      select p as r, p.created_at, p.id
      from public.products p
      where (p_campaign_id is null or p.campaign_id = p_campaign_id)
        and (not coalesce(p_only_active, false)
             or p.campaign_id in (select private.live_campaign_ids()))
        and (v_search is null
             or public.product_search_text(p.nombre, p.marca, p.descripcion, p.permalink, p.id) like v_pattern)
      order by p.created_at desc, p.id
      offset v_offset limit v_limit
    ) x;
  else
    -- Top 1000: products of non-expired campaigns ranked by discount percent or by profit
    -- (sale - cost), then paged inside those 1000.
    with ranked as (
      select p.id,
        case when v_sort = 'top_discount'
          then case when p.precio_original > 0
                 then (p.precio_original - p.precio_venta) / p.precio_original else 0 end
          else p.precio_venta - coalesce(pp.costo_compra, 0)
        end as score,
        p.created_at
      from public.products p
      left join public.product_private pp on pp.product_id = p.id
      where p.campaign_id in (select private.live_campaign_ids())
        and (p_campaign_id is null or p.campaign_id = p_campaign_id)
        and (v_search is null
             or public.product_search_text(p.nombre, p.marca, p.descripcion, p.permalink, p.id) like v_pattern)
      order by score desc, p.created_at desc, p.id
      limit 1000
    ), numbered as (
      select r.id, row_number() over (order by r.score desc, r.created_at desc, r.id) as n from ranked r
    )
    select
      (select count(*) from numbered),
      coalesce((
        select jsonb_agg(public.admin_product_json(p) order by n.n)
        from numbered n join public.products p on p.id = n.id
        where n.n > v_offset and n.n <= v_offset + v_limit
      ), '[]'::jsonb)
      into v_total, v_rows;
  end if;

  -- The search line's debug check: is there a product whose permalink is exactly the term?
  if v_search is not null then
    select jsonb_build_object('id', p.id, 'nombre', p.nombre, 'permalink', p.permalink)
      into v_permalink_match
    from public.products p where p.permalink = v_search;
  end if;

  return jsonb_build_object(
    'total', v_total,
    'total_all', v_total_all,
    'rows', v_rows,
    'permalink_match', v_permalink_match
  );
end
$$;

create or replace function private.analytics_from_public()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(current_setting('role', true), 'none') in ('anon', 'authenticated') and not public.is_staff()
$$;

create or replace function private.get_analytics_summary(start_date date default (public.shop_today() - 29), end_date date default public.shop_today())
returns table(total_searches bigint, total_filters bigint, total_product_clicks bigint, unique_sessions bigint)
language plpgsql
stable security definer
set search_path to ''
set work_mem to '32MB'
as $$
#variable_conflict use_column
declare
  lo timestamptz := private.day_start(start_date, '-infinity');
  hi timestamptz := private.day_start(end_date + 1, 'infinity');
begin
  perform private.assert_staff();
  return query
    with h as (
      select coalesce(sum(h.searches), 0) as b, coalesce(sum(h.filters), 0) as f, coalesce(sum(h.clicks), 0) as c,
             count(distinct h.session_id) as s
        from private.analytics_session_hours h
       where h.hour >= lo and h.hour < hi
    ), d as (
      select coalesce(sum(d.searches), 0) as b, coalesce(sum(d.filters), 0) as f, coalesce(sum(d.clicks), 0) as c,
             coalesce(sum(d.sessions), 0) as s
        from private.analytics_days d
       where d.day >= coalesce(start_date, '-infinity'::date) and d.day <= coalesce(end_date, 'infinity'::date)
    )
    select (h.b + d.b)::bigint, (h.f + d.f)::bigint, (h.c + d.c)::bigint, (h.s + d.s)::bigint from h, d;
end
$$;

create or replace function private.get_analytics_by_period(start_date date, end_date date)
returns table(metric_type text, metric_value text, metric_label text, count bigint, unique_sessions bigint, first_at timestamptz, last_at timestamptz)
language plpgsql
stable security definer
set search_path to ''
set work_mem to '32MB'
as $$
#variable_conflict use_column
declare
  lo timestamptz := private.day_start(start_date, '-infinity');
  hi timestamptz := private.day_start(end_date + 1, 'infinity');
begin
  perform private.assert_staff();
  return query
    -- grouped by session first, then by term, filter or product: two hash passes beat count(distinct)
    select * from (
      select 'search'::text, s.term, s.term, sum(s.n)::bigint, count(*), min(s.first_at), max(s.last_at)
        from (select d.term, d.session_id, sum(d.searches) as n, min(d.first_at) as first_at, max(d.last_at) as last_at
                from private.search_term_days d
               where d.day >= coalesce(start_date, '-infinity'::date) and d.day <= coalesce(end_date, 'infinity'::date)
               group by 1, 2) s
       group by s.term
      union all
      select 'filter_' || f.filter_type, private.filter_label(f.filter_type, f.filter_value),
             private.filter_label(f.filter_type, f.filter_value), f.n, f.s, f.first_at, f.last_at
        from (select x.filter_type, x.filter_value, sum(x.n)::bigint as n, count(*) as s, min(x.first_at) as first_at, max(x.last_at) as last_at
                from (select e.filter_type, e.filter_value, e.session_id, count(*) as n, min(e.created_at) as first_at, max(e.created_at) as last_at
                        from public.filter_analytics e where e.created_at >= lo and e.created_at < hi
                       group by 1, 2, 3) x
               group by 1, 2) f
      union all
      select 'product_click', coalesce(p.permalink, t.product_permalink), coalesce(p.nombre, t.product_name), c.n, c.s, c.first_at, c.last_at
        from (select x.product_id, sum(x.n)::bigint as n, count(*) as s, min(x.first_at) as first_at, max(x.last_at) as last_at
                from (select e.product_id, e.session_id, count(*) as n, min(e.created_at) as first_at, max(e.created_at) as last_at
                        from public.product_click_analytics e
                       where e.created_at >= lo and e.created_at < hi and e.product_id is not null
                       group by 1, 2) x
               group by 1) c
        left join public.products p on p.id = c.product_id
        left join private.product_click_totals t on t.product_id = c.product_id
      union all
      -- clicks on products deleted since: known by the name and permalink they were recorded with
      select 'product_click', e.product_permalink, e.product_name, count(*), count(distinct e.session_id collate "C"),
             min(e.created_at), max(e.created_at)
        from public.product_click_analytics e
       where e.created_at >= lo and e.created_at < hi and e.product_id is null
       group by 2, 3
    ) r
    order by 4 desc, 1, 3;
end
$$;

create or replace function private.get_daily_activity_report(limit_count integer default 30, start_date date default null::date, end_date date default null::date)
returns table(fecha date, sesiones_unicas bigint, total_actividades bigint, busquedas bigint, filtros bigint, clicks_productos bigint)
language plpgsql
stable security definer
set search_path to ''
as $$
declare
  d_end date := coalesce(end_date, public.shop_today());
  d_start date := greatest(coalesce(start_date, '-infinity'::date), d_end - (greatest(coalesce(limit_count, 30), 1) - 1));
begin
  perform private.assert_staff();
  return query select * from private.daily_rows(d_start, d_end);
end
$$;

create or replace function private.get_daily_activity_report_by_date(start_date date, end_date date)
returns table(fecha date, sesiones_unicas bigint, total_actividades bigint, busquedas bigint, filtros bigint, clicks_productos bigint)
language plpgsql
stable security definer
set search_path to ''
as $$
begin
  perform private.assert_staff();
  return query select * from private.daily_rows(coalesce(start_date, private.first_activity_day()), coalesce(end_date, public.shop_today()));
end
$$;

create or replace function private.get_hourly_performance_report(limit_count integer default 168, start_date date default null::date, end_date date default null::date)
returns table(hora timestamp with time zone, hora_del_dia integer, sesiones_unicas bigint, total_actividades bigint, busquedas bigint, filtros bigint, clicks_productos bigint)
language plpgsql
stable security definer
set search_path to ''
as $$
begin
  perform private.assert_staff();
  return query select * from private.hourly_rows(private.day_start(start_date, '-infinity'),
    private.day_start(end_date + 1, 'infinity'), greatest(coalesce(limit_count, 168), 0));
end
$$;

create or replace function private.get_hourly_performance_report_by_date(start_date date, end_date date)
returns table(hora timestamp with time zone, hora_del_dia integer, sesiones_unicas bigint, total_actividades bigint, busquedas bigint, filtros bigint, clicks_productos bigint)
language plpgsql
stable security definer
set search_path to ''
as $$
begin
  perform private.assert_staff();
  return query select * from private.hourly_rows(private.day_start(start_date, '-infinity'),
    private.day_start(end_date + 1, 'infinity'), null);
end
$$;

create or replace function private.get_weekly_trends_report(limit_count integer default 12, start_date date default null::date, end_date date default null::date)
returns table(semana date, sesiones_unicas bigint, total_actividades bigint, busquedas bigint, filtros bigint, clicks_productos bigint, promedio_actividades_por_sesion numeric)
language plpgsql
stable security definer
set search_path to ''
as $$
declare
  d_end date := coalesce(end_date, public.shop_today());
  first_week date := date_trunc('week', d_end)::date - 7 * (greatest(coalesce(limit_count, 12), 1) - 1);
begin
  perform private.assert_staff();
  return query select * from private.weekly_rows(greatest(coalesce(start_date, '-infinity'::date), first_week), d_end);
end
$$;

create or replace function private.get_weekly_trends_report_by_date(start_date date, end_date date)
returns table(semana date, sesiones_unicas bigint, total_actividades bigint, busquedas bigint, filtros bigint, clicks_productos bigint, promedio_actividades_por_sesion numeric)
language plpgsql
stable security definer
set search_path to ''
as $$
begin
  perform private.assert_staff();
  return query select * from private.weekly_rows(coalesce(start_date, private.first_activity_day()), coalesce(end_date, public.shop_today()));
end
$$;

create or replace function private.get_user_behavior_report(limit_count integer default 100, start_date date default null::date, end_date date default null::date)
returns table(session_id text, total_actividades bigint, busquedas bigint, filtros bigint, clicks_productos bigint, duracion_sesion_minutos numeric, primera_actividad timestamp with time zone, ultima_actividad timestamp with time zone, tipo_dispositivo text, navegador text)
language plpgsql
stable security definer
set search_path to ''
set work_mem to '32MB'
as $$
#variable_conflict use_column
begin
  perform private.assert_staff();
  return query
    select r.session_id, r.searches + r.filters + r.clicks, r.searches, r.filters, r.clicks,
           round((extract(epoch from r.last_at - r.first_at) / 60)::numeric, 1), r.first_at, r.last_at,
           s.device, s.browser
      from (select * from private.session_rows(private.day_start(start_date, '-infinity'), private.day_start(end_date + 1, 'infinity')) x
             order by x.last_at desc, x.session_id
             limit greatest(coalesce(limit_count, 100), 0)) r
      join private.analytics_sessions s on s.session_id = r.session_id collate "C"
     order by r.last_at desc, r.session_id;
end
$$;

create or replace function private.get_conversion_funnel_report(start_date date default null::date, end_date date default null::date)
returns table(total_sesiones bigint, sesiones_con_busqueda bigint, sesiones_con_filtro bigint, sesiones_con_click bigint, conversion_busqueda_pct numeric, conversion_filtro_pct numeric, conversion_click_pct numeric)
language plpgsql
stable security definer
set search_path to ''
set work_mem to '32MB'
as $$
#variable_conflict use_column
begin
  perform private.assert_staff();
  return query
    with c as (
      select count(*) as total,
             count(*) filter (where r.searches > 0) as b,
             count(*) filter (where r.filters > 0) as f,
             count(*) filter (where r.clicks > 0) as k
        from private.session_rows(private.day_start(start_date, '-infinity'), private.day_start(end_date + 1, 'infinity')) r
    )
    select c.total, c.b, c.f, c.k,
           coalesce(round(100.0 * c.b / nullif(c.total, 0), 1), 0),
           coalesce(round(100.0 * c.f / nullif(c.total, 0), 1), 0),
           coalesce(round(100.0 * c.k / nullif(c.total, 0), 1), 0)
      from c;
end
$$;

create or replace function private.get_device_browser_report(start_date date default null::date, end_date date default null::date)
returns table(tipo_dispositivo text, navegador text, sesiones_unicas bigint, total_actividades bigint, porcentaje_sesiones numeric)
language plpgsql
stable security definer
set search_path to ''
set work_mem to '32MB'
as $$
#variable_conflict use_column
begin
  perform private.assert_staff();
  return query
    select g.device, g.browser, g.n, g.acts, coalesce(round(100.0 * g.n / nullif(sum(g.n) over (), 0), 1), 0)
      from (select h.device, h.browser, count(distinct h.session_id) as n, sum(h.searches + h.filters + h.clicks)::bigint as acts
              from private.analytics_session_hours h
             where (start_date is not null or end_date is not null)
               and h.hour >= private.day_start(start_date, '-infinity') and h.hour < private.day_start(end_date + 1, 'infinity')
             group by 1, 2
            union all
            -- all time: one row per session already
            select s.device, s.browser, count(*), sum(s.searches + s.filters + s.clicks)::bigint
              from private.analytics_sessions s
             where start_date is null and end_date is null
             group by 1, 2) g
     order by g.n desc, g.device, g.browser;
end
$$;

create or replace function private.get_product_performance_report(limit_count integer default 50, start_date date default null::date, end_date date default null::date)
returns table(product_id uuid, product_name text, product_permalink text, total_clicks bigint, sesiones_unicas bigint, promedio_clicks_por_sesion numeric, dias_con_actividad bigint, ultimo_click timestamp with time zone)
language plpgsql
stable security definer
set search_path to ''
set work_mem to '32MB'
as $$
#variable_conflict use_column
declare
  lo timestamptz := private.day_start(start_date, '-infinity');
  hi timestamptz := private.day_start(end_date + 1, 'infinity');
begin
  perform private.assert_staff();
  return query
    select c.product_id, coalesce(p.nombre, t.product_name, c.name), coalesce(p.permalink, t.product_permalink, c.permalink),
           c.n, c.s, round(c.n::numeric / nullif(c.s, 0), 2), c.days, c.last_at
      from (select e.product_id, null::text as name, null::text as permalink, count(*) as n,
                   count(distinct e.session_id collate "C") as s,
                   count(distinct (e.created_at at time zone 'America/Mexico_City')::date) as days, max(e.created_at) as last_at
              from public.product_click_analytics e
             where e.created_at >= lo and e.created_at < hi and e.product_id is not null
             group by e.product_id
            union all
            -- clicks on products deleted since: known by the name and permalink they were recorded with
            select null, e.product_name, e.product_permalink, count(*), count(distinct e.session_id collate "C"),
                   count(distinct (e.created_at at time zone 'America/Mexico_City')::date), max(e.created_at)
              from public.product_click_analytics e
             where e.created_at >= lo and e.created_at < hi and e.product_id is null
             group by 2, 3) c
      left join public.products p on p.id = c.product_id
      left join private.product_click_totals t on t.product_id = c.product_id
     order by c.n desc, 2
     limit greatest(coalesce(limit_count, 50), 0);
end
$$;

create or replace function private.get_filter_effectiveness_report(limit_count integer default 50, start_date date default null::date, end_date date default null::date)
returns table(filter_type text, filter_value text, total_usos bigint, sesiones_unicas bigint, sesiones_con_click bigint, tasa_conversion_pct numeric, ultimo_uso timestamp with time zone)
language plpgsql
stable security definer
set search_path to ''
set work_mem to '32MB'
as $$
#variable_conflict use_column
declare
  lo timestamptz := private.day_start(start_date, '-infinity');
  hi timestamptz := private.day_start(end_date + 1, 'infinity');
begin
  perform private.assert_staff();
  return query
    with uses as (
      select e.filter_type, e.filter_value, e.session_id, count(*) as n, min(e.created_at) as first_use, max(e.created_at) as last_use
        from public.filter_analytics e
       where e.created_at >= lo and e.created_at < hi
       group by 1, 2, 3
    ), clicks as (
      select h.session_id, max(h.last_click_at) as last_click
        from private.analytics_session_hours h
       where h.hour >= lo and h.hour < hi and h.last_click_at is not null
       group by h.session_id
    ), g as (
      select u.filter_type, u.filter_value, sum(u.n)::bigint as n, count(*) as s,
             count(*) filter (where c.last_click >= u.first_use) as k, max(u.last_use) as last_use
        from uses u left join clicks c on c.session_id = u.session_id collate "C"
       group by 1, 2
       order by 3 desc, 1, 2
       limit greatest(coalesce(limit_count, 50), 0)
    )
    select g.filter_type, private.filter_label(g.filter_type, g.filter_value), g.n, g.s, g.k,
           coalesce(round(100.0 * g.k / nullif(g.s, 0), 1), 0), g.last_use
      from g
     order by g.n desc, g.filter_type, 2;
end
$$;

create or replace function private.get_search_trends_report(limit_count integer default 50, start_date date default null::date, end_date date default null::date)
returns table(search_term text, total_busquedas bigint, sesiones_unicas bigint, promedio_busquedas_por_sesion numeric, dias_con_busqueda bigint, tendencia text, ultima_busqueda timestamp with time zone)
language plpgsql
stable security definer
set search_path to ''
set work_mem to '32MB'
as $$
#variable_conflict use_column
declare
  lo timestamptz := private.day_start(start_date, '-infinity');
  hi timestamptz := private.day_start(end_date + 1, 'infinity');
begin
  perform private.assert_staff();
  return query
    select g.term, g.n, g.s, round(g.n::numeric / nullif(g.s, 0), 2), g.days,
           case when g.last_at >= now() - interval '24 hours' then 'Reciente'
                when g.last_at >= now() - interval '7 days' then 'Activo'
                else 'Inactivo' end,
           g.last_at
      from (select d.term, sum(d.searches)::bigint as n, count(distinct d.session_id) as s,
                   count(distinct d.day) as days, max(d.last_at) as last_at
              from private.search_term_days d
             where d.day >= coalesce(start_date, '-infinity'::date) and d.day <= coalesce(end_date, 'infinity'::date)
             group by 1) g
     order by g.n desc, g.term
     limit greatest(coalesce(limit_count, 50), 0);
end
$$;

create or replace function private.get_detailed_search_analytics(limit_count integer default 100, start_date date default null::date, end_date date default null::date)
returns table(id text, action_type text, action_value text, action_value_readable text, filter_type text, filter_value_readable text, filter_value_original text, product_permalink text, session_id text, user_agent text, tipo_dispositivo text, navegador text, created_at timestamp with time zone, ip_address text, page_url text)
language plpgsql
stable security definer
set search_path to ''
set work_mem to '32MB'
as $$
#variable_conflict use_column
declare
  lo timestamptz := private.day_start(start_date, '-infinity');
  hi timestamptz := private.day_start(end_date + 1, 'infinity');
  lim integer := greatest(coalesce(limit_count, 100), 0);
begin
  perform private.assert_staff();
  return query select * from private.search_activity(lo, hi, lim);
end
$$;

create or replace function private.get_detailed_filter_analytics(limit_count integer default 100, start_date date default null::date, end_date date default null::date)
returns table(id text, action_type text, action_value text, action_value_readable text, filter_type text, filter_value_readable text, filter_value_original text, product_permalink text, session_id text, user_agent text, tipo_dispositivo text, navegador text, created_at timestamp with time zone, ip_address text, page_url text)
language plpgsql
stable security definer
set search_path to ''
set work_mem to '32MB'
as $$
#variable_conflict use_column
declare
  lo timestamptz := private.day_start(start_date, '-infinity');
  hi timestamptz := private.day_start(end_date + 1, 'infinity');
  lim integer := greatest(coalesce(limit_count, 100), 0);
begin
  perform private.assert_staff();
  return query select * from private.filter_activity(lo, hi, lim);
end
$$;

create or replace function private.get_detailed_product_click_analytics(limit_count integer default 100, start_date date default null::date, end_date date default null::date)
returns table(id text, action_type text, action_value text, action_value_readable text, filter_type text, filter_value_readable text, filter_value_original text, product_permalink text, session_id text, user_agent text, tipo_dispositivo text, navegador text, created_at timestamp with time zone, ip_address text, page_url text)
language plpgsql
stable security definer
set search_path to ''
set work_mem to '32MB'
as $$
#variable_conflict use_column
declare
  lo timestamptz := private.day_start(start_date, '-infinity');
  hi timestamptz := private.day_start(end_date + 1, 'infinity');
  lim integer := greatest(coalesce(limit_count, 100), 0);
begin
  perform private.assert_staff();
  return query select * from private.click_activity(lo, hi, lim);
end
$$;

create or replace function private.get_detailed_all_activities(limit_count integer default 100, start_date date default null::date, end_date date default null::date)
returns table(id text, action_type text, action_value text, action_value_readable text, filter_type text, filter_value_readable text, filter_value_original text, product_permalink text, session_id text, user_agent text, tipo_dispositivo text, navegador text, created_at timestamp with time zone, ip_address text, page_url text)
language plpgsql
stable security definer
set search_path to ''
set work_mem to '32MB'
as $$
#variable_conflict use_column
declare
  lo timestamptz := private.day_start(start_date, '-infinity');
  hi timestamptz := private.day_start(end_date + 1, 'infinity');
  lim integer := greatest(coalesce(limit_count, 100), 0);
begin
  perform private.assert_staff();
  return query select * from (
    select * from private.search_activity(lo, hi, lim)
    union all select * from private.filter_activity(lo, hi, lim)
    union all select * from private.click_activity(lo, hi, lim)
  ) a order by a.created_at desc, a.id desc limit lim;
end
$$;

create or replace function private.get_detailed_activities_by_date(start_date date, end_date date, limit_count integer default 100)
returns table(id text, action_type text, action_value text, action_value_readable text, filter_type text, filter_value_readable text, filter_value_original text, product_permalink text, session_id text, user_agent text, tipo_dispositivo text, navegador text, created_at timestamp with time zone, ip_address text, page_url text)
language plpgsql
stable security definer
set search_path to ''
set work_mem to '32MB'
as $$
#variable_conflict use_column
declare
  lo timestamptz := private.day_start(start_date, '-infinity');
  hi timestamptz := private.day_start(end_date + 1, 'infinity');
  lim integer := greatest(coalesce(limit_count, 100), 0);
begin
  perform private.assert_staff();
  return query select * from (
    select * from private.search_activity(lo, hi, lim)
    union all select * from private.filter_activity(lo, hi, lim)
    union all select * from private.click_activity(lo, hi, lim)
  ) a order by a.created_at desc, a.id desc limit lim;
end
$$;

create or replace function private.get_session_activities_detailed(limit_count integer default 100, start_date date default null::date, end_date date default null::date)
returns table(session_id text, primera_actividad timestamp with time zone, ultima_actividad timestamp with time zone, duracion_minutos numeric, total_actividades bigint, busquedas bigint, filtros bigint, clicks_productos bigint, tipo_dispositivo text, navegador text, ip_address text, user_agent text)
language plpgsql
stable security definer
set search_path to ''
set work_mem to '32MB'
as $$
#variable_conflict use_column
begin
  perform private.assert_staff();
  return query
    select r.session_id, r.first_at, r.last_at, round((extract(epoch from r.last_at - r.first_at) / 60)::numeric, 1),
           r.searches + r.filters + r.clicks, r.searches, r.filters, r.clicks,
           s.device, s.browser, s.ip_address::text, s.user_agent
      from (select * from private.session_rows(private.day_start(start_date, '-infinity'), private.day_start(end_date + 1, 'infinity')) x
             order by x.last_at desc, x.session_id
             limit greatest(coalesce(limit_count, 100), 0)) r
      join private.analytics_sessions s on s.session_id = r.session_id collate "C"
     order by r.last_at desc, r.session_id;
end
$$;

create or replace function private.get_user_journey_detailed(limit_count integer default 100, start_date date default null::date, end_date date default null::date)
returns table(id text, action_type text, action_value text, action_value_readable text, filter_type text, filter_value_readable text, filter_value_original text, product_permalink text, session_id text, user_agent text, tipo_dispositivo text, navegador text, created_at timestamp with time zone, ip_address text, page_url text, step_number integer, flow_step text, actividad_timestamp timestamp with time zone)
language plpgsql
stable security definer
set search_path to ''
set work_mem to '32MB'
as $$
#variable_conflict use_column
declare
  lo timestamptz := private.day_start(start_date, '-infinity');
  hi timestamptz := private.day_start(end_date + 1, 'infinity');
  lim integer := greatest(coalesce(limit_count, 100), 0);
begin
  perform private.assert_staff();
  return query
    with recent as (
      select x.session_id, x.last_at, row_number() over (order by x.last_at desc, x.session_id) as rank
        from (select * from private.session_rows(lo, hi) r order by r.last_at desc, r.session_id limit lim) x
    )
    select a.id, a.action_type, a.action_value, a.action_value_readable, a.filter_type, a.filter_value_readable,
           a.filter_value_original, a.product_permalink, a.session_id, a.user_agent, a.tipo_dispositivo, a.navegador,
           a.created_at, a.ip_address, a.page_url, a.step::integer,
           case a.action_type
             when 'search' then 'Búsqueda: ' || a.action_value
             when 'filter' then 'Filtro ' || private.filter_type_label(a.filter_type) || ': ' || a.filter_value_readable
             else 'Clic: ' || coalesce(a.action_value_readable, a.action_value)
           end,
           a.created_at
      from (
        select s.*, r.rank, row_number() over (partition by r.rank order by s.created_at, s.id) as step
          from private.sessions_activity((select array_agg(x.session_id) from recent x), lo, hi) s
          join recent r on r.session_id = s.session_id
      ) a
     order by a.rank, a.step
     limit lim;
end
$$;

comment on function private.analytics_from_public() is 'True when the current request is an anon or signed-in API request of someone who is not staff (the public).';
comment on function private.get_analytics_summary(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function public.get_analytics_summary(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function private.get_analytics_by_period(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function public.get_analytics_by_period(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function private.get_daily_activity_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function public.get_daily_activity_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function private.get_daily_activity_report_by_date(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function public.get_daily_activity_report_by_date(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function private.get_hourly_performance_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function public.get_hourly_performance_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function private.get_hourly_performance_report_by_date(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function public.get_hourly_performance_report_by_date(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function private.get_weekly_trends_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function public.get_weekly_trends_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function private.get_weekly_trends_report_by_date(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function public.get_weekly_trends_report_by_date(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function private.get_user_behavior_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function public.get_user_behavior_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function private.get_conversion_funnel_report(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function public.get_conversion_funnel_report(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function private.get_device_browser_report(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function public.get_device_browser_report(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function private.get_product_performance_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function public.get_product_performance_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function private.get_filter_effectiveness_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function public.get_filter_effectiveness_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function private.get_search_trends_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function public.get_search_trends_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function private.get_detailed_search_analytics(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function public.get_detailed_search_analytics(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function private.get_detailed_filter_analytics(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function public.get_detailed_filter_analytics(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function private.get_detailed_product_click_analytics(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function public.get_detailed_product_click_analytics(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function private.get_detailed_all_activities(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function public.get_detailed_all_activities(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function private.get_detailed_activities_by_date(date, date, integer) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function public.get_detailed_activities_by_date(date, date, integer) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function private.get_session_activities_detailed(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function public.get_session_activities_detailed(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function private.get_user_journey_detailed(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
comment on function public.get_user_journey_detailed(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';

drop policy rebuild_requests_admin_read on public.rebuild_requests;
drop policy publications_admin_read on public.publications;
drop policy shop_settings_admin_update on public.shop_settings;
drop policy filter_value_totals_admin_read on private.filter_value_totals;
drop policy product_click_totals_admin_read on private.product_click_totals;
drop policy search_term_totals_admin_read on private.search_term_totals;

create policy rebuild_requests_staff_read on public.rebuild_requests
  for select to authenticated using ((select public.is_staff()));

create policy publications_staff_read on public.publications
  for select to authenticated using ((select public.is_staff()));

create policy shop_settings_owner_update on public.shop_settings
  for update to authenticated using ((select public.is_owner())) with check ((select public.is_owner()));

create policy filter_value_totals_staff_read on private.filter_value_totals
  for select to authenticated
  using (( select public.is_staff() as is_staff));

create policy product_click_totals_staff_read on private.product_click_totals
  for select to authenticated
  using (( select public.is_staff() as is_staff));

create policy search_term_totals_staff_read on private.search_term_totals
  for select to authenticated
  using (( select public.is_staff() as is_staff));

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

update auth.users
   set raw_app_meta_data = jsonb_set(raw_app_meta_data, '{role}', '"owner"')
 where raw_app_meta_data ->> 'role' = 'admin';
