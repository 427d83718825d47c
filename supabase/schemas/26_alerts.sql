-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 26 · 'Avísame': alerts a shopper asks for, and the deliveries that tell them
--
-- Entry points: public.subscribe_alert, public.confirm_alert_email, public.unsubscribe_alerts,
-- public.delete_my_alerts, public.record_alert_conversion (shoppers, through private functions of
-- the same name); public.claim_alerts, public.finish_alerts, public.claim_alert_confirmations,
-- public.finish_alert_confirmations, public.record_alert_open (the service role: the
-- send-alerts and alerts Edge Functions); private.request_alerts_send (every 10 seconds),
-- private.prune_alerts (daily); the tables public.alert_settings and public.campaign_alerts (set in
-- the back office's 'Avisos', whose reports are 27_alerts_reports.sql).
--
-- A shopper asks, without an account, to be told (by web push, else by email):
--   'campana'  when an announced campaign opens (its inicia_en has passed);
--   'talla'    when a size (or a product without sizes, or any size of a sold-out product) that was
--              sold or held comes back on sale: a cancelled order, an ended hold, new stock;
--   'termina'  the day before a favourite's campaign ends.
-- A subscription holds the push subscription (endpoint and the keys that encrypt for it) or the
-- email, what was asked, an unsubscribe token and when; nothing else. An email is told nothing
-- before its owner confirms it (private.alert_emails). Shoppers never read it: they
-- write through checked, rate-limited functions. Each alert is sent once: a delivery row, unique
-- per contact and alert, is claimed (for update skip locked) before anything is sent, and the
-- subscriptions it fulfils are deleted once it is. A size that comes back tells at most
-- piezas_por_aviso × (pieces back) subscribers, oldest first. Unsent subscriptions go when their
-- campaign ends, and after alert_settings.dias_max days at most.
-- ═════════════════════════════════════════════════════════════════════════════════════════════

-- ─── Settings ─────────────────────────────────────────────────────────────────────────────────
create table public.alert_settings (
  id smallint primary key default 1 check (id = 1),
  -- A size that comes back tells at most this many subscribers per piece back (first asked, first told).
  piezas_por_aviso integer not null default 3 check (piezas_por_aviso between 1 and 50),
  -- The hour (Mexico City) of the day before a campaign ends at which 'termina mañana' goes out.
  hora_aviso_fin smallint not null default 10 check (hora_aviso_fin between 0 and 23),
  -- The longest an unsent alert request is kept (days); the privacy notice prints it.
  dias_max integer not null default 60 check (dias_max between 7 and 365),
  updated_at timestamptz not null default now()
);
comment on table public.alert_settings is 'The one row of alert settings: piezas_por_aviso (subscribers told per piece of a size back), hora_aviso_fin (the hour of the day-before-end alert, Mexico City), dias_max (longest an unsent request is kept, printed by the privacy notice). Anyone reads; owners change.';
grant select on table public.alert_settings to anon;
grant select, update on table public.alert_settings to authenticated;

create trigger set_updated_at
  before update on public.alert_settings
  for each row execute function public.set_updated_at();

insert into public.alert_settings (id) values (1);

-- The owner's form ('Avisos' in the back office) is checked here too, with a message it shows as
-- it is: a value out of its range is refused and nothing is saved.
create function private.alert_settings_rules()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.piezas_por_aviso is null or new.piezas_por_aviso not between 1 and 50 then
    raise exception 'Las personas avisadas por cada pieza que vuelve van de 1 a 50' using errcode = 'PT400';
  end if;
  if new.hora_aviso_fin is null or new.hora_aviso_fin not between 0 and 23 then
    raise exception 'La hora del aviso de fin de campaña va de 0 a 23' using errcode = 'PT400';
  end if;
  if new.dias_max is null or new.dias_max not between 7 and 365 then
    raise exception 'Los días que se guarda una solicitud de aviso van de 7 a 365' using errcode = 'PT400';
  end if;
  return new;
end
$$;
comment on function private.alert_settings_rules() is 'BEFORE UPDATE trigger of alert_settings: refuses, in Spanish (PT400), piezas_por_aviso outside 1-50, hora_aviso_fin outside 0-23 and dias_max outside 7-365.';

create trigger alert_settings_rules
  before update on public.alert_settings
  for each row execute function private.alert_settings_rules();

-- Owners' changes are in the history ('Historial', 19_history.sql), as the shop's settings.
create trigger alert_settings_history after insert or update or delete on public.alert_settings
  for each row execute function private.record_change('settings');

-- The privacy notice and /avisos print dias_max: a change publishes the shop again.
create trigger alert_settings_request_rebuild
  after insert or delete or update or truncate on public.alert_settings
  for each statement execute function public.request_rebuild();

-- A campaign's alerts may carry a discount code, one of the shop's codes (24_discount_codes.sql:
-- codes are unique, never renamed and never deleted, so the reference always holds): it is printed
-- in every alert about the campaign or its products while a shopper can use it (claim_alerts).
create table public.campaign_alerts (
  campaign_id uuid primary key references public.campaigns (id) on delete cascade,
  codigo_descuento text references public.discount_codes (codigo),
  updated_at timestamptz not null default now()
);
comment on table public.campaign_alerts is 'Per campaign: the discount code its alerts carry (an existing discount_codes.codigo; null: none), set in the back office''s Avisos. Staff read; owners and editors write.';
create index campaign_alerts_code_idx on public.campaign_alerts (codigo_descuento);
grant select, insert, update, delete on table public.campaign_alerts to authenticated;

create trigger set_updated_at
  before update on public.campaign_alerts
  for each row execute function public.set_updated_at();

-- The code as the team types it ('noche10 ') is the shop's code (NOCHE10); blank is none; a code the
-- shop does not have is refused in Spanish before the foreign key would refuse it in English.
create function private.campaign_alert_code()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.codigo_descuento := nullif(upper(btrim(new.codigo_descuento)), '');
  if new.codigo_descuento is not null
     and not exists (select 1 from public.discount_codes c where c.codigo = new.codigo_descuento) then
    raise exception 'Ese código no existe' using errcode = 'PT400';
  end if;
  return new;
end
$$;
comment on function private.campaign_alert_code() is 'BEFORE INSERT/UPDATE trigger of campaign_alerts: the code upper case and trimmed (blank: none), refused with ''Ese código no existe'' (PT400) unless it is one of the shop''s discount codes.';

create trigger campaign_alert_code
  before insert or update of codigo_descuento on public.campaign_alerts
  for each row execute function private.campaign_alert_code();

-- The code a campaign's alerts carry is in the history ('Historial', 19_history.sql), under the campaign.
create trigger campaign_alerts_history after insert or update or delete on public.campaign_alerts
  for each row execute function private.record_change('campaign');

-- ─── Subscriptions ────────────────────────────────────────────────────────────────────────────
create table private.alert_subscriptions (
  id uuid primary key default gen_random_uuid(),
  canal text not null check (canal in ('push', 'email')),
  -- a web push subscription: the push service's address and the keys its messages are encrypted to
  endpoint text check (char_length(endpoint) <= 1000),
  p256dh text check (p256dh ~ '^[A-Za-z0-9_-]{80,100}$'),
  auth text check (auth ~ '^[A-Za-z0-9_-]{16,44}$'),
  email text check (char_length(email) <= 254 and email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  tipo text not null check (tipo in ('campana', 'talla', 'termina')),
  campaign_id uuid references public.campaigns (id) on delete cascade,
  product_id uuid references public.products (id) on delete cascade,
  -- 'talla': the size asked for; null for a product without sizes, or any size of a sold-out one
  size_id uuid references public.product_sizes (id) on delete cascade,
  -- one per contact: every message carries it, and it deletes every request of that contact
  token uuid not null default gen_random_uuid(),
  created_at timestamptz not null default now(),
  -- who to tell, as deliveries key it: a hash of the endpoint or the email
  contacto text generated always as (md5(coalesce(endpoint, email))) stored,
  constraint alert_subscriptions_contact_check check (
    (canal = 'push' and endpoint is not null and p256dh is not null and auth is not null and email is null)
    or (canal = 'email' and email is not null and endpoint is null and p256dh is null and auth is null)),
  constraint alert_subscriptions_target_check check (
    (tipo = 'campana' and campaign_id is not null and product_id is null and size_id is null)
    or (tipo = 'talla' and product_id is not null and campaign_id is null)
    or (tipo = 'termina' and product_id is not null and campaign_id is null and size_id is null))
);
comment on table private.alert_subscriptions is 'What shoppers asked to be told (campaign opens, size back, campaign ends tomorrow) and how: a push subscription (endpoint and keys) or an email, with an unsubscribe token. Written only through subscribe_alert; deleted once told, on unsubscribing, when its campaign ends, after alert_settings.dias_max days.';
comment on column private.alert_subscriptions.contacto is 'md5 of the endpoint or the email: the key deliveries use, so one contact is never told the same alert twice.';
create unique index alert_subscriptions_once on private.alert_subscriptions
  (contacto, tipo, coalesce(campaign_id, product_id), coalesce(size_id, '00000000-0000-0000-0000-000000000000'::uuid));
create index alert_subscriptions_campaign_idx on private.alert_subscriptions (campaign_id, created_at) where campaign_id is not null;
create index alert_subscriptions_product_idx on private.alert_subscriptions (product_id, created_at) where product_id is not null;
create index alert_subscriptions_size_idx on private.alert_subscriptions (size_id) where size_id is not null;
create index alert_subscriptions_token_idx on private.alert_subscriptions (token);
create index alert_subscriptions_tipo_idx on private.alert_subscriptions (tipo, created_at);

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

-- Each time a size (or a product without sizes) has more pieces for sale than before, and someone
-- asked for it: how many came back, and how many subscribers may still be told for them.
create table private.alert_returns (
  id bigint generated always as identity primary key,
  product_id uuid not null references public.products (id) on delete cascade,
  -- null: the product without sizes itself
  size_id uuid references public.product_sizes (id) on delete cascade,
  piezas integer not null check (piezas > 0),
  restantes integer not null check (restantes >= 0),
  created_at timestamptz not null default now()
);
comment on table private.alert_returns is 'Pieces of a size (or of a product without sizes) back on sale while someone waits for them: restantes is how many more subscribers may be told (piezas_por_aviso × piezas at first). Written by private.record_alert_returns, spent by claim_alerts.';
create index alert_returns_open_idx on private.alert_returns (id) where restantes > 0;
create index alert_returns_product_idx on private.alert_returns (product_id);
create index alert_returns_size_idx on private.alert_returns (size_id) where size_id is not null;

-- ─── Deliveries ───────────────────────────────────────────────────────────────────────────────
-- One message to one contact: claimed (enviando) before it is sent, then enviado, fallido (tried
-- again up to 3 times), sin_destino (the push service says the subscription is gone), perdido (never
-- answered, or failed 3 times: not tried again), baja (the shopper unsubscribed meanwhile). Its id
-- is the open link's key; opened_at and the order that followed are what the back office counts.
create table private.alert_deliveries (
  id uuid primary key default gen_random_uuid(),
  -- the subscription's contacto (a hash); cleared after alert_settings.dias_max days
  contacto text,
  -- what was told, e.g. campana:<id>, termina:<campaign id>:<fecha_fin>, talla:<return id>
  clave text not null check (char_length(clave) <= 200),
  tipo text not null check (tipo in ('campana', 'talla', 'termina')),
  canal text not null check (canal in ('push', 'email')),
  campaign_id uuid,
  product_id uuid,
  talla text,
  -- the subscriptions it fulfils (deleted once it is sent)
  subscription_ids uuid[] not null default '{}',
  -- their unsubscribe token: the message's link keeps deleting what its contact asks for later (cleared with contacto)
  token uuid,
  -- the shop path the message opens
  destino text not null check (private.is_shop_path(destino)),
  estado text not null default 'enviando' check (estado in ('enviando', 'enviado', 'fallido', 'sin_destino', 'perdido', 'baja')),
  intentos integer not null default 1,
  error text check (char_length(error) <= 300),
  claimed_at timestamptz not null default now(),
  sent_at timestamptz,
  opened_at timestamptz,
  order_id uuid references public.orders (id) on delete set null,
  ordered_at timestamptz,
  created_at timestamptz not null default now(),
  unique (contacto, clave)
);
comment on table private.alert_deliveries is 'Each alert message: what (clave, tipo, campaign, product, size), how (canal), its state (enviando, enviado, fallido, sin_destino, perdido, baja), when sent and opened, and the order placed after opening it. Unique per contact and alert: nobody is told the same thing twice.';
create index alert_deliveries_estado_idx on private.alert_deliveries (estado, claimed_at) where estado in ('enviando', 'fallido');
create index alert_deliveries_created_idx on private.alert_deliveries (created_at);
create index alert_deliveries_order_idx on private.alert_deliveries (order_id) where order_id is not null;
-- the back office's reports count the alerts sent in a period
create index alert_deliveries_sent_idx on private.alert_deliveries (sent_at) where sent_at is not null;

-- Subscribe requests per sender network and 10 minutes ('*': everyone), for the abuse limits.
create table private.alert_rate (
  ventana timestamptz not null,
  client text not null,
  requests integer not null,
  primary key (ventana, client)
);
comment on table private.alert_rate is 'Alert requests (subscribe, delete) per 10 minutes and sender network (private.limit_key; * = everyone). Pruned daily.';

alter table public.alert_settings enable row level security;
alter table public.campaign_alerts enable row level security;
alter table private.alert_subscriptions enable row level security;
alter table private.alert_returns enable row level security;
alter table private.alert_deliveries enable row level security;
alter table private.alert_rate enable row level security;
alter table private.alert_emails enable row level security;
alter table private.alert_email_requests enable row level security;

create policy alert_settings_public_read on public.alert_settings
  for select to anon, authenticated using (true);
create policy alert_settings_owner_update on public.alert_settings
  for update to authenticated using ((select public.is_owner())) with check ((select public.is_owner()));
create policy campaign_alerts_staff_read on public.campaign_alerts
  for select to authenticated using ((select public.is_staff()));
create policy campaign_alerts_admin_insert on public.campaign_alerts
  for insert to authenticated with check ((select public.is_admin()));
create policy campaign_alerts_admin_update on public.campaign_alerts
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy campaign_alerts_admin_delete on public.campaign_alerts
  for delete to authenticated using ((select public.is_admin()));

-- ─── Asking for an alert ──────────────────────────────────────────────────────────────────────
-- Counts one request of the caller's network; refuses (PT429) a 21st in 10 minutes, or the
-- shop's 5,001st, which one network never reaches alone.
create function private.admit_alert_request()
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_window timestamptz := date_bin('10 minutes', now(), timestamptz '2000-01-01');
  v_client text := private.limit_key(private.client_address());
  v_mine integer;
  v_all integer;
begin
  insert into private.alert_rate as r (ventana, client, requests) values (v_window, v_client, 1)
  on conflict (ventana, client) do update set requests = r.requests + 1
  returning r.requests into v_mine;
  insert into private.alert_rate as r (ventana, client, requests) values (v_window, '*', 1)
  on conflict (ventana, client) do update set requests = r.requests + 1
  returning r.requests into v_all;
  if v_mine > 20 then
    raise exception 'Ya recibimos muchas solicitudes de avisos desde tu conexión. Intenta de nuevo en unos minutos.' using errcode = 'PT429';
  end if;
  if v_all > 5000 then
    raise exception 'Estamos recibiendo demasiadas solicitudes de avisos. Intenta de nuevo en unos minutos.' using errcode = 'PT429';
  end if;
end
$$;
comment on function private.admit_alert_request() is 'Counts an alert request of the caller''s network (private.limit_key) and refuses (PT429) more than 20 in 10 minutes from one network or 5,000 from everyone.';

-- The contact of a request, checked: an email (lowercased, at most 254 characters) or a push
-- subscription as the browser gives it ({endpoint, keys: {p256dh, auth}}): an https endpoint of at
-- most 1,000 characters (or a push service on this machine, which the local stack and the tests
-- run; the sender reaches only the push services it knows), and the keys in base64url. Exactly one.
create function private.alert_contact(p_email text, p_push jsonb)
returns table (canal text, email text, endpoint text, p256dh text, auth text)
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_email text := lower(nullif(btrim(p_email), ''));
  v_endpoint text := nullif(btrim(p_push ->> 'endpoint'), '');
begin
  if (v_email is null) = (p_push is null or jsonb_typeof(p_push) = 'null') then
    raise exception 'Elige cómo avisarte: en este dispositivo o por correo.' using errcode = 'PT400';
  end if;
  if v_email is not null then
    if char_length(v_email) > 254 or v_email !~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$' then
      raise exception 'Escribe un correo electrónico válido (p. ej. nombre@correo.com).' using errcode = 'PT400';
    end if;
    return query select 'email'::text, v_email, null::text, null::text, null::text;
    return;
  end if;
  if jsonb_typeof(p_push) <> 'object' or v_endpoint is null or char_length(v_endpoint) > 1000
     or not (v_endpoint ~ '^https://[A-Za-z0-9.-]+(:[0-9]+)?/[^[:space:]]*$'
             or v_endpoint ~ '^http://(127\.0\.0\.1|localhost)(:[0-9]+)?/[^[:space:]]*$')
     or coalesce(p_push #>> '{keys,p256dh}', '') !~ '^[A-Za-z0-9_-]{80,100}$'
     or coalesce(p_push #>> '{keys,auth}', '') !~ '^[A-Za-z0-9_-]{16,44}$' then
    raise exception 'Este navegador no dio una suscripción válida para avisos. Elige el aviso por correo.' using errcode = 'PT400';
  end if;
  return query select 'push'::text, null::text, v_endpoint, p_push #>> '{keys,p256dh}', p_push #>> '{keys,auth}';
end
$$;
comment on function private.alert_contact(text, jsonb) is 'Checks the contact of an alert request: an email, or a push subscription {endpoint (https, or a push service on this machine), keys {p256dh, auth}}; exactly one (PT400 otherwise).';

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

-- What a shopper asks for (p_tipo) about p_ids:
--   'campana'  one announced campaign that has not opened yet;
--   'talla'    one live product: p_talla, a size of it that is sold or held right now; without
--              p_talla, a product with no piece for sale (without sizes, or every size sold or held);
--   'termina'  1 to 100 products (the favourites): each one still live is asked for.
-- Told by push (p_push, the browser's subscription) or email (p_email; an email not yet confirmed
-- keeps its requests waiting for the confirmation, see private.alert_emails). Asking again is no new
-- request. Answers how many requests the contact now holds for these p_ids (waiting ones too, so
-- the answer never tells whether an address confirmed). Refusals are Spanish
-- (PT400 input, PT404 unknown, PT409 nothing to wait for, PT429 limits); a refusal stores nothing.
create function private.subscribe_alert(p_tipo text, p_ids uuid[], p_talla text, p_email text, p_push jsonb)
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

create function public.subscribe_alert(
  p_tipo text,
  p_ids uuid[],
  p_talla text default null,
  p_email text default null,
  p_push jsonb default null
)
returns integer
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.subscribe_alert(p_tipo, p_ids, p_talla, p_email, p_push)
$$;
comment on function public.subscribe_alert(text, uuid[], text, text, jsonb) is '''Avísame'': asks to be told (by push subscription or email) when a campaign opens, a size comes back, or favourites'' campaigns end tomorrow (private.subscribe_alert). Answers how many requests the contact holds for these ids.';
grant execute on function public.subscribe_alert(text, uuid[], text, text, jsonb) to anon, authenticated;

-- The one-tap unsubscribe of every message: deletes every request of the token's contact. Answers
-- how many it deleted (0 when they were already gone: sent, unsubscribed or expired).
create function private.unsubscribe_alerts(p_token uuid)
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

create function public.unsubscribe_alerts(p_token uuid)
returns integer
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.unsubscribe_alerts(p_token)
$$;
comment on function public.unsubscribe_alerts(uuid) is 'One-tap unsubscribe (/avisos/baja?t=…): deletes every alert request of the token''s contact; answers how many.';
grant execute on function public.unsubscribe_alerts(uuid) to anon, authenticated;

-- 'Borrar mis avisos' (/avisos): every request of an email, or of this browser's push endpoint (only
-- those of one kind with p_tipo: /favoritos's switch turned off). It answers nothing either way, so
-- nobody learns whether an address asked for alerts.
create function private.delete_my_alerts(p_email text, p_endpoint text, p_tipo text)
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

create function public.delete_my_alerts(p_email text default null, p_endpoint text default null, p_tipo text default null)
returns void
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.delete_my_alerts(p_email, p_endpoint, p_tipo)
$$;
comment on function public.delete_my_alerts(text, text, text) is '''Borrar mis avisos'': deletes every alert request of an email or of this browser''s push endpoint, of one kind with p_tipo (private.delete_my_alerts).';
grant execute on function public.delete_my_alerts(text, text, text) to anon, authenticated;

-- The confirmation link (/avisos/confirmar?t=…): the email is confirmed (once; a second open
-- changes nothing) and its waiting requests become subscriptions, with the time each was asked and
-- the contact's unsubscribe token. Answers the email, or null for a link the shop does not know
-- (never sent, or its requests deleted since).
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

-- Whether an email waits for its confirmation message: it has requests waiting, is not confirmed,
-- and was asked for after the last message, which is more than a day old (or never sent).
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

-- The confirmation messages to send now, claimed (enviada_en = now(), rows locked with skip locked,
-- so runs at once never claim the same one): [{email, token, pedidos}], pedidos being what the email
-- asked for, oldest first, at most 10 ([{tipo, campana, producto, talla}]), so its owner recognises
-- the request. What became of each is recorded by public.finish_alert_confirmations.
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

-- ─── Sizes that come back ─────────────────────────────────────────────────────────────────────
-- After each statement on product_sizes or products: every size (or product without sizes) that now
-- has more pieces for sale than before (a hold ended, an order cancelled, new stock) and that
-- someone waits for records how many came back. Returns at once when nobody waits for any size.
create function private.record_alert_returns()
returns trigger
language plpgsql
security definer -- reads and writes the private alert tables for whoever changed the stock
set search_path = ''
as $$
declare
  v_k integer;
begin
  if not exists (select 1 from private.alert_subscriptions s where s.tipo = 'talla') then
    return null;
  end if;
  select a.piezas_por_aviso into v_k from public.alert_settings a where a.id = 1;
  if tg_table_name = 'product_sizes' then
    insert into private.alert_returns (product_id, size_id, piezas, restantes)
    select n.product_id, n.id, x.back, x.back * v_k
      from new_rows n
      join old_rows o on o.id = n.id
      cross join lateral (select (n.existencias - n.apartadas) - greatest(o.existencias - o.apartadas, 0) as back) x
     where x.back > 0
       and exists (select 1 from private.alert_subscriptions s
                    where s.tipo = 'talla' and s.product_id = n.product_id and (s.size_id = n.id or s.size_id is null));
  else
    insert into private.alert_returns (product_id, size_id, piezas, restantes)
    select n.id, null, x.back, x.back * v_k
      from new_rows n
      join old_rows o on o.id = n.id
      cross join lateral (select (n.existencias - n.apartadas) - greatest(o.existencias - o.apartadas, 0) as back) x
     where x.back > 0
       and exists (select 1 from private.alert_subscriptions s where s.tipo = 'talla' and s.product_id = n.id and s.size_id is null)
       and not exists (select 1 from public.product_sizes z where z.product_id = n.id);
  end if;
  return null;
end
$$;
comment on function private.record_alert_returns() is 'Statement trigger on product_sizes and products: a size (or product without sizes) with more pieces for sale than before, that someone waits for, records the pieces back and piezas_por_aviso × pieces subscribers to tell (private.alert_returns).';

create trigger record_alert_returns
  after update on public.product_sizes referencing old table as old_rows new table as new_rows
  for each statement execute function private.record_alert_returns();

create trigger record_alert_returns
  after update on public.products referencing old table as old_rows new table as new_rows
  for each statement execute function private.record_alert_returns();

-- ─── Sending ──────────────────────────────────────────────────────────────────────────────────
-- Whether any alert is due now: an announced campaign whose inicia_en has passed with requests not
-- yet claimed, a favourite's campaign ending tomorrow past alert_settings.hora_aviso_fin, pieces
-- back on sale that still may tell someone, or a failed delivery to try again.
create function private.alerts_due()
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

-- Claims up to p_limit messages to send now and answers them, ready to write: {mensajes: [{id,
-- tipo, canal, email | endpoint, p256dh, auth, token, destino, campana {nombre, fecha_fin,
-- inicia_en}, codigo (the campaign's discount code, while a shopper can use it), productos
-- [{nombre, marca, permalink, talla}]}], pendientes}. Claiming
-- writes a delivery row per message (unique per contact and alert: a second claimer, or a second
-- run, gets none of them), the subscriptions read with for update skip locked, so runs at once
-- share the work. In order: failed deliveries tried again; campaigns opened (oldest request
-- first); favourites ending tomorrow (one message per contact and campaign); sizes back (oldest
-- requests first, at most alert_returns.restantes per return, while the size is still for sale).
-- A claim never answered in 10 minutes is given up ('perdido'): a message is sent once or not at all.
create function public.claim_alerts(p_limit integer default 200)
returns jsonb
language plpgsql
volatile
security definer -- the service role's: reads and writes the private alert tables
set search_path = ''
as $$
declare
  v_room integer := least(greatest(coalesce(p_limit, 200), 1), 1000);
  v_settings public.alert_settings;
  v_ids uuid[] := '{}';
  v_more uuid[];
  v_subs uuid[];
  v_taken uuid[] := '{}';
  v_event record;
  v_got integer;
  v_out jsonb;
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    raise exception 'No autorizado' using errcode = '42501';
  end if;
  select * into v_settings from public.alert_settings a where a.id = 1;

  -- claims nobody finished: given up, so nothing is sent twice
  with stale as (
    update private.alert_deliveries d set estado = 'perdido', error = coalesce(d.error, 'Sin respuesta del envío.')
     where d.estado = 'enviando' and d.claimed_at < now() - interval '10 minutes'
    returning d.subscription_ids
  )
  delete from private.alert_subscriptions s using stale where s.id = any (stale.subscription_ids);

  -- failed deliveries, again (a push service or mail server that failed a while)
  with again as (
    select d.id from private.alert_deliveries d
     where d.estado = 'fallido' and d.intentos < 3 and d.claimed_at < now() - interval '1 minute'
     order by d.claimed_at limit v_room
       for update skip locked
  ), claimed as (
    update private.alert_deliveries d set estado = 'enviando', claimed_at = now(), intentos = d.intentos + 1, error = null
      from again where d.id = again.id
    returning d.id
  )
  select coalesce(array_agg(claimed.id), '{}') into v_ids from claimed;

  -- campaigns that opened
  if cardinality(v_ids) < v_room then
    with cand as (
      select s.id, s.contacto, s.canal, s.campaign_id, s.token
        from private.alert_subscriptions s
        join public.campaigns c on c.id = s.campaign_id
       where s.tipo = 'campana' and c.anuncio_desde is not null and c.inicia_en <= now() and c.fecha_fin >= public.shop_today()
         and not exists (select 1 from private.alert_deliveries d where d.contacto = s.contacto and d.clave = 'campana:' || s.campaign_id)
       order by s.created_at, s.id
       limit v_room - cardinality(v_ids)
         for update of s skip locked
    ), claimed as (
      insert into private.alert_deliveries (contacto, clave, tipo, canal, campaign_id, subscription_ids, token, destino)
      select cand.contacto, 'campana:' || cand.campaign_id, 'campana', cand.canal, cand.campaign_id, array[cand.id], cand.token,
             '/tienda?campaign=' || cand.campaign_id
        from cand
      on conflict (contacto, clave) do nothing
      returning id
    )
    select v_ids || coalesce(array_agg(claimed.id), '{}') into v_ids from claimed;
  end if;

  -- favourites whose campaign ends tomorrow: one message per contact and campaign. One claimer at a
  -- time (a lock until its claim commits; another claimer skips this part and takes what is left
  -- next time): claims at once would otherwise split one contact's favourites between them, and
  -- the part left behind would be dropped as already told.
  if cardinality(v_ids) < v_room and pg_try_advisory_xact_lock(hashtextextended('claim_alerts:termina', 0)) then
    with due as (
      select s.id, s.contacto, s.canal, s.token, c.id as campaign_id, 'termina:' || c.id || ':' || c.fecha_fin as clave
        from private.alert_subscriptions s
        join public.products p on p.id = s.product_id
        join public.campaigns c on c.id = p.campaign_id
       where s.tipo = 'termina' and c.fecha_fin >= public.shop_today()
         and now() >= ((c.fecha_fin - 1) + make_time(v_settings.hora_aviso_fin, 0, 0)) at time zone 'America/Mexico_City'
         for update of s skip locked
    ), told as (
      -- asked after their contact was told about this campaign: nothing more to send
      delete from private.alert_subscriptions s
       using due, private.alert_deliveries d
       where s.id = due.id and d.contacto = due.contacto and d.clave = due.clave and d.estado = 'enviado'
      returning s.id
    ), grouped as (
      select due.contacto, min(due.canal) as canal, due.campaign_id, due.clave, array_agg(due.id order by due.id) as ids,
             (array_agg(due.token))[1] as token
        from due
       where not exists (select 1 from private.alert_deliveries d where d.contacto = due.contacto and d.clave = due.clave)
       group by due.contacto, due.campaign_id, due.clave
       order by due.contacto
       limit v_room - cardinality(v_ids)
    ), claimed as (
      insert into private.alert_deliveries (contacto, clave, tipo, canal, campaign_id, subscription_ids, token, destino)
      select g.contacto, g.clave, 'termina', g.canal, g.campaign_id, g.ids, g.token, '/favoritos' from grouped g
      on conflict (contacto, clave) do nothing
      returning id
    )
    select v_ids || coalesce(array_agg(claimed.id), '{}') into v_ids from claimed;
  end if;

  -- sizes back on sale: the oldest requests first, as many as each return may still tell
  for v_event in
    select r.id, r.product_id, r.size_id, r.restantes, p.campaign_id, p.permalink, btrim(z.talla) as talla
      from private.alert_returns r
      join public.products p on p.id = r.product_id
      left join public.product_sizes z on z.id = r.size_id
     where r.restantes > 0
     order by r.id
       for update of r skip locked
  loop
    exit when cardinality(v_ids) >= v_room;
    -- sold or held again before anyone was told: nobody is sent to a size they cannot buy
    if (v_event.size_id is null and not exists (select 1 from public.products p where p.id = v_event.product_id and p.existencias > p.apartadas))
       or (v_event.size_id is not null and not exists (select 1 from public.product_sizes z where z.id = v_event.size_id and z.existencias > z.apartadas))
       or v_event.campaign_id not in (select private.live_campaign_ids()) then
      update private.alert_returns r set restantes = 0 where r.id = v_event.id;
      continue;
    end if;
    with cand as (
      select s.id, s.contacto, s.canal, s.token
        from private.alert_subscriptions s
       where s.tipo = 'talla' and s.product_id = v_event.product_id
         and (s.size_id = v_event.size_id or s.size_id is null)
         and s.id <> all (v_taken)
         and not exists (select 1 from private.alert_deliveries d where d.contacto = s.contacto and d.clave = 'talla:' || v_event.id)
       order by s.created_at, s.id
       limit least(v_event.restantes, v_room - cardinality(v_ids))
         for update of s skip locked
    ), claimed as (
      insert into private.alert_deliveries (contacto, clave, tipo, canal, campaign_id, product_id, talla, subscription_ids, token, destino)
      select cand.contacto, 'talla:' || v_event.id, 'talla', cand.canal, v_event.campaign_id, v_event.product_id, v_event.talla,
             array[cand.id], cand.token,
             '/producto/' || v_event.permalink
               || coalesce(case when v_event.talla ~ '^[A-Za-z0-9.,_ -]+$' then '?talla=' || replace(v_event.talla, ' ', '%20') end, '')
        from cand
      on conflict (contacto, clave) do nothing
      returning id, subscription_ids[1] as sub
    )
    select coalesce(array_agg(claimed.id), '{}'), coalesce(array_agg(claimed.sub), '{}') into v_more, v_subs from claimed;
    v_got := cardinality(v_more);
    v_ids := v_ids || v_more;
    -- a request for any size of the product is told once, whichever of its sizes came back
    v_taken := v_taken || v_subs;
    -- nobody left to tell for these pieces: the return is spent
    update private.alert_returns r
       set restantes = case when v_got = 0 then 0 else r.restantes - v_got end
     where r.id = v_event.id;
  end loop;

  -- a retried delivery whose requests were deleted meanwhile (unsubscribed) is not sent
  update private.alert_deliveries d set estado = 'baja'
   where d.id = any (v_ids)
     and not exists (select 1 from private.alert_subscriptions s where s.id = any (d.subscription_ids));

  select coalesce(jsonb_agg(m.message), '[]'::jsonb) into v_out
    from (
      select jsonb_build_object(
               'id', d.id, 'tipo', d.tipo, 'canal', s.canal, 'destino', d.destino,
               'email', s.email, 'endpoint', s.endpoint, 'p256dh', s.p256dh, 'auth', s.auth, 'token', s.token,
               'campana', jsonb_build_object('nombre', c.nombre, 'fecha_fin', c.fecha_fin, 'inicia_en', c.inicia_en),
               -- the campaign's code, only while a shopper can use it: active, within its days, uses left
               'codigo', (select dc.codigo from public.discount_codes dc
                           where dc.codigo = ca.codigo_descuento and private.discount_code_usable(dc)),
               'productos', coalesce((
                  select jsonb_agg(jsonb_build_object('nombre', p.nombre, 'marca', p.marca, 'permalink', p.permalink,
                                                      'talla', coalesce(d.talla, btrim(z.talla))) order by x.created_at)
                    from private.alert_subscriptions x
                    join public.products p on p.id = x.product_id
                    left join public.product_sizes z on z.id = x.size_id
                   where x.id = any (d.subscription_ids)), '[]'::jsonb)
             ) as message
        from private.alert_deliveries d
        cross join lateral (
          select x.* from private.alert_subscriptions x where x.id = any (d.subscription_ids) order by x.created_at limit 1
        ) s
        left join public.campaigns c on c.id = d.campaign_id
        left join public.campaign_alerts ca on ca.campaign_id = d.campaign_id
       where d.id = any (v_ids) and d.estado = 'enviando'
    ) m;
  return jsonb_build_object('mensajes', v_out, 'pendientes', private.alerts_due());
end
$$;
comment on function public.claim_alerts(integer) is 'Service role (send-alerts): claims up to p_limit alert messages due now (retries, campaigns opened, favourites ending tomorrow, sizes back within piezas_por_aviso × pieces, oldest request first), one delivery row each, unique per contact and alert, rows locked with skip locked; answers {mensajes, pendientes}.';
revoke execute on function public.claim_alerts(integer) from public;
grant execute on function public.claim_alerts(integer) to service_role;

-- What became of claimed messages: p_results [{id, estado: enviado | fallido | sin_destino, error}].
-- Sent: its requests are fulfilled and deleted. Failed: tried again later (after 3 tries, given up
-- and its requests deleted). sin_destino: the push service says the subscription is gone (404,
-- 410): every request of that endpoint is deleted. Answers how many deliveries it recorded.
create function public.finish_alerts(p_results jsonb)
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
    select (e ->> 'id')::uuid as id, e ->> 'estado' as estado, left(e ->> 'error', 300) as error
      from jsonb_array_elements(p_results) e
     where jsonb_typeof(e) = 'object' and pg_input_is_valid(e ->> 'id', 'uuid')
       and e ->> 'estado' in ('enviado', 'fallido', 'sin_destino')
  ), recorded as (
    update private.alert_deliveries d
       set estado = case when r.estado = 'fallido' and d.intentos >= 3 then 'perdido' else r.estado end,
           sent_at = case when r.estado = 'enviado' then now() end,
           error = r.error
      from results r
     where d.id = r.id and d.estado = 'enviando'
    returning d.estado, d.contacto, d.subscription_ids
  ), fulfilled as (
    delete from private.alert_subscriptions s
     using recorded r
     where r.estado in ('enviado', 'perdido') and s.id = any (r.subscription_ids)
    returning 1
  ), gone as (
    delete from private.alert_subscriptions s
     using recorded r
     where r.estado = 'sin_destino' and s.contacto = r.contacto
    returning 1
  )
  select count(*) into v_count from recorded;
  return v_count;
end
$$;
comment on function public.finish_alerts(jsonb) is 'Service role (send-alerts): records what became of claimed messages (enviado: requests fulfilled and deleted; fallido: tried again, up to 3 times; sin_destino: the push subscription is gone, every request of it deleted); answers how many.';
revoke execute on function public.finish_alerts(jsonb) from public;
grant execute on function public.finish_alerts(jsonb) to service_role;

-- The open link of a message (the alerts function's /open/<id>): the first open is recorded; the
-- answer is where the message leads (a path of the shop), or null for an unknown delivery.
create function public.record_alert_open(p_delivery uuid)
returns text
language plpgsql
volatile
security definer -- the service role's: writes the deliveries
set search_path = ''
as $$
declare
  v_destino text;
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    raise exception 'No autorizado' using errcode = '42501';
  end if;
  update private.alert_deliveries d set opened_at = coalesce(d.opened_at, now())
   where d.id = p_delivery and d.estado = 'enviado'
  returning d.destino into v_destino;
  return v_destino;
end
$$;
comment on function public.record_alert_open(uuid) is 'Service role (the alerts function): records the first open of a sent alert and answers the shop path it leads to (null for an unknown one).';
revoke execute on function public.record_alert_open(uuid) from public;
grant execute on function public.record_alert_open(uuid) to service_role;

-- An order placed after opening an alert (the open link adds ?aviso=<delivery id>; the bag passes it
-- on once place_order answered): the delivery records the order, when the alert was opened before
-- the order was placed, at most 7 days before, and has no order yet. Answers whether it recorded it.
create function private.record_alert_conversion(p_delivery uuid, p_order_token uuid)
returns boolean
language plpgsql
volatile
security definer -- reads orders and writes deliveries, which shoppers cannot
set search_path = ''
as $$
declare
  v_order public.orders;
begin
  select * into v_order from public.orders o where o.page_token = p_order_token;
  if not found then
    return false;
  end if;
  update private.alert_deliveries d set order_id = v_order.id, ordered_at = v_order.created_at
   where d.id = p_delivery and d.order_id is null and d.opened_at is not null
     and d.opened_at <= v_order.created_at and v_order.created_at < d.opened_at + interval '7 days';
  return found;
end
$$;
comment on function private.record_alert_conversion(uuid, uuid) is 'Records on an opened alert delivery the order (by its page token) placed within 7 days after opening it, once. Called by public.record_alert_conversion.';
grant execute on function private.record_alert_conversion(uuid, uuid) to anon, authenticated;

create function public.record_alert_conversion(p_delivery uuid, p_order_token uuid)
returns boolean
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.record_alert_conversion(p_delivery, p_order_token)
$$;
comment on function public.record_alert_conversion(uuid, uuid) is 'The bag, after place_order: the order followed an opened alert (private.record_alert_conversion).';
grant execute on function public.record_alert_conversion(uuid, uuid) to anon, authenticated;

-- ─── The scheduled sender ─────────────────────────────────────────────────────────────────────
-- About how many messages are due now (what private.alerts_due finds, counted): the campaigns'
-- requests not yet claimed, favourites' requests due, what returns may still tell, failures to retry.
create function private.alerts_due_count()
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

-- Every 10 seconds: when an alert is due, asks the send-alerts Edge Function to send, once per
-- 1,500 messages due (at most 8 at once): a hosted function has 2 s of CPU per request, and each
-- run sends at most 1,500 (pg_net, with the project's URL and service key kept in Vault as
-- project_url and service_role_key; see docs/deploying.md). Answers how many runs it asked for. A
-- database without pg_net (the local stack's) only answers, and the stack's job runner starts that
-- many calls of the function itself.
create function private.request_alerts_send()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_runs integer;
  v_url text;
  v_key text;
begin
  if not private.alerts_due() then
    return 0;
  end if;
  v_runs := least(8, greatest(1, ceil(private.alerts_due_count() / 1500.0)::integer));
  if exists (select 1 from pg_catalog.pg_extension where extname = 'pg_net')
     and to_regclass('vault.decrypted_secrets') is not null then
    execute $q$select max(decrypted_secret) filter (where name = 'project_url'), max(decrypted_secret) filter (where name = 'service_role_key')
                 from vault.decrypted_secrets where name in ('project_url', 'service_role_key')$q$ into v_url, v_key;
    if v_url is not null and v_key is not null then
      for i in 1 .. v_runs loop
        execute 'select net.http_post(url := $1, body := $2, headers := $3, timeout_milliseconds := $4)'
          using rtrim(v_url, '/') || '/functions/v1/send-alerts', '{}'::jsonb,
                jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || v_key), 60000;
      end loop;
    end if;
  end if;
  return v_runs;
end
$$;
comment on function private.request_alerts_send() is 'Run every 10 seconds: when alerts are due (private.alerts_due), calls the send-alerts Edge Function through pg_net (Vault secrets project_url and service_role_key) once per 1,500 messages due, at most 8 times; answers how many runs it asked for.';

-- Unsent requests go when what they wait for is over, and after dias_max days at most; requests of
-- an email never confirmed, and the email, after 7 days; a confirmed email dias_max days after its
-- last request, once nothing waits for it; returns older than a day; the contact hash and token of deliveries after dias_max days; deliveries after 13 months.
create function private.prune_alerts()
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

-- Hosted projects run both with pg_cron; a database without pg_cron (the local stack's) runs them
-- from scripts/stack/jobs.ts (the sender, which then calls the function itself) and the rebuild
-- worker (the daily pruning).
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    execute $cron$select cron.schedule('send-alerts', '10 seconds', 'select private.request_alerts_send()')$cron$;
    execute $cron$select cron.schedule('prune-alerts', '45 9 * * *', 'select private.prune_alerts()')$cron$;
  end if;
end
$$;
