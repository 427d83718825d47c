-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 17 · Analytics activity: the searches, filters and clicks one by one, and sessions' journeys
--
-- Entry points: public.get_detailed_search_analytics, public.get_detailed_filter_analytics,
-- public.get_detailed_product_click_analytics, public.get_detailed_all_activities,
-- public.get_detailed_activities_by_date, public.get_session_activities_detailed,
-- public.get_user_journey_detailed.
-- Staff only (owners, editors and analysts), with the same rights and days as the reports of
-- 16_analytics_reports.sql.
-- ═════════════════════════════════════════════════════════════════════════════════════════════

-- ─── One row of activity, and the events of a period as such rows ─────────────────────────────
-- One row of the activity lists (searches, filters and clicks alike), latest first.
create type private.activity_row as (
  id text, action_type text, action_value text, action_value_readable text, filter_type text,
  filter_value_readable text, filter_value_original text, product_permalink text, session_id text,
  user_agent text, tipo_dispositivo text, navegador text, created_at timestamptz, ip_address text, page_url text
);

create function private.search_activity(lo timestamptz, hi timestamptz, lim integer)
returns setof private.activity_row
language sql
stable
set search_path = ''
as $$
  select 'search:' || e.id, 'search', e.search_term, e.search_term, null, null, null, null, e.session_id,
         e.user_agent, public.device_type(e.user_agent), public.browser_name(e.user_agent), e.created_at,
         e.ip_address::text, e.page_url
    from public.search_analytics e
   where e.created_at >= lo and e.created_at < hi
   order by e.created_at desc, e.id desc
   limit lim
$$;
comment on function private.search_activity(timestamp with time zone, timestamp with time zone, integer) is
  'Search events in [lo, hi) as activity rows, latest first, at most lim.';

create function private.filter_activity(lo timestamptz, hi timestamptz, lim integer)
returns setof private.activity_row
language sql
stable
set search_path = ''
as $$
  select 'filter:' || e.id, 'filter', e.filter_value,
         private.filter_type_label(e.filter_type) || ': ' || private.filter_label(e.filter_type, e.filter_value),
         e.filter_type, private.filter_label(e.filter_type, e.filter_value), e.filter_value, null, e.session_id,
         e.user_agent, public.device_type(e.user_agent), public.browser_name(e.user_agent), e.created_at,
         e.ip_address::text, e.page_url
    from (select * from public.filter_analytics f
           where f.created_at >= lo and f.created_at < hi
           order by f.created_at desc, f.id desc
           limit lim) e
   order by e.created_at desc, e.id desc
$$;
comment on function private.filter_activity(timestamp with time zone, timestamp with time zone, integer) is
  'Filter events in [lo, hi) as activity rows with readable labels, latest first, at most lim.';

create function private.click_activity(lo timestamptz, hi timestamptz, lim integer)
returns setof private.activity_row
language sql
stable
set search_path = ''
as $$
  select 'product_click:' || e.id, 'product_click', e.product_id::text, coalesce(p.nombre, e.product_name),
         null, null, null, coalesce(p.permalink, e.product_permalink), e.session_id,
         e.user_agent, public.device_type(e.user_agent), public.browser_name(e.user_agent), e.created_at,
         e.ip_address::text, e.page_url
    from (select * from public.product_click_analytics c
           where c.created_at >= lo and c.created_at < hi
           order by c.created_at desc, c.id desc
           limit lim) e
    left join public.products p on p.id = e.product_id
   order by e.created_at desc, e.id desc
$$;
comment on function private.click_activity(timestamp with time zone, timestamp with time zone, integer) is
  'Product-click events in [lo, hi) as activity rows, latest first, at most lim.';

-- Every activity of the given sessions in [lo, hi).
create function private.sessions_activity(p_sessions text[], lo timestamptz, hi timestamptz)
returns setof private.activity_row
language sql
stable
set search_path = ''
as $$
  select * from (
    select 'search:' || e.id as id, 'search', e.search_term, e.search_term, null, null, null, null, e.session_id,
           e.user_agent, public.device_type(e.user_agent), public.browser_name(e.user_agent), e.created_at,
           e.ip_address::text, e.page_url
      from public.search_analytics e
     where e.session_id = any (p_sessions) and e.created_at >= lo and e.created_at < hi
    union all
    select 'filter:' || e.id, 'filter', e.filter_value,
           private.filter_type_label(e.filter_type) || ': ' || private.filter_label(e.filter_type, e.filter_value),
           e.filter_type, private.filter_label(e.filter_type, e.filter_value), e.filter_value, null, e.session_id,
           e.user_agent, public.device_type(e.user_agent), public.browser_name(e.user_agent), e.created_at,
           e.ip_address::text, e.page_url
      from public.filter_analytics e
     where e.session_id = any (p_sessions) and e.created_at >= lo and e.created_at < hi
    union all
    select 'product_click:' || e.id, 'product_click', e.product_id::text, coalesce(p.nombre, e.product_name),
           null, null, null, coalesce(p.permalink, e.product_permalink), e.session_id,
           e.user_agent, public.device_type(e.user_agent), public.browser_name(e.user_agent), e.created_at,
           e.ip_address::text, e.page_url
      from public.product_click_analytics e
      left join public.products p on p.id = e.product_id
     where e.session_id = any (p_sessions) and e.created_at >= lo and e.created_at < hi
  ) a
$$;
comment on function private.sessions_activity(text[], timestamp with time zone, timestamp with time zone) is
  'Every activity (searches, filters, clicks) of the given sessions in [lo, hi).';

-- ─── The activity lists (owner's rights in private, called through public) ────────────────────
create function private.get_detailed_search_analytics(limit_count integer default 100, start_date date default null::date, end_date date default null::date)
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
comment on function private.get_detailed_search_analytics(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function private.get_detailed_search_analytics(integer, date, date) to authenticated, service_role;

create function public.get_detailed_search_analytics(limit_count integer default 100, start_date date default null::date, end_date date default null::date)
returns table(id text, action_type text, action_value text, action_value_readable text, filter_type text, filter_value_readable text, filter_value_original text, product_permalink text, session_id text, user_agent text, tipo_dispositivo text, navegador text, created_at timestamp with time zone, ip_address text, page_url text)
language sql
stable
set search_path to ''
as $$ select * from private.get_detailed_search_analytics($1, $2, $3) $$;
comment on function public.get_detailed_search_analytics(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function public.get_detailed_search_analytics(integer, date, date) to authenticated;

create function private.get_detailed_filter_analytics(limit_count integer default 100, start_date date default null::date, end_date date default null::date)
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
comment on function private.get_detailed_filter_analytics(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function private.get_detailed_filter_analytics(integer, date, date) to authenticated, service_role;

create function public.get_detailed_filter_analytics(limit_count integer default 100, start_date date default null::date, end_date date default null::date)
returns table(id text, action_type text, action_value text, action_value_readable text, filter_type text, filter_value_readable text, filter_value_original text, product_permalink text, session_id text, user_agent text, tipo_dispositivo text, navegador text, created_at timestamp with time zone, ip_address text, page_url text)
language sql
stable
set search_path to ''
as $$ select * from private.get_detailed_filter_analytics($1, $2, $3) $$;
comment on function public.get_detailed_filter_analytics(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function public.get_detailed_filter_analytics(integer, date, date) to authenticated;

create function private.get_detailed_product_click_analytics(limit_count integer default 100, start_date date default null::date, end_date date default null::date)
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
comment on function private.get_detailed_product_click_analytics(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function private.get_detailed_product_click_analytics(integer, date, date) to authenticated, service_role;

create function public.get_detailed_product_click_analytics(limit_count integer default 100, start_date date default null::date, end_date date default null::date)
returns table(id text, action_type text, action_value text, action_value_readable text, filter_type text, filter_value_readable text, filter_value_original text, product_permalink text, session_id text, user_agent text, tipo_dispositivo text, navegador text, created_at timestamp with time zone, ip_address text, page_url text)
language sql
stable
set search_path to ''
as $$ select * from private.get_detailed_product_click_analytics($1, $2, $3) $$;
comment on function public.get_detailed_product_click_analytics(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function public.get_detailed_product_click_analytics(integer, date, date) to authenticated;

create function private.get_detailed_all_activities(limit_count integer default 100, start_date date default null::date, end_date date default null::date)
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
comment on function private.get_detailed_all_activities(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function private.get_detailed_all_activities(integer, date, date) to authenticated, service_role;

create function public.get_detailed_all_activities(limit_count integer default 100, start_date date default null::date, end_date date default null::date)
returns table(id text, action_type text, action_value text, action_value_readable text, filter_type text, filter_value_readable text, filter_value_original text, product_permalink text, session_id text, user_agent text, tipo_dispositivo text, navegador text, created_at timestamp with time zone, ip_address text, page_url text)
language sql
stable
set search_path to ''
as $$ select * from private.get_detailed_all_activities($1, $2, $3) $$;
comment on function public.get_detailed_all_activities(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function public.get_detailed_all_activities(integer, date, date) to authenticated;

create function private.get_detailed_activities_by_date(start_date date, end_date date, limit_count integer default 100)
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
comment on function private.get_detailed_activities_by_date(date, date, integer) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function private.get_detailed_activities_by_date(date, date, integer) to authenticated, service_role;

create function public.get_detailed_activities_by_date(start_date date, end_date date, limit_count integer default 100)
returns table(id text, action_type text, action_value text, action_value_readable text, filter_type text, filter_value_readable text, filter_value_original text, product_permalink text, session_id text, user_agent text, tipo_dispositivo text, navegador text, created_at timestamp with time zone, ip_address text, page_url text)
language sql
stable
set search_path to ''
as $$ select * from private.get_detailed_activities_by_date($1, $2, $3) $$;
comment on function public.get_detailed_activities_by_date(date, date, integer) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function public.get_detailed_activities_by_date(date, date, integer) to authenticated;

create function private.get_session_activities_detailed(limit_count integer default 100, start_date date default null::date, end_date date default null::date)
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
comment on function private.get_session_activities_detailed(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function private.get_session_activities_detailed(integer, date, date) to authenticated, service_role;

create function public.get_session_activities_detailed(limit_count integer default 100, start_date date default null::date, end_date date default null::date)
returns table(session_id text, primera_actividad timestamp with time zone, ultima_actividad timestamp with time zone, duracion_minutos numeric, total_actividades bigint, busquedas bigint, filtros bigint, clicks_productos bigint, tipo_dispositivo text, navegador text, ip_address text, user_agent text)
language sql
stable
set search_path to ''
as $$ select * from private.get_session_activities_detailed($1, $2, $3) $$;
comment on function public.get_session_activities_detailed(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function public.get_session_activities_detailed(integer, date, date) to authenticated;

create function private.get_user_journey_detailed(limit_count integer default 100, start_date date default null::date, end_date date default null::date)
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
comment on function private.get_user_journey_detailed(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function private.get_user_journey_detailed(integer, date, date) to authenticated, service_role;

-- The activities of the most recently active sessions, session by session (latest first), each
-- in time order with its step number, at most limit_count rows in all.
create function public.get_user_journey_detailed(limit_count integer default 100, start_date date default null::date, end_date date default null::date)
returns table(id text, action_type text, action_value text, action_value_readable text, filter_type text, filter_value_readable text, filter_value_original text, product_permalink text, session_id text, user_agent text, tipo_dispositivo text, navegador text, created_at timestamp with time zone, ip_address text, page_url text, step_number integer, flow_step text, actividad_timestamp timestamp with time zone)
language sql
stable
set search_path to ''
as $$ select * from private.get_user_journey_detailed($1, $2, $3) $$;
comment on function public.get_user_journey_detailed(integer, date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function public.get_user_journey_detailed(integer, date, date) to authenticated;
