-- 'Próximamente': an announced campaign (anuncio_desde) is live only from inicia_en, its start day
-- at its start hour in Mexico City; until then shoppers read its name, teaser and start alone
-- (public.announced_campaigns). A job every 20 seconds marks each one as it opens
-- (campaigns.abierta_en, once): the write asks for a rebuild and raises the shop's version. The
-- shop's remembered answers are keyed on the live campaigns too, so none computed before an opening
-- is served after it.
alter table public.campaigns add column abierta_en timestamptz;
comment on table public.campaigns is 'Time-limited sales campaigns. Public (with their products) while live: see private.live_campaign_ids. An announced campaign (anuncio_desde) shows only its name, teaser and start (public.announced_campaigns) until inicia_en.';

create or replace function private.live_campaign_ids()
returns setof uuid
language sql
stable
security definer
parallel safe
rows 50
set search_path = ''
as $$
  select c.id from public.campaigns c
   where c.fecha_fin >= public.shop_today()
     and (c.anuncio_desde is null or c.inicia_en <= now())
$$;
comment on function private.live_campaign_ids() is 'Ids of the live campaigns: fecha_fin >= shop_today() (Mexico City) and, when announced (anuncio_desde), inicia_en <= now(). The one definition of "live" that policies, shop reads and admin reads use.';
grant execute on function private.live_campaign_ids() to anon, authenticated, service_role;

-- the view lists the campaigns' columns as they were when it was made: it takes the new one
create or replace view public.live_campaigns
with (security_invoker = true)
as
select c.* from public.campaigns c where c.id in (select private.live_campaign_ids());
comment on view public.live_campaigns is 'Campaigns that are live (private.live_campaign_ids): not ended in Mexico City and, when announced, opened.';

create or replace view public.campaigns_with_products
with (security_invoker = true)
as
select
  c.id, c.nombre, c.fecha_inicio, c.fecha_fin, c.image_url, c.created_at, c.updated_at,
  (select count(*) from public.products p where p.campaign_id = c.id) as product_count,
  c.id in (select private.live_campaign_ids()) as is_live,
  -- the announcement ('Próximamente'): its day, the start hour, the teaser, the instant it opens and
  -- when it opened (the back office's form and status)
  c.anuncio_desde, c.hora_inicio, c.teaser_url, c.inicia_en, c.abierta_en
from public.campaigns c;
comment on view public.campaigns_with_products is 'Campaigns with the number of (visible) products, whether each is live (private.live_campaign_ids) and its announcement (anuncio_desde, hora_inicio, teaser_url, inicia_en, abierta_en).';
grant select on table public.campaigns_with_products to anon, authenticated;

comment on table private.shop_answers is 'shop_page answers remembered for a minute, keyed by md5 of (catalogue version, shop day, live campaigns, arguments).';

create or replace function private.shop_page_remembered(p_category_id uuid, p_subcategory_id uuid, p_brand_id uuid, p_campaign_id uuid, p_price_range text, p_size_name text, p_search_term text, p_offset integer, p_limit integer, p_sort text default null)
returns jsonb
language plpgsql
volatile security definer
set search_path to ''
as $$
declare
  v_key text := md5(jsonb_build_array((select v.version from private.shop_version v), public.shop_today(),
    (select array_agg(live.id order by live.id) from private.live_campaign_ids() as live(id)),
    p_category_id, p_subcategory_id, p_brand_id, p_campaign_id, p_price_range, p_size_name, p_search_term, p_offset, p_limit,
    p_sort)::text);
  v_answer jsonb;
begin
  select a.answer into v_answer from private.shop_answers a where a.key = v_key and a.created_at > now() - interval '1 minute';
  if found then
    return v_answer;
  end if;
  v_answer := private.shop_query(p_category_id, p_subcategory_id, p_brand_id, p_campaign_id, p_price_range, p_size_name,
    p_search_term, p_offset, p_limit, array['categories', 'subcategories', 'brands', 'campaigns', 'sizes', 'price_ranges'], p_sort);
  insert into private.shop_answers as a (key, answer) values (v_key, v_answer)
  on conflict (key) do update set answer = excluded.answer, created_at = excluded.created_at;
  -- about one computation in a hundred also forgets the answers older than a minute, so the table
  -- holds about a minute of distinct states however many searches are typed
  if random() < 0.01 then
    delete from private.shop_answers a where a.created_at < now() - interval '1 minute';
  end if;
  return v_answer;
end
$$;
comment on function private.shop_page_remembered(uuid, uuid, uuid, uuid, text, text, text, integer, integer, text) is
  'shop_page''s answer from private.shop_answers when computed in the last minute for the same catalogue version, day and live campaigns, else computed by private.shop_query and remembered.';
grant execute on function private.shop_page_remembered(uuid, uuid, uuid, uuid, text, text, text, integer, integer, text) to anon, authenticated, service_role;

create or replace function public.publication_state()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'pending', (select count(*) from public.rebuild_requests r where r.status = 'pending'),
    'last', (
      select jsonb_build_object('status', p.status, 'finished_at', p.finished_at)
      from public.publications p
      where p.status in ('published', 'failed')
      order by p.finished_at desc
      limit 1
    ),
    'campaigns', coalesce((
      select jsonb_agg(jsonb_build_object('start', c.fecha_inicio, 'end', c.fecha_fin, 'announce', c.anuncio_desde,
                                          'opens', case when c.anuncio_desde is not null then c.inicia_en end)
                       order by c.fecha_inicio)
      from public.campaigns c
    ), '[]'::jsonb)
  )
$$;
comment on function public.publication_state() is
  'What npm run publish:check decides on: pending rebuild requests, the last finished publication and every campaign''s dates (start, end, announce: the announcement''s day, opens: an announced campaign''s opening instant). Service role only.';

-- ─── What a shopper reads of an announced campaign ────────────────────────────────────────────
-- The campaigns announced today or earlier (Mexico City) that have not opened yet, soonest first:
-- their id, name, opening instant, last day and teaser, and nothing else (no product, no count, not
-- the campaign's own image). Owner's rights: shoppers cannot read a campaign before it is live.
create function private.announced_campaigns()
returns table (id uuid, nombre text, inicia_en timestamptz, fecha_fin date, teaser_url text)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.nombre, c.inicia_en, c.fecha_fin, c.teaser_url
    from public.campaigns c
   where c.anuncio_desde is not null
     and c.anuncio_desde <= public.shop_today()
     and c.inicia_en > now()
   order by c.inicia_en, c.nombre, c.id
$$;
comment on function private.announced_campaigns() is
  'Campaigns announced today or earlier (Mexico City) and not open yet, soonest first: id, nombre, inicia_en, fecha_fin, teaser_url only. Called by public.announced_campaigns.';
grant execute on function private.announced_campaigns() to anon, authenticated, service_role;

create function public.announced_campaigns()
returns table (id uuid, nombre text, inicia_en timestamptz, fecha_fin date, teaser_url text)
language sql
stable
security invoker
set search_path = ''
as $$
  select a.id, a.nombre, a.inicia_en, a.fecha_fin, a.teaser_url from private.announced_campaigns() a
$$;
comment on function public.announced_campaigns() is
  '''Próximamente'': the campaigns announced and not open yet (id, nombre, inicia_en, fecha_fin, teaser_url), soonest first. The only read of a campaign before it opens; never its products or their count.';
grant execute on function public.announced_campaigns() to anon, authenticated;

-- ─── The opening mark ─────────────────────────────────────────────────────────────────────────
-- abierta_en is the job's to write: through the API it keeps what it was (null for a new campaign).
-- A campaign whose start is still ahead has not opened, so moving an opened campaign's start into
-- the future clears the mark, and the job marks it again (with a new rebuild) when it opens.
create function private.keep_campaign_opening()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    new.abierta_en := case when tg_op = 'UPDATE' then old.abierta_en end;
  end if;
  if new.abierta_en is not null and ((new.fecha_inicio + new.hora_inicio) at time zone 'America/Mexico_City') > now() then
    new.abierta_en := null;
  end if;
  return new;
end
$$;
comment on function private.keep_campaign_opening() is
  'Before a campaign is written: abierta_en keeps its value through the API (only the opening job sets it) and is cleared while the start is still ahead.';

create trigger campaigns_keep_opening
  before insert or update on public.campaigns
  for each row execute function private.keep_campaign_opening();

-- The campaigns the job has to open, found without reading the others.
create index campaigns_to_open_idx on public.campaigns (inicia_en) where anuncio_desde is not null and abierta_en is null;

-- ─── Asking for a publication at once (hosted projects) ───────────────────────────────────────
-- Locally the rebuild worker hears the rebuild request the mark writes (LISTEN/NOTIFY) and publishes
-- within seconds. A hosted project's publications are dispatched by the request-rebuild function:
-- when the project has pg_net and two Vault secrets, 'project_url' (https://<ref>.supabase.co) and
-- 'service_role_key', the job calls it, as the back office does after an edit (docs/deploying.md);
-- without them the hourly scheduled publication carries the opening. Returns whether it asked.
create function private.request_publication_now()
returns boolean
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_url text;
  v_key text;
begin
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null
     or to_regclass('vault.decrypted_secrets') is null then
    return false;
  end if;
  execute $q$select (select s.decrypted_secret from vault.decrypted_secrets s where s.name = 'project_url' limit 1),
                    (select s.decrypted_secret from vault.decrypted_secrets s where s.name = 'service_role_key' limit 1)$q$
    into v_url, v_key;
  if coalesce(v_url, '') = '' or coalesce(v_key, '') = '' then
    return false;
  end if;
  -- sent by pg_net once this transaction commits
  execute 'select net.http_post(url := $1, body := $2, headers := $3)'
    using rtrim(v_url, '/') || '/functions/v1/request-rebuild',
          jsonb_build_object('trigger', 'schedule'),
          jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || v_key);
  return true;
end
$$;
comment on function private.request_publication_now() is
  'Calls the request-rebuild function through pg_net with the Vault secrets project_url and service_role_key, when the project has them (hosted); false otherwise (the local worker hears the rebuild request itself).';

-- ─── The job ──────────────────────────────────────────────────────────────────────────────────
-- Every announced campaign whose opening instant has passed and that is not marked yet (and has not
-- ended) gets abierta_en = now(), once. Nothing to open writes nothing: the update, whose statement
-- trigger asks for a rebuild even when it changes no row, runs only when a campaign is due.
create function private.open_announced_campaigns()
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_ids uuid[];
begin
  if not exists (
    select 1 from public.campaigns c
     where c.anuncio_desde is not null and c.abierta_en is null and c.inicia_en <= now() and c.fecha_fin >= public.shop_today()
  ) then
    return 0;
  end if;
  with opened as (
    update public.campaigns c
       set abierta_en = now()
     where c.anuncio_desde is not null and c.abierta_en is null and c.inicia_en <= now() and c.fecha_fin >= public.shop_today()
    returning c.id
  )
  select coalesce(array_agg(o.id), '{}') into v_ids from opened o;
  -- one notification per campaign opened, for whoever tells shoppers (after the commit, like any NOTIFY)
  perform pg_notify('campaign_opened', o.id::text) from unnest(v_ids) as o(id);
  if cardinality(v_ids) > 0 then
    perform private.request_publication_now();
  end if;
  return cardinality(v_ids);
end
$$;
comment on function private.open_announced_campaigns() is
  'Marks every announced campaign whose inicia_en has passed (and not ended) as opened, once (abierta_en = now()): the write asks for a rebuild and raises the shop''s version; notifies campaign_opened with each id; asks for a publication at once where the project allows (private.request_publication_now). Returns how many opened. Run every 20 seconds (pg_cron on hosted projects, the local stack''s jobs).';

-- Hosted projects run the job with pg_cron every 20 seconds; a database without pg_cron (the local
-- stack's) runs it from scripts/stack/jobs.ts on the same schedule.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    execute $cron$select cron.schedule('open-announced-campaigns', '20 seconds', 'select private.open_announced_campaigns()')$cron$;
  end if;
end
$$;
