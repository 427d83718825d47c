-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 25 · Announcements ('Próximamente'): what a campaign announced ahead shows before it opens, and
-- the job that opens it
--
-- Entry points: public.announced_campaigns (the shop's one read of a campaign not yet open);
-- private.open_announced_campaigns (every 20 seconds: pg_cron on hosted projects, the local stack's
-- jobs), which sets campaigns.abierta_en once when an announced campaign's inicia_en has passed.
--
-- A campaign with anuncio_desde is announced: from that day (Mexico City) the shop shows its name,
-- its teaser image and when it starts, and nothing of its products, which stay private until
-- inicia_en (private.live_campaign_ids, 02_catalogue.sql). When it opens, the job marks it: the mark
-- is a write to campaigns, so the catalogue triggers (12_publishing.sql) raise the shop's version
-- (shop_page's remembered answers) and ask for a rebuild (the static home and /proximamente drop it,
-- its products get their pages); it also notifies 'campaign_opened' with the campaign's id.
-- ═════════════════════════════════════════════════════════════════════════════════════════════

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
