-- An email is told nothing until its owner confirms it (double opt-in): anyone can type any address,
-- and the shop writes only to someone who asked. The requests of an email not yet confirmed wait,
-- one message asks to confirm it, and confirming turns them into subscriptions.

-- ─── Emails confirmed first ───────────────────────────────────────────────────────────────────
-- Anyone can type any address, and the shop writes only to someone who asked: an email is told
-- nothing until its owner confirms it (double opt-in). The requests of an email not yet confirmed
-- wait in private.alert_email_requests, and one message asks to confirm it (/avisos/confirmar?t=…,
-- at most one a day per email); confirming turns every waiting request into a subscription (with
-- the time it was asked), and later requests of a confirmed email are subscriptions at once.
-- Requests never confirmed go after 7 days.
create table private.alert_emails (
  email text primary key check (char_length(email) <= 254),
  -- the confirmation link's key
  token uuid not null unique default gen_random_uuid(),
  confirmada_en timestamptz,
  -- the last request of this email (one waiting for the confirmation asks for its message again)
  pedida_en timestamptz not null default now(),
  -- when the confirmation message was last claimed for sending
  enviada_en timestamptz,
  -- failed tries of that message in a row (the mail server refused it for a while): tried again a
  -- minute later, up to 3 tries in all
  fallos smallint not null default 0,
  created_at timestamptz not null default now()
);
comment on table private.alert_emails is 'Each email that asked for alerts: its confirmation link token, when it was confirmed (nothing is sent to it before), last asked, and when the confirmation message was last sent (at most once a day; a failed one tried again a minute later, 3 tries in all). Deleted with the email''s requests, 7 days after an unconfirmed ask, dias_max days after a confirmed one''s last.';
create index alert_emails_due_idx on private.alert_emails (pedida_en) where confirmada_en is null;

create table private.alert_email_requests (
  id uuid primary key default gen_random_uuid(),
  email text not null references private.alert_emails (email) on delete cascade,
  tipo text not null check (tipo in ('campana', 'talla', 'termina')),
  campaign_id uuid references public.campaigns (id) on delete cascade,
  product_id uuid references public.products (id) on delete cascade,
  size_id uuid references public.product_sizes (id) on delete cascade,
  created_at timestamptz not null default now()
);
comment on table private.alert_email_requests is 'Alert requests of an email not yet confirmed (as alert_subscriptions would hold them): subscriptions once the email is confirmed; deleted after 7 days otherwise.';
create unique index alert_email_requests_once on private.alert_email_requests
  (email, tipo, coalesce(campaign_id, product_id), coalesce(size_id, '00000000-0000-0000-0000-000000000000'::uuid));
create index alert_email_requests_created_idx on private.alert_email_requests (created_at);
-- a campaign, product or size deleted takes its waiting requests (the foreign keys' cascades)
create index alert_email_requests_campaign_idx on private.alert_email_requests (campaign_id) where campaign_id is not null;
create index alert_email_requests_product_idx on private.alert_email_requests (product_id) where product_id is not null;
create index alert_email_requests_size_idx on private.alert_email_requests (size_id) where size_id is not null;

alter table private.alert_emails enable row level security;
alter table private.alert_email_requests enable row level security;

-- Every request of one contact carries the same unsubscribe token, so each message's link deletes
-- them all, those asked after it too: the token its requests carry, else its last message's (while
-- the delivery keeps it), else a new one. p_contacto: md5 of the endpoint or the email.
create function private.contact_token(p_contacto text)
returns uuid
language sql
volatile
set search_path = ''
as $$
  select coalesce(
    (select s.token from private.alert_subscriptions s where s.contacto = p_contacto limit 1),
    (select d.token from private.alert_deliveries d
      where d.contacto = p_contacto and d.token is not null
      order by d.created_at desc limit 1),
    gen_random_uuid())
$$;
comment on function private.contact_token(text) is 'The unsubscribe token of a contact (md5 of endpoint or email): its requests'', else its last message''s, else a new one.';

create or replace function private.subscribe_alert(p_tipo text, p_ids uuid[], p_talla text, p_email text, p_push jsonb)
returns integer
language plpgsql
volatile
security definer -- writes the subscriptions, which shoppers cannot read or write
set search_path = ''
as $$
declare
  v_contact record;
  v_token uuid;
  v_size public.product_sizes;
  v_product public.products;
  v_campaign public.campaigns;
  v_count integer;
begin
  if p_tipo is null or p_tipo not in ('campana', 'talla', 'termina') then
    raise exception 'Tipo de aviso no válido.' using errcode = 'PT400';
  end if;
  if p_ids is null or cardinality(p_ids) = 0 or array_position(p_ids, null) is not null
     or cardinality(p_ids) > (case when p_tipo = 'termina' then 100 else 1 end) then
    raise exception 'El aviso no dice sobre qué avisarte.' using errcode = 'PT400';
  end if;
  if char_length(p_talla) > 50 then
    raise exception 'Talla no válida.' using errcode = 'PT400';
  end if;
  select * into v_contact from private.alert_contact(p_email, p_push);
  perform private.admit_alert_request();
  -- at most 200 requests wait for one contact
  if (select count(*) from private.alert_subscriptions s
       where s.contacto = md5(coalesce(v_contact.endpoint, v_contact.email)))
     + (select count(*) from private.alert_email_requests r where r.email = v_contact.email) + cardinality(p_ids) > 200 then
    raise exception 'Ya tienes muchos avisos pendientes. Borra algunos en /avisos.' using errcode = 'PT429';
  end if;

  if p_tipo = 'campana' then
    select * into v_campaign from public.campaigns c where c.id = p_ids[1];
    if not found or v_campaign.anuncio_desde is null or v_campaign.anuncio_desde > public.shop_today()
       or v_campaign.fecha_fin < public.shop_today() then
      raise exception 'No encontramos esa campaña.' using errcode = 'PT404';
    end if;
    if v_campaign.inicia_en <= now() then
      raise exception 'Esta campaña ya empezó: entra a verla.' using errcode = 'PT409';
    end if;
  elsif p_tipo = 'talla' then
    select * into v_product from public.products p
     where p.id = p_ids[1] and p.campaign_id in (select private.live_campaign_ids());
    if not found then
      raise exception 'Este producto ya no está disponible.' using errcode = 'PT404';
    end if;
    if nullif(btrim(p_talla), '') is not null then
      select * into v_size from public.product_sizes z
       where z.product_id = v_product.id and lower(btrim(z.talla)) = lower(btrim(p_talla));
      if not found then
        raise exception 'Este producto no tiene la talla %.', btrim(p_talla) using errcode = 'PT404';
      end if;
      if v_size.existencias > v_size.apartadas then
        raise exception 'La talla % está disponible: puedes comprarla ahora.', btrim(v_size.talla) using errcode = 'PT409';
      end if;
    elsif not v_product.agotado then
      raise exception 'Este producto está disponible: puedes comprarlo ahora.' using errcode = 'PT409';
    end if;
  end if;

  -- an email not yet confirmed: the requests wait for the confirmation (sent by send-alerts)
  if v_contact.canal = 'email' then
    insert into private.alert_emails as e (email) values (v_contact.email)
    on conflict (email) do update set pedida_en = now();
    if (select e.confirmada_en from private.alert_emails e where e.email = v_contact.email) is null then
      insert into private.alert_email_requests (email, tipo, campaign_id, product_id, size_id)
      select v_contact.email, p_tipo,
             case when p_tipo = 'campana' then p_ids[1] end,
             case when p_tipo <> 'campana' then t.id end,
             case when p_tipo = 'talla' then v_size.id end
        from unnest(p_ids) as t(id)
       where p_tipo <> 'termina'
          or t.id in (select p.id from public.products p where p.campaign_id in (select private.live_campaign_ids()))
      on conflict do nothing;
      select count(*) into v_count from private.alert_email_requests r
       where r.email = v_contact.email and r.tipo = p_tipo and coalesce(r.campaign_id, r.product_id) = any (p_ids);
      if v_count = 0 then
        raise exception 'Esos productos ya no están disponibles.' using errcode = 'PT404';
      end if;
      return v_count;
    end if;
  end if;

  v_token := private.contact_token(md5(coalesce(v_contact.endpoint, v_contact.email)));
  -- a browser may renew its subscription's keys: every request of the endpoint takes the new ones
  if v_contact.canal = 'push' then
    update private.alert_subscriptions s set p256dh = v_contact.p256dh, auth = v_contact.auth
     where s.endpoint = v_contact.endpoint and (s.p256dh, s.auth) is distinct from (v_contact.p256dh, v_contact.auth);
  end if;

  insert into private.alert_subscriptions (canal, endpoint, p256dh, auth, email, tipo, campaign_id, product_id, size_id, token)
  select v_contact.canal, v_contact.endpoint, v_contact.p256dh, v_contact.auth, v_contact.email, p_tipo,
         case when p_tipo = 'campana' then p_ids[1] end,
         case when p_tipo <> 'campana' then t.id end,
         case when p_tipo = 'talla' then v_size.id end,
         v_token
    from unnest(p_ids) as t(id)
   where p_tipo <> 'termina'
      or t.id in (select p.id from public.products p where p.campaign_id in (select private.live_campaign_ids()))
  on conflict do nothing;

  select count(*) into v_count from private.alert_subscriptions s
   where s.contacto = md5(coalesce(v_contact.endpoint, v_contact.email)) and s.tipo = p_tipo
     and coalesce(s.campaign_id, s.product_id) = any (p_ids);
  if v_count = 0 then
    raise exception 'Esos productos ya no están disponibles.' using errcode = 'PT404';
  end if;
  return v_count;
end
$$;
comment on function private.subscribe_alert(text, uuid[], text, text, jsonb) is 'Stores an alert request after its checks (campaign announced and not open; size or product not for sale now; live favourites) and limits (20 requests per network in 10 minutes, 5,000 in all, 200 waiting per contact); an email not yet confirmed keeps it waiting (private.alert_email_requests); idempotent. Called by public.subscribe_alert.';
grant execute on function private.subscribe_alert(text, uuid[], text, text, jsonb) to anon, authenticated;

create or replace function private.unsubscribe_alerts(p_token uuid)
returns integer
language sql
volatile
security definer -- deletes subscriptions, which shoppers cannot read
set search_path = ''
as $$
  with gone as (delete from private.alert_subscriptions s where s.token = p_token returning s.email),
  forgotten as (delete from private.alert_emails e where e.email in (select gone.email from gone))
  select count(*)::integer from gone
$$;
comment on function private.unsubscribe_alerts(uuid) is 'Deletes every alert request carrying the token (one per contact; every message''s unsubscribe link), and the confirmation of its email; answers how many. Called by public.unsubscribe_alerts.';
grant execute on function private.unsubscribe_alerts(uuid) to anon, authenticated;

create or replace function private.delete_my_alerts(p_email text, p_endpoint text, p_tipo text)
returns void
language plpgsql
volatile
security definer -- deletes subscriptions, which shoppers cannot read
set search_path = ''
as $$
declare
  v_email text := lower(nullif(btrim(p_email), ''));
  v_endpoint text := nullif(btrim(p_endpoint), '');
begin
  if (v_email is null) = (v_endpoint is null) or char_length(v_email) > 254 or char_length(v_endpoint) > 1000 then
    raise exception 'Escribe tu correo, o borra los avisos de este dispositivo.' using errcode = 'PT400';
  end if;
  perform private.admit_alert_request();
  delete from private.alert_subscriptions s
   where s.contacto = md5(coalesce(v_endpoint, v_email)) and (p_tipo is null or s.tipo = p_tipo);
  delete from private.alert_email_requests r where r.email = v_email and (p_tipo is null or r.tipo = p_tipo);
  -- all of an email's requests deleted: its confirmation goes too
  if p_tipo is null then
    delete from private.alert_emails e where e.email = v_email;
  end if;
end
$$;
comment on function private.delete_my_alerts(text, text, text) is 'Deletes every alert request of an email (waiting ones too, and with every kind its confirmation) or a push endpoint (of one kind with p_tipo), counted by the request limits; answers nothing. Called by public.delete_my_alerts.';
grant execute on function private.delete_my_alerts(text, text, text) to anon, authenticated;

create function private.confirm_alert_email(p_token uuid)
returns text
language plpgsql
volatile
security definer -- writes the subscriptions, which shoppers cannot read or write
set search_path = ''
as $$
declare
  v_email text;
  v_token uuid;
begin
  perform private.admit_alert_request();
  update private.alert_emails e set confirmada_en = coalesce(e.confirmada_en, now())
   where e.token = p_token
  returning e.email into v_email;
  if v_email is null then
    return null;
  end if;
  v_token := private.contact_token(md5(v_email));
  insert into private.alert_subscriptions (canal, email, tipo, campaign_id, product_id, size_id, token, created_at)
  select 'email', r.email, r.tipo, r.campaign_id, r.product_id, r.size_id, v_token, r.created_at
    from private.alert_email_requests r
   where r.email = v_email
  on conflict do nothing;
  delete from private.alert_email_requests r where r.email = v_email;
  return v_email;
end
$$;
comment on function private.confirm_alert_email(uuid) is 'Confirms the email of a confirmation link (once) and turns its waiting requests into subscriptions; answers the email, null for an unknown link; counted by the request limits. Called by public.confirm_alert_email.';
grant execute on function private.confirm_alert_email(uuid) to anon, authenticated;

create function public.confirm_alert_email(p_token uuid)
returns text
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.confirm_alert_email(p_token)
$$;
comment on function public.confirm_alert_email(uuid) is 'The confirmation link of an email''s alerts (/avisos/confirmar?t=…): confirms it and its waiting requests (private.confirm_alert_email); answers the email, null for an unknown link.';
grant execute on function public.confirm_alert_email(uuid) to anon, authenticated;

create function private.confirmation_due(e private.alert_emails)
returns boolean
language sql
stable
set search_path = ''
as $$
  select e.confirmada_en is null
     and (e.enviada_en is null
          or (e.pedida_en > e.enviada_en and e.enviada_en < now() - interval '1 day')
          or (e.fallos between 1 and 2 and e.enviada_en < now() - interval '1 minute'))
     and exists (select 1 from private.alert_email_requests r where r.email = e.email)
$$;
comment on function private.confirmation_due(private.alert_emails) is 'True when an email waits for its confirmation message: requests waiting, not confirmed, and asked after the last message, which is more than a day old or was never sent, or the last one failed a minute ago or more (3 tries in all).';

create function public.claim_alert_confirmations(p_limit integer default 100)
returns jsonb
language plpgsql
volatile
security definer -- the service role's: reads and writes the private alert tables
set search_path = ''
as $$
declare
  v_out jsonb;
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    raise exception 'No autorizado' using errcode = '42501';
  end if;
  with due as (
    select e.email from private.alert_emails e
     where e.confirmada_en is null and private.confirmation_due(e)
     order by e.pedida_en
     limit least(greatest(coalesce(p_limit, 100), 1), 1000)
       for update skip locked
  ), claimed as (
    update private.alert_emails e set enviada_en = now() from due where e.email = due.email
    returning e.email, e.token
  )
  select coalesce(jsonb_agg(jsonb_build_object(
           'email', claimed.email,
           'token', claimed.token,
           'pedidos', (select coalesce(jsonb_agg(jsonb_build_object('tipo', x.tipo, 'campana', x.campana, 'producto', x.producto,
                                                                    'talla', x.talla) order by x.created_at), '[]'::jsonb)
                         from (select r.tipo, r.created_at, c.nombre as campana, p.nombre as producto, btrim(z.talla) as talla
                                 from private.alert_email_requests r
                                 left join public.campaigns c on c.id = r.campaign_id
                                 left join public.products p on p.id = r.product_id
                                 left join public.product_sizes z on z.id = r.size_id
                                where r.email = claimed.email
                                order by r.created_at
                                limit 10) x))), '[]'::jsonb)
    into v_out from claimed;
  return v_out;
end
$$;
comment on function public.claim_alert_confirmations(integer) is 'Service role (send-alerts): claims up to p_limit confirmation messages due (private.confirmation_due), marking them sent; answers [{email, token, pedidos: what it asked for, at most 10}].';
revoke execute on function public.claim_alert_confirmations(integer) from public;
grant execute on function public.claim_alert_confirmations(integer) to service_role;

-- What became of claimed confirmation messages: p_results [{email, estado: enviado | fallido |
-- sin_destino}]. Sent: done. Failed (the mail server refused it for a while): tried again a minute
-- later, up to 3 tries in all. sin_destino (the server says the address does not exist): the email
-- and what it asked for are deleted. Answers how many it recorded.
create function public.finish_alert_confirmations(p_results jsonb)
returns integer
language plpgsql
volatile
security definer -- the service role's: writes the private alert tables
set search_path = ''
as $$
declare
  v_count integer;
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    raise exception 'No autorizado' using errcode = '42501';
  end if;
  if jsonb_typeof(p_results) is distinct from 'array' then
    raise exception 'Resultados no válidos.' using errcode = 'PT400';
  end if;
  with results as (
    select lower(e ->> 'email') as email, e ->> 'estado' as estado
      from jsonb_array_elements(p_results) e
     where jsonb_typeof(e) = 'object' and e ->> 'estado' in ('enviado', 'fallido', 'sin_destino')
  ), recorded as (
    update private.alert_emails a
       set fallos = case when r.estado = 'fallido' then a.fallos + 1 else 0 end
      from results r
     where a.email = r.email and r.estado <> 'sin_destino'
    returning 1
  ), gone as (
    delete from private.alert_emails a using results r
     where a.email = r.email and r.estado = 'sin_destino' and a.confirmada_en is null
    returning 1
  )
  select (select count(*) from recorded) + (select count(*) from gone) into v_count;
  return v_count;
end
$$;
comment on function public.finish_alert_confirmations(jsonb) is 'Service role (send-alerts): records what became of claimed confirmation messages (enviado; fallido: tried again a minute later, 3 tries in all; sin_destino: the unconfirmed email and its requests deleted); answers how many.';
revoke execute on function public.finish_alert_confirmations(jsonb) from public;
grant execute on function public.finish_alert_confirmations(jsonb) to service_role;

create or replace function private.alerts_due()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
           select 1 from private.alert_subscriptions s
             join public.campaigns c on c.id = s.campaign_id
            where s.tipo = 'campana' and c.anuncio_desde is not null and c.inicia_en <= now() and c.fecha_fin >= public.shop_today()
              and not exists (select 1 from private.alert_deliveries d where d.contacto = s.contacto and d.clave = 'campana:' || s.campaign_id))
      or exists (
           select 1 from private.alert_subscriptions s
             join public.products p on p.id = s.product_id
             join public.campaigns c on c.id = p.campaign_id
            cross join public.alert_settings a
            where s.tipo = 'termina' and a.id = 1 and c.fecha_fin >= public.shop_today()
              and now() >= ((c.fecha_fin - 1) + make_time(a.hora_aviso_fin, 0, 0)) at time zone 'America/Mexico_City'
              and not exists (select 1 from private.alert_deliveries d
                               where d.contacto = s.contacto and d.clave = 'termina:' || c.id || ':' || c.fecha_fin))
      or exists (select 1 from private.alert_returns r where r.restantes > 0)
      or exists (select 1 from private.alert_deliveries d
                  where d.estado = 'fallido' and d.intentos < 3 and d.claimed_at < now() - interval '1 minute')
      or exists (select 1 from private.alert_deliveries d where d.estado = 'enviando' and d.claimed_at < now() - interval '10 minutes')
      or exists (select 1 from private.alert_emails e where e.confirmada_en is null and private.confirmation_due(e))
$$;
comment on function private.alerts_due() is 'True when an alert is due: a campaign opened, a favourite''s campaign ends tomorrow (past hora_aviso_fin), pieces back may tell someone, a failed delivery may be tried again, an email waits for its confirmation message.';

create or replace function private.alerts_due_count()
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select (
    (select count(*) from private.alert_subscriptions s
       join public.campaigns c on c.id = s.campaign_id
      where s.tipo = 'campana' and c.anuncio_desde is not null and c.inicia_en <= now() and c.fecha_fin >= public.shop_today()
        and not exists (select 1 from private.alert_deliveries d where d.contacto = s.contacto and d.clave = 'campana:' || s.campaign_id))
    + (select count(*) from private.alert_subscriptions s
         join public.products p on p.id = s.product_id
         join public.campaigns c on c.id = p.campaign_id
        cross join public.alert_settings a
        where s.tipo = 'termina' and a.id = 1 and c.fecha_fin >= public.shop_today()
          and now() >= ((c.fecha_fin - 1) + make_time(a.hora_aviso_fin, 0, 0)) at time zone 'America/Mexico_City'
          and not exists (select 1 from private.alert_deliveries d
                           where d.contacto = s.contacto and d.clave = 'termina:' || c.id || ':' || c.fecha_fin))
    + (select coalesce(sum(r.restantes), 0) from private.alert_returns r where r.restantes > 0)
    + (select count(*) from private.alert_deliveries d
        where d.estado = 'fallido' and d.intentos < 3 and d.claimed_at < now() - interval '1 minute')
    + (select count(*) from private.alert_emails e where e.confirmada_en is null and private.confirmation_due(e))
  )::integer
$$;
comment on function private.alerts_due_count() is 'About how many alert messages are due now (campaign openings not yet claimed, favourites ending tomorrow, what sizes back may still tell, failures to retry, confirmations to send).';

create or replace function private.prune_alerts()
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_days integer := (select a.dias_max from public.alert_settings a where a.id = 1);
begin
  delete from private.alert_subscriptions s
   where s.created_at < now() - make_interval(days => v_days)
      or (s.tipo = 'campana' and exists (select 1 from public.campaigns c where c.id = s.campaign_id and c.fecha_fin < public.shop_today()))
      or (s.tipo <> 'campana' and exists (select 1 from public.products p join public.campaigns c on c.id = p.campaign_id
                                           where p.id = s.product_id and c.fecha_fin < public.shop_today()));
  delete from private.alert_email_requests r where r.created_at < now() - interval '7 days';
  delete from private.alert_emails e
   where (e.confirmada_en is null and e.pedida_en < now() - interval '7 days')
      or (e.confirmada_en is not null and e.pedida_en < now() - make_interval(days => v_days)
          and not exists (select 1 from private.alert_subscriptions s where s.contacto = md5(e.email)));
  delete from private.alert_returns r where r.created_at < now() - interval '1 day';
  update private.alert_deliveries d set contacto = null, token = null
   where d.contacto is not null and d.created_at < now() - make_interval(days => v_days);
  delete from private.alert_deliveries d where d.created_at < now() - interval '13 months';
  delete from private.alert_rate r where r.ventana < now() - interval '1 day';
end
$$;
comment on function private.prune_alerts() is 'Daily: deletes alert requests whose campaign ended or older than alert_settings.dias_max days, unconfirmed email requests and emails after 7 days, confirmed emails with nothing asked for dias_max days, returns older than a day, delivery contact hashes older than dias_max days, deliveries older than 13 months, old request counts.';
