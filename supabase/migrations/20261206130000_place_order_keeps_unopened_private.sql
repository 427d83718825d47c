-- place_order answered a refused item's name and price even when its product is not shown (a
-- campaign that ended, or one announced that has not opened): anyone holding a product's id could
-- read them before the opening. A refusal now names only products the shop shows.
create or replace function private.place_order(p_items jsonb, p_channel text, p_session_id text, p_code text)
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
  v_settings public.shop_settings;
  v_shipping numeric(12, 2);
  v_held integer;
  v_order public.orders;
  v_session text := nullif(btrim(p_session_id), '');
  v_code text := nullif(btrim(p_code), '');
  v_quote jsonb;
  v_discount numeric(12, 2) := 0;
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
  if (select count(*) from (select distinct e ->> 'product_id', lower(btrim(e ->> 'talla')) from jsonb_array_elements(p_items) e) d) <> v_count then
    raise exception 'El pedido repite un producto con la misma talla.' using errcode = 'PT400';
  end if;
  if v_session is not null and char_length(v_session) not between 8 and 100 then
    v_session := null;
  end if;

  -- One order at a time: two at once can neither both hold the last piece, nor both take a code's
  -- last use, nor both slip under a limit, nor take one reference. Holds whose time ran out end first.
  perform pg_advisory_xact_lock(hashtext('public.orders'));
  perform private.release_expired_holds();
  select * into v_settings from public.shop_settings s where s.id = 1;
  if (select count(*) from public.orders o where o.sender = v_sender and o.created_at > now() - interval '10 minutes') >= 20
     or (select count(*) from public.orders o where o.sender = v_sender and o.created_at > now() - interval '1 day') >= 100 then
    raise exception 'Ya recibimos varios pedidos desde tu conexión. Espera unos minutos o escríbenos por WhatsApp.'
      using errcode = 'PT429';
  end if;
  if (select count(*) from public.orders o where o.created_at > now() - interval '1 hour') >= 600 then
    raise exception 'Estamos recibiendo demasiados pedidos. Intenta de nuevo en unos minutos o escríbenos por WhatsApp.'
      using errcode = 'PT429';
  end if;

  -- Each item against the catalogue as it is now (this statement starts after the lock, so it sees
  -- every hold placed before it).
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
           p.permalink, p.precio_original, p.precio_venta,
           p.campaign_id in (select private.live_campaign_ids()) as live,
           st.sizes_total, st.sizes_stocked,
           p.existencias as own_existencias, p.apartadas as own_apartadas,
           sz.talla as talla_real, sz.existencias as talla_existencias, sz.apartadas as talla_apartadas
      from wanted w
      left join public.products p on p.id = w.product_id
      left join public.brands b on b.id = p.brand_id and b.active
      left join lateral (
        select count(*) as sizes_total, count(*) filter (where s.existencias > 0) as sizes_stocked
          from public.product_sizes s where s.product_id = p.id
      ) st on true
      left join public.product_sizes sz on sz.product_id = p.id and lower(btrim(sz.talla)) = lower(w.talla)
  ),
  judged as (
    select c.*,
           case
             when not c.exists_now then 'no_disponible'
             when not c.live then 'terminado'
             when (c.sizes_total > 0 and c.sizes_stocked = 0) or (c.sizes_total = 0 and c.own_existencias = 0) then 'agotado'
             when c.sizes_total > 0 and c.talla_real is null then 'talla'
             when c.sizes_total = 0 and c.talla is not null then 'talla'
             when c.sizes_total > 0 and c.talla_existencias = 0 then 'vendida'
             when c.sizes_total > 0 and c.talla_existencias <= c.talla_apartadas then 'apartada'
             when c.sizes_total = 0 and c.own_existencias <= c.own_apartadas then 'apartada'
             when c.precio_venta <> c.precio_visto then 'precio'
           end as motivo
      from checked c
  )
  select
    -- a product the shop does not show (ended, or not yet open) is named by the bag, never by this
    -- answer: its name and price stay private
    jsonb_agg(jsonb_build_object('position', j.position, 'product_id', j.product_id,
                                 'nombre', case when j.live then j.nombre end, 'talla', j.talla, 'motivo', j.motivo,
                                 'precio_venta', case when j.live then j.precio_venta end) order by j.position)
      filter (where j.motivo is not null),
    jsonb_agg(jsonb_build_object('position', j.position, 'product_id', j.product_id, 'talla', btrim(j.talla_real),
                                 'nombre', j.nombre, 'marca', j.marca, 'permalink', j.permalink,
                                 'precio_original', j.precio_original, 'precio_venta', j.precio_venta) order by j.position),
    sum(j.precio_venta)
    into v_problems, v_items, v_subtotal
    from judged j;

  if v_problems is not null then
    return jsonb_build_object('ok', false, 'problems', v_problems);
  end if;

  -- Nobody holds the shop empty: one network holds at most max_held_per_network pieces at once.
  select count(*) into v_held
    from private.holds h join public.orders o on o.id = h.order_id
   where o.sender = v_sender;
  if v_held + v_count > v_settings.max_held_per_network then
    raise exception 'Desde tu conexión ya hay % piezas apartadas en pedidos sin pagar (máximo %). Paga o cancela alguno, o escríbenos por WhatsApp.',
      v_held, v_settings.max_held_per_network using errcode = 'PT429';
  end if;

  -- The code, live, on the items at their prices now (the ones the shopper saw: a changed price was
  -- answered above): its discount, and each item's part of it.
  if v_code is not null then
    v_quote := private.discount_code_quote(v_code, v_items, v_sender);
    if not (v_quote ->> 'ok')::boolean then
      return jsonb_build_object('ok', false, 'problems', '[]'::jsonb,
                                'code_problem', jsonb_build_object('motivo', v_quote ->> 'motivo', 'mensaje', v_quote ->> 'mensaje'));
    end if;
    v_discount := (v_quote ->> 'descuento')::numeric;
    select jsonb_agg(i || jsonb_build_object('descuento', coalesce((l ->> 'descuento')::numeric, 0)) order by (i ->> 'position')::integer)
      into v_items
      from jsonb_array_elements(v_items) i
      left join jsonb_array_elements(v_quote -> 'lines') l on (l ->> 'position')::integer = (i ->> 'position')::integer;
  end if;

  v_shipping := private.shipping_for(v_subtotal - v_discount);

  loop
    begin
      insert into public.orders (reference, channel, item_count, subtotal, shipping, total, session_id, sender, held_until, codigo, descuento)
      values (private.new_order_reference(), p_channel, v_count, v_subtotal, v_shipping,
              v_subtotal - v_discount + v_shipping, v_session, v_sender, now() + make_interval(mins => v_settings.hold_minutes),
              v_quote ->> 'codigo', v_discount)
      returning * into v_order;
      exit;
    exception when unique_violation then
      -- a reference already taken (1 in 28 million per order): draw another
    end;
  end loop;

  insert into public.order_items (order_id, position, product_id, talla, nombre, marca, permalink, precio_original, precio_venta, descuento)
  select v_order.id, (i ->> 'position')::smallint, (i ->> 'product_id')::uuid, i ->> 'talla', i ->> 'nombre', i ->> 'marca',
         i ->> 'permalink', (i ->> 'precio_original')::numeric, (i ->> 'precio_venta')::numeric, coalesce((i ->> 'descuento')::numeric, 0)
    from jsonb_array_elements(v_items) i;
  insert into private.holds (order_id, product_id, size_id)
  select v_order.id, x.product_id, x.size_id from private.order_pieces(v_order.id) x;
  -- one use of the code (private.count_code_use counts it on the code, never past its limit)
  if v_quote is not null then
    insert into private.discount_code_uses (order_id, code_id, sender) values (v_order.id, (v_quote ->> 'code_id')::uuid, v_sender);
  end if;

  return jsonb_build_object('ok', true, 'reference', v_order.reference, 'items', v_items,
                            'subtotal', v_order.subtotal, 'codigo', v_order.codigo, 'descuento', v_order.descuento,
                            'shipping', v_order.shipping, 'total', v_order.total,
                            'held_until', v_order.held_until, 'page_token', v_order.page_token);
end;
$$;
