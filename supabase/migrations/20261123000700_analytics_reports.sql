-- ─── Analytics reads: summaries, reports and user activity (admins only) ────────────────────
-- Every report reads Mexico City calendar days: start_date and end_date are both inclusive, an
-- event belongs to the day, hour and week (Monday first) of its created_at in America/Mexico_City.
--
-- Speed: 1,000,000 events must answer within 200 ms (`npm run bench:analytics`). Per-session
-- figures (funnel, devices, sessions, daily/hourly/weekly activity) come from rollups in `private`
-- kept by statement-level AFTER INSERT triggers on the three event tables (one grouped upsert per
-- statement, so a bulk backfill with past created_at costs one pass): per session and hour the
-- counts by kind, first and last time and last click; per session the user agent, network,
-- device, browser and totals; all-time totals per search term, filter value and product for the
-- summary views. Lists by term, filter or product over a period read the events through their
-- created_at indexes.
--
-- Retention: raw events are kept 13 months by default; private.prune_analytics() folds older days
-- into private.analytics_days (counts and sessions per day, kept indefinitely), then deletes those
-- events and their per-session rollups. Totals, daily and weekly reports add the folded days.
--
-- Access: every function starts with private.assert_admin() ('No autorizado' for anon and
-- signed-in non-admins) and runs with its owner's rights; anon cannot execute them at all. The
-- three views are security_invoker over rollups whose row policy admits admins only.

-- ─── Device and browser from a user agent ────────────────────────────────────────────────────
create or replace function public.device_type(ua text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when ua ~ '(iPad|Tablet|Kindle|Silk)' or (ua ~ 'Android' and ua !~ 'Mobile') then 'Tablet'
    when ua ~ '(Mobi|iPhone|iPod|Android.*Mobile|Windows Phone)' then 'Mobile'
    else 'Desktop'
  end
$$;
comment on function public.device_type(text) is
  'Tablet (iPad, Tablet, Kindle, Silk, Android without Mobile), Mobile (Mobi, iPhone, iPod, Android…Mobile, Windows Phone), else Desktop.';

create or replace function public.browser_name(ua text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when ua ~ '(Edg/|Edge/|EdgA/|EdgiOS/)' then 'Edge'
    when ua ~ '(Firefox/|FxiOS/)' then 'Firefox'
    when ua ~ '(Chrome/|CriOS/)' and ua !~ '(OPR/|Opera|SamsungBrowser)' then 'Chrome'
    when ua ~ 'Safari/' and ua ~ 'Version/' and ua !~ '(Chrome/|CriOS/|OPR/|Opera|SamsungBrowser)' then 'Safari'
    else 'Otros'
  end
$$;
comment on function public.browser_name(text) is
  'Edge, Firefox, Chrome (not Opera or Samsung Internet), Safari (Version/ … Safari/ and none of the others), else Otros.';

revoke all on function public.device_type(text), public.browser_name(text) from public;
grant execute on function public.device_type(text), public.browser_name(text) to authenticated, service_role;

-- ─── Helpers ─────────────────────────────────────────────────────────────────────────────────
-- Search terms are grouped without case and with runs of spaces collapsed, and days are Mexico City
-- days: both are written out where used (a helper function per row costs too much at a million rows).

-- The instant a Mexico City calendar day starts; null means unbounded (the given infinity).
create or replace function private.day_start(d date, unbounded timestamptz)
returns timestamptz
language sql
stable
parallel safe
set search_path = ''
as $$
  select coalesce(d::timestamp at time zone 'America/Mexico_City', unbounded)
$$;

-- What an admin reads for a filter value: the name of the category, subcategory, brand or
-- campaign it identifies; sizes and price ranges are already their own label; a value whose row
-- no longer exists shows as it was recorded.
create or replace function private.filter_label(p_type text, p_value text)
returns text
language sql
stable
set search_path = ''
as $$
  select coalesce(
    case
      when p_value !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then null
      when p_type = 'category' then (select c.nombre from public.categories c where c.id = p_value::uuid)
      when p_type = 'subcategory' then (select s.nombre from public.subcategories s where s.id = p_value::uuid)
      when p_type = 'brand' then (select b.display_name from public.brands b where b.id = p_value::uuid)
      when p_type = 'campaign' then (select c.nombre from public.campaigns c where c.id = p_value::uuid)
    end,
    p_value)
$$;

-- The Spanish name of a filter type, as the screens label it.
create or replace function private.filter_type_label(p_type text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case p_type
    when 'category' then 'Categoría'
    when 'subcategory' then 'Subcategoría'
    when 'brand' then 'Marca'
    when 'campaign' then 'Tendencia'
    when 'price_range' then 'Precio'
    when 'price' then 'Precio'
    when 'size' then 'Talla'
    else p_type
  end
$$;

-- ─── Rollups ─────────────────────────────────────────────────────────────────────────────────
-- Per session and hour (UTC hour = Mexico City hour: its offsets are whole hours).
create table private.analytics_session_hours (
  hour timestamptz not null,
  session_id text not null,
  searches integer not null default 0,
  filters integer not null default 0,
  clicks integer not null default 0,
  first_at timestamptz not null,
  last_at timestamptz not null,
  last_click_at timestamptz,
  -- the session's device and browser (from its first user agent), so per-device counts need no join
  device text not null,
  browser text not null,
  primary key (hour, session_id)
);
create index analytics_session_hours_session_idx on private.analytics_session_hours (session_id, hour);

-- Per session: the first user agent and network seen, device and browser, totals, first/last time.
create table private.analytics_sessions (
  session_id text primary key,
  user_agent text,
  ip_address inet,
  device text not null,
  browser text not null,
  searches integer not null default 0,
  filters integer not null default 0,
  clicks integer not null default 0,
  first_at timestamptz not null,
  last_at timestamptz not null
);
create index analytics_sessions_last_idx on private.analytics_sessions (last_at);

-- All-time totals for the summary views; the *_sessions tables remember which sessions were
-- already counted, so unique sessions stay exact as events arrive.
create table private.search_term_totals (
  term text primary key,
  searches bigint not null,
  sessions bigint not null,
  first_at timestamptz not null,
  last_at timestamptz not null
);
create table private.search_term_sessions (
  term text not null,
  session_id text not null,
  primary key (term, session_id)
);
-- Searches per Mexico City day, term and session: the period reports group these instead of
-- normalising every raw search term again.
create table private.search_term_days (
  day date not null,
  term text not null,
  session_id text not null,
  searches integer not null,
  last_at timestamptz not null,
  primary key (day, term, session_id)
);
create table private.filter_value_totals (
  filter_type text not null,
  filter_value text not null,
  uses bigint not null,
  sessions bigint not null,
  first_at timestamptz not null,
  last_at timestamptz not null,
  primary key (filter_type, filter_value)
);
create table private.filter_value_sessions (
  filter_type text not null,
  filter_value text not null,
  session_id text not null,
  primary key (filter_type, filter_value, session_id)
);
create table private.product_click_totals (
  product_id uuid primary key,
  product_name text,
  product_permalink text,
  clicks bigint not null,
  sessions bigint not null,
  first_at timestamptz not null,
  last_at timestamptz not null
);
create table private.product_click_sessions (
  product_id uuid not null,
  session_id text not null,
  primary key (product_id, session_id)
);

-- Days whose events were folded by private.prune_analytics() (sessions: distinct per day).
create table private.analytics_days (
  day date primary key,
  searches bigint not null default 0,
  filters bigint not null default 0,
  clicks bigint not null default 0,
  sessions bigint not null default 0
);

-- Admins read the all-time totals through the security_invoker views; nobody else sees a row.
do $$
declare
  t text;
begin
  foreach t in array array['search_term_totals', 'filter_value_totals', 'product_click_totals'] loop
    execute format('alter table private.%I enable row level security', t);
    execute format('grant select on private.%I to authenticated', t);
    execute format('create policy %I on private.%I for select to authenticated using ((select public.is_admin()))', t || '_admin_read', t);
  end loop;
  foreach t in array array['analytics_session_hours', 'analytics_sessions', 'search_term_sessions', 'search_term_days',
    'filter_value_sessions', 'product_click_sessions', 'analytics_days'] loop
    execute format('alter table private.%I enable row level security', t);
  end loop;
end
$$;

-- ─── Rollup triggers (AFTER INSERT, once per statement, whoever inserts) ─────────────────────
-- Sessions and session-hours, shared by the three tables (compiled per table, so new_rows is the
-- inserting table's rows).
create or replace function private.analytics_rollup_sessions()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  k text := tg_argv[0];
begin
  insert into private.analytics_sessions as s
    (session_id, user_agent, ip_address, device, browser, searches, filters, clicks, first_at, last_at)
  select g.session_id, g.user_agent, g.ip_address,
         public.device_type(g.user_agent), public.browser_name(g.user_agent),
         case when k = 'search' then g.n else 0 end,
         case when k = 'filter' then g.n else 0 end,
         case when k = 'click' then g.n else 0 end,
         g.first_at, g.last_at
    from (
      select n.session_id,
             (array_agg(n.user_agent order by n.created_at) filter (where n.user_agent is not null))[1] as user_agent,
             (array_agg(n.ip_address order by n.created_at) filter (where n.ip_address is not null))[1] as ip_address,
             count(*) as n, min(n.created_at) as first_at, max(n.created_at) as last_at
        from new_rows n
       group by n.session_id
    ) g
  on conflict (session_id) do update
    set user_agent = coalesce(s.user_agent, excluded.user_agent),
        ip_address = coalesce(s.ip_address, excluded.ip_address),
        device = case when s.user_agent is null then excluded.device else s.device end,
        browser = case when s.user_agent is null then excluded.browser else s.browser end,
        searches = s.searches + excluded.searches,
        filters = s.filters + excluded.filters,
        clicks = s.clicks + excluded.clicks,
        first_at = least(s.first_at, excluded.first_at),
        last_at = greatest(s.last_at, excluded.last_at);

  insert into private.analytics_session_hours as h
    (hour, session_id, searches, filters, clicks, first_at, last_at, last_click_at, device, browser)
  select g.hour, g.session_id, g.searches, g.filters, g.clicks, g.first_at, g.last_at, g.last_click_at, s.device, s.browser
    from (
      select date_trunc('hour', n.created_at, 'UTC') as hour, n.session_id,
             case when k = 'search' then count(*) else 0 end as searches,
             case when k = 'filter' then count(*) else 0 end as filters,
             case when k = 'click' then count(*) else 0 end as clicks,
             min(n.created_at) as first_at, max(n.created_at) as last_at,
             case when k = 'click' then max(n.created_at) end as last_click_at
        from new_rows n
       group by 1, 2
    ) g
    join private.analytics_sessions s on s.session_id = g.session_id
  on conflict (hour, session_id) do update
    set searches = h.searches + excluded.searches,
        filters = h.filters + excluded.filters,
        clicks = h.clicks + excluded.clicks,
        first_at = least(h.first_at, excluded.first_at),
        last_at = greatest(h.last_at, excluded.last_at),
        last_click_at = greatest(h.last_click_at, excluded.last_click_at);

  return null;
end
$$;

create or replace function private.search_analytics_rollup_totals()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  with d as (
    select (n.created_at at time zone 'America/Mexico_City')::date as day,
           lower(btrim(regexp_replace(n.search_term, '\s+', ' ', 'g'))) as term, n.session_id,
           count(*) as n, min(n.created_at) as first_at, max(n.created_at) as last_at
      from new_rows n
     where lower(btrim(regexp_replace(n.search_term, '\s+', ' ', 'g'))) <> ''
     group by 1, 2, 3
  ), per_day as (
    insert into private.search_term_days as x (day, term, session_id, searches, last_at)
    select d.day, d.term, d.session_id, d.n, d.last_at from d
    on conflict (day, term, session_id) do update
      set searches = x.searches + excluded.searches, last_at = greatest(x.last_at, excluded.last_at)
  ), t as (
    select d.term, d.session_id, sum(d.n) as n, min(d.first_at) as first_at, max(d.last_at) as last_at
      from d
     group by 1, 2
  ), fresh as (
    insert into private.search_term_sessions (term, session_id)
    select t.term, t.session_id from t
    on conflict do nothing
    returning term
  ), fresh_count as (
    select f.term, count(*) as c from fresh f group by f.term
  )
  insert into private.search_term_totals as s (term, searches, sessions, first_at, last_at)
  select t.term, sum(t.n), coalesce(max(fc.c), 0), min(t.first_at), max(t.last_at)
    from t left join fresh_count fc on fc.term = t.term
   group by t.term
  on conflict (term) do update
    set searches = s.searches + excluded.searches,
        sessions = s.sessions + excluded.sessions,
        first_at = least(s.first_at, excluded.first_at),
        last_at = greatest(s.last_at, excluded.last_at);
  return null;
end
$$;

create or replace function private.filter_analytics_rollup_totals()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  with t as (
    select n.filter_type, n.filter_value, n.session_id,
           count(*) as n, min(n.created_at) as first_at, max(n.created_at) as last_at
      from new_rows n
     group by 1, 2, 3
  ), fresh as (
    insert into private.filter_value_sessions (filter_type, filter_value, session_id)
    select t.filter_type, t.filter_value, t.session_id from t
    on conflict do nothing
    returning filter_type, filter_value
  ), fresh_count as (
    select f.filter_type, f.filter_value, count(*) as c from fresh f group by 1, 2
  )
  insert into private.filter_value_totals as s (filter_type, filter_value, uses, sessions, first_at, last_at)
  select t.filter_type, t.filter_value, sum(t.n), coalesce(max(fc.c), 0), min(t.first_at), max(t.last_at)
    from t left join fresh_count fc on fc.filter_type = t.filter_type and fc.filter_value = t.filter_value
   group by t.filter_type, t.filter_value
  on conflict (filter_type, filter_value) do update
    set uses = s.uses + excluded.uses,
        sessions = s.sessions + excluded.sessions,
        first_at = least(s.first_at, excluded.first_at),
        last_at = greatest(s.last_at, excluded.last_at);
  return null;
end
$$;

-- Clicks without a product id (only possible from the service role) stay out of the product totals.
create or replace function private.product_click_analytics_rollup_totals()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  with t as (
    select n.product_id, n.session_id,
           count(*) as n, min(n.created_at) as first_at, max(n.created_at) as last_at,
           (array_agg(n.product_name order by n.created_at desc) filter (where n.product_name is not null))[1] as product_name,
           (array_agg(n.product_permalink order by n.created_at desc) filter (where n.product_permalink is not null))[1] as product_permalink
      from new_rows n
     where n.product_id is not null
     group by 1, 2
  ), fresh as (
    insert into private.product_click_sessions (product_id, session_id)
    select t.product_id, t.session_id from t
    on conflict do nothing
    returning product_id
  ), fresh_count as (
    select f.product_id, count(*) as c from fresh f group by 1
  )
  insert into private.product_click_totals as s
    (product_id, product_name, product_permalink, clicks, sessions, first_at, last_at)
  select t.product_id,
         (array_agg(t.product_name order by t.last_at desc) filter (where t.product_name is not null))[1],
         (array_agg(t.product_permalink order by t.last_at desc) filter (where t.product_permalink is not null))[1],
         sum(t.n), coalesce(max(fc.c), 0), min(t.first_at), max(t.last_at)
    from t left join fresh_count fc on fc.product_id = t.product_id
   group by t.product_id
  on conflict (product_id) do update
    set product_name = case when excluded.last_at >= s.last_at then coalesce(excluded.product_name, s.product_name) else s.product_name end,
        product_permalink = case when excluded.last_at >= s.last_at then coalesce(excluded.product_permalink, s.product_permalink) else s.product_permalink end,
        clicks = s.clicks + excluded.clicks,
        sessions = s.sessions + excluded.sessions,
        first_at = least(s.first_at, excluded.first_at),
        last_at = greatest(s.last_at, excluded.last_at);
  return null;
end
$$;

revoke all on function private.analytics_rollup_sessions(), private.search_analytics_rollup_totals(),
  private.filter_analytics_rollup_totals(), private.product_click_analytics_rollup_totals() from public;

create trigger search_analytics_rollup_sessions after insert on public.search_analytics
  referencing new table as new_rows for each statement execute function private.analytics_rollup_sessions('search');
create trigger filter_analytics_rollup_sessions after insert on public.filter_analytics
  referencing new table as new_rows for each statement execute function private.analytics_rollup_sessions('filter');
create trigger product_click_analytics_rollup_sessions after insert on public.product_click_analytics
  referencing new table as new_rows for each statement execute function private.analytics_rollup_sessions('click');
create trigger search_analytics_rollup_totals after insert on public.search_analytics
  referencing new table as new_rows for each statement execute function private.search_analytics_rollup_totals();
create trigger filter_analytics_rollup_totals after insert on public.filter_analytics
  referencing new table as new_rows for each statement execute function private.filter_analytics_rollup_totals();
create trigger product_click_analytics_rollup_totals after insert on public.product_click_analytics
  referencing new table as new_rows for each statement execute function private.product_click_analytics_rollup_totals();

-- Events already recorded before this migration enter the rollups once: each table is emptied and
-- refilled as it was (same ids and times) with only the rollup triggers firing.
do $$
declare
  t text;
begin
  foreach t in array array['search_analytics', 'filter_analytics', 'product_click_analytics'] loop
    execute format('alter table public.%I enable always trigger %I', t, t || '_rollup_sessions');
    execute format('alter table public.%I enable always trigger %I', t, t || '_rollup_totals');
    set local session_replication_role = replica;
    execute format('create temp table backfill on commit drop as select * from public.%I', t);
    execute format('delete from public.%I', t);
    execute format('insert into public.%I overriding system value select * from backfill', t);
    drop table backfill;
    set local session_replication_role = origin;
    execute format('alter table public.%I enable trigger %I', t, t || '_rollup_sessions');
    execute format('alter table public.%I enable trigger %I', t, t || '_rollup_totals');
  end loop;
end
$$;

-- Covering indexes: the period lists read the events of a window without visiting the table.
create index search_analytics_created_cover_idx on public.search_analytics (created_at) include (session_id, search_term);
create index filter_analytics_created_cover_idx on public.filter_analytics (created_at) include (session_id, filter_type, filter_value);
create index product_click_analytics_created_cover_idx on public.product_click_analytics (created_at) include (session_id, product_id);
drop index if exists public.search_analytics_created_idx;
drop index if exists public.filter_analytics_created_idx;
drop index if exists public.product_click_analytics_created_idx;

-- ─── Summary views (all time) ────────────────────────────────────────────────────────────────
create view public.search_analytics_summary with (security_invoker = true) as
select t.term as search_term,
       t.searches as search_count,
       t.sessions as unique_sessions,
       t.first_at as first_search,
       t.last_at as last_search
  from private.search_term_totals t;
comment on view public.search_analytics_summary is
  'Admins: every search term (without case or extra spaces) with its searches, unique sessions, first and last search.';

create view public.filter_analytics_summary with (security_invoker = true) as
select t.filter_type,
       private.filter_label(t.filter_type, t.filter_value) as filter_value,
       t.uses as filter_count,
       t.sessions as unique_sessions,
       t.first_at as first_use,
       t.last_at as last_use
  from private.filter_value_totals t;
comment on view public.filter_analytics_summary is
  'Admins: every filter value used (names, not ids) with its uses, unique sessions, first and last use.';

create view public.product_click_summary with (security_invoker = true) as
select t.product_id,
       coalesce(p.nombre, t.product_name) as product_name,
       coalesce(p.permalink, t.product_permalink) as product_permalink,
       t.clicks as click_count,
       t.sessions as unique_sessions,
       t.first_at as first_click,
       t.last_at as last_click
  from private.product_click_totals t
  left join public.products p on p.id = t.product_id;
comment on view public.product_click_summary is
  'Admins: every clicked product (current name and permalink) with its clicks, unique sessions, first and last click.';

revoke all on public.search_analytics_summary, public.filter_analytics_summary, public.product_click_summary from public, anon;
grant select on public.search_analytics_summary, public.filter_analytics_summary, public.product_click_summary to authenticated;
grant execute on function private.filter_label(text, text) to authenticated;

-- ─── Building blocks of the reports (called by the admin functions below) ───────────────────
-- Sessions active in [lo, hi): their counts by kind, first and last activity and last click there.
create or replace function private.session_rows(lo timestamptz, hi timestamptz)
returns table (session_id text, searches bigint, filters bigint, clicks bigint,
               first_at timestamptz, last_at timestamptz, last_click_at timestamptz)
language plpgsql
stable
set search_path = ''
as $$
#variable_conflict use_column
begin
  if lo = '-infinity' and hi = 'infinity' then
    return query
      select s.session_id, s.searches::bigint, s.filters::bigint, s.clicks::bigint, s.first_at, s.last_at,
             (select max(h.last_click_at) from private.analytics_session_hours h where h.session_id = s.session_id)
        from private.analytics_sessions s;
  else
    return query
      select h.session_id, sum(h.searches)::bigint, sum(h.filters)::bigint, sum(h.clicks)::bigint,
             min(h.first_at), max(h.last_at), max(h.last_click_at)
        from private.analytics_session_hours h
       where h.hour >= lo and h.hour < hi
       group by h.session_id;
  end if;
end
$$;

-- One row per Mexico City day from d_start to d_end (zeros included), folded days added.
create or replace function private.daily_rows(d_start date, d_end date)
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

-- Hours with activity in [lo, hi), latest first, at most lim (null: all).
create or replace function private.hourly_rows(lo timestamptz, hi timestamptz, lim integer)
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

-- Every week (Monday) touching [d_start, d_end], latest first, zeros included; counts of those days.
create or replace function private.weekly_rows(d_start date, d_end date)
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

-- The first day with any recorded activity (today when there is none).
create or replace function private.first_activity_day()
returns date
language sql
stable
set search_path = ''
as $$
  select coalesce(least((select min(d.day) from private.analytics_days d),
                        (select (min(h.hour) at time zone 'America/Mexico_City')::date from private.analytics_session_hours h)),
                  public.shop_today())
$$;

-- Activity rows of each kind in [lo, hi), latest first, at most lim.
create type private.activity_row as (
  id text, action_type text, action_value text, action_value_readable text, filter_type text,
  filter_value_readable text, filter_value_original text, product_permalink text, session_id text,
  user_agent text, tipo_dispositivo text, navegador text, created_at timestamptz, ip_address text, page_url text
);

create or replace function private.search_activity(lo timestamptz, hi timestamptz, lim integer)
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

create or replace function private.filter_activity(lo timestamptz, hi timestamptz, lim integer)
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

create or replace function private.click_activity(lo timestamptz, hi timestamptz, lim integer)
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

-- Every activity of the given sessions in [lo, hi).
create or replace function private.sessions_activity(p_sessions text[], lo timestamptz, hi timestamptz)
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

revoke all on function private.session_rows(timestamptz, timestamptz), private.daily_rows(date, date),
  private.hourly_rows(timestamptz, timestamptz, integer), private.weekly_rows(date, date),
  private.first_activity_day(), private.search_activity(timestamptz, timestamptz, integer),
  private.filter_activity(timestamptz, timestamptz, integer), private.click_activity(timestamptz, timestamptz, integer),
  private.sessions_activity(text[], timestamptz, timestamptz),
  private.day_start(date, timestamptz), private.filter_type_label(text)
  from public;

-- ─── Reports (admins only) ──────────────────────────────────────────────────────────────────
create or replace function public.get_analytics_summary(
  start_date date default public.shop_today() - 29,
  end_date date default public.shop_today()
)
returns table (total_searches bigint, total_filters bigint, total_product_clicks bigint, unique_sessions bigint)
language plpgsql
stable
security definer
set search_path = ''
set work_mem = '32MB'
as $$
#variable_conflict use_column
declare
  lo timestamptz := private.day_start(start_date, '-infinity');
  hi timestamptz := private.day_start(end_date + 1, 'infinity');
begin
  perform private.assert_admin();
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

create or replace function public.get_analytics_by_period(start_date date, end_date date)
returns table (metric_type text, metric_value text, metric_label text, count bigint, unique_sessions bigint)
language plpgsql
stable
security definer
set search_path = ''
set work_mem = '32MB'
as $$
#variable_conflict use_column
declare
  lo timestamptz := private.day_start(start_date, '-infinity');
  hi timestamptz := private.day_start(end_date + 1, 'infinity');
begin
  perform private.assert_admin();
  return query
    -- grouped by session first, then by term, filter or product: two hash passes beat count(distinct)
    select * from (
      select 'search'::text, s.term, s.term, sum(s.n)::bigint, count(*)
        from (select d.term, d.session_id, sum(d.searches) as n
                from private.search_term_days d
               where d.day >= coalesce(start_date, '-infinity'::date) and d.day <= coalesce(end_date, 'infinity'::date)
               group by 1, 2) s
       group by s.term
      union all
      select 'filter_' || f.filter_type, private.filter_label(f.filter_type, f.filter_value),
             private.filter_label(f.filter_type, f.filter_value), f.n, f.s
        from (select x.filter_type, x.filter_value, sum(x.n)::bigint as n, count(*) as s
                from (select e.filter_type, e.filter_value, e.session_id, count(*) as n
                        from public.filter_analytics e where e.created_at >= lo and e.created_at < hi
                       group by 1, 2, 3) x
               group by 1, 2) f
      union all
      select 'product_click', coalesce(p.permalink, t.product_permalink), coalesce(p.nombre, t.product_name), c.n, c.s
        from (select x.product_id, sum(x.n)::bigint as n, count(*) as s
                from (select e.product_id, e.session_id, count(*) as n
                        from public.product_click_analytics e where e.created_at >= lo and e.created_at < hi
                       group by 1, 2) x
               group by 1) c
        left join public.products p on p.id = c.product_id
        left join private.product_click_totals t on t.product_id = c.product_id
    ) r
    order by 4 desc, 1, 3;
end
$$;

create or replace function public.get_daily_activity_report(
  limit_count integer default 30, start_date date default null, end_date date default null
)
returns table (fecha date, sesiones_unicas bigint, total_actividades bigint, busquedas bigint, filtros bigint, clicks_productos bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  d_end date := coalesce(end_date, public.shop_today());
  d_start date := greatest(coalesce(start_date, '-infinity'::date), d_end - (greatest(coalesce(limit_count, 30), 1) - 1));
begin
  perform private.assert_admin();
  return query select * from private.daily_rows(d_start, d_end);
end
$$;

create or replace function public.get_daily_activity_report_by_date(start_date date, end_date date)
returns table (fecha date, sesiones_unicas bigint, total_actividades bigint, busquedas bigint, filtros bigint, clicks_productos bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.assert_admin();
  return query select * from private.daily_rows(coalesce(start_date, private.first_activity_day()), coalesce(end_date, public.shop_today()));
end
$$;

create or replace function public.get_hourly_performance_report(
  limit_count integer default 168, start_date date default null, end_date date default null
)
returns table (hora timestamptz, hora_del_dia integer, sesiones_unicas bigint, total_actividades bigint,
               busquedas bigint, filtros bigint, clicks_productos bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.assert_admin();
  return query select * from private.hourly_rows(private.day_start(start_date, '-infinity'),
    private.day_start(end_date + 1, 'infinity'), greatest(coalesce(limit_count, 168), 0));
end
$$;

create or replace function public.get_hourly_performance_report_by_date(start_date date, end_date date)
returns table (hora timestamptz, hora_del_dia integer, sesiones_unicas bigint, total_actividades bigint,
               busquedas bigint, filtros bigint, clicks_productos bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.assert_admin();
  return query select * from private.hourly_rows(private.day_start(start_date, '-infinity'),
    private.day_start(end_date + 1, 'infinity'), null);
end
$$;

create or replace function public.get_weekly_trends_report(
  limit_count integer default 12, start_date date default null, end_date date default null
)
returns table (semana date, sesiones_unicas bigint, total_actividades bigint, busquedas bigint, filtros bigint,
               clicks_productos bigint, promedio_actividades_por_sesion numeric)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  d_end date := coalesce(end_date, public.shop_today());
  first_week date := date_trunc('week', d_end)::date - 7 * (greatest(coalesce(limit_count, 12), 1) - 1);
begin
  perform private.assert_admin();
  return query select * from private.weekly_rows(greatest(coalesce(start_date, '-infinity'::date), first_week), d_end);
end
$$;

create or replace function public.get_weekly_trends_report_by_date(start_date date, end_date date)
returns table (semana date, sesiones_unicas bigint, total_actividades bigint, busquedas bigint, filtros bigint,
               clicks_productos bigint, promedio_actividades_por_sesion numeric)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.assert_admin();
  return query select * from private.weekly_rows(coalesce(start_date, private.first_activity_day()), coalesce(end_date, public.shop_today()));
end
$$;

create or replace function public.get_user_behavior_report(
  limit_count integer default 100, start_date date default null, end_date date default null
)
returns table (session_id text, total_actividades bigint, busquedas bigint, filtros bigint, clicks_productos bigint,
               duracion_sesion_minutos numeric, primera_actividad timestamptz, ultima_actividad timestamptz,
               tipo_dispositivo text, navegador text)
language plpgsql
stable
security definer
set search_path = ''
set work_mem = '32MB'
as $$
#variable_conflict use_column
begin
  perform private.assert_admin();
  return query
    select r.session_id, r.searches + r.filters + r.clicks, r.searches, r.filters, r.clicks,
           round((extract(epoch from r.last_at - r.first_at) / 60)::numeric, 1), r.first_at, r.last_at,
           s.device, s.browser
      from (select * from private.session_rows(private.day_start(start_date, '-infinity'), private.day_start(end_date + 1, 'infinity')) x
             order by x.last_at desc, x.session_id
             limit greatest(coalesce(limit_count, 100), 0)) r
      join private.analytics_sessions s on s.session_id = r.session_id
     order by r.last_at desc, r.session_id;
end
$$;

create or replace function public.get_conversion_funnel_report(start_date date default null, end_date date default null)
returns table (total_sesiones bigint, sesiones_con_busqueda bigint, sesiones_con_filtro bigint, sesiones_con_click bigint,
               conversion_busqueda_pct numeric, conversion_filtro_pct numeric, conversion_click_pct numeric)
language plpgsql
stable
security definer
set search_path = ''
set work_mem = '32MB'
as $$
#variable_conflict use_column
begin
  perform private.assert_admin();
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

create or replace function public.get_device_browser_report(start_date date default null, end_date date default null)
returns table (tipo_dispositivo text, navegador text, sesiones_unicas bigint, total_actividades bigint, porcentaje_sesiones numeric)
language plpgsql
stable
security definer
set search_path = ''
set work_mem = '32MB'
as $$
#variable_conflict use_column
begin
  perform private.assert_admin();
  return query
    select g.device, g.browser, g.n, g.acts, coalesce(round(100.0 * g.n / nullif(sum(g.n) over (), 0), 1), 0)
      from (select h.device, h.browser, count(distinct h.session_id) as n, sum(h.searches + h.filters + h.clicks)::bigint as acts
              from private.analytics_session_hours h
             where h.hour >= private.day_start(start_date, '-infinity') and h.hour < private.day_start(end_date + 1, 'infinity')
             group by 1, 2) g
     order by g.n desc, g.device, g.browser;
end
$$;

create or replace function public.get_product_performance_report(
  limit_count integer default 50, start_date date default null, end_date date default null
)
returns table (product_id uuid, product_name text, product_permalink text, total_clicks bigint, sesiones_unicas bigint,
               promedio_clicks_por_sesion numeric, dias_con_actividad bigint, ultimo_click timestamptz)
language plpgsql
stable
security definer
set search_path = ''
set work_mem = '32MB'
as $$
#variable_conflict use_column
declare
  lo timestamptz := private.day_start(start_date, '-infinity');
  hi timestamptz := private.day_start(end_date + 1, 'infinity');
begin
  perform private.assert_admin();
  return query
    select c.product_id, coalesce(p.nombre, t.product_name), coalesce(p.permalink, t.product_permalink),
           c.n, c.s, round(c.n::numeric / nullif(c.s, 0), 2), c.days, c.last_at
      from (select e.product_id, count(*) as n, count(distinct e.session_id) as s,
                   count(distinct (e.created_at at time zone 'America/Mexico_City')::date) as days, max(e.created_at) as last_at
              from public.product_click_analytics e
             where e.created_at >= lo and e.created_at < hi and e.product_id is not null
             group by e.product_id) c
      left join public.products p on p.id = c.product_id
      left join private.product_click_totals t on t.product_id = c.product_id
     order by c.n desc, 2
     limit greatest(coalesce(limit_count, 50), 0);
end
$$;

create or replace function public.get_filter_effectiveness_report(
  limit_count integer default 50, start_date date default null, end_date date default null
)
returns table (filter_type text, filter_value text, total_usos bigint, sesiones_unicas bigint, sesiones_con_click bigint,
               tasa_conversion_pct numeric, ultimo_uso timestamptz)
language plpgsql
stable
security definer
set search_path = ''
set work_mem = '32MB'
as $$
#variable_conflict use_column
declare
  lo timestamptz := private.day_start(start_date, '-infinity');
  hi timestamptz := private.day_start(end_date + 1, 'infinity');
begin
  perform private.assert_admin();
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
        from uses u left join clicks c on c.session_id = u.session_id
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

create or replace function public.get_search_trends_report(
  limit_count integer default 50, start_date date default null, end_date date default null
)
returns table (search_term text, total_busquedas bigint, sesiones_unicas bigint, promedio_busquedas_por_sesion numeric,
               dias_con_busqueda bigint, tendencia text, ultima_busqueda timestamptz)
language plpgsql
stable
security definer
set search_path = ''
set work_mem = '32MB'
as $$
#variable_conflict use_column
declare
  lo timestamptz := private.day_start(start_date, '-infinity');
  hi timestamptz := private.day_start(end_date + 1, 'infinity');
begin
  perform private.assert_admin();
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

-- ─── User activity (admins only): ActivityRow lists, sessions and journeys ────────────────────
create or replace function public.get_detailed_search_analytics(limit_count integer default 100, start_date date default null, end_date date default null)
returns table (id text, action_type text, action_value text, action_value_readable text, filter_type text,
               filter_value_readable text, filter_value_original text, product_permalink text, session_id text,
               user_agent text, tipo_dispositivo text, navegador text, created_at timestamptz, ip_address text, page_url text)
language plpgsql
stable
security definer
set search_path = ''
set work_mem = '32MB'
as $$
#variable_conflict use_column
declare
  lo timestamptz := private.day_start(start_date, '-infinity');
  hi timestamptz := private.day_start(end_date + 1, 'infinity');
  lim integer := greatest(coalesce(limit_count, 100), 0);
begin
  perform private.assert_admin();
  return query select * from private.search_activity(lo, hi, lim);
end
$$;

create or replace function public.get_detailed_filter_analytics(limit_count integer default 100, start_date date default null, end_date date default null)
returns table (id text, action_type text, action_value text, action_value_readable text, filter_type text,
               filter_value_readable text, filter_value_original text, product_permalink text, session_id text,
               user_agent text, tipo_dispositivo text, navegador text, created_at timestamptz, ip_address text, page_url text)
language plpgsql
stable
security definer
set search_path = ''
set work_mem = '32MB'
as $$
#variable_conflict use_column
declare
  lo timestamptz := private.day_start(start_date, '-infinity');
  hi timestamptz := private.day_start(end_date + 1, 'infinity');
  lim integer := greatest(coalesce(limit_count, 100), 0);
begin
  perform private.assert_admin();
  return query select * from private.filter_activity(lo, hi, lim);
end
$$;

create or replace function public.get_detailed_product_click_analytics(limit_count integer default 100, start_date date default null, end_date date default null)
returns table (id text, action_type text, action_value text, action_value_readable text, filter_type text,
               filter_value_readable text, filter_value_original text, product_permalink text, session_id text,
               user_agent text, tipo_dispositivo text, navegador text, created_at timestamptz, ip_address text, page_url text)
language plpgsql
stable
security definer
set search_path = ''
set work_mem = '32MB'
as $$
#variable_conflict use_column
declare
  lo timestamptz := private.day_start(start_date, '-infinity');
  hi timestamptz := private.day_start(end_date + 1, 'infinity');
  lim integer := greatest(coalesce(limit_count, 100), 0);
begin
  perform private.assert_admin();
  return query select * from private.click_activity(lo, hi, lim);
end
$$;

create or replace function public.get_detailed_all_activities(limit_count integer default 100, start_date date default null, end_date date default null)
returns table (id text, action_type text, action_value text, action_value_readable text, filter_type text,
               filter_value_readable text, filter_value_original text, product_permalink text, session_id text,
               user_agent text, tipo_dispositivo text, navegador text, created_at timestamptz, ip_address text, page_url text)
language plpgsql
stable
security definer
set search_path = ''
set work_mem = '32MB'
as $$
#variable_conflict use_column
declare
  lo timestamptz := private.day_start(start_date, '-infinity');
  hi timestamptz := private.day_start(end_date + 1, 'infinity');
  lim integer := greatest(coalesce(limit_count, 100), 0);
begin
  perform private.assert_admin();
  return query select * from (
    select * from private.search_activity(lo, hi, lim)
    union all select * from private.filter_activity(lo, hi, lim)
    union all select * from private.click_activity(lo, hi, lim)
  ) a order by a.created_at desc, a.id desc limit lim;
end
$$;

create or replace function public.get_detailed_activities_by_date(start_date date, end_date date, limit_count integer default 100)
returns table (id text, action_type text, action_value text, action_value_readable text, filter_type text,
               filter_value_readable text, filter_value_original text, product_permalink text, session_id text,
               user_agent text, tipo_dispositivo text, navegador text, created_at timestamptz, ip_address text, page_url text)
language plpgsql
stable
security definer
set search_path = ''
set work_mem = '32MB'
as $$
#variable_conflict use_column
declare
  lo timestamptz := private.day_start(start_date, '-infinity');
  hi timestamptz := private.day_start(end_date + 1, 'infinity');
  lim integer := greatest(coalesce(limit_count, 100), 0);
begin
  perform private.assert_admin();
  return query select * from (
    select * from private.search_activity(lo, hi, lim)
    union all select * from private.filter_activity(lo, hi, lim)
    union all select * from private.click_activity(lo, hi, lim)
  ) a order by a.created_at desc, a.id desc limit lim;
end
$$;
create or replace function public.get_session_activities_detailed(
  limit_count integer default 100, start_date date default null, end_date date default null
)
returns table (session_id text, primera_actividad timestamptz, ultima_actividad timestamptz, duracion_minutos numeric,
               total_actividades bigint, busquedas bigint, filtros bigint, clicks_productos bigint,
               tipo_dispositivo text, navegador text, ip_address text, user_agent text)
language plpgsql
stable
security definer
set search_path = ''
set work_mem = '32MB'
as $$
#variable_conflict use_column
begin
  perform private.assert_admin();
  return query
    select r.session_id, r.first_at, r.last_at, round((extract(epoch from r.last_at - r.first_at) / 60)::numeric, 1),
           r.searches + r.filters + r.clicks, r.searches, r.filters, r.clicks,
           s.device, s.browser, s.ip_address::text, s.user_agent
      from (select * from private.session_rows(private.day_start(start_date, '-infinity'), private.day_start(end_date + 1, 'infinity')) x
             order by x.last_at desc, x.session_id
             limit greatest(coalesce(limit_count, 100), 0)) r
      join private.analytics_sessions s on s.session_id = r.session_id
     order by r.last_at desc, r.session_id;
end
$$;

-- The activities of the most recently active sessions, session by session (latest first), each
-- in time order with its step number, at most limit_count rows in all.
create or replace function public.get_user_journey_detailed(
  limit_count integer default 100, start_date date default null, end_date date default null
)
returns table (id text, action_type text, action_value text, action_value_readable text, filter_type text,
               filter_value_readable text, filter_value_original text, product_permalink text, session_id text,
               user_agent text, tipo_dispositivo text, navegador text, created_at timestamptz, ip_address text, page_url text,
               step_number integer, flow_step text, actividad_timestamp timestamptz)
language plpgsql
stable
security definer
set search_path = ''
set work_mem = '32MB'
as $$
#variable_conflict use_column
declare
  lo timestamptz := private.day_start(start_date, '-infinity');
  hi timestamptz := private.day_start(end_date + 1, 'infinity');
  lim integer := greatest(coalesce(limit_count, 100), 0);
begin
  perform private.assert_admin();
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

-- ─── Access to the reports ───────────────────────────────────────────────────────────────────
do $$
declare
  f text;
begin
  foreach f in array array[
    'get_analytics_summary(date, date)',
    'get_analytics_by_period(date, date)',
    'get_daily_activity_report(integer, date, date)',
    'get_daily_activity_report_by_date(date, date)',
    'get_hourly_performance_report(integer, date, date)',
    'get_hourly_performance_report_by_date(date, date)',
    'get_weekly_trends_report(integer, date, date)',
    'get_weekly_trends_report_by_date(date, date)',
    'get_user_behavior_report(integer, date, date)',
    'get_conversion_funnel_report(date, date)',
    'get_device_browser_report(date, date)',
    'get_product_performance_report(integer, date, date)',
    'get_filter_effectiveness_report(integer, date, date)',
    'get_search_trends_report(integer, date, date)',
    'get_detailed_search_analytics(integer, date, date)',
    'get_detailed_filter_analytics(integer, date, date)',
    'get_detailed_product_click_analytics(integer, date, date)',
    'get_detailed_all_activities(integer, date, date)',
    'get_detailed_activities_by_date(date, date, integer)',
    'get_session_activities_detailed(integer, date, date)',
    'get_user_journey_detailed(integer, date, date)'
  ] loop
    execute format('revoke all on function public.%s from public, anon', f);
    execute format('grant execute on function public.%s to authenticated, service_role', f);
    execute format('comment on function public.%s is %L', f,
      'Admins only (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.');
  end loop;
end
$$;

-- ─── Retention ───────────────────────────────────────────────────────────────────────────────
-- Raw events older than `keep` (default 13 months, counted in whole Mexico City days) are folded
-- into private.analytics_days (searches, filters, clicks and distinct sessions per day, kept
-- indefinitely) and deleted with their per-session rollups. Running it twice changes nothing
-- the second time; events backfilled later into a folded day are added to that day (their
-- sessions counted again). The all-time summary views keep counting what was folded.
-- Locally the rebuild worker runs it once a day; with pg_cron (hosted Supabase) a daily job does.
create or replace function private.prune_analytics(keep interval default '13 months')
returns json
language plpgsql
volatile
set search_path = ''
as $$
declare
  cutoff timestamptz := private.day_start((public.shop_today()::timestamp - keep)::date, '-infinity');
  v_days integer;
  v_events bigint := 0;
  v_n bigint;
begin
  insert into private.analytics_days as d (day, searches, filters, clicks, sessions)
  select (h.hour at time zone 'America/Mexico_City')::date, sum(h.searches), sum(h.filters), sum(h.clicks), count(distinct h.session_id)
    from private.analytics_session_hours h
   where h.hour < cutoff
   group by 1
  on conflict (day) do update
    set searches = d.searches + excluded.searches,
        filters = d.filters + excluded.filters,
        clicks = d.clicks + excluded.clicks,
        sessions = d.sessions + excluded.sessions;
  get diagnostics v_days = row_count;

  delete from private.analytics_session_hours h where h.hour < cutoff;
  delete from private.search_term_days d where d.day < (cutoff at time zone 'America/Mexico_City')::date;
  delete from public.search_analytics e where e.created_at < cutoff;
  get diagnostics v_n = row_count;
  v_events := v_events + v_n;
  delete from public.filter_analytics e where e.created_at < cutoff;
  get diagnostics v_n = row_count;
  v_events := v_events + v_n;
  delete from public.product_click_analytics e where e.created_at < cutoff;
  get diagnostics v_n = row_count;
  v_events := v_events + v_n;

  -- Sessions that ended before the cutoff, and what remembered them as counted.
  delete from private.analytics_sessions s where s.last_at < cutoff;
  delete from private.search_term_sessions x
   where not exists (select 1 from private.analytics_sessions s where s.session_id = x.session_id);
  delete from private.filter_value_sessions x
   where not exists (select 1 from private.analytics_sessions s where s.session_id = x.session_id);
  delete from private.product_click_sessions x
   where not exists (select 1 from private.analytics_sessions s where s.session_id = x.session_id);

  if to_regprocedure('private.prune_analytics_rate()') is not null then
    execute 'select private.prune_analytics_rate()';
  end if;

  return json_build_object('cutoff', cutoff, 'days_folded', v_days, 'events_deleted', v_events);
end
$$;
comment on function private.prune_analytics(interval) is
  'Retention: folds events older than keep (default 13 months) into private.analytics_days and deletes them. Idempotent; run daily.';
revoke all on function private.prune_analytics(interval) from public;

do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    -- 03:15 in Mexico City (09:15 UTC): after the night's publication, before the shop wakes up.
    execute $cron$select cron.schedule('prune-analytics', '15 9 * * *', 'select private.prune_analytics()')$cron$;
  end if;
end
$$;
