-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 15 · Analytics rollups: totals kept by triggers, the all-time summaries and retention
--
-- Entry points: public.search_analytics_summary, public.filter_analytics_summary and
-- public.product_click_summary (admins), private.prune_analytics (run daily), and the labels the
-- reports share: public.device_type, public.browser_name, private.filter_label,
-- private.filter_type_label.
-- Statement triggers on the three event tables (14_analytics_ingest.sql) keep per-session,
-- per-hour and all-time totals in `private`, so every report reads totals instead of recounting
-- events. Raw events are kept 13 months, then folded into daily totals (private.analytics_days)
-- by private.prune_analytics.
-- ═════════════════════════════════════════════════════════════════════════════════════════════

-- ─── Labels ───────────────────────────────────────────────────────────────────────────────────
create function public.device_type(ua text)
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
comment on function public.device_type(text) is 'Tablet (iPad, Tablet, Kindle, Silk, Android without Mobile), Mobile (Mobi, iPhone, iPod, Android…Mobile, Windows Phone), else Desktop.';
grant execute on function public.device_type(text) to authenticated;

create function public.browser_name(ua text)
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
comment on function public.browser_name(text) is 'Edge, Firefox, Chrome (not Opera or Samsung Internet), Safari (Version/ … Safari/ and none of the others), else Otros.';
grant execute on function public.browser_name(text) to authenticated;

-- What an admin reads for a filter value: the name of the category, subcategory, brand or
-- campaign it identifies; sizes and price ranges are already their own label; a value whose row
-- no longer exists shows as it was recorded.
create function private.filter_label(p_type text, p_value text)
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
comment on function private.filter_label(text, text) is
  'What an admin reads for a filter value: the name of the category, subcategory, brand or campaign it identifies, or the value as recorded.';
grant execute on function private.filter_label(text, text) to authenticated;

-- The Spanish name of a filter type, as the screens label it.
create function private.filter_type_label(p_type text)
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
comment on function private.filter_type_label(text) is
  'The Spanish name of a filter type, as the analytics screens label it.';

-- ─── Rollups kept by triggers ─────────────────────────────────────────────────────────────────
-- Keys compare byte by byte (collate "C"): the reports sort and count them by the ten thousand.
-- Per session and hour (UTC hour = Mexico City hour: its offsets are whole hours).
create table private.analytics_session_hours (
  hour timestamptz not null,
  session_id text collate "C" not null,
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
comment on table private.analytics_session_hours is
  'Per session and hour: event counts by kind. Kept by triggers on the event tables; read by the hourly and session reports.';
create index analytics_session_hours_session_idx on private.analytics_session_hours (session_id, hour);

-- Per session: the first user agent and network seen, device and browser, totals, first/last time.
create table private.analytics_sessions (
  session_id text collate "C" primary key,
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
comment on table private.analytics_sessions is
  'Per session: first user agent and network seen, device and browser, totals by kind, first and last activity. Kept by triggers.';
create index analytics_sessions_last_idx on private.analytics_sessions (last_at);

-- All-time totals for the summary views; the *_sessions tables remember which sessions were
-- already counted, so unique sessions stay exact as events arrive.
create table private.search_term_totals (
  term text collate "C" primary key,
  searches bigint not null,
  sessions bigint not null,
  first_at timestamptz not null,
  last_at timestamptz not null
);
comment on table private.search_term_totals is
  'All-time searches and unique sessions per normalised term, for the search summary view. Kept by triggers; folded days still count.';
grant select on table private.search_term_totals to authenticated;

create table private.search_term_sessions (
  term text collate "C" not null,
  session_id text collate "C" not null,
  primary key (term, session_id)
);
comment on table private.search_term_sessions is
  'Which sessions were already counted per search term, so search_term_totals.sessions stays exact as events arrive.';

-- Searches per Mexico City day, term and session: the period reports group these instead of
-- normalising every raw search term again.
create table private.search_term_days (
  day date not null,
  term text collate "C" not null,
  session_id text collate "C" not null,
  searches integer not null,
  last_at timestamptz not null,
  first_at timestamptz not null,
  primary key (day, term, session_id) include (searches, last_at)
);
comment on table private.search_term_days is
  'Searches per Mexico City day, normalised term and session: the period reports group these instead of the raw events.';

create table private.filter_value_totals (
  filter_type text collate "C" not null,
  filter_value text collate "C" not null,
  uses bigint not null,
  sessions bigint not null,
  first_at timestamptz not null,
  last_at timestamptz not null,
  primary key (filter_type, filter_value)
);
comment on table private.filter_value_totals is
  'All-time uses and unique sessions per filter type and value, for the filter summary view. Kept by triggers.';
grant select on table private.filter_value_totals to authenticated;

create table private.filter_value_sessions (
  filter_type text collate "C" not null,
  filter_value text collate "C" not null,
  session_id text collate "C" not null,
  primary key (filter_type, filter_value, session_id)
);
comment on table private.filter_value_sessions is
  'Which sessions were already counted per filter value, so filter_value_totals stays exact as events arrive.';

create table private.product_click_totals (
  product_id uuid primary key,
  product_name text,
  product_permalink text,
  clicks bigint not null,
  sessions bigint not null,
  first_at timestamptz not null,
  last_at timestamptz not null
);
comment on table private.product_click_totals is
  'All-time clicks and unique sessions per product, for the click summary view. Kept by triggers.';
grant select on table private.product_click_totals to authenticated;

create table private.product_click_sessions (
  product_id uuid not null,
  session_id text collate "C" not null,
  primary key (product_id, session_id)
);
comment on table private.product_click_sessions is
  'Which sessions were already counted per product, so product_click_totals stays exact as events arrive.';

-- Days whose events were folded by private.prune_analytics() (sessions: distinct per day).
create table private.analytics_days (
  day date primary key,
  searches bigint not null default 0,
  filters bigint not null default 0,
  clicks bigint not null default 0,
  sessions bigint not null default 0
);
comment on table private.analytics_days is
  'Daily totals of the days whose raw events private.prune_analytics folded (sessions distinct per day); kept indefinitely and still counted by the reports.';

-- Sessions and session-hours, shared by the three tables (compiled per table, so new_rows is the
-- inserting table's rows).
create function private.analytics_rollup_sessions()
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
    join private.analytics_sessions s on s.session_id = g.session_id collate "C"
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
comment on function private.analytics_rollup_sessions() is
  'Statement trigger on the three event tables: adds the new events to the per-session and per-session-hour rollups.';

create trigger search_analytics_rollup_sessions
  after insert on public.search_analytics referencing new table as new_rows
  for each statement execute function private.analytics_rollup_sessions('search');

create trigger filter_analytics_rollup_sessions
  after insert on public.filter_analytics referencing new table as new_rows
  for each statement execute function private.analytics_rollup_sessions('filter');

create trigger product_click_analytics_rollup_sessions
  after insert on public.product_click_analytics referencing new table as new_rows
  for each statement execute function private.analytics_rollup_sessions('click');

create function private.search_analytics_rollup_totals()
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
    insert into private.search_term_days as x (day, term, session_id, searches, last_at, first_at)
    select d.day, d.term, d.session_id, d.n, d.last_at, d.first_at from d
    on conflict (day, term, session_id) do update
      set searches = x.searches + excluded.searches, last_at = greatest(x.last_at, excluded.last_at),
          first_at = least(x.first_at, excluded.first_at)
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
    from t left join fresh_count fc on fc.term = t.term collate "C"
   group by t.term
  on conflict (term) do update
    set searches = s.searches + excluded.searches,
        sessions = s.sessions + excluded.sessions,
        first_at = least(s.first_at, excluded.first_at),
        last_at = greatest(s.last_at, excluded.last_at);
  return null;
end
$$;
comment on function private.search_analytics_rollup_totals() is
  'Statement trigger on search_analytics: adds the new searches to the per-day and all-time term totals (terms lower-cased, spaces collapsed; blank terms skipped).';

create trigger search_analytics_rollup_totals
  after insert on public.search_analytics referencing new table as new_rows
  for each statement execute function private.search_analytics_rollup_totals();

create function private.filter_analytics_rollup_totals()
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
    from t left join fresh_count fc on fc.filter_type = t.filter_type collate "C" and fc.filter_value = t.filter_value collate "C"
   group by t.filter_type, t.filter_value
  on conflict (filter_type, filter_value) do update
    set uses = s.uses + excluded.uses,
        sessions = s.sessions + excluded.sessions,
        first_at = least(s.first_at, excluded.first_at),
        last_at = greatest(s.last_at, excluded.last_at);
  return null;
end
$$;
comment on function private.filter_analytics_rollup_totals() is
  'Statement trigger on filter_analytics: adds the new filter uses to the per-value totals and their unique sessions.';

create trigger filter_analytics_rollup_totals
  after insert on public.filter_analytics referencing new table as new_rows
  for each statement execute function private.filter_analytics_rollup_totals();

-- Clicks without a product id (only possible from the service role) stay out of the product totals.
create function private.product_click_analytics_rollup_totals()
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
comment on function private.product_click_analytics_rollup_totals() is
  'Statement trigger on product_click_analytics: adds the new clicks to the per-product totals; clicks without a product id stay out.';

create trigger product_click_analytics_rollup_totals
  after insert on public.product_click_analytics referencing new table as new_rows
  for each statement execute function private.product_click_analytics_rollup_totals();

-- Emptying an event table (a reset: tests, a fresh start) empties every report built from events.
create function private.analytics_rollup_reset()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  truncate private.analytics_session_hours, private.analytics_sessions, private.analytics_days;
  if tg_table_name = 'search_analytics' then
    truncate private.search_term_totals, private.search_term_sessions, private.search_term_days;
  elsif tg_table_name = 'filter_analytics' then
    truncate private.filter_value_totals, private.filter_value_sessions;
  else
    truncate private.product_click_totals, private.product_click_sessions;
  end if;
  return null;
end
$$;
comment on function private.analytics_rollup_reset() is
  'Statement trigger on TRUNCATE of an event table: empties every rollup built from events, so a reset leaves no stale report.';

create trigger search_analytics_rollup_reset
  after truncate on public.search_analytics
  for each statement execute function private.analytics_rollup_reset();

create trigger filter_analytics_rollup_reset
  after truncate on public.filter_analytics
  for each statement execute function private.analytics_rollup_reset();

create trigger product_click_analytics_rollup_reset
  after truncate on public.product_click_analytics
  for each statement execute function private.analytics_rollup_reset();

-- ─── All-time summary views ───────────────────────────────────────────────────────────────────
create view public.search_analytics_summary with (security_invoker = true) as
select t.term as search_term,
       t.searches as search_count,
       t.sessions as unique_sessions,
       t.first_at as first_search,
       t.last_at as last_search
  from private.search_term_totals t;
comment on view public.search_analytics_summary is 'Admins: every search term (without case or extra spaces) with its searches, unique sessions, first and last search.';
grant select on table public.search_analytics_summary to authenticated;

create view public.filter_analytics_summary with (security_invoker = true) as
select t.filter_type,
       private.filter_label(t.filter_type, t.filter_value) as filter_value,
       t.uses as filter_count,
       t.sessions as unique_sessions,
       t.first_at as first_use,
       t.last_at as last_use
  from private.filter_value_totals t;
comment on view public.filter_analytics_summary is 'Admins: every filter value used (names, not ids) with its uses, unique sessions, first and last use.';
grant select on table public.filter_analytics_summary to authenticated;

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
comment on view public.product_click_summary is 'Admins: every clicked product (current name and permalink) with its clicks, unique sessions, first and last click.';
grant select on table public.product_click_summary to authenticated;

create trigger refuse_write
  instead of insert or delete or update on public.product_click_summary
  for each row execute function private.refuse_view_write();

-- ─── Retention ────────────────────────────────────────────────────────────────────────────────
-- Raw events older than `keep` (default 13 months, counted in whole Mexico City days) are folded
-- into private.analytics_days (searches, filters, clicks and distinct sessions per day, kept
-- indefinitely) and deleted with their per-session rollups. Running it twice changes nothing
-- the second time; events backfilled later into a folded day are added to that day (their
-- sessions counted again). The all-time summary views keep counting what was folded.
-- Locally the rebuild worker runs it once a day; with pg_cron (hosted Supabase) a daily job does.
create function private.prune_analytics(keep interval default '13 months')
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
comment on function private.prune_analytics(interval) is 'Retention: folds events older than keep (default 13 months) into private.analytics_days and deletes them. Idempotent; run daily.';

-- ─── Daily pruning on hosted Supabase ─────────────────────────────────────────────────────────
-- Locally the rebuild worker runs private.prune_analytics once a day; with pg_cron (hosted
-- Supabase) a daily job does.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    -- 03:15 in Mexico City (09:15 UTC): after the night's publication, before the shop wakes up.
    execute $cron$select cron.schedule('prune-analytics', '15 9 * * *', 'select private.prune_analytics()')$cron$;
  end if;
end
$$;
