-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 14 · Analytics ingest: the events shoppers record, checked and rate limited
--
-- Entry points: inserts into public.search_analytics, public.filter_analytics and
-- public.product_click_analytics (anyone may insert one event per statement; only staff read),
-- public.analytics_filter_types. private.client_address and private.limit_key are shared: the
-- abuse limits of orders and contact messages count by the same client network.
-- The database sets each public event's time and client network (and a click's product name and
-- permalink) and refuses more than 120 events of one kind a minute from one client network, or
-- 3000 in all (private.analytics_rate). The totals kept from these events are in
-- 15_analytics_rollups.sql; who may insert what is checked by the policies in 23_policies.sql.
-- ═════════════════════════════════════════════════════════════════════════════════════════════

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

create trigger search_analytics_fields
  before insert on public.search_analytics
  for each row execute function private.analytics_event_fields();

create trigger filter_analytics_fields
  before insert on public.filter_analytics
  for each row execute function private.analytics_event_fields();

create trigger product_click_analytics_fields
  before insert on public.product_click_analytics
  for each row execute function private.analytics_event_fields();

create table private.analytics_rate (
  minute timestamptz not null,
  event_table text not null,
  -- the client's network (private.limit_key; '' when unknown); '*' counts every client together
  client text not null,
  events integer not null,
  primary key (minute, event_table, client)
);
comment on table private.analytics_rate is 'Public analytics events admitted per minute, table and client network (private.limit_key; * = everyone). Rows of past minutes are pruned.';

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

create trigger search_analytics_admit
  after insert on public.search_analytics referencing new table as new_rows
  for each statement execute function private.analytics_admit();

create trigger filter_analytics_admit
  after insert on public.filter_analytics referencing new table as new_rows
  for each statement execute function private.analytics_admit();

create trigger product_click_analytics_admit
  after insert on public.product_click_analytics referencing new table as new_rows
  for each statement execute function private.analytics_admit();

-- ─── The rate counts of past minutes ──────────────────────────────────────────────────────────
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
