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
-- those by push and by email, and the requests they hold; apart, the emails whose requests of the
-- kind wait for their owner's confirmation (por_confirmar: not told until confirmed, 26_alerts.sql).
create function private.get_alert_waiting_summary()
returns table(tipo text, personas bigint, push bigint, email bigint, solicitudes bigint, por_confirmar bigint)
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
           count(s.id),
           (select count(distinct r.email) from private.alert_email_requests r where r.tipo = k.tipo)
      from (values (1, 'campana'), (2, 'talla'), (3, 'termina')) as k(orden, tipo)
      left join private.alert_subscriptions s on s.tipo = k.tipo
     group by k.orden, k.tipo
     order by k.orden;
end
$$;
comment on function private.get_alert_waiting_summary() is 'Staff only (No autorizado otherwise): the alert requests waiting now per kind (campana, talla, termina): people (contacts), by push, by email, requests, and emails waiting for their owner''s confirmation. Counts only.';
grant execute on function private.get_alert_waiting_summary() to anon, authenticated, service_role;

create function public.get_alert_waiting_summary()
returns table(tipo text, personas bigint, push bigint, email bigint, solicitudes bigint, por_confirmar bigint)
language sql
stable
set search_path to ''
as $$ select * from private.get_alert_waiting_summary() $$;
comment on function public.get_alert_waiting_summary() is 'Avisos (staff only): people waiting for an alert now, per kind and channel, and emails waiting for their confirmation (private.get_alert_waiting_summary).';
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
