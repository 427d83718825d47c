-- 'Próximamente': a campaign can be announced ahead of its start (the day the announcement goes
-- up, and a teaser image), and opens at an hour of its start day, Mexico City. inicia_en is that
-- instant, kept by the database so every rule reads one value.
alter table public.campaigns
  add column anuncio_desde date,
  add column hora_inicio time not null default '00:00',
  add column teaser_url text,
  add column inicia_en timestamptz generated always as ((fecha_inicio + hora_inicio) at time zone 'America/Mexico_City') stored,
  add constraint campaigns_anuncio_check check (anuncio_desde is null or (fecha_inicio is not null and anuncio_desde <= fecha_inicio));

-- the view lists the campaigns' columns as they were when it was made: it takes the new ones
create or replace view public.live_campaigns
with (security_invoker = true)
as
select c.* from public.campaigns c where c.id in (select private.live_campaign_ids());
