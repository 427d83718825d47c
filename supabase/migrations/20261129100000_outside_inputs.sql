-- What shoppers and bots send from outside, held to the rule it always should have met:
--  * the abuse limits of orders, contact messages and analytics count by the sender's network (an
--    IPv4 /24, an IPv6 /64: private.limit_key), not the exact address, so one network can no longer
--    take a shop-wide allowance alone and close it to everyone; orders allow 20 per network in 10
--    minutes and 100 a day, which keeps one network under the shop's 600 an hour;
--  * an order line without a product id or a numeric precio_venta is refused as malformed;
--  * a contact message's page is only a path of this site (no '//evil.example'), and pages stored
--    before that rule that break it are cleared.

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
create or replace function private.client_address()
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

comment on table private.analytics_rate is 'Public analytics events admitted per minute, table and client network (private.limit_key; * = everyone). Rows of past minutes are pruned.';

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

-- Places an order from a shopper's items, as they saw them: a JSON array (1 to 20) of
-- {product_id, talla, precio_venta}. Every item is checked against the live catalogue now. When
-- any changed, nothing is stored and the answer is {ok: false, problems: [...]}, one per item that
-- changed, with its position (1-based), product_id, talla and motivo:
--   'no_disponible' the product is gone;
--   'terminado'     its campaign ended;
--   'agotado'       every piece of it is sold;
--   'vendida'       its size is sold;
--   'talla'         the size is not one the product has (or a product with sizes got none);
--   'precio'        the price changed (precio_venta: the price now).
-- Otherwise the order is stored under a new reference and the answer is {ok: true, reference,
-- items: [{position, product_id, talla, nombre, marca, permalink, precio_original, precio_venta}],
-- subtotal, shipping, total}, shipping by the shop's policy (free from free_shipping_min, else
-- shipping_cost). Malformed input (an item without a product id, a price that is not a number, a
-- size that is not text) is refused (PT400); the abuse limits (PT429) are per sender network
-- (private.limit_key: an IPv4 /24, an IPv6 /64) 20 orders in 10 minutes and 100 a day, and 600 an
-- hour for the whole shop. One network can place at most 6 x 20 = 120 orders in any hour, so a flood
-- from one network never reaches the shop's cap: keep 6 x the 10-minute limit under it.
create or replace function private.place_order(p_items jsonb, p_channel text, p_session_id text)
returns jsonb
language plpgsql
security definer -- reads the catalogue as it is and writes orders, which shoppers cannot
set search_path = ''
as $$
declare
  v_sender text := private.limit_key(private.client_address());
  v_count integer;
  v_problems jsonb;
  v_items jsonb;
  v_subtotal numeric(12, 2);
  v_shipping numeric(12, 2);
  v_order public.orders;
  v_session text := nullif(btrim(p_session_id), '');
begin
  if p_channel is null or p_channel not in ('bolsa', 'producto') then
    raise exception 'Canal de pedido no válido.' using errcode = 'PT400';
  end if;
  if p_items is null or jsonb_typeof(p_items) <> 'array' or jsonb_array_length(p_items) = 0 then
    raise exception 'Tu bolsa está vacía.' using errcode = 'PT400';
  end if;
  v_count := jsonb_array_length(p_items);
  if v_count > 20 then
    raise exception 'Un pedido puede tener hasta 20 productos.' using errcode = 'PT400';
  end if;
  if p_channel = 'producto' and v_count <> 1 then
    raise exception 'Comprar ahora envía un solo producto.' using errcode = 'PT400';
  end if;
  if exists (
    select 1 from jsonb_array_elements(p_items) e
     where jsonb_typeof(e) <> 'object'
        or not coalesce(pg_input_is_valid(e ->> 'product_id', 'uuid'), false)
        or coalesce(jsonb_typeof(e -> 'talla'), 'null') not in ('string', 'null')
        or coalesce(char_length(e ->> 'talla'), 0) > 50
        or coalesce(jsonb_typeof(e -> 'precio_venta'), 'missing') <> 'number'
  ) then
    raise exception 'El pedido tiene un producto no válido.' using errcode = 'PT400';
  end if;
  if v_session is not null and char_length(v_session) not between 8 and 100 then
    v_session := null;
  end if;

  -- Each item against the catalogue as it is now.
  with wanted as (
    select i.ord::integer as position,
           (i.e ->> 'product_id')::uuid as product_id,
           nullif(btrim(i.e ->> 'talla'), '') as talla,
           (i.e ->> 'precio_venta')::numeric as precio_visto
      from jsonb_array_elements(p_items) with ordinality as i(e, ord)
  ),
  checked as (
    select w.position, w.product_id, w.talla, w.precio_visto,
           p.id is not null as exists_now,
           -- the brand as the shop shows it: the linked active brand's name, else the free text
           p.nombre, coalesce(nullif(btrim(b.display_name), ''), p.marca) as marca,
           p.permalink, p.precio_original, p.precio_venta, p.agotado,
           p.campaign_id in (select private.live_campaign_ids()) as live,
           (select count(*) from public.product_sizes s where s.product_id = p.id) as sizes_total,
           (select s.talla from public.product_sizes s
             where s.product_id = p.id and lower(btrim(s.talla)) = lower(w.talla)) as talla_real,
           (select s.sold_at is not null from public.product_sizes s
             where s.product_id = p.id and lower(btrim(s.talla)) = lower(w.talla)) as talla_sold
      from wanted w
      left join public.products p on p.id = w.product_id
      left join public.brands b on b.id = p.brand_id and b.active
  ),
  judged as (
    select c.*,
           case
             when not c.exists_now then 'no_disponible'
             when not c.live then 'terminado'
             when c.agotado then 'agotado'
             when c.sizes_total > 0 and c.talla_real is null then 'talla'
             when c.sizes_total = 0 and c.talla is not null then 'talla'
             when c.talla_sold then 'vendida'
             when c.precio_venta <> c.precio_visto then 'precio'
           end as motivo
      from checked c
  )
  select
    jsonb_agg(jsonb_build_object('position', j.position, 'product_id', j.product_id, 'talla', j.talla, 'motivo', j.motivo,
                                 'precio_venta', j.precio_venta) order by j.position) filter (where j.motivo is not null),
    jsonb_agg(jsonb_build_object('position', j.position, 'product_id', j.product_id, 'talla', btrim(j.talla_real),
                                 'nombre', j.nombre, 'marca', j.marca, 'permalink', j.permalink,
                                 'precio_original', j.precio_original, 'precio_venta', j.precio_venta) order by j.position),
    sum(j.precio_venta)
    into v_problems, v_items, v_subtotal
    from judged j;

  if v_problems is not null then
    return jsonb_build_object('ok', false, 'problems', v_problems);
  end if;
  if (select count(*) from (select distinct e ->> 'product_id', lower(btrim(e ->> 'talla')) from jsonb_array_elements(p_items) e) d) <> v_count then
    raise exception 'El pedido repite un producto con la misma talla.' using errcode = 'PT400';
  end if;

  -- One order at a time, so two at once cannot both slip under a limit or take one reference.
  perform pg_advisory_xact_lock(hashtext('public.orders'));
  if (select count(*) from public.orders o where o.sender = v_sender and o.created_at > now() - interval '10 minutes') >= 20
     or (select count(*) from public.orders o where o.sender = v_sender and o.created_at > now() - interval '1 day') >= 100 then
    raise exception 'Ya recibimos varios pedidos desde tu conexión. Espera unos minutos o escríbenos por WhatsApp.'
      using errcode = 'PT429';
  end if;
  if (select count(*) from public.orders o where o.created_at > now() - interval '1 hour') >= 600 then
    raise exception 'Estamos recibiendo demasiados pedidos. Intenta de nuevo en unos minutos o escríbenos por WhatsApp.'
      using errcode = 'PT429';
  end if;

  select case when s.free_shipping_min is not null and v_subtotal >= s.free_shipping_min then 0 else s.shipping_cost end
    into v_shipping
    from public.shop_settings s where s.id = 1;

  loop
    begin
      insert into public.orders (reference, channel, item_count, subtotal, shipping, total, session_id, sender)
      values (private.new_order_reference(), p_channel, v_count, v_subtotal, coalesce(v_shipping, 0),
              v_subtotal + coalesce(v_shipping, 0), v_session, v_sender)
      returning * into v_order;
      exit;
    exception when unique_violation then
      -- a reference already taken (1 in 28 million per order): draw another
    end;
  end loop;

  insert into public.order_items (order_id, position, product_id, talla, nombre, marca, permalink, precio_original, precio_venta)
  select v_order.id, (i ->> 'position')::smallint, (i ->> 'product_id')::uuid, i ->> 'talla', i ->> 'nombre', i ->> 'marca',
         i ->> 'permalink', (i ->> 'precio_original')::numeric, (i ->> 'precio_venta')::numeric
    from jsonb_array_elements(v_items) i;

  return jsonb_build_object('ok', true, 'reference', v_order.reference, 'items', v_items,
                            'subtotal', v_order.subtotal, 'shipping', v_order.shipping, 'total', v_order.total);
end;
$$;
comment on function private.place_order(jsonb, text, text) is 'Records a shopper''s order before the chat opens: checks every item against the live catalogue (ended, sold out, size sold, price changed) and answers the problems, or stores it under a new OM- reference. Limits: 20 per sender network (IPv4 /24, IPv6 /64) in 10 minutes, 100 a day; 600 an hour in all, which one network never reaches. Called by public.place_order.';
grant execute on function private.place_order(jsonb, text, text) to anon, authenticated;

-- A path of this shop as a contact message may name it: one leading '/', never followed by another
-- '/' or a '\' (browsers read '//evil.example' and '/\evil.example' as another site), no '//' or
-- '\' anywhere, no spaces or control characters, at most 300 characters. The inbox links it under
-- the shop's own address, so a message can never send an admin elsewhere.
create function private.is_shop_path(p_page text)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select p_page ~ '^/([^/\\[:space:][:cntrl:]][^\\[:space:][:cntrl:]]*)?$' and p_page !~ '//' and char_length(p_page) <= 300
$$;
comment on function private.is_shop_path(text) is 'True for a path of this site (one leading /, no // or \, no scheme, spaces or control characters, at most 300 characters).';
grant execute on function private.is_shop_path(text) to service_role, authenticated;

update public.contact_messages set page = null where page is not null and not private.is_shop_path(page);
alter table public.contact_messages
  drop constraint contact_messages_page_check,
  add constraint contact_messages_page_check check (private.is_shop_path(page));

-- Checks one message and stores it. The Spanish messages reach the shopper as they are: PT400 for a
-- field to fix, PT429 for a limit (per sender network, an IPv4 /24 or an IPv6 /64: 3 in 10 minutes
-- and 10 a day; per email or phone: 5 a day; the whole shop: 100 an hour, which one network, at
-- most 10 a day, never reaches). A filled honeypot (p_website, a field people never
-- see) is accepted and not stored, so a bot learns nothing. Returns the stored message as the
-- owner's notification shows it (id, name, email, phone, subject, message, page), or null for a bot.
create or replace function public.receive_contact_message(
  p_name text,
  p_email text,
  p_phone text,
  p_subject text,
  p_message text,
  p_page text,
  p_client text,
  p_website text default null
)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  v_name text := nullif(btrim(p_name), '');
  v_email text := lower(nullif(btrim(p_email), ''));
  v_phone text := nullif(regexp_replace(coalesce(p_phone, ''), '[\s().+-]', '', 'g'), '');
  v_subject text := nullif(btrim(p_subject), '');
  v_message text := nullif(btrim(p_message), '');
  v_page text := nullif(btrim(p_page), '');
  v_sender text := private.limit_key(private.address_of(p_client));
  v_stored jsonb;
begin
  if nullif(btrim(p_website), '') is not null then
    return null;
  end if;
  if v_name is null then
    raise exception 'Escribe tu nombre.' using errcode = 'PT400';
  elsif char_length(v_name) > 100 then
    raise exception 'Tu nombre puede tener hasta 100 caracteres.' using errcode = 'PT400';
  elsif v_email is null and v_phone is null then
    raise exception 'Escribe un correo electrónico o un teléfono para poder responderte.' using errcode = 'PT400';
  elsif v_email is not null and (char_length(v_email) > 254 or v_email !~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$') then
    raise exception 'Escribe un correo electrónico válido (p. ej. nombre@correo.com).' using errcode = 'PT400';
  elsif v_phone is not null and v_phone !~ '^[0-9]{10,15}$' then
    raise exception 'Escribe un teléfono de 10 dígitos, o con código de país.' using errcode = 'PT400';
  elsif char_length(v_subject) > 150 then
    raise exception 'El asunto puede tener hasta 150 caracteres.' using errcode = 'PT400';
  elsif v_message is null then
    raise exception 'Escribe tu mensaje.' using errcode = 'PT400';
  elsif char_length(v_message) > 5000 then
    raise exception 'El mensaje puede tener hasta 5,000 caracteres.' using errcode = 'PT400';
  end if;
  -- Not a path of the shop: leave it out rather than refuse the message.
  if not private.is_shop_path(v_page) then
    v_page := null;
  end if;

  -- One message at a time, so two at once cannot both slip under a limit.
  perform pg_advisory_xact_lock(hashtext('public.contact_messages'));
  if (select count(*) from public.contact_messages m where m.sender = v_sender and m.created_at > now() - interval '10 minutes') >= 3
     or (select count(*) from public.contact_messages m where m.sender = v_sender and m.created_at > now() - interval '1 day') >= 10
     or (select count(*) from public.contact_messages m
          where (m.email = v_email or m.phone = v_phone) and m.created_at > now() - interval '1 day') >= 5 then
    raise exception 'Ya recibimos tus mensajes. Espera unos minutos antes de enviar otro, o escríbenos por WhatsApp.'
      using errcode = 'PT429';
  end if;
  if (select count(*) from public.contact_messages m where m.created_at > now() - interval '1 hour') >= 100 then
    raise exception 'Estamos recibiendo demasiados mensajes. Intenta de nuevo en unos minutos o escríbenos por WhatsApp.'
      using errcode = 'PT429';
  end if;

  insert into public.contact_messages (name, email, phone, subject, message, page, sender)
  values (v_name, v_email, v_phone, v_subject, v_message, v_page, v_sender)
  returning jsonb_build_object('id', id, 'name', name, 'email', email, 'phone', phone, 'subject', subject,
                               'message', message, 'page', page)
  into v_stored;
  return v_stored;
end;
$$;
comment on function public.receive_contact_message(text, text, text, text, text, text, text, text) is 'Stores one contact message after its checks and limits (3 per sender network in 10 minutes, 10 a day; 5 per email or phone a day; 100 an hour in all); a page that is not a path of this site is left out; a filled honeypot is dropped. Service role only.';
grant execute on function public.receive_contact_message(text, text, text, text, text, text, text, text) to service_role;
