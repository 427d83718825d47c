-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 08 · Orders: what a shopper sends to the chat, followed up by the team in 'Pedidos'
--
-- Shoppers buy in a WhatsApp chat. Before the chat opens, the shop records the order through
-- public.place_order (the only way in for shoppers): it checks every item against the live
-- catalogue at that moment (campaign not ended, size not sold, price as shown), and either refuses
-- naming each item that changed, or stores the order under a short reference (OM-7K3F2) the
-- shopper's message carries. The team finds the order by that reference, moves it through its
-- statuses and adds notes and tracking. Marking it paid sells its sizes (product_sizes.sold_at):
-- they leave the shop at once, and a product with nothing left for sale is 'Agotado'.
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
  total numeric(12, 2) not null check (total = subtotal + shipping),
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
  paid_at timestamptz
);
comment on table public.orders is 'Orders sent to the chat (Mi bolsa or Comprar ahora), by reference, with their totals as sent, status, notes and tracking. Recorded by place_order; staff read them, owners and editors update status, notes and tracking.';
create index orders_created_at_idx on public.orders (created_at desc);
create index orders_status_idx on public.orders (status, created_at desc);
create index orders_sender_idx on public.orders (sender, created_at);
create index orders_session_idx on public.orders (created_at, session_id);
grant select on table public.orders to authenticated;
grant update (status, notes, tracking_number, tracking_url) on table public.orders to authenticated;

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
  unique (order_id, position)
);
comment on table public.order_items is 'The items of an order as the shopper sent them: product, size, name, brand, link and prices at that moment.';
create index order_items_order_idx on public.order_items (order_id, position);
create index order_items_product_idx on public.order_items (product_id);
grant select on table public.order_items to authenticated;

-- Which order sold each piece: a size, or a product without sizes (the product is the piece).
-- Private: shoppers read sizes, and an order's id beside each sold size would tell them which
-- pieces were bought together. A piece is sold once (the unique key), so a second order holding it
-- cannot be paid.
create table private.sales (
  product_id uuid not null references public.products (id) on delete cascade,
  size_id uuid references public.product_sizes (id) on delete cascade,
  order_id uuid not null references public.orders (id) on delete cascade,
  unique nulls not distinct (product_id, size_id)
);
comment on table private.sales is 'The pieces paid orders sold: a size (size_id) or a product without sizes (size_id null), and the order. Written only by private.order_status_change.';
create index sales_order_idx on private.sales (order_id);
create index sales_size_idx on private.sales (size_id) where size_id is not null;

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
create function private.place_order(p_items jsonb, p_channel text, p_session_id text)
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

-- What the API calls (caller's rights): private.place_order does the work.
create function public.place_order(p_items jsonb, p_channel text default 'bolsa', p_session_id text default null)
returns jsonb
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.place_order(p_items, p_channel, p_session_id)
$$;
comment on function public.place_order(jsonb, text, text) is 'A shopper''s order, checked and recorded by private.place_order: {ok, reference, items, subtotal, shipping, total} or {ok: false, problems}.';
grant execute on function public.place_order(jsonb, text, text) to anon, authenticated;

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

-- Before a status change: an order that becomes paid (or later) sells its pieces (private.sales):
-- each size's sold_at is set, a product without sizes becomes agotado. It is refused (PT409), naming
-- the order, when another order sold one of them already, or when a size is marked sold by hand.
-- One that goes back to nuevo or confirmado, or is cancelled, puts its pieces on sale again.
-- Times: status_changed_at on every change, paid_at when first paid.
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
    select x.nombre, x.talla, o.reference into v_taken
      from private.order_pieces(new.id) x
      left join private.sales sa on sa.product_id = x.product_id and sa.size_id is not distinct from x.size_id
      left join public.orders o on o.id = sa.order_id
      left join public.product_sizes s on s.id = x.size_id
     where (sa.order_id is not null and sa.order_id <> new.id) or (sa.order_id is null and s.sold_at is not null)
     limit 1;
    if found then
      if v_taken.reference is null then
        raise exception 'La talla % de % ya está marcada como vendida.', v_taken.talla, v_taken.nombre using errcode = 'PT409';
      elsif v_taken.talla is null then
        raise exception '% ya se vendió en el pedido %.', v_taken.nombre, v_taken.reference using errcode = 'PT409';
      end if;
      raise exception 'La talla % de % ya se vendió en el pedido %.', v_taken.talla, v_taken.nombre, v_taken.reference
        using errcode = 'PT409';
    end if;
    insert into private.sales (product_id, size_id, order_id)
    select x.product_id, x.size_id, new.id from private.order_pieces(new.id) x
    on conflict do nothing;
    update public.product_sizes s set sold_at = now()
     where s.id in (select sa.size_id from private.sales sa where sa.order_id = new.id) and s.sold_at is null;
    update public.products p set agotado = true
     where p.id in (select sa.product_id from private.sales sa where sa.order_id = new.id and sa.size_id is null) and not p.agotado;
    new.paid_at := coalesce(new.paid_at, now());
  elsif private.order_status_sells(old.status) and not private.order_status_sells(new.status) then
    update public.product_sizes s set sold_at = null
     where s.id in (select sa.size_id from private.sales sa where sa.order_id = new.id);
    update public.products p set agotado = false
     where p.id in (select sa.product_id from private.sales sa where sa.order_id = new.id and sa.size_id is null) and p.agotado;
    delete from private.sales sa where sa.order_id = new.id;
  end if;
  return new;
end
$$;
comment on function private.order_status_change() is 'Trigger: paid (or later) sells the order''s pieces (private.sales; refused, PT409, when another order or a hand mark sold one), back to nuevo/confirmado or cancelado puts them on sale again; stamps status_changed_at and paid_at.';

create trigger order_status_change
  before update of status on public.orders
  for each row execute function private.order_status_change();

create trigger set_updated_at
  before update on public.orders
  for each row execute function public.set_updated_at();

-- The team's changes to an order (status, notes, tracking) are history; what shoppers send is not.
create trigger orders_history after update on public.orders
  for each row execute function private.record_change('order');
