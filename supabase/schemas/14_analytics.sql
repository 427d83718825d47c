-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 14 · Shop analytics: events, rollups and the back office's reports
--
-- Shoppers insert search, filter and product-click events (checked field by field and rate
-- limited per client network); statement triggers keep rollups in `private` so every report reads
-- totals instead of recounting events. Raw events are kept 13 months, then folded into daily
-- totals by private.prune_analytics. The reports run with their owner's rights in `private`,
-- behind public functions of the same name that run with the caller's rights.
-- ═════════════════════════════════════════════════════════════════════════════════════════════

-- ─── Types ────────────────────────────────────────────────────────────────────────────────────
-- One row of the activity lists (searches, filters and clicks alike), latest first.
create type private.activity_row as (
  id text, action_type text, action_value text, action_value_readable text, filter_type text,
  filter_value_readable text, filter_value_original text, product_permalink text, session_id text,
  user_agent text, tipo_dispositivo text, navegador text, created_at timestamptz, ip_address text, page_url text
);

-- ─── Event tables ─────────────────────────────────────────────────────────────────────────────
create table public.search_analytics (
  id bigint generated always as identity primary key,
  search_term text not null check (char_length(search_term) between 1 and 200),
  user_agent text check (char_length(user_agent) <= 500),
  page_url text check (char_length(page_url) <= 2000),
  session_id text not null check (char_length(session_id) between 8 and 100),
  created_at timestamptz not null default now(),
  ip_address inet
);
comment on table public.search_analytics is 'Shop search events. Anyone may insert (checked); only admins read.';
comment on column public.search_analytics.ip_address is 'Client network (IPv4 /24, IPv6 /48), set by the database.';
grant insert on table public.search_analytics to anon;
grant select, insert, update, delete on table public.search_analytics to authenticated;
-- Covering indexes: the period lists read the events of a window without visiting the table.
create index search_analytics_created_cover_idx on public.search_analytics (created_at) include (session_id, search_term);
create index search_analytics_session_idx on public.search_analytics (session_id);
create index search_analytics_session_recent_idx on public.search_analytics (session_id, created_at);

create table public.filter_analytics (
  id bigint generated always as identity primary key,
  filter_type text not null check (char_length(filter_type) between 1 and 50),
  filter_value text not null check (char_length(filter_value) between 1 and 200),
  user_agent text check (char_length(user_agent) <= 500),
  page_url text check (char_length(page_url) <= 2000),
  session_id text not null check (char_length(session_id) between 8 and 100),
  created_at timestamptz not null default now(),
  ip_address inet
);
comment on table public.filter_analytics is 'Shop filter-selection events. Anyone may insert (checked); only admins read.';
comment on column public.filter_analytics.ip_address is 'Client network (IPv4 /24, IPv6 /48), set by the database.';
grant insert on table public.filter_analytics to anon;
grant select, insert, update, delete on table public.filter_analytics to authenticated;
create index filter_analytics_created_cover_idx on public.filter_analytics (created_at) include (session_id, filter_type, filter_value);
create index filter_analytics_session_idx on public.filter_analytics (session_id);
create index filter_analytics_session_recent_idx on public.filter_analytics (session_id, created_at);

create table public.product_click_analytics (
  id bigint generated always as identity primary key,
  product_id uuid references public.products (id) on delete set null,
  product_name text check (char_length(product_name) <= 300),
  product_permalink text check (char_length(product_permalink) <= 300),
  user_agent text check (char_length(user_agent) <= 500),
  page_url text check (char_length(page_url) <= 2000),
  referrer_url text check (char_length(referrer_url) <= 2000),
  session_id text not null check (char_length(session_id) between 8 and 100),
  created_at timestamptz not null default now(),
  ip_address inet
);
comment on table public.product_click_analytics is 'Product card click events. Anyone may insert (checked); only admins read.';
comment on column public.product_click_analytics.ip_address is 'Client network (IPv4 /24, IPv6 /48), set by the database.';
grant insert on table public.product_click_analytics to anon;
grant select, insert, update, delete on table public.product_click_analytics to authenticated;
create index product_click_analytics_created_cover_idx on public.product_click_analytics (created_at) include (session_id, product_id);
create index product_click_analytics_product_idx on public.product_click_analytics (product_id);
create index product_click_analytics_session_idx on public.product_click_analytics (session_id);
create index product_click_analytics_session_recent_idx on public.product_click_analytics (session_id, created_at);

-- ─── Ingest: what the public may record, and how fast ─────────────────────────────────────────
-- Filter types the storefront records (keep in sync with src/lib analytics helpers).
create function public.analytics_filter_types()
returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select array['category', 'subcategory', 'brand', 'campaign', 'price', 'price_range', 'size', 'search', 'sort', 'clear']
$$;
comment on function public.analytics_filter_types() is 'filter_type values accepted from the public in filter_analytics.';
grant execute on function public.analytics_filter_types() to anon, authenticated;

-- PostgREST switches to the request's role with SET ROLE, which current_setting('role') reports even
-- inside a security definer function (current_user is then the owner).
create function private.analytics_from_public()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(current_setting('role', true), 'none') in ('anon', 'authenticated') and not public.is_staff()
$$;
comment on function private.analytics_from_public() is 'True when the current request is an anon or signed-in API request of someone who is not staff (the public).';

-- A client address as text, read strictly: an IPv4 address written as IPv6 (::ffff:a.b.c.d) counts
-- as the IPv4 address. Null when absent or not a plain address (a mask, a port or garbage).
create function private.address_of(raw text)
returns inet
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when a not like '%/%' and pg_input_is_valid(a, 'inet') then a::inet end
    from (select regexp_replace(btrim(raw), '^::ffff:([0-9]+\.[0-9]+\.[0-9]+\.[0-9]+)$', '\1', 'i') as a) t
$$;
comment on function private.address_of(text) is 'A plain client address (::ffff:a.b.c.d read as IPv4), or null for anything else.';
grant execute on function private.address_of(text) to service_role;

-- The full address of the client: cf-connecting-ip, else the first x-forwarded-for entry. Null when
-- absent or not a plain address.
create function private.client_address()
returns inet
language plpgsql
stable
set search_path = ''
as $$
declare
  headers text := nullif(current_setting('request.headers', true), '');
begin
  if headers is null or not pg_input_is_valid(headers, 'json') then
    return null;
  end if;
  return private.address_of(coalesce(
    nullif(btrim(headers::json ->> 'cf-connecting-ip'), ''),
    nullif(btrim(split_part(headers::json ->> 'x-forwarded-for', ',', 1)), '')
  ));
end;
$$;
comment on function private.client_address() is 'The request''s client address (cf-connecting-ip, else the first x-forwarded-for entry), or null.';

-- The network stored with an event: IPv4 to its /24, IPv6 to its /48.
create function private.client_network(address inet)
returns inet
language sql
immutable
parallel safe
set search_path = ''
as $$
  select network(set_masklen(address, case family(address) when 4 then 24 else 48 end))::inet
$$;
comment on function private.client_network(inet) is 'An address shortened to its network: IPv4 /24, IPv6 /48.';

-- What every abuse limit (analytics, orders, contact) counts by: the sender's network, an IPv4 /24
-- or an IPv6 /64, hashed; '' when unknown. One sender easily holds many addresses of one network
-- (a /64 is one home or phone; a /24 is rented by the block), so a limit keyed on the exact address
-- let one network take a shop-wide allowance alone. Each limit's shop-wide cap is set above what
-- one network can reach under its own limit, so a flood from one network never closes the shop.
create function private.limit_key(address inet)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(md5(network(set_masklen(address, case family(address) when 4 then 24 else 64 end))::text), '')
$$;
comment on function private.limit_key(inet) is 'The key abuse limits count by: md5 of the address''s network (IPv4 /24, IPv6 /64); '''' when unknown.';
grant execute on function private.limit_key(inet) to service_role;

-- Security definer: reads the product whatever the caller may see; the insert policy, checked after
-- this trigger with the caller's rights, still refuses a product the public cannot see.
create function private.analytics_event_fields()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.analytics_from_public() then
    return new;
  end if;
  new.created_at := now();
  new.ip_address := private.client_network(private.client_address());
  if tg_table_name = 'product_click_analytics' then
    new.product_name := null;
    new.product_permalink := null;
    select left(p.nombre, 300), left(p.permalink, 300)
      into new.product_name, new.product_permalink
      from public.products p
     where p.id = new.product_id;
  end if;
  return new;
end;
$$;
comment on function private.analytics_event_fields() is 'For public analytics inserts: created_at = now(), the client network, and a click''s product name and permalink from the product.';

create table private.analytics_rate (
  minute timestamptz not null,
  event_table text not null,
  -- the client's network (private.limit_key; '' when unknown); '*' counts every client together
  client text not null,
  events integer not null,
  primary key (minute, event_table, client)
);
comment on table private.analytics_rate is 'Public analytics events admitted per minute, table and client network (private.limit_key; * = everyone). Rows of past minutes are pruned.';

-- ─── Retention ────────────────────────────────────────────────────────────────────────────────
create function private.prune_analytics_rate()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from private.analytics_rate where minute < date_trunc('minute', now());
$$;
comment on function private.prune_analytics_rate() is 'Deletes the analytics throttle counts of past minutes (they are never read again).';
grant execute on function private.prune_analytics_rate() to service_role;

-- Runs once per insert statement, after its rows: refuses a statement of several public rows, then
-- counts the event for its client and for everyone and refuses it over either limit. A refusal
-- undoes the statement (and its counts), so refused attempts use up nothing.
create function private.analytics_admit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  rows_in bigint;
  this_minute timestamptz := date_trunc('minute', now());
  client_key text := private.limit_key(private.client_address());
  from_client integer;
  from_everyone integer;
begin
  if not private.analytics_from_public() then
    return null;
  end if;
  select count(*) into rows_in from new_rows;
  if rows_in = 0 then
    return null;
  end if;
  if rows_in > 1 then
    raise exception 'Solo se puede registrar un evento por solicitud.'
      using errcode = 'PT400', detail = format('Se recibieron %s eventos.', rows_in);
  end if;

  insert into private.analytics_rate as r (minute, event_table, client, events)
  values (this_minute, tg_table_name, client_key, 1)
  on conflict (minute, event_table, client) do update set events = r.events + 1
  returning r.events into from_client;
  if from_client > 120 then
    raise exception 'Demasiados eventos desde esta conexión; intenta de nuevo en un minuto.'
      using errcode = 'PT429';
  end if;

  insert into private.analytics_rate as r (minute, event_table, client, events)
  values (this_minute, tg_table_name, '*', 1)
  on conflict (minute, event_table, client) do update set events = r.events + 1
  returning r.events into from_everyone;
  if from_everyone = 1 then
    perform private.prune_analytics_rate(); -- a new minute for this table: the old counts are done
  end if;
  if from_everyone > 3000 then
    raise exception 'La tienda recibió demasiados eventos en este minuto; intenta de nuevo en un minuto.'
      using errcode = 'PT429';
  end if;
  return null;
end;
$$;
comment on function private.analytics_admit() is 'Refuses public analytics statements of several rows and events over 120 per minute per client network (private.limit_key) or 3000 per minute in all (per table).';

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

-- ─── Report building blocks ───────────────────────────────────────────────────────────────────
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
returns table(total_sesiones bigint, sesiones_con_busqueda bigint, sesiones_con_filtro bigint, sesiones_con_click bigint, conversion_busqueda_pct numeric, conversion_filtro_pct numeric, conversion_click_pct numeric, sesiones_con_pedido bigint, conversion_pedido_pct numeric)
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
    )
    select c.total, c.b, c.f, c.k,
           coalesce(round(100.0 * c.b / nullif(c.total, 0), 1), 0),
           coalesce(round(100.0 * c.f / nullif(c.total, 0), 1), 0),
           coalesce(round(100.0 * c.k / nullif(c.total, 0), 1), 0),
           o.p,
           coalesce(round(100.0 * o.p / nullif(c.total, 0), 1), 0)
      from c cross join o;
end
$$;
comment on function private.get_conversion_funnel_report(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
grant execute on function private.get_conversion_funnel_report(date, date) to authenticated, service_role;

create function public.get_conversion_funnel_report(start_date date default null::date, end_date date default null::date)
returns table(total_sesiones bigint, sesiones_con_busqueda bigint, sesiones_con_filtro bigint, sesiones_con_click bigint, conversion_busqueda_pct numeric, conversion_filtro_pct numeric, conversion_click_pct numeric, sesiones_con_pedido bigint, conversion_pedido_pct numeric)
language sql
stable
set search_path to ''
as $$ select * from private.get_conversion_funnel_report($1, $2) $$;
comment on function public.get_conversion_funnel_report(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract.';
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

-- ─── Triggers ─────────────────────────────────────────────────────────────────────────────────
create trigger search_analytics_fields
  before insert on public.search_analytics
  for each row execute function private.analytics_event_fields();

create trigger search_analytics_admit
  after insert on public.search_analytics referencing new table as new_rows
  for each statement execute function private.analytics_admit();

create trigger filter_analytics_fields
  before insert on public.filter_analytics
  for each row execute function private.analytics_event_fields();

create trigger filter_analytics_admit
  after insert on public.filter_analytics referencing new table as new_rows
  for each statement execute function private.analytics_admit();

create trigger product_click_analytics_fields
  before insert on public.product_click_analytics
  for each row execute function private.analytics_event_fields();

create trigger product_click_analytics_admit
  after insert on public.product_click_analytics referencing new table as new_rows
  for each statement execute function private.analytics_admit();

create trigger search_analytics_rollup_sessions
  after insert on public.search_analytics referencing new table as new_rows
  for each statement execute function private.analytics_rollup_sessions('search');

create trigger filter_analytics_rollup_sessions
  after insert on public.filter_analytics referencing new table as new_rows
  for each statement execute function private.analytics_rollup_sessions('filter');

create trigger product_click_analytics_rollup_sessions
  after insert on public.product_click_analytics referencing new table as new_rows
  for each statement execute function private.analytics_rollup_sessions('click');

create trigger search_analytics_rollup_totals
  after insert on public.search_analytics referencing new table as new_rows
  for each statement execute function private.search_analytics_rollup_totals();

create trigger filter_analytics_rollup_totals
  after insert on public.filter_analytics referencing new table as new_rows
  for each statement execute function private.filter_analytics_rollup_totals();

create trigger product_click_analytics_rollup_totals
  after insert on public.product_click_analytics referencing new table as new_rows
  for each statement execute function private.product_click_analytics_rollup_totals();

create trigger search_analytics_rollup_reset
  after truncate on public.search_analytics
  for each statement execute function private.analytics_rollup_reset();

create trigger filter_analytics_rollup_reset
  after truncate on public.filter_analytics
  for each statement execute function private.analytics_rollup_reset();

create trigger product_click_analytics_rollup_reset
  after truncate on public.product_click_analytics
  for each statement execute function private.analytics_rollup_reset();

create trigger refuse_write
  instead of insert or delete or update on public.product_click_summary
  for each row execute function private.refuse_view_write();

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
