-- ─── Analytics events the reports can trust ──────────────────────────────────────────────────
-- The shop records searches, filters and product clicks with the public key. For those requests
-- (roles anon and authenticated without the admin claim) the database, not the caller, decides:
--   * created_at is the server's now(); the caller's value is ignored;
--   * a click's product_name and product_permalink are the product's own (the product must be
--     publicly visible, as the insert policy already requires);
--   * ip_address is the client's network, read from the request headers PostgREST passes in
--     (cf-connecting-ip, which Supabase's edge sets, else the first x-forwarded-for entry, which the
--     local gateway sets to the socket's address) and shortened (IPv4 /24, IPv6 /48); unparsable → null;
--   * one event per request: a statement carrying more than one row is refused whole;
--   * a throttle keyed on what the caller cannot choose: at most 120 events of one kind per minute
--     from one client address, and at most 3000 of one kind per minute from everyone together.
-- Admins, the service role and direct database connections (seeds, scheduled jobs) are trusted:
-- they may insert many rows at once and set created_at, which is how history is backfilled.
--
-- Why these numbers. A shopper produces a few events of one kind a minute at most (a search after
-- 800 ms without typing and never the same term twice, one per filter chosen, one per card opened),
-- rarely more than 10. 120 a minute from one address leaves room for a dozen very busy shoppers at
-- once behind one shared address (a mall or office network, a mobile carrier's shared address) while
-- a script gets 2 events a second. 3000 a minute (50 a second) per kind is far above what an outlet's
-- live traffic produces (hundreds of shoppers browsing at once) and bounds a flood from many
-- addresses to 4.3 million rows a day per table, which retention then trims.
--
-- The counts live in private.analytics_rate, one row per (minute, table, client) plus one per
-- (minute, table) for everyone ('*'); rows of past minutes are deleted when a table's minute starts,
-- and by private.prune_analytics_rate(), which a scheduled job may also call.
-- Refusals are errors with Spanish messages and an HTTP status PostgREST passes on (SQLSTATE PTnnn):
-- 400 for several rows at once, 429 over a limit. Nothing else of the API is affected.

-- ─── Who is the public ───────────────────────────────────────────────────────────────────────
-- PostgREST switches to the request's role with SET ROLE, which current_setting('role') reports even
-- inside a security definer function (current_user is then the owner).
create or replace function private.analytics_from_public()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(current_setting('role', true), 'none') in ('anon', 'authenticated') and not public.is_admin()
$$;
comment on function private.analytics_from_public() is
  'True when the current request is an anon or signed-in non-admin API request (the public).';

-- ─── The client's address ────────────────────────────────────────────────────────────────────
-- The full address of the client: cf-connecting-ip, else the first x-forwarded-for entry (an IPv4
-- address written as IPv6, ::ffff:a.b.c.d, counts as the IPv4 address). Null when absent or not a
-- plain address (a mask, a port or garbage).
create or replace function private.client_address()
returns inet
language plpgsql
stable
set search_path = ''
as $$
declare
  headers text := nullif(current_setting('request.headers', true), '');
  raw text;
begin
  if headers is null or not pg_input_is_valid(headers, 'json') then
    return null;
  end if;
  raw := coalesce(
    nullif(btrim(headers::json ->> 'cf-connecting-ip'), ''),
    nullif(btrim(split_part(headers::json ->> 'x-forwarded-for', ',', 1)), '')
  );
  raw := regexp_replace(raw, '^::ffff:([0-9]+\.[0-9]+\.[0-9]+\.[0-9]+)$', '\1', 'i');
  if raw is null or raw like '%/%' or not pg_input_is_valid(raw, 'inet') then
    return null;
  end if;
  return raw::inet;
end;
$$;
comment on function private.client_address() is
  'The request''s client address (cf-connecting-ip, else the first x-forwarded-for entry), or null.';

-- The network stored with an event: IPv4 to its /24, IPv6 to its /48.
create or replace function private.client_network(address inet)
returns inet
language sql
immutable
parallel safe
set search_path = ''
as $$
  select network(set_masklen(address, case family(address) when 4 then 24 else 48 end))::inet
$$;
comment on function private.client_network(inet) is 'An address shortened to its network: IPv4 /24, IPv6 /48.';

-- ─── Fields the database sets on a public event ──────────────────────────────────────────────
-- Security definer: reads the product whatever the caller may see; the insert policy, checked after
-- this trigger with the caller's rights, still refuses a product the public cannot see.
create or replace function private.analytics_event_fields()
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
comment on function private.analytics_event_fields() is
  'For public analytics inserts: created_at = now(), the client network, and a click''s product name and permalink from the product.';

-- ─── One event per request, and the throttle ─────────────────────────────────────────────────
create table private.analytics_rate (
  minute timestamptz not null,
  event_table text not null,
  -- md5 of the client's full address ('' when unknown); '*' counts every client together
  client text not null,
  events integer not null,
  primary key (minute, event_table, client)
);
comment on table private.analytics_rate is
  'Public analytics events admitted per minute, table and client (md5 of the address; * = everyone). Rows of past minutes are pruned.';
revoke all on private.analytics_rate from public, anon, authenticated;

create or replace function private.prune_analytics_rate()
returns void
language sql
security definer
set search_path = ''
as $$
  delete from private.analytics_rate where minute < date_trunc('minute', now());
$$;
comment on function private.prune_analytics_rate() is
  'Deletes the analytics throttle counts of past minutes (they are never read again).';
revoke execute on function private.prune_analytics_rate() from public, anon, authenticated;
grant execute on function private.prune_analytics_rate() to service_role;

-- Runs once per insert statement, after its rows: refuses a statement of several public rows, then
-- counts the event for its client and for everyone and refuses it over either limit. A refusal
-- undoes the statement (and its counts), so refused attempts use up nothing.
create or replace function private.analytics_admit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  rows_in bigint;
  this_minute timestamptz := date_trunc('minute', now());
  client_key text := coalesce(md5(host(private.client_address())), '');
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
comment on function private.analytics_admit() is
  'Refuses public analytics statements of several rows and events over 120 per minute per client address or 3000 per minute in all (per table).';

revoke execute on function private.analytics_from_public(), private.client_address(), private.client_network(inet),
  private.analytics_event_fields(), private.analytics_admit() from public, anon, authenticated;

-- ─── Triggers (the per-session throttle is replaced: the session id is the caller's choice) ───
drop trigger search_analytics_throttle on public.search_analytics;
drop trigger filter_analytics_throttle on public.filter_analytics;
drop trigger product_click_analytics_throttle on public.product_click_analytics;
drop function public.analytics_throttle();

do $$
declare
  t text;
begin
  foreach t in array array['search_analytics', 'filter_analytics', 'product_click_analytics'] loop
    execute format(
      'create trigger %I before insert on public.%I for each row execute function private.analytics_event_fields()',
      t || '_fields', t
    );
    execute format(
      'create trigger %I after insert on public.%I referencing new table as new_rows for each statement execute function private.analytics_admit()',
      t || '_admit', t
    );
  end loop;
end
$$;

-- ─── Insert policies: the time and a click's product fields are no longer the caller's ───────
drop policy search_analytics_public_insert on public.search_analytics;
create policy search_analytics_public_insert on public.search_analytics
  for insert to anon, authenticated
  with check (
    char_length(btrim(search_term)) between 1 and 200
    and char_length(session_id) between 8 and 100
    and session_id ~ '^[A-Za-z0-9_.:-]+$'
    and (user_agent is null or char_length(user_agent) <= 500)
    and (page_url is null or (char_length(page_url) <= 2000 and page_url ~* '^(https?://|/)'))
  );

drop policy filter_analytics_public_insert on public.filter_analytics;
create policy filter_analytics_public_insert on public.filter_analytics
  for insert to anon, authenticated
  with check (
    filter_type = any (public.analytics_filter_types())
    and char_length(btrim(filter_value)) between 1 and 200
    and char_length(session_id) between 8 and 100
    and session_id ~ '^[A-Za-z0-9_.:-]+$'
    and (user_agent is null or char_length(user_agent) <= 500)
    and (page_url is null or (char_length(page_url) <= 2000 and page_url ~* '^(https?://|/)'))
  );

drop policy product_click_analytics_public_insert on public.product_click_analytics;
create policy product_click_analytics_public_insert on public.product_click_analytics
  for insert to anon, authenticated
  with check (
    product_id is not null
    -- evaluated with the caller's rights: the product must exist and be publicly visible
    and exists (select 1 from public.products p where p.id = product_click_analytics.product_id)
    and char_length(session_id) between 8 and 100
    and session_id ~ '^[A-Za-z0-9_.:-]+$'
    and (user_agent is null or char_length(user_agent) <= 500)
    and (page_url is null or (char_length(page_url) <= 2000 and page_url ~* '^(https?://|/)'))
    and (referrer_url is null or char_length(referrer_url) <= 2000)
  );
