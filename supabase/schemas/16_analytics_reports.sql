-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 16 · Analytics reports: the back office's figures for a period
--
-- Entry points: public.get_analytics_summary, public.get_analytics_by_period,
-- public.get_daily_activity_report(_by_date), public.get_hourly_performance_report(_by_date),
-- public.get_weekly_trends_report(_by_date), public.get_user_behavior_report,
-- public.get_conversion_funnel_report, public.get_device_browser_report,
-- public.get_product_performance_report, public.get_filter_effectiveness_report,
-- public.get_search_trends_report.
-- Staff only (owners, editors and analysts). Each report runs with its owner's rights in `private`,
-- behind a public function of the same name that runs with the caller's rights; its days are
-- Mexico City calendar days, both inclusive. They read the rollups of 15_analytics_rollups.sql.
-- ═════════════════════════════════════════════════════════════════════════════════════════════

-- ─── Report building blocks ───────────────────────────────────────────────────────────────────
-- The instant a Mexico City calendar day starts; null means unbounded (the given infinity).
create function private.day_start(d date, unbounded timestamptz)
returns timestamptz
language sql
stable
parallel safe
set search_path = ''
as $$
  select coalesce(d::timestamp at time zone 'America/Mexico_City', unbounded)
$$;
comment on function private.day_start(date, timestamp with time zone) is
  'The instant a Mexico City calendar day starts; a null day gives the given unbounded value (an infinity).';

-- Sessions active in [lo, hi): their counts by kind and first and last activity there.
create function private.session_rows(lo timestamptz, hi timestamptz)
returns table (session_id text, searches bigint, filters bigint, clicks bigint,
               first_at timestamptz, last_at timestamptz)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
begin
  if lo = '-infinity' and hi = 'infinity' then
    return query
      select s.session_id, s.searches::bigint, s.filters::bigint, s.clicks::bigint, s.first_at, s.last_at
        from private.analytics_sessions s;
  else
    return query
      select h.session_id, sum(h.searches)::bigint, sum(h.filters)::bigint, sum(h.clicks)::bigint,
             min(h.first_at), max(h.last_at)
        from private.analytics_session_hours h
       where h.hour >= lo and h.hour < hi
       group by h.session_id;
  end if;
end
$$;
comment on function private.session_rows(timestamp with time zone, timestamp with time zone) is
  'Sessions active in [lo, hi) with their counts by kind and first and last activity there.';

-- One row per Mexico City day from d_start to d_end (zeros included), folded days added.
create function private.daily_rows(d_start date, d_end date)
returns table (fecha date, sesiones_unicas bigint, total_actividades bigint, busquedas bigint, filtros bigint, clicks_productos bigint)
language sql
stable
set search_path = ''
as $$
  with per_day as (
    select (h.hour at time zone 'America/Mexico_City')::date as day, count(distinct h.session_id) as s,
           sum(h.searches) as b, sum(h.filters) as f, sum(h.clicks) as c
      from private.analytics_session_hours h
     where h.hour >= private.day_start(d_start, '-infinity') and h.hour < private.day_start(d_end + 1, 'infinity')
     group by 1
    union all
    select d.day, d.sessions, d.searches, d.filters, d.clicks
      from private.analytics_days d
     where d.day between d_start and d_end
  ), agg as (
    select p.day, sum(p.s) as s, sum(p.b) as b, sum(p.f) as f, sum(p.c) as c from per_day p group by p.day
  )
  select g.day::date, coalesce(a.s, 0)::bigint, coalesce(a.b + a.f + a.c, 0)::bigint,
         coalesce(a.b, 0)::bigint, coalesce(a.f, 0)::bigint, coalesce(a.c, 0)::bigint
    from generate_series(d_start::timestamp, d_end::timestamp, interval '1 day') g(day)
    left join agg a on a.day = g.day::date
   order by 1 desc
$$;
comment on function private.daily_rows(date, date) is
  'One row per Mexico City day from d_start to d_end (days without activity included), days folded by prune_analytics added.';

-- Hours with activity in [lo, hi), latest first, at most lim (null: all).
create function private.hourly_rows(lo timestamptz, hi timestamptz, lim integer)
returns table (hora timestamptz, hora_del_dia integer, sesiones_unicas bigint, total_actividades bigint,
               busquedas bigint, filtros bigint, clicks_productos bigint)
language sql
stable
set search_path = ''
as $$
  select h.hour, extract(hour from h.hour at time zone 'America/Mexico_City')::integer,
         count(distinct h.session_id), sum(h.searches + h.filters + h.clicks)::bigint,
         sum(h.searches)::bigint, sum(h.filters)::bigint, sum(h.clicks)::bigint
    from private.analytics_session_hours h
   where h.hour >= lo and h.hour < hi
   group by h.hour
   order by h.hour desc
   limit lim
$$;
comment on function private.hourly_rows(timestamp with time zone, timestamp with time zone, integer) is
  'Hours with activity in [lo, hi), latest first, at most lim (null: all).';

-- Every week (Monday) touching [d_start, d_end], latest first, zeros included; counts of those days.
create function private.weekly_rows(d_start date, d_end date)
returns table (semana date, sesiones_unicas bigint, total_actividades bigint, busquedas bigint, filtros bigint,
               clicks_productos bigint, promedio_actividades_por_sesion numeric)
language sql
stable
set search_path = ''
as $$
  with per_week as (
    select date_trunc('week', (h.hour at time zone 'America/Mexico_City')::date)::date as week, count(distinct h.session_id) as s,
           sum(h.searches) as b, sum(h.filters) as f, sum(h.clicks) as c
      from private.analytics_session_hours h
     where h.hour >= private.day_start(d_start, '-infinity') and h.hour < private.day_start(d_end + 1, 'infinity')
     group by 1
    union all
    select date_trunc('week', d.day)::date, sum(d.sessions), sum(d.searches), sum(d.filters), sum(d.clicks)
      from private.analytics_days d
     where d.day between d_start and d_end
     group by 1
  ), agg as (
    select p.week, sum(p.s) as s, sum(p.b) as b, sum(p.f) as f, sum(p.c) as c from per_week p group by p.week
  )
  select g.week::date, coalesce(a.s, 0)::bigint, coalesce(a.b + a.f + a.c, 0)::bigint,
         coalesce(a.b, 0)::bigint, coalesce(a.f, 0)::bigint, coalesce(a.c, 0)::bigint,
         coalesce(round((a.b + a.f + a.c)::numeric / nullif(a.s, 0), 2), 0)
    from generate_series(date_trunc('week', d_start)::timestamp, date_trunc('week', d_end)::timestamp, interval '7 days') g(week)
    left join agg a on a.week = g.week::date
   order by 1 desc
$$;
comment on function private.weekly_rows(date, date) is
  'Every week (from Monday) touching [d_start, d_end], latest first, weeks without activity included.';

-- The first day with any recorded activity (today when there is none).
create function private.first_activity_day()
returns date
language sql
stable
set search_path = ''
as $$
  select coalesce(least((select min(d.day) from private.analytics_days d),
                        (select (min(h.hour) at time zone 'America/Mexico_City')::date from private.analytics_session_hours h)),
                  public.shop_today())
$$;
comment on function private.first_activity_day() is
  'The first day with any recorded activity (today when there is none).';

-- ─── Reports (owner's rights in private, called through public) ───────────────────────────────
create function private.get_analytics_summary(start_date date default (public.shop_today() - 29), end_date date default public.shop_today())
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
comment on function private.get_analytics_summary(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function private.get_analytics_summary(date, date) to authenticated, service_role;

create function public.get_analytics_summary(start_date date default (public.shop_today() - 29), end_date date default public.shop_today())
returns table(total_searches bigint, total_filters bigint, total_product_clicks bigint, unique_sessions bigint)
language sql
stable
set search_path to ''
as $$ select * from private.get_analytics_summary($1, $2) $$;
comment on function public.get_analytics_summary(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function public.get_analytics_summary(date, date) to authenticated;

create function private.get_analytics_by_period(start_date date, end_date date)
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
comment on function private.get_analytics_by_period(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function private.get_analytics_by_period(date, date) to authenticated, service_role;

create function public.get_analytics_by_period(start_date date, end_date date)
returns table(metric_type text, metric_value text, metric_label text, count bigint, unique_sessions bigint, first_at timestamptz, last_at timestamptz)
language sql
stable
set search_path to ''
as $$ select * from private.get_analytics_by_period($1, $2) $$;
comment on function public.get_analytics_by_period(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function public.get_analytics_by_period(date, date) to authenticated;

create function private.get_daily_activity_report(limit_count integer default 30, start_date date default null::date, end_date date default null::date)
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
comment on function private.get_daily_activity_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function private.get_daily_activity_report(integer, date, date) to authenticated, service_role;

create function public.get_daily_activity_report(limit_count integer default 30, start_date date default null::date, end_date date default null::date)
returns table(fecha date, sesiones_unicas bigint, total_actividades bigint, busquedas bigint, filtros bigint, clicks_productos bigint)
language sql
stable
set search_path to ''
as $$ select * from private.get_daily_activity_report($1, $2, $3) $$;
comment on function public.get_daily_activity_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function public.get_daily_activity_report(integer, date, date) to authenticated;

create function private.get_daily_activity_report_by_date(start_date date, end_date date)
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
comment on function private.get_daily_activity_report_by_date(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function private.get_daily_activity_report_by_date(date, date) to authenticated, service_role;

create function public.get_daily_activity_report_by_date(start_date date, end_date date)
returns table(fecha date, sesiones_unicas bigint, total_actividades bigint, busquedas bigint, filtros bigint, clicks_productos bigint)
language sql
stable
set search_path to ''
as $$ select * from private.get_daily_activity_report_by_date($1, $2) $$;
comment on function public.get_daily_activity_report_by_date(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function public.get_daily_activity_report_by_date(date, date) to authenticated;

create function private.get_hourly_performance_report(limit_count integer default 168, start_date date default null::date, end_date date default null::date)
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
comment on function private.get_hourly_performance_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function private.get_hourly_performance_report(integer, date, date) to authenticated, service_role;

create function public.get_hourly_performance_report(limit_count integer default 168, start_date date default null::date, end_date date default null::date)
returns table(hora timestamp with time zone, hora_del_dia integer, sesiones_unicas bigint, total_actividades bigint, busquedas bigint, filtros bigint, clicks_productos bigint)
language sql
stable
set search_path to ''
as $$ select * from private.get_hourly_performance_report($1, $2, $3) $$;
comment on function public.get_hourly_performance_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function public.get_hourly_performance_report(integer, date, date) to authenticated;

create function private.get_hourly_performance_report_by_date(start_date date, end_date date)
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
comment on function private.get_hourly_performance_report_by_date(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function private.get_hourly_performance_report_by_date(date, date) to authenticated, service_role;

create function public.get_hourly_performance_report_by_date(start_date date, end_date date)
returns table(hora timestamp with time zone, hora_del_dia integer, sesiones_unicas bigint, total_actividades bigint, busquedas bigint, filtros bigint, clicks_productos bigint)
language sql
stable
set search_path to ''
as $$ select * from private.get_hourly_performance_report_by_date($1, $2) $$;
comment on function public.get_hourly_performance_report_by_date(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function public.get_hourly_performance_report_by_date(date, date) to authenticated;

create function private.get_weekly_trends_report(limit_count integer default 12, start_date date default null::date, end_date date default null::date)
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
comment on function private.get_weekly_trends_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function private.get_weekly_trends_report(integer, date, date) to authenticated, service_role;

create function public.get_weekly_trends_report(limit_count integer default 12, start_date date default null::date, end_date date default null::date)
returns table(semana date, sesiones_unicas bigint, total_actividades bigint, busquedas bigint, filtros bigint, clicks_productos bigint, promedio_actividades_por_sesion numeric)
language sql
stable
set search_path to ''
as $$ select * from private.get_weekly_trends_report($1, $2, $3) $$;
comment on function public.get_weekly_trends_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function public.get_weekly_trends_report(integer, date, date) to authenticated;

create function private.get_weekly_trends_report_by_date(start_date date, end_date date)
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
comment on function private.get_weekly_trends_report_by_date(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function private.get_weekly_trends_report_by_date(date, date) to authenticated, service_role;

create function public.get_weekly_trends_report_by_date(start_date date, end_date date)
returns table(semana date, sesiones_unicas bigint, total_actividades bigint, busquedas bigint, filtros bigint, clicks_productos bigint, promedio_actividades_por_sesion numeric)
language sql
stable
set search_path to ''
as $$ select * from private.get_weekly_trends_report_by_date($1, $2) $$;
comment on function public.get_weekly_trends_report_by_date(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function public.get_weekly_trends_report_by_date(date, date) to authenticated;

create function private.get_user_behavior_report(limit_count integer default 100, start_date date default null::date, end_date date default null::date)
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
comment on function private.get_user_behavior_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function private.get_user_behavior_report(integer, date, date) to authenticated, service_role;

create function public.get_user_behavior_report(limit_count integer default 100, start_date date default null::date, end_date date default null::date)
returns table(session_id text, total_actividades bigint, busquedas bigint, filtros bigint, clicks_productos bigint, duracion_sesion_minutos numeric, primera_actividad timestamp with time zone, ultima_actividad timestamp with time zone, tipo_dispositivo text, navegador text)
language sql
stable
set search_path to ''
as $$ select * from private.get_user_behavior_report($1, $2, $3) $$;
comment on function public.get_user_behavior_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function public.get_user_behavior_report(integer, date, date) to authenticated;

create function private.get_conversion_funnel_report(start_date date default null::date, end_date date default null::date)
returns table(total_sesiones bigint, sesiones_con_busqueda bigint, sesiones_con_filtro bigint, sesiones_con_click bigint, conversion_busqueda_pct numeric, conversion_filtro_pct numeric, conversion_click_pct numeric, sesiones_con_pedido bigint, conversion_pedido_pct numeric, avisos_enviados bigint, avisos_abiertos bigint, avisos_con_pedido bigint, apertura_avisos_pct numeric, pedido_avisos_pct numeric)
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
    ),
    -- the last step: sessions that sent an order to the chat (08_orders.sql) in the period
    o as (
      select count(distinct x.session_id) as p
        from public.orders x
       where x.created_at >= private.day_start(start_date, '-infinity')
         and x.created_at < private.day_start(end_date + 1, 'infinity')
    ),
    -- the alerts' own steps ('Avísame', 26_alerts.sql), counted in messages, not sessions: the alerts
    -- sent in the period, those of them opened, and those of them an order followed; their shares
    -- are of the alerts sent
    a as (
      select count(*) as sent,
             count(*) filter (where d.opened_at is not null) as opened,
             count(*) filter (where d.order_id is not null) as ordered
        from private.alert_deliveries d
       where d.sent_at >= private.day_start(start_date, '-infinity')
         and d.sent_at < private.day_start(end_date + 1, 'infinity')
    )
    select c.total, c.b, c.f, c.k,
           coalesce(round(100.0 * c.b / nullif(c.total, 0), 1), 0),
           coalesce(round(100.0 * c.f / nullif(c.total, 0), 1), 0),
           coalesce(round(100.0 * c.k / nullif(c.total, 0), 1), 0),
           o.p,
           coalesce(round(100.0 * o.p / nullif(c.total, 0), 1), 0),
           a.sent, a.opened, a.ordered,
           coalesce(round(100.0 * a.opened / nullif(a.sent, 0), 1), 0),
           coalesce(round(100.0 * a.ordered / nullif(a.sent, 0), 1), 0)
      from c cross join o cross join a;
end
$$;
comment on function private.get_conversion_funnel_report(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract. Sessions with a search, a filter, a click and an order, as shares of all sessions; then the alerts sent in the period, how many of them were opened and followed by an order, as shares of the alerts sent.';
grant execute on function private.get_conversion_funnel_report(date, date) to authenticated, service_role;

create function public.get_conversion_funnel_report(start_date date default null::date, end_date date default null::date)
returns table(total_sesiones bigint, sesiones_con_busqueda bigint, sesiones_con_filtro bigint, sesiones_con_click bigint, conversion_busqueda_pct numeric, conversion_filtro_pct numeric, conversion_click_pct numeric, sesiones_con_pedido bigint, conversion_pedido_pct numeric, avisos_enviados bigint, avisos_abiertos bigint, avisos_con_pedido bigint, apertura_avisos_pct numeric, pedido_avisos_pct numeric)
language sql
stable
set search_path to ''
as $$ select * from private.get_conversion_funnel_report($1, $2) $$;
comment on function public.get_conversion_funnel_report(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract. The sessions'' funnel (shares of all sessions) and the alerts'' (sent, opened, followed by an order: shares of the alerts sent).';
grant execute on function public.get_conversion_funnel_report(date, date) to authenticated;

create function private.get_device_browser_report(start_date date default null::date, end_date date default null::date)
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
comment on function private.get_device_browser_report(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function private.get_device_browser_report(date, date) to authenticated, service_role;

create function public.get_device_browser_report(start_date date default null::date, end_date date default null::date)
returns table(tipo_dispositivo text, navegador text, sesiones_unicas bigint, total_actividades bigint, porcentaje_sesiones numeric)
language sql
stable
set search_path to ''
as $$ select * from private.get_device_browser_report($1, $2) $$;
comment on function public.get_device_browser_report(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function public.get_device_browser_report(date, date) to authenticated;

create function private.get_product_performance_report(limit_count integer default 50, start_date date default null::date, end_date date default null::date)
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
comment on function private.get_product_performance_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function private.get_product_performance_report(integer, date, date) to authenticated, service_role;

create function public.get_product_performance_report(limit_count integer default 50, start_date date default null::date, end_date date default null::date)
returns table(product_id uuid, product_name text, product_permalink text, total_clicks bigint, sesiones_unicas bigint, promedio_clicks_por_sesion numeric, dias_con_actividad bigint, ultimo_click timestamp with time zone)
language sql
stable
set search_path to ''
as $$ select * from private.get_product_performance_report($1, $2, $3) $$;
comment on function public.get_product_performance_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function public.get_product_performance_report(integer, date, date) to authenticated;

create function private.get_filter_effectiveness_report(limit_count integer default 50, start_date date default null::date, end_date date default null::date)
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
comment on function private.get_filter_effectiveness_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function private.get_filter_effectiveness_report(integer, date, date) to authenticated, service_role;

create function public.get_filter_effectiveness_report(limit_count integer default 50, start_date date default null::date, end_date date default null::date)
returns table(filter_type text, filter_value text, total_usos bigint, sesiones_unicas bigint, sesiones_con_click bigint, tasa_conversion_pct numeric, ultimo_uso timestamp with time zone)
language sql
stable
set search_path to ''
as $$ select * from private.get_filter_effectiveness_report($1, $2, $3) $$;
comment on function public.get_filter_effectiveness_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function public.get_filter_effectiveness_report(integer, date, date) to authenticated;

create function private.get_search_trends_report(limit_count integer default 50, start_date date default null::date, end_date date default null::date)
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
comment on function private.get_search_trends_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function private.get_search_trends_report(integer, date, date) to authenticated, service_role;

create function public.get_search_trends_report(limit_count integer default 50, start_date date default null::date, end_date date default null::date)
returns table(search_term text, total_busquedas bigint, sesiones_unicas bigint, promedio_busquedas_por_sesion numeric, dias_con_busqueda bigint, tendencia text, ultima_busqueda timestamp with time zone)
language sql
stable
set search_path to ''
as $$ select * from private.get_search_trends_report($1, $2, $3) $$;
comment on function public.get_search_trends_report(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function public.get_search_trends_report(integer, date, date) to authenticated;
