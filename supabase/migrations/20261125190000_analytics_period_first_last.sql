-- The period lists of the analytics screen say when each search, filter and product was first and
-- last seen in the period, as the all-time lists already do.
--
-- private.search_term_days (searches per Mexico City day, term and session) kept only the last
-- search of each; it now keeps the first too, filled from the raw events where they are still kept
-- and from the last one otherwise. private.get_analytics_by_period returns first_at and last_at for
-- every row (searches from those days; filters and product clicks from their events).
-- supabase/schemas/07_analytics.sql holds the final forms.

alter table private.search_term_days add column first_at timestamptz;

update private.search_term_days d
   set first_at = e.first_at
  from (select (a.created_at at time zone 'America/Mexico_City')::date as day,
               lower(btrim(regexp_replace(a.search_term, '\s+', ' ', 'g'))) collate "C" as term,
               a.session_id collate "C" as session_id, min(a.created_at) as first_at
          from public.search_analytics a
         group by 1, 2, 3) e
 where e.day = d.day and e.term = d.term and e.session_id = d.session_id;

update private.search_term_days set first_at = last_at where first_at is null;

alter table private.search_term_days alter column first_at set not null;

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
drop function public.get_analytics_by_period(date, date);
drop function private.get_analytics_by_period(date, date);

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
  perform private.assert_admin();
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
comment on function private.get_analytics_by_period(date, date) is 'Admins only (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function private.get_analytics_by_period(date, date) to authenticated, service_role;

create function public.get_analytics_by_period(start_date date, end_date date)
returns table(metric_type text, metric_value text, metric_label text, count bigint, unique_sessions bigint, first_at timestamptz, last_at timestamptz)
language sql
stable
set search_path to ''
as $$ select * from private.get_analytics_by_period($1, $2) $$;
comment on function public.get_analytics_by_period(date, date) is 'Admins only (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function public.get_analytics_by_period(date, date) to authenticated;

notify pgrst, 'reload schema';
