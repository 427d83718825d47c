-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 20 · Orders: what a shopper sends to the chat, followed up by the team in 'Pedidos'
--
-- Entry points: public.place_order, public.extend_order_hold, public.record_payment,
-- public.record_refund, public.order_page; private.release_expired_holds (every 20 seconds).
--
-- Shoppers buy in a WhatsApp chat. Before the chat opens, the shop records the order through
-- public.place_order (the only way in for shoppers): it checks every item against the live
-- catalogue at that moment (campaign not ended, a piece of the size for sale, price as shown), and
-- either refuses naming each item that changed, or stores the order under a short reference
-- (OM-7K3F2) the shopper's message carries, and holds its pieces (private.holds) for the shop's hold
-- time: nobody else can order them meanwhile. Orders are placed one at a time, so however many
-- shoppers order the last piece at once, exactly one holds it. A hold that ends unpaid gives its
-- pieces back (private.release_expired_holds, every 20 seconds). Marking an order paid sells its
-- pieces (one piece of each size: existencias drops by one; which order sold it is private.sales);
-- cancelling gives them back. An order may carry a discount code (24_discount_codes.sql): the
-- order records it, its discount and the totals before and after it, and counts one of its uses.
-- ═════════════════════════════════════════════════════════════════════════════════════════════

-- A reference is 'OM-' and 5 characters from an alphabet without the look-alikes 0/O, 1/I/L, so a
-- shopper can read it out and the team can type it.
create function private.new_order_reference()
returns text
language sql
volatile
set search_path = ''
as $$
  select 'OM-' || string_agg(substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + floor(random() * 31)::integer, 1), '')
  from generate_series(1, 5)
$$;
comment on function private.new_order_reference() is 'A random order reference: OM- and 5 characters of 23456789ABCDEFGHJKMNPQRSTUVWXYZ (no 0/O, 1/I/L).';

create table public.orders (
  id uuid primary key default gen_random_uuid(),
  reference text not null unique check (reference ~ '^OM-[2-9A-HJKMNP-Z]{5}$'),
  -- nuevo (sent to the chat) → confirmado (availability confirmed) → pagado → enviado → entregado;
  -- cancelado at any point. pagado, enviado and entregado hold the items' sizes as sold.
  status text not null default 'nuevo'
    check (status in ('nuevo', 'confirmado', 'pagado', 'enviado', 'entregado', 'cancelado')),
  -- 'bolsa': sent from Mi bolsa; 'producto': 'Comprar ahora' on a product page.
  channel text not null check (channel in ('bolsa', 'producto')),
  item_count integer not null check (item_count between 1 and 20),
  subtotal numeric(12, 2) not null check (subtotal >= 0),
  shipping numeric(12, 2) not null check (shipping >= 0),
  -- subtotal: the items at their prices, before any discount; total: what the shopper pays, the
  -- subtotal less the code's discount (descuento) plus shipping
  total numeric(12, 2) not null constraint orders_total_check check (total = subtotal - descuento + shipping),
  notes text check (char_length(notes) <= 2000),
  tracking_number text check (btrim(tracking_number) <> '' and char_length(tracking_number) <= 100),
  tracking_url text check (tracking_url ~ '^https?://[^[:space:]]+$' and char_length(tracking_url) <= 500),
  -- the analytics session that sent it (the funnel's last step), when the browser had one
  session_id text check (char_length(session_id) between 8 and 100),
  -- the sender's network, private.limit_key (the per-network limits); '' when unknown
  sender text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  status_changed_at timestamptz not null default now(),
  paid_at timestamptz,
  -- Until when the order holds its pieces (private.holds); null once it holds none (paid, cancelled,
  -- or the hold ended). The team may extend it (public.extend_order_hold).
  held_until timestamptz,
  -- When and why a hold ended without a sale: 'vencido' (its time ran out unpaid), 'cancelado',
  -- 'pago_rechazado' (the online payment was rejected or its voucher expired).
  hold_ended_at timestamptz,
  hold_end_reason text check (hold_end_reason in ('vencido', 'cancelado', 'pago_rechazado')),
  -- The order's own page (/pedido/?t=…) and payment link: a random key nobody can guess, so the
  -- reference a shopper reads out in the chat never opens them.
  page_token uuid not null default gen_random_uuid() unique,
  -- The discount code the shopper entered (24_discount_codes.sql), as the shop stores codes
  -- (upper case, trimmed), and what it took off the subtotal; no code, no discount.
  codigo text check (codigo = upper(btrim(codigo)) and char_length(codigo) between 1 and 40),
  descuento numeric(12, 2) not null default 0
    constraint orders_descuento_check check (descuento >= 0 and descuento <= subtotal and (codigo is not null or descuento = 0))
);
comment on table public.orders is 'Orders sent to the chat (Mi bolsa or Comprar ahora), by reference, with their totals as sent (subtotal before the discount code''s descuento, total after it and shipping), status, notes and tracking, and until when they hold their pieces (held_until; why a hold ended: hold_end_reason). Recorded by place_order; staff read them, owners and editors update status, notes and tracking.';
create index orders_created_at_idx on public.orders (created_at desc);
create index orders_status_idx on public.orders (status, created_at desc);
create index orders_sender_idx on public.orders (sender, created_at);
create index orders_session_idx on public.orders (created_at, session_id);
create index orders_held_until_idx on public.orders (held_until) where held_until is not null;
grant select on table public.orders to authenticated;
grant update (status, notes, tracking_number, tracking_url) on table public.orders to authenticated;

-- updated_at says when the team last changed the order (what the back office's edit check
-- compares); holds ending or extended, and payments, are not edits of it.
create trigger set_updated_at
  before update of status, notes, tracking_number, tracking_url on public.orders
  for each row execute function public.set_updated_at();

-- The team's changes to an order (status, notes, tracking) are history; what shoppers send is not.
create trigger orders_history after update on public.orders
  for each row execute function private.record_change('order');

create table public.order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  position smallint not null check (position between 1 and 20),
  -- the product as it was sent; product_id is null once the product is deleted
  product_id uuid references public.products (id) on delete set null,
  talla text check (btrim(talla) <> ''),
  nombre text not null,
  marca text not null default '',
  permalink text not null,
  precio_original numeric(12, 2) not null check (precio_original >= 0),
  precio_venta numeric(12, 2) not null check (precio_venta >= 0),
  -- this item's part of the order's discount (the code's discount shared among the items it applies
  -- to, in proportion to their prices, to the cent): what it is charged is precio_venta - descuento
  descuento numeric(12, 2) not null default 0 constraint order_items_descuento_check check (descuento >= 0 and descuento <= precio_venta),
  unique (order_id, position)
);
comment on table public.order_items is 'The items of an order as the shopper sent them: product, size, name, brand, link and prices at that moment, and each one''s part of the order''s discount.';
create index order_items_order_idx on public.order_items (order_id, position);
create index order_items_product_idx on public.order_items (product_id);
grant select on table public.order_items to authenticated;

-- Which order sold each piece: a size, or a product without sizes (the product is its own stock).
-- Private: shoppers read sizes, and an order's id beside each sold size would tell them which
-- pieces were bought together. An order sells one piece of each of its items (an order never lists
-- the same size twice).
create table private.sales (
  product_id uuid not null references public.products (id) on delete cascade,
  size_id uuid references public.product_sizes (id) on delete cascade,
  order_id uuid not null references public.orders (id) on delete cascade,
  unique nulls not distinct (order_id, product_id, size_id)
);
comment on table private.sales is 'The pieces paid orders sold, one per row: a size (size_id) or a product without sizes (size_id null), and the order. Written only by private.order_status_change.';
create index sales_product_idx on private.sales (product_id);
create index sales_size_idx on private.sales (size_id) where size_id is not null;

-- The pieces unpaid orders hold now, one per row: a size, or a product without sizes. Kept in step
-- with the count the shop reads (product_sizes.apartadas, products.apartadas) by the trigger below;
-- private like the sales.
create table private.holds (
  order_id uuid not null references public.orders (id) on delete cascade,
  product_id uuid not null references public.products (id) on delete cascade,
  size_id uuid references public.product_sizes (id) on delete cascade,
  unique nulls not distinct (order_id, product_id, size_id)
);
comment on table private.holds is 'The pieces unpaid orders hold now: a size (size_id) or a product without sizes (size_id null), and the order. Written by place_order, ended by payment, cancellation or private.release_expired_holds.';
create index holds_product_idx on private.holds (product_id);
create index holds_size_idx on private.holds (size_id) where size_id is not null;

-- A held piece counts in its size's (or sizeless product's) apartadas while its row exists; every
-- change raises the catalogue version, so no remembered shop answer counts a piece it should not.
create function private.count_held_piece()
returns trigger
language plpgsql
security definer -- writes the counts, which nobody else may
set search_path = ''
as $$
begin
  -- a paid order's holds end in the sale that already took them off the counts (order_status_change)
  if tg_op = 'DELETE' and current_setting('private.selling_order', true) = old.order_id::text then
    return null;
  end if;
  -- the shop's remembered answers (03: private.shop_answers) count only pieces for sale
  update private.shop_version set version = version + 1;
  if tg_op = 'INSERT' then
    if new.size_id is null then
      update public.products p set apartadas = p.apartadas + 1 where p.id = new.product_id;
    else
      update public.product_sizes s set apartadas = s.apartadas + 1 where s.id = new.size_id;
    end if;
    return null;
  end if;
  if old.size_id is null then
    update public.products p set apartadas = p.apartadas - 1 where p.id = old.product_id and p.apartadas > 0;
  else
    update public.product_sizes s set apartadas = s.apartadas - 1 where s.id = old.size_id and s.apartadas > 0;
  end if;
  return null;
end
$$;
comment on function private.count_held_piece() is 'Trigger on private.holds: a held piece adds one to its size''s (or sizeless product''s) apartadas, and takes it off when its hold ends (except in a sale, which took it off with existencias).';

create trigger count_held_piece
  after insert or delete on private.holds
  for each row execute function private.count_held_piece();

-- Ends an order's hold without a sale: its pieces are for sale again, and the order says when and
-- why ('vencido', 'cancelado').
create function private.end_hold(p_order_id uuid, p_reason text)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  delete from private.holds h where h.order_id = p_order_id;
  update public.orders o set held_until = null, hold_ended_at = now(), hold_end_reason = p_reason
   where o.id = p_order_id and o.held_until is not null;
$$;
comment on function private.end_hold(uuid, text) is 'Ends an order''s hold unsold: its pieces go back on sale; the order records when and why (vencido, cancelado).';

-- Every hold whose time ran out unpaid ends ('vencido'). The hosted project's pg_cron runs it every
-- 20 seconds; the local stack runs the same job (scripts/stack/jobs.ts), and place_order runs it
-- before it checks anything, so an ended hold never keeps a piece from a shopper.
create function private.release_expired_holds()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_released integer;
begin
  perform pg_advisory_xact_lock(hashtext('public.orders'));
  with due as (
    update public.orders o set held_until = null, hold_ended_at = now(), hold_end_reason = 'vencido'
     where o.held_until <= now()
    returning o.id
  ), freed as (
    delete from private.holds h using due where h.order_id = due.id returning 1
  )
  select count(*) into v_released from due;
  return v_released;
end
$$;
comment on function private.release_expired_holds() is 'Ends every hold whose time ran out unpaid (hold_end_reason vencido), putting its pieces back on sale; returns how many orders. Run every 20 seconds (pg_cron on hosted projects, the local stack''s jobs) and by place_order.';

-- The shop's shipping rule for an amount of products (after any discount code): free from
-- shop_settings.free_shipping_min, else shipping_cost. place_order and the discount code's preview
-- (24_discount_codes.sql) charge shipping by this one rule.
create function private.shipping_for(p_amount numeric)
returns numeric
language sql
stable
set search_path = ''
as $$
  select case when s.free_shipping_min is not null and p_amount >= s.free_shipping_min then 0
              else coalesce(s.shipping_cost, 0) end::numeric(12, 2)
    from public.shop_settings s where s.id = 1
$$;
comment on function private.shipping_for(numeric) is 'Shipping for an amount of products (after any discount): 0 from shop_settings.free_shipping_min, else shipping_cost.';

-- Places an order from a shopper's items, as they saw them: a JSON array (1 to 20) of
-- {product_id, talla, precio_venta}, and the discount code they entered, if any. Every item is
-- checked against the live catalogue now. When any changed, nothing is stored and the answer is
-- {ok: false, problems: [...]}, one per item that changed, with its position (1-based), product_id,
-- nombre, talla and motivo:
--   'no_disponible' the product is gone;
--   'terminado'     its campaign ended;
--   'agotado'       every piece of it is sold;
--   'vendida'       every piece of its size is sold;
--   'apartada'      every piece left of it (or of its size) is held by another order right now;
--   'talla'         the size is not one the product has (or a product with sizes got none);
--   'precio'        the price changed (precio_venta: the price now).
-- Then the code, checked live (private.discount_code_quote, 24_discount_codes.sql): one the order
-- cannot have stores nothing either, and the answer is {ok: false, problems: [], code_problem:
-- {motivo, mensaje}} with the Spanish refusal ('Este código ya se agotó'), so the shopper decides
-- whether to send it without the code.
-- Otherwise the order is stored under a new reference, holds one piece of each item until
-- held_until (now + shop_settings.hold_minutes), counts one use of its code, and the answer is
-- {ok: true, reference, items: [{position, product_id, talla, nombre, marca, permalink,
-- precio_original, precio_venta, descuento}], subtotal, codigo, descuento, shipping, total,
-- held_until, page_token}: subtotal before the discount, shipping by the shop's policy on what the
-- products cost after it (private.shipping_for), total = subtotal - descuento + shipping; page_token
-- opens the order's page and its payment link.
-- Orders are placed one at a time (a transaction lock taken before anything is checked), so two
-- shoppers never both see the last piece free: the second is told it is 'apartada'; nor both take
-- a code's last use: the second is told 'Este código ya se agotó'.
-- Malformed input (an item without a product id, a price that is not a number, a size that is not
-- text) is refused (PT400); the abuse limits (PT429) are per sender network (private.limit_key: an
-- IPv4 /24, an IPv6 /64) 20 orders in 10 minutes, 100 a day and shop_settings.max_held_per_network
-- pieces held at once, and 600 orders an hour for the whole shop. One network can place at most
-- 6 x 20 = 120 orders in any hour, so a flood from one network never reaches the shop's cap: keep
-- 6 x the 10-minute limit under it.
create function private.place_order(p_items jsonb, p_channel text, p_session_id text, p_code text)
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
comment on function private.place_order(jsonb, text, text, text) is 'Records a shopper''s order before the chat opens: one at a time, checks every item against the live catalogue (ended, sold out, size sold or held, price changed) and the discount code (private.discount_code_quote) and answers the problems, or stores it under a new OM- reference holding one piece of each item for shop_settings.hold_minutes and counting one use of the code. Limits per sender network (IPv4 /24, IPv6 /64): 20 orders in 10 minutes, 100 a day, max_held_per_network pieces held; 600 orders an hour in all. Called by public.place_order.';
grant execute on function private.place_order(jsonb, text, text, text) to anon, authenticated;

-- What the API calls (caller's rights): private.place_order does the work.
create function public.place_order(p_items jsonb, p_channel text default 'bolsa', p_session_id text default null, p_code text default null)
returns jsonb
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.place_order(p_items, p_channel, p_session_id, p_code)
$$;
comment on function public.place_order(jsonb, text, text, text) is 'A shopper''s order, checked, recorded and held by private.place_order, with its discount code if any: {ok, reference, items, subtotal, codigo, descuento, shipping, total, held_until, page_token} or {ok: false, problems} or {ok: false, problems: [], code_problem: {motivo, mensaje}}.';
grant execute on function public.place_order(jsonb, text, text, text) to anon, authenticated;

-- The statuses that hold an order's sizes as sold.
create function private.order_status_sells(p_status text)
returns boolean
language sql
immutable
set search_path = ''
as $$ select p_status in ('pagado', 'enviado', 'entregado') $$;
comment on function private.order_status_sells(text) is 'True for pagado, enviado and entregado: the statuses in which an order''s sizes are sold.';

-- The pieces an order holds: each item's size as its product has it now, or the product itself
-- when it has no sizes (items whose product or size is gone hold none).
create function private.order_pieces(p_order_id uuid)
returns table (product_id uuid, size_id uuid, nombre text, talla text)
language sql
stable
set search_path = ''
as $$
  select i.product_id, s.id, i.nombre, coalesce(s.talla, i.talla)
    from public.order_items i
    join public.products p on p.id = i.product_id
    left join public.product_sizes s on s.product_id = i.product_id and lower(btrim(s.talla)) = lower(btrim(i.talla))
   where i.order_id = p_order_id
     and (s.id is not null or (i.talla is null and not exists (select 1 from public.product_sizes x where x.product_id = i.product_id)))
$$;
comment on function private.order_pieces(uuid) is 'The pieces an order holds: its items'' sizes as their products have them, or a product without sizes itself.';

-- Before a status change, under the orders' lock (place_order's): an order that becomes paid (or
-- later) sells one piece of each item (private.sales): the piece it holds, or, when its hold ended,
-- a piece still for sale; existencias drop by one and the hold ends. It is refused (PT409), naming
-- the item, when a piece it does not hold has none left for sale (sold, or held by another order).
-- One that goes back to nuevo or confirmado, or is cancelled, gives its sold pieces back; an unpaid
-- one that is cancelled ends its hold ('cancelado'). Times: status_changed_at on every change,
-- paid_at when first paid.
create function private.order_status_change()
returns trigger
language plpgsql
security definer -- writes product_sizes, products and private.sales for the caller, an owner or editor
set search_path = ''
as $$
declare
  v_taken record;
begin
  if new.status is not distinct from old.status then
    return new;
  end if;
  new.status_changed_at := now();
  if private.order_status_sells(new.status) and not private.order_status_sells(old.status) then
    perform pg_advisory_xact_lock(hashtext('public.orders'));
    select x.nombre, x.talla into v_taken
      from private.order_pieces(new.id) x
      left join private.holds h on h.order_id = new.id and h.product_id = x.product_id and h.size_id is not distinct from x.size_id
      left join public.product_sizes s on s.id = x.size_id
      left join public.products p on p.id = x.product_id
     where h.order_id is null
       and (case when x.size_id is null then p.existencias - p.apartadas else s.existencias - s.apartadas end) < 1
     limit 1;
    if found then
      if v_taken.talla is null then
        raise exception '% ya no está disponible: se vendió o está apartado en otro pedido.', v_taken.nombre using errcode = 'PT409';
      end if;
      raise exception 'La talla % de % ya no está disponible: se vendió o está apartada en otro pedido.', v_taken.talla, v_taken.nombre
        using errcode = 'PT409';
    end if;
    insert into private.sales (product_id, size_id, order_id)
    select x.product_id, x.size_id, new.id from private.order_pieces(new.id) x
    on conflict do nothing;
    -- One write per piece: a held piece is sold in the same update that ends its hold (existencias
    -- and apartadas drop together), so the pieces for sale never move and the shop's lists and
    -- counts are not rewritten twice; a piece it no longer held comes off existencias alone.
    update public.product_sizes s
       set existencias = s.existencias - 1,
           apartadas = s.apartadas - (select count(*) from private.holds h where h.order_id = new.id and h.size_id = s.id)::integer
     where s.id in (select sa.size_id from private.sales sa where sa.order_id = new.id);
    update public.products p
       set existencias = p.existencias - 1,
           apartadas = p.apartadas
                       - (select count(*) from private.holds h where h.order_id = new.id and h.product_id = p.id and h.size_id is null)::integer
     where p.id in (select sa.product_id from private.sales sa where sa.order_id = new.id and sa.size_id is null);
    -- its holds are gone with the sale: their count was taken off above (private.count_held_piece
    -- reads this setting and leaves the counts alone)
    perform set_config('private.selling_order', new.id::text, true);
    delete from private.holds h where h.order_id = new.id;
    perform set_config('private.selling_order', '', true);
    new.held_until := null;
    new.paid_at := coalesce(new.paid_at, now());
  elsif private.order_status_sells(old.status) and not private.order_status_sells(new.status) then
    update public.product_sizes s set existencias = s.existencias + 1
     where s.id in (select sa.size_id from private.sales sa where sa.order_id = new.id);
    update public.products p set existencias = p.existencias + 1
     where p.id in (select sa.product_id from private.sales sa where sa.order_id = new.id and sa.size_id is null);
    delete from private.sales sa where sa.order_id = new.id;
  elsif new.status = 'cancelado' and new.held_until is not null then
    delete from private.holds h where h.order_id = new.id;
    new.held_until := null;
    new.hold_ended_at := now();
    new.hold_end_reason := 'cancelado';
  end if;
  return new;
end
$$;
comment on function private.order_status_change() is 'Trigger: paid (or later) sells one piece of each item, the one it holds or one still for sale (refused, PT409, naming the item, when none is left); back to nuevo/confirmado or cancelado gives sold pieces back; cancelling an unpaid order ends its hold. Stamps status_changed_at and paid_at.';

create trigger order_status_change
  before update of status on public.orders
  for each row execute function private.order_status_change();

-- The team gives a shopper more time to pay: an order that still holds its pieces holds them p_hours
-- (1 to 72) longer. Owners and editors only; the history records it.
create function private.extend_order_hold(p_order_id uuid, p_hours integer)
returns timestamptz
language plpgsql
volatile
security definer -- orders.held_until is not a column the team writes directly
set search_path = ''
as $$
declare
  v_until timestamptz;
begin
  perform private.assert_admin();
  if p_hours is null or p_hours not between 1 and 72 then
    raise exception 'El apartado se extiende de 1 a 72 horas.' using errcode = 'PT400';
  end if;
  perform pg_advisory_xact_lock(hashtext('public.orders'));
  update public.orders o set held_until = greatest(o.held_until, now()) + make_interval(hours => p_hours)
   where o.id = p_order_id and o.held_until is not null and o.held_until > now()
  returning o.held_until into v_until;
  if v_until is null then
    raise exception 'Este pedido ya no tiene piezas apartadas.' using errcode = 'PT409';
  end if;
  return v_until;
end
$$;
comment on function private.extend_order_hold(uuid, integer) is 'Owners and editors: an order that still holds its pieces holds them p_hours (1 to 72) longer; returns the new held_until. PT409 when its hold already ended. Called by public.extend_order_hold.';
grant execute on function private.extend_order_hold(uuid, integer) to authenticated;

-- What the API calls (caller's rights): private.extend_order_hold does the work.
create function public.extend_order_hold(p_order_id uuid, p_hours integer)
returns timestamptz
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.extend_order_hold(p_order_id, p_hours)
$$;
comment on function public.extend_order_hold(uuid, integer) is 'Owners and editors: holds an order''s pieces p_hours (1 to 72) longer (private.extend_order_hold).';
grant execute on function public.extend_order_hold(uuid, integer) to authenticated;

-- Hosted projects run the hold job with pg_cron every 20 seconds; a database without pg_cron (the
-- local stack's) runs it from scripts/stack/jobs.ts on the same schedule.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    execute $cron$select cron.schedule('release-expired-holds', '20 seconds', 'select private.release_expired_holds()')$cron$;
  end if;
end
$$;

-- Every change to orders takes the orders' lock before its rows (a statement trigger runs before
-- the statement locks any row), in the order place_order, the hold job, extend_order_hold and
-- record_payment take it: lock, then rows. Without it, a team member marking an order paid (row,
-- then the lock inside order_status_change) while the hold job ends that order's hold (lock, then
-- the row) would wait on each other.
create function private.take_orders_lock()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtext('public.orders'));
  return null;
end
$$;
comment on function private.take_orders_lock() is 'Statement trigger on orders: takes the orders'' transaction lock before any row of the statement is locked, so every writer takes the lock first.';

create trigger orders_lock_first
  before update on public.orders
  for each statement execute function private.take_orders_lock();


-- ─── Online payment (Mercado Pago Checkout Pro) ───────────────────────────────────────────────
-- The Edge Functions do the talking: `pay` builds a payment preference from the order as this
-- database holds it, `mercadopago-webhook` reads each payment Mercado Pago notifies from Mercado
-- Pago's own API and hands it to public.record_payment, `refund-payment` refunds through Mercado
-- Pago and records it with public.record_refund. The database decides what a payment does to its
-- order, under the orders' lock.

-- Every payment Mercado Pago reports for an order, as its API last described it (never what a
-- notice's body says). flag says why a payment did not make its order paid and needs the team.
create table public.order_payments (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  provider text not null default 'mercadopago' check (provider = 'mercadopago'),
  payment_id text not null check (payment_id ~ '^[0-9A-Za-z_-]{1,64}$'),
  -- Mercado Pago's words: approved, pending, in_process, authorized, rejected, cancelled, refunded,
  -- charged_back, in_mediation
  status text not null check (status ~ '^[a-z_]{1,40}$'),
  status_detail text check (char_length(status_detail) <= 100),
  -- how it was paid: payment_method_id (visa, master, oxxo, account_money…) and payment_type_id
  -- (credit_card, debit_card, ticket, account_money…)
  method text check (char_length(method) <= 60),
  payment_type text check (char_length(payment_type) <= 60),
  amount numeric(12, 2),
  currency text check (char_length(currency) <= 3),
  installments smallint,
  approved_at timestamptz,
  -- a voucher's (OXXO) last day to pay; the order holds its pieces until then
  expires_at timestamptz,
  refunded_amount numeric(12, 2) not null default 0 check (refunded_amount >= 0),
  -- 'monto_distinto' (not the order's total), 'moneda_distinta' (not MXN), 'pedido_cancelado'
  -- (approved for an order cancelled meanwhile), 'pago_duplicado' (a second approved payment of a
  -- paid order), 'sin_piezas' (approved after the hold ended and a piece was taken), 'sin_codigo'
  -- (approved after the hold ended and its discount code's last use was taken): the order is not
  -- marked paid by it, and the team refunds it or sorts it out
  flag text check (flag in ('monto_distinto', 'moneda_distinta', 'pedido_cancelado', 'pago_duplicado', 'sin_piezas', 'sin_codigo')),
  -- how many notices brought it (a notice repeated is counted, never applied twice)
  notices integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (provider, payment_id)
);
comment on table public.order_payments is 'Payments Mercado Pago reported for an order, as its API last described them: status, method, amount, approval, voucher expiry, refunded amount, and a flag when it did not make its order paid. Written by public.record_payment and record_refund (service role); staff read them.';
create index order_payments_order_idx on public.order_payments (order_id, created_at);
grant select on table public.order_payments to authenticated;

create trigger set_updated_at
  before update on public.order_payments
  for each row execute function public.set_updated_at();

-- Refunds made from 'Pedidos' ('Reembolsar'), whole or in part, with the owner's reason.
create table public.order_refunds (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  payment_id text not null,
  -- Mercado Pago's refund id
  refund_id text not null unique check (char_length(refund_id) <= 64),
  amount numeric(12, 2) not null check (amount > 0),
  reason text not null check (btrim(reason) <> '' and char_length(reason) <= 500),
  refunded_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);
comment on table public.order_refunds is 'Refunds made through Mercado Pago from Pedidos: amount, reason, who and when. Written by public.record_refund (service role); staff read them.';
create index order_refunds_order_idx on public.order_refunds (order_id, created_at);
create index order_refunds_refunded_by_idx on public.order_refunds (refunded_by);
grant select on table public.order_refunds to authenticated;

-- What a payment Mercado Pago describes does to its order (p_payment: the payment as Mercado
-- Pago's API returned it: id, status, status_detail, external_reference (the order's reference),
-- transaction_amount, currency_id, payment_method_id, payment_type_id, installments, date_approved,
-- date_of_expiration, transaction_amount_refunded). Under the orders' lock:
-- - approved, in MXN, for the order's total, of an unpaid order: the order is paid (its pieces sold);
--   approved otherwise is recorded with a flag and changes no order;
-- - pending or in process: the order keeps holding its pieces, until the voucher's expiry when that
--   is later than its hold;
-- - rejected or cancelled (a voucher that expired), when no other payment of the order is approved
--   or pending: the hold ends ('pago_rechazado') and the pieces are for sale again;
-- - a payment's status never goes back from approved to pending or rejected (notices arrive out of
--   order), and the same notice twice changes nothing the second time.
-- Answers {ok, reference, result}: result 'pagado', 'ya_pagado', 'apartado', 'liberado',
-- 'registrado' or the flag; {ok: false, result: 'pedido_desconocido'} for an unknown reference.
create function public.record_payment(p_payment jsonb)
returns jsonb
language plpgsql
volatile
security definer -- writes orders and payments for the webhook function (service role)
set search_path = ''
as $$
declare
  v_order public.orders;
  v_payment public.order_payments;
  v_previous text;
  v_id text := p_payment ->> 'id';
  v_status text := lower(coalesce(p_payment ->> 'status', ''));
  v_flag text;
  v_result text := 'registrado';
  v_detail text;
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    raise exception 'No autorizado' using errcode = '42501';
  end if;
  if v_id is null or v_id !~ '^[0-9A-Za-z_-]{1,64}$' or v_status !~ '^[a-z_]{1,40}$' then
    raise exception 'Pago no válido.' using errcode = 'PT400';
  end if;
  perform pg_advisory_xact_lock(hashtext('public.orders'));
  select * into v_order from public.orders o where o.reference = p_payment ->> 'external_reference';
  if not found then
    return jsonb_build_object('ok', false, 'result', 'pedido_desconocido');
  end if;

  select op.status into v_previous from public.order_payments op where op.provider = 'mercadopago' and op.payment_id = v_id;
  -- out of order: an approved payment is never taken back by an older notice
  if v_previous = 'approved' and v_status in ('pending', 'in_process', 'authorized', 'rejected') then
    v_status := v_previous;
  end if;
  insert into public.order_payments as op (order_id, payment_id, status, status_detail, method, payment_type, amount, currency,
                                           installments, approved_at, expires_at, refunded_amount)
  values (v_order.id, v_id, v_status, left(p_payment ->> 'status_detail', 100), left(p_payment ->> 'payment_method_id', 60),
          left(p_payment ->> 'payment_type_id', 60), (p_payment ->> 'transaction_amount')::numeric, left(p_payment ->> 'currency_id', 3),
          (p_payment ->> 'installments')::smallint, (p_payment ->> 'date_approved')::timestamptz,
          (p_payment ->> 'date_of_expiration')::timestamptz, coalesce((p_payment ->> 'transaction_amount_refunded')::numeric, 0))
  on conflict (provider, payment_id) do update
     set status = excluded.status, status_detail = excluded.status_detail, method = excluded.method,
         payment_type = excluded.payment_type, amount = excluded.amount, currency = excluded.currency,
         installments = excluded.installments, approved_at = coalesce(excluded.approved_at, op.approved_at),
         expires_at = excluded.expires_at, refunded_amount = greatest(op.refunded_amount, excluded.refunded_amount),
         notices = op.notices + 1, updated_at = now()
  returning * into v_payment;

  if v_status = 'approved' then
    if v_payment.flag is not null then
      v_result := v_payment.flag;
    elsif coalesce(v_payment.currency, '') <> 'MXN' then
      v_flag := 'moneda_distinta';
    elsif v_payment.amount is distinct from v_order.total then
      v_flag := 'monto_distinto';
    elsif v_order.status = 'cancelado' then
      v_flag := 'pedido_cancelado';
    elsif private.order_status_sells(v_order.status) then
      if exists (select 1 from public.order_payments op
                  where op.order_id = v_order.id and op.payment_id <> v_id and op.status = 'approved' and op.flag is null) then
        v_flag := 'pago_duplicado';
      else
        v_result := 'ya_pagado';
      end if;
    else
      begin
        update public.orders o set status = 'pagado' where o.id = v_order.id;
        v_result := 'pagado';
      exception when sqlstate 'PT409' then
        -- a piece taken meanwhile, or (detail 'codigo') the code's last use (24_discount_codes.sql)
        get stacked diagnostics v_detail = pg_exception_detail;
        v_flag := case when v_detail = 'codigo' then 'sin_codigo' else 'sin_piezas' end;
      end;
    end if;
  elsif v_status in ('pending', 'in_process', 'authorized') then
    if v_order.held_until is not null and v_payment.expires_at > v_order.held_until then
      update public.orders o set held_until = least(v_payment.expires_at, now() + interval '7 days') where o.id = v_order.id;
    end if;
    v_result := case when v_order.held_until is not null then 'apartado' else 'registrado' end;
  elsif v_status in ('rejected', 'cancelled') then
    if v_order.held_until is not null and not exists (
      select 1 from public.order_payments op
       where op.order_id = v_order.id and op.payment_id <> v_id and op.status in ('approved', 'pending', 'in_process', 'authorized')
    ) then
      perform private.end_hold(v_order.id, 'pago_rechazado');
      v_result := 'liberado';
    end if;
  end if;
  if v_flag is not null then
    update public.order_payments op set flag = v_flag where op.id = v_payment.id;
    v_result := v_flag;
  end if;
  return jsonb_build_object('ok', true, 'reference', v_order.reference, 'result', v_result);
end
$$;
comment on function public.record_payment(jsonb) is 'Service role (the webhook function): records a payment as Mercado Pago''s API describes it and applies it to its order under the orders'' lock: approved in MXN for the total pays an unpaid order (else flagged), pending keeps the hold (until a voucher''s expiry), rejected or cancelled ends it; never goes back from approved; idempotent. {ok, reference, result}.';
revoke execute on function public.record_payment(jsonb) from public;
grant execute on function public.record_payment(jsonb) to service_role;

-- A refund made through Mercado Pago, recorded with its reason and who asked for it (the refund
-- function checks that the caller is an owner before it refunds).
create function public.record_refund(p_payment_id text, p_refund_id text, p_amount numeric, p_reason text, p_refunded_by uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  v_payment public.order_payments;
begin
  if coalesce(auth.role(), '') <> 'service_role' then
    raise exception 'No autorizado' using errcode = '42501';
  end if;
  select * into v_payment from public.order_payments op where op.provider = 'mercadopago' and op.payment_id = p_payment_id for update;
  if not found then
    raise exception 'Pago desconocido.' using errcode = 'PT400';
  end if;
  insert into public.order_refunds (order_id, payment_id, refund_id, amount, reason, refunded_by)
  values (v_payment.order_id, p_payment_id, p_refund_id, p_amount, btrim(p_reason), p_refunded_by)
  on conflict (refund_id) do nothing;
  -- the refunded total is the sum of the refunds recorded, or what Mercado Pago already reported
  -- (its notice of the refund may arrive first): never both added up
  update public.order_payments op
     set refunded_amount = greatest(op.refunded_amount,
           (select coalesce(sum(r.amount), 0) from public.order_refunds r where r.payment_id = p_payment_id)),
         updated_at = now()
   where op.id = v_payment.id;
end
$$;
comment on function public.record_refund(text, text, numeric, text, uuid) is 'Service role (the refund function): records a Mercado Pago refund of a payment (amount, reason, who) once per refund id; the payment''s refunded amount is the larger of the refunds recorded and what Mercado Pago reported.';
revoke execute on function public.record_refund(text, text, numeric, text, uuid) from public;
grant execute on function public.record_refund(text, text, numeric, text, uuid) to service_role;

-- The order's own page, for whoever holds its link (page_token): what was ordered and where it
-- stands, never who ordered it (an order holds no shopper's name, phone or address; the network
-- and session it came from stay out). Null for an unknown token.
create function private.order_page(p_token uuid)
returns jsonb
language sql
stable
security definer -- shoppers cannot read orders; the token is the key to this one
set search_path = ''
as $$
  select jsonb_build_object(
    'reference', o.reference, 'status', o.status, 'created_at', o.created_at,
    'subtotal', o.subtotal, 'codigo', o.codigo, 'descuento', o.descuento, 'shipping', o.shipping, 'total', o.total,
    'held_until', o.held_until, 'hold_ended_at', o.hold_ended_at, 'hold_end_reason', o.hold_end_reason,
    'paid_at', o.paid_at, 'tracking_number', o.tracking_number, 'tracking_url', o.tracking_url,
    'items', (select coalesce(jsonb_agg(jsonb_build_object('position', i.position, 'nombre', i.nombre, 'marca', i.marca,
                                                            'talla', i.talla, 'permalink', i.permalink,
                                                            'precio_original', i.precio_original, 'precio_venta', i.precio_venta,
                                                            'descuento', i.descuento)
                                         order by i.position), '[]'::jsonb)
                from public.order_items i where i.order_id = o.id),
    'payment', (select jsonb_build_object('status', op.status, 'method', op.method, 'payment_type', op.payment_type,
                                          'installments', op.installments, 'approved_at', op.approved_at, 'expires_at', op.expires_at,
                                          'refunded_amount', op.refunded_amount)
                  from public.order_payments op where op.order_id = o.id
                 order by (op.status = 'approved' and op.flag is null) desc, op.updated_at desc limit 1)
  )
  from public.orders o where o.page_token = p_token
$$;
comment on function private.order_page(uuid) is 'The order page''s data for its unguessable token: reference, status, totals (subtotal, discount code and descuento, shipping, total), items (each with its part of the discount), hold (until, ended, why), paid_at, tracking, and the payment that counts (method, status); no personal data. Null for an unknown token. Called by public.order_page.';
grant execute on function private.order_page(uuid) to anon, authenticated;

-- What the API calls (caller's rights): private.order_page does the work.
create function public.order_page(p_token uuid)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select private.order_page(p_token)
$$;
comment on function public.order_page(uuid) is 'The order page''s data for its token (private.order_page): items, totals and where the order stands; no personal data.';
grant execute on function public.order_page(uuid) to anon, authenticated;
