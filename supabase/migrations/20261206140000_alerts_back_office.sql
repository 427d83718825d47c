-- The back office's 'Avisos': who waits for an alert, what the alerts sent did, the discount codes'
-- uses (27_alerts_reports.sql), and what the team sets there.
--   * A campaign's alerts carry one of the shop's discount codes: campaign_alerts.codigo_descuento
--     references discount_codes(codigo) (unique, never renamed or deleted), typed in any case, and a
--     code the shop does not have is refused with 'Ese código no existe'. Codes written before this
--     change are upper-cased; one the shop does not have is cleared (alerts printed it for nothing).
--   * An alert prints its campaign's code only while a shopper can use it
--     (private.discount_code_usable: active, within its days, uses left).
--   * claim_alerts claims favourites ending tomorrow one claimer at a time: two sender loops claiming
--     at once could split a contact's favourites, and the part left behind was dropped as told.
--   * The alert settings refuse values out of range in Spanish.
--   * The conversion funnel gains the alerts' steps: sent, opened, followed by an order (shares of
--     the alerts sent; the sessions' steps keep their meaning).

-- ─── 24 · whether a code may be used today ────────────────────────────────────────────────────
create function private.discount_code_usable(p_code public.discount_codes)
returns boolean
language sql
stable
set search_path = ''
as $$
  select p_code.activo
         and (p_code.fecha_inicio is null or p_code.fecha_inicio <= public.shop_today())
         and (p_code.fecha_fin is null or p_code.fecha_fin >= public.shop_today())
         and (p_code.usos_maximos is null or p_code.usos < p_code.usos_maximos)
$$;
comment on function private.discount_code_usable(public.discount_codes) is 'True while a code may be used today by someone: active, within its first and last day (Mexico City), uses left. What alerts print a campaign''s code by.';

-- ─── 26 · a campaign's code is one of the shop's codes ────────────────────────────────────────
update public.campaign_alerts set codigo_descuento = nullif(upper(btrim(codigo_descuento)), '')
 where codigo_descuento is distinct from nullif(upper(btrim(codigo_descuento)), '');
update public.campaign_alerts ca set codigo_descuento = null
 where ca.codigo_descuento is not null
   and not exists (select 1 from public.discount_codes c where c.codigo = ca.codigo_descuento);
alter table public.campaign_alerts drop constraint campaign_alerts_codigo_descuento_check;
alter table public.campaign_alerts
  add constraint campaign_alerts_codigo_descuento_fkey foreign key (codigo_descuento) references public.discount_codes (codigo);
comment on table public.campaign_alerts is 'Per campaign: the discount code its alerts carry (an existing discount_codes.codigo; null: none), set in the back office''s Avisos. Staff read; owners and editors write.';
create index campaign_alerts_code_idx on public.campaign_alerts (codigo_descuento);

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

create index alert_deliveries_sent_idx on private.alert_deliveries (sent_at) where sent_at is not null;

create or replace function public.claim_alerts(p_limit integer default 200)
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

-- ─── 16 · the funnel's alert steps (its columns change: dropped and created again) ───────────
drop function public.get_conversion_funnel_report(date, date);
drop function private.get_conversion_funnel_report(date, date);

create function private.get_conversion_funnel_report(start_date date default null::date, end_date date default null::date)
returns table(total_sesiones bigint, sesiones_con_busqueda bigint, sesiones_con_filtro bigint, sesiones_con_click bigint, conversion_busqueda_pct numeric, conversion_filtro_pct numeric, conversion_click_pct numeric, sesiones_con_pedido bigint, conversion_pedido_pct numeric, avisos_enviados bigint, avisos_abiertos bigint, avisos_con_pedido bigint, apertura_avisos_pct numeric, pedido_avisos_pct numeric)
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
    ),
    -- the alerts' own steps ('Avísame', 26_alerts.sql), counted in messages, not sessions: the alerts
    -- sent in the period, those of them opened, and those of them an order followed; their shares
    -- are of the alerts sent
    a as (
      select count(*) as sent,
             count(*) filter (where d.opened_at is not null) as opened,
             count(*) filter (where d.order_id is not null) as ordered
        from private.alert_deliveries d
       where d.sent_at >= private.day_start(start_date, '-infinity')
         and d.sent_at < private.day_start(end_date + 1, 'infinity')
    )
    select c.total, c.b, c.f, c.k,
           coalesce(round(100.0 * c.b / nullif(c.total, 0), 1), 0),
           coalesce(round(100.0 * c.f / nullif(c.total, 0), 1), 0),
           coalesce(round(100.0 * c.k / nullif(c.total, 0), 1), 0),
           o.p,
           coalesce(round(100.0 * o.p / nullif(c.total, 0), 1), 0),
           a.sent, a.opened, a.ordered,
           coalesce(round(100.0 * a.opened / nullif(a.sent, 0), 1), 0),
           coalesce(round(100.0 * a.ordered / nullif(a.sent, 0), 1), 0)
      from c cross join o cross join a;
end
$$;
comment on function private.get_conversion_funnel_report(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract. Sessions with a search, a filter, a click and an order, as shares of all sessions; then the alerts sent in the period, how many of them were opened and followed by an order, as shares of the alerts sent.';
grant execute on function private.get_conversion_funnel_report(date, date) to authenticated, service_role;

create function public.get_conversion_funnel_report(start_date date default null::date, end_date date default null::date)
returns table(total_sesiones bigint, sesiones_con_busqueda bigint, sesiones_con_filtro bigint, sesiones_con_click bigint, conversion_busqueda_pct numeric, conversion_filtro_pct numeric, conversion_click_pct numeric, sesiones_con_pedido bigint, conversion_pedido_pct numeric, avisos_enviados bigint, avisos_abiertos bigint, avisos_con_pedido bigint, apertura_avisos_pct numeric, pedido_avisos_pct numeric)
language sql
stable
set search_path to ''
as $$ select * from private.get_conversion_funnel_report($1, $2) $$;
comment on function public.get_conversion_funnel_report(date, date) is 'Staff only: owners, editors and analysts (No autorizado otherwise). Mexico City calendar days, both inclusive; see the analytics contract. The sessions'' funnel (shares of all sessions) and the alerts'' (sent, opened, followed by an order: shares of the alerts sent).';
grant execute on function public.get_conversion_funnel_report(date, date) to authenticated;

-- ─── 27 · the reports of 'Avisos' ─────────────────────────────────────────────────────────────
-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 27 · 'Avisos' in the back office: who waits for an alert, what the alerts sent did, and the
-- discount codes' uses
--
-- Entry points: public.get_alert_waiting_summary, public.get_alert_campaigns_report,
-- public.get_alert_size_waits_report, public.get_alert_deliveries_report,
-- public.get_discount_code_uses_report.
-- Staff only (owners, editors and analysts), as the analytics reports (16_analytics_reports.sql):
-- each runs with its owner's rights in `private`, behind a public function of the same name that
-- runs with the caller's rights; anon may call them only to be told 'No autorizado'. A period is
-- Mexico City calendar days, both inclusive (a null end is unbounded). They answer counts and sums only, never an email, a push endpoint, a key, a token
-- or a contact's hash. People waiting are counted as contacts (one email, or one browser's push
-- subscription), however many requests each holds: someone with five favourites in a campaign is
-- one person waiting for its end. What the team sets here (a campaign's code, the alert settings)
-- are the tables public.campaign_alerts and public.alert_settings (26_alerts.sql).
-- ═════════════════════════════════════════════════════════════════════════════════════════════

-- ─── Who waits ────────────────────────────────────────────────────────────────────────────────
-- The requests waiting now, by kind (campana: a campaign's opening, talla: a size back, termina: a
-- favourite's campaign ending tomorrow), every kind answered, zeros included: people (contacts),
-- those by push and by email, and the requests they hold.
create function private.get_alert_waiting_summary()
returns table(tipo text, personas bigint, push bigint, email bigint, solicitudes bigint)
language plpgsql
stable security definer
set search_path to ''
as $$
#variable_conflict use_column
begin
  perform private.assert_staff();
  return query
    select k.tipo,
           count(distinct s.contacto),
           count(distinct s.contacto) filter (where s.canal = 'push'),
           count(distinct s.contacto) filter (where s.canal = 'email'),
           count(s.id)
      from (values (1, 'campana'), (2, 'talla'), (3, 'termina')) as k(orden, tipo)
      left join private.alert_subscriptions s on s.tipo = k.tipo
     group by k.orden, k.tipo
     order by k.orden;
end
$$;
comment on function private.get_alert_waiting_summary() is 'Staff only (No autorizado otherwise): the alert requests waiting now per kind (campana, talla, termina): people (contacts), by push, by email, requests. Counts only.';
grant execute on function private.get_alert_waiting_summary() to anon, authenticated, service_role;

create function public.get_alert_waiting_summary()
returns table(tipo text, personas bigint, push bigint, email bigint, solicitudes bigint)
language sql
stable
set search_path to ''
as $$ select * from private.get_alert_waiting_summary() $$;
comment on function public.get_alert_waiting_summary() is 'Avisos (staff only): people waiting for an alert now, per kind and channel (private.get_alert_waiting_summary).';
grant execute on function public.get_alert_waiting_summary() to anon, authenticated;

-- Every campaign that has not ended (Mexico City), announced ahead and live alike, soonest opening
-- first, then the live ones by their last day: its state (por_anunciar: its announcement day is
-- still ahead; anunciada: announced, not open; en_curso: live), the people waiting for its opening,
-- for the end of their favourites in it, and for a size of its products, each by push and by email,
-- and the discount code its alerts carry (campaign_alerts) with whether a shopper can use it today
-- (an alert prints it only then).
create function private.get_alert_campaigns_report()
returns table(campaign_id uuid, campana text, estado text, anuncio_desde date, inicia_en timestamptz, fecha_fin date,
              apertura_push bigint, apertura_email bigint, termina_push bigint, termina_email bigint,
              talla_push bigint, talla_email bigint, codigo_descuento text, codigo_vigente boolean)
language plpgsql
stable security definer
set search_path to ''
as $$
#variable_conflict use_column
begin
  perform private.assert_staff();
  return query
    with live as (
      select l.id from private.live_campaign_ids() as l(id)
    ), waiting as (
      select coalesce(s.campaign_id, p.campaign_id) as campaign_id, s.tipo, s.canal, s.contacto
        from private.alert_subscriptions s
        left join public.products p on p.id = s.product_id
    ), counts as (
      select w.campaign_id,
             count(distinct w.contacto) filter (where w.tipo = 'campana' and w.canal = 'push') as ap,
             count(distinct w.contacto) filter (where w.tipo = 'campana' and w.canal = 'email') as ae,
             count(distinct w.contacto) filter (where w.tipo = 'termina' and w.canal = 'push') as tp,
             count(distinct w.contacto) filter (where w.tipo = 'termina' and w.canal = 'email') as te,
             count(distinct w.contacto) filter (where w.tipo = 'talla' and w.canal = 'push') as zp,
             count(distinct w.contacto) filter (where w.tipo = 'talla' and w.canal = 'email') as ze
        from waiting w
       group by w.campaign_id
    )
    select c.id, c.nombre,
           case when c.id in (select live.id from live) then 'en_curso'
                when c.anuncio_desde <= public.shop_today() then 'anunciada'
                else 'por_anunciar' end,
           c.anuncio_desde, c.inicia_en, c.fecha_fin,
           coalesce(n.ap, 0), coalesce(n.ae, 0), coalesce(n.tp, 0), coalesce(n.te, 0), coalesce(n.zp, 0), coalesce(n.ze, 0),
           ca.codigo_descuento,
           coalesce((select private.discount_code_usable(dc) from public.discount_codes dc where dc.codigo = ca.codigo_descuento), false)
      from public.campaigns c
      left join counts n on n.campaign_id = c.id
      left join public.campaign_alerts ca on ca.campaign_id = c.id
     where c.fecha_fin >= public.shop_today()
     order by (c.id in (select live.id from live)), case when c.id in (select live.id from live) then null else c.inicia_en end,
              c.fecha_fin, c.nombre, c.id;
end
$$;
comment on function private.get_alert_campaigns_report() is 'Staff only (No autorizado otherwise): every campaign not ended, its state (por_anunciar, anunciada, en_curso), the people waiting for its opening, its end (favourites) and its sizes, by push and email, and the discount code its alerts carry with whether it is usable today. Counts only.';
grant execute on function private.get_alert_campaigns_report() to anon, authenticated, service_role;

create function public.get_alert_campaigns_report()
returns table(campaign_id uuid, campana text, estado text, anuncio_desde date, inicia_en timestamptz, fecha_fin date,
              apertura_push bigint, apertura_email bigint, termina_push bigint, termina_email bigint,
              talla_push bigint, talla_email bigint, codigo_descuento text, codigo_vigente boolean)
language sql
stable
set search_path to ''
as $$ select * from private.get_alert_campaigns_report() $$;
comment on function public.get_alert_campaigns_report() is 'Avisos (staff only): per campaign not ended, the people waiting for its alerts by kind and channel and its alerts'' discount code (private.get_alert_campaigns_report).';
grant execute on function public.get_alert_campaigns_report() to anon, authenticated;

-- The sizes people wait for (tipo talla), most people first, at most limit_count (default 500):
-- the product, its brand and campaign, the size (null: any size of a product with none for sale, or
-- a product without sizes), the people waiting by push and by email, since when the first one
-- waits, and whether it is for sale again now (then the sender is telling them).
create function private.get_alert_size_waits_report(limit_count integer default 500)
returns table(product_id uuid, producto text, marca text, campana text, talla text,
              push bigint, email bigint, personas bigint, desde timestamptz, a_la_venta boolean)
language plpgsql
stable security definer
set search_path to ''
as $$
#variable_conflict use_column
begin
  perform private.assert_staff();
  return query
    select p.id, p.nombre, p.marca, c.nombre, btrim(z.talla),
           count(distinct s.contacto) filter (where s.canal = 'push'),
           count(distinct s.contacto) filter (where s.canal = 'email'),
           count(distinct s.contacto),
           min(s.created_at),
           case when z.id is not null then z.existencias > z.apartadas
                else p.existencias > p.apartadas and not exists (select 1 from public.product_sizes x where x.product_id = p.id) end
      from private.alert_subscriptions s
      join public.products p on p.id = s.product_id
      left join public.campaigns c on c.id = p.campaign_id
      left join public.product_sizes z on z.id = s.size_id
     where s.tipo = 'talla'
     group by p.id, p.nombre, p.marca, p.existencias, p.apartadas, c.nombre, z.id, z.talla, z.existencias, z.apartadas
     order by 8 desc, 2, 5 nulls first, 1
     limit greatest(coalesce(limit_count, 500), 0);
end
$$;
comment on function private.get_alert_size_waits_report(integer) is 'Staff only (No autorizado otherwise): the sizes people wait for (talla requests), most people first: product, brand, campaign, size (null: any), people by push and email, the oldest request, whether it is for sale now. Counts only.';
grant execute on function private.get_alert_size_waits_report(integer) to anon, authenticated, service_role;

create function public.get_alert_size_waits_report(limit_count integer default 500)
returns table(product_id uuid, producto text, marca text, campana text, talla text,
              push bigint, email bigint, personas bigint, desde timestamptz, a_la_venta boolean)
language sql
stable
set search_path to ''
as $$ select * from private.get_alert_size_waits_report($1) $$;
comment on function public.get_alert_size_waits_report(integer) is 'Avisos (staff only): the sizes people wait for, most people first (private.get_alert_size_waits_report).';
grant execute on function public.get_alert_size_waits_report(integer) to anon, authenticated;

-- ─── What the alerts did ──────────────────────────────────────────────────────────────────────
-- The alerts sent in a period (by the Mexico City day of sent_at), and of those the ones opened and
-- the ones an order followed (public.record_alert_conversion: placed within 7 days of opening it),
-- whenever that happened; the rates are shares of the alerts sent (apertura_pct, pedido_pct) and
-- of those opened (pedido_abiertos_pct), to one decimal. One row per level (nivel): 'total' (always
-- answered, zeros included), 'tipo' (per kind), 'canal' (push, email) and 'campana' (per campaign
-- and kind; campana null for a campaign since deleted).
create function private.get_alert_deliveries_report(start_date date default null::date, end_date date default null::date)
returns table(nivel text, campaign_id uuid, campana text, tipo text, canal text,
              enviados bigint, abiertos bigint, con_pedido bigint,
              apertura_pct numeric, pedido_pct numeric, pedido_abiertos_pct numeric)
language plpgsql
stable security definer
set search_path to ''
as $$
#variable_conflict use_column
declare
  lo timestamptz := private.day_start(start_date, '-infinity');
  hi timestamptz := private.day_start(end_date + 1, 'infinity');
begin
  perform private.assert_staff();
  return query
    with sent as (
      select d.campaign_id, d.tipo, d.canal, d.opened_at is not null as opened, d.order_id is not null as ordered
        from private.alert_deliveries d
       where d.sent_at >= lo and d.sent_at < hi
    ), g as (
      select case when grouping(x.campaign_id) = 0 then 'campana'
                  when grouping(x.tipo) = 0 then 'tipo'
                  when grouping(x.canal) = 0 then 'canal'
                  else 'total' end as nivel,
             x.campaign_id, x.tipo, x.canal,
             count(*) as enviados,
             count(*) filter (where x.opened) as abiertos,
             count(*) filter (where x.ordered) as con_pedido
        from sent x
       group by grouping sets ((x.campaign_id, x.tipo), (x.tipo), (x.canal), ())
    )
    select g.nivel, g.campaign_id, c.nombre, g.tipo, g.canal, g.enviados, g.abiertos, g.con_pedido,
           coalesce(round(100.0 * g.abiertos / nullif(g.enviados, 0), 1), 0),
           coalesce(round(100.0 * g.con_pedido / nullif(g.enviados, 0), 1), 0),
           coalesce(round(100.0 * g.con_pedido / nullif(g.abiertos, 0), 1), 0)
      from g
      left join public.campaigns c on c.id = g.campaign_id
     order by array_position(array['total', 'tipo', 'canal', 'campana'], g.nivel),
              array_position(array['campana', 'talla', 'termina'], g.tipo), g.canal, g.enviados desc, c.nombre, g.campaign_id;
end
$$;
comment on function private.get_alert_deliveries_report(date, date) is 'Staff only (No autorizado otherwise): the alerts sent in a period (Mexico City days, both inclusive), how many were opened and followed by an order, with rates (of sent; orders of opened), in all, per kind, per channel and per campaign and kind (nivel). Counts only.';
grant execute on function private.get_alert_deliveries_report(date, date) to anon, authenticated, service_role;

create function public.get_alert_deliveries_report(start_date date default null::date, end_date date default null::date)
returns table(nivel text, campaign_id uuid, campana text, tipo text, canal text,
              enviados bigint, abiertos bigint, con_pedido bigint,
              apertura_pct numeric, pedido_pct numeric, pedido_abiertos_pct numeric)
language sql
stable
set search_path to ''
as $$ select * from private.get_alert_deliveries_report($1, $2) $$;
comment on function public.get_alert_deliveries_report(date, date) is 'Avisos (staff only): alerts sent, opened and followed by an order in a period, in all, per kind, channel and campaign (private.get_alert_deliveries_report).';
grant execute on function public.get_alert_deliveries_report(date, date) to anon, authenticated;

-- ─── The discount codes' uses ─────────────────────────────────────────────────────────────────
-- Per code, the orders placed with it in a period (Mexico City days of created_at): pedidos (all
-- of them), usos (those that count a use now: holding their pieces or sold, as discount_codes.usos
-- counts), pagados (sold: pagado, enviado, entregado), descuento (what it took off the paid ones)
-- and ventas (the paid ones' totals, shipping included), and desde_avisos (those placed after
-- opening an alert). Every code with an order in the period, and every active code (zeros
-- included), most orders first.
create function private.get_discount_code_uses_report(start_date date default null::date, end_date date default null::date)
returns table(code_id uuid, codigo text, activo boolean, pedidos bigint, usos bigint, pagados bigint,
              descuento numeric, ventas numeric, desde_avisos bigint)
language plpgsql
stable security definer
set search_path to ''
as $$
#variable_conflict use_column
declare
  lo timestamptz := private.day_start(start_date, '-infinity');
  hi timestamptz := private.day_start(end_date + 1, 'infinity');
begin
  perform private.assert_staff();
  return query
    with placed as (
      select o.codigo,
             count(*) as pedidos,
             count(*) filter (where u.counted) as usos,
             count(*) filter (where private.order_status_sells(o.status)) as pagados,
             coalesce(sum(o.descuento) filter (where private.order_status_sells(o.status)), 0) as descuento,
             coalesce(sum(o.total) filter (where private.order_status_sells(o.status)), 0) as ventas,
             count(*) filter (where exists (select 1 from private.alert_deliveries d where d.order_id = o.id)) as desde_avisos
        from public.orders o
        left join private.discount_code_uses u on u.order_id = o.id
       where o.codigo is not null and o.created_at >= lo and o.created_at < hi
       group by o.codigo
    )
    select c.id, c.codigo, c.activo,
           coalesce(x.pedidos, 0), coalesce(x.usos, 0), coalesce(x.pagados, 0),
           coalesce(x.descuento, 0)::numeric(12, 2), coalesce(x.ventas, 0)::numeric(12, 2), coalesce(x.desde_avisos, 0)
      from public.discount_codes c
      left join placed x on x.codigo = c.codigo
     where x.codigo is not null or c.activo
     order by coalesce(x.pedidos, 0) desc, c.codigo;
end
$$;
comment on function private.get_discount_code_uses_report(date, date) is 'Staff only (No autorizado otherwise): per discount code, the orders placed with it in a period (Mexico City days, both inclusive): all, those counting a use now, those paid, the discount and the totals of the paid ones, those that followed an alert; every code used in the period and every active code.';
grant execute on function private.get_discount_code_uses_report(date, date) to anon, authenticated, service_role;

create function public.get_discount_code_uses_report(start_date date default null::date, end_date date default null::date)
returns table(code_id uuid, codigo text, activo boolean, pedidos bigint, usos bigint, pagados bigint,
              descuento numeric, ventas numeric, desde_avisos bigint)
language sql
stable
set search_path to ''
as $$ select * from private.get_discount_code_uses_report($1, $2) $$;
comment on function public.get_discount_code_uses_report(date, date) is 'Avisos (staff only): the discount codes'' orders, uses, paid orders, discount and sales in a period (private.get_discount_code_uses_report).';
grant execute on function public.get_discount_code_uses_report(date, date) to anon, authenticated;
