-- Stock per size and holds: each size (or a product without sizes) counts its pieces not yet sold
-- (existencias, 1 by default, so the catalogue keeps its meaning) and the pieces unpaid orders hold
-- (apartadas). Placing an order holds one piece of each item for shop_settings.hold_minutes; a
-- hold that ends unpaid gives its pieces back (private.release_expired_holds, every 20 seconds);
-- paying sells a piece (existencias - 1). product_sizes.sold_at gives way to existencias.

alter table public.products
  add column existencias integer not null default 1 check (existencias between 0 and 9999),
  add column apartadas integer not null default 0 check (apartadas >= 0);
alter table public.product_sizes
  add column existencias integer not null default 1 check (existencias between 0 and 9999),
  add column apartadas integer not null default 0 check (apartadas >= 0);
alter table public.shop_settings
  add column hold_minutes integer not null default 240 check (hold_minutes between 15 and 4320),
  add column max_held_per_network integer not null default 30 check (max_held_per_network between 1 and 500);
alter table public.orders
  add column held_until timestamptz,
  add column hold_ended_at timestamptz,
  add column hold_end_reason text check (hold_end_reason in ('vencido', 'cancelado'));
create index orders_held_until_idx on public.orders (held_until) where held_until is not null;

-- A sold size had its one piece sold; a sold-out product without sizes, its one piece.
update public.product_sizes set existencias = 0 where sold_at is not null;
update public.products p set existencias = 0
 where p.agotado and not exists (select 1 from public.product_sizes s where s.product_id = p.id);

create or replace view public.master_products
with (security_invoker = true)
as
select
  p.id as product_id,
  p.campaign_id,
  p.category_id,
  p.subcategory_id,
  p.brand_id,
  b.name as brand_name,
  b.display_name as brand_display_name,
  p.marca,
  p.nombre as product_name,
  p.precio_original,
  p.precio_venta,
  p.descripcion,
  p.imagen_principal,
  p.permalink,
  p.destacado,
  c.nombre as category_name,
  sc.nombre as subcategory_name,
  cp.nombre as campaign_name,
  cp.fecha_fin,
  s.talla as size_name,
  public.price_range_of(p.precio_venta) as price_range,
  p.created_at
from public.products p
join public.campaigns cp on cp.id = p.campaign_id
left join public.brands b on b.id = p.brand_id
left join public.categories c on c.id = p.category_id
left join public.subcategories sc on sc.id = p.subcategory_id
left join public.product_sizes s on s.product_id = p.id and s.existencias > s.apartadas
where not p.agotado;
comment on view public.master_products is 'One row per listed product (not sold out) and size with a piece for sale (a product without sizes gives one row with size_name null), with names and price_range.';

alter table private.sales drop constraint sales_product_id_size_id_key;
alter table private.sales add constraint sales_order_id_product_id_size_id_key unique nulls not distinct (order_id, product_id, size_id);
drop index private.sales_order_idx;
create index sales_product_idx on private.sales (product_id);
comment on table private.sales is 'The pieces paid orders sold, one per row: a size (size_id) or a product without sizes (size_id null), and the order. Written only by private.order_status_change.';

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
comment on function private.count_held_piece() is 'Trigger on private.holds: a held piece adds one to its size''s (or sizeless product''s) apartadas, and takes it off when its hold ends.';

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

-- Places an order from a shopper's items, as they saw them: a JSON array (1 to 20) of
-- {product_id, talla, precio_venta}. Every item is checked against the live catalogue now. When
-- any changed, nothing is stored and the answer is {ok: false, problems: [...]}, one per item that
-- changed, with its position (1-based), product_id, nombre, talla and motivo:
--   'no_disponible' the product is gone;
--   'terminado'     its campaign ended;
--   'agotado'       every piece of it is sold;
--   'vendida'       every piece of its size is sold;
--   'apartada'      every piece left of it (or of its size) is held by another order right now;
--   'talla'         the size is not one the product has (or a product with sizes got none);
--   'precio'        the price changed (precio_venta: the price now).
-- Otherwise the order is stored under a new reference, holds one piece of each item until
-- held_until (now + shop_settings.hold_minutes), and the answer is {ok: true, reference, items:
-- [{position, product_id, talla, nombre, marca, permalink, precio_original, precio_venta}],
-- subtotal, shipping, total, held_until}, shipping by the shop's policy (free from
-- free_shipping_min, else shipping_cost).
-- Orders are placed one at a time (a transaction lock taken before anything is checked), so two
-- shoppers never both see the last piece free: the second is told it is 'apartada'.
-- Malformed input (an item without a product id, a price that is not a number, a size that is not
-- text) is refused (PT400); the abuse limits (PT429) are per sender network (private.limit_key: an
-- IPv4 /24, an IPv6 /64) 20 orders in 10 minutes, 100 a day and shop_settings.max_held_per_network
-- pieces held at once, and 600 orders an hour for the whole shop. One network can place at most
-- 6 x 20 = 120 orders in any hour, so a flood from one network never reaches the shop's cap: keep
-- 6 x the 10-minute limit under it.
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
  v_settings public.shop_settings;
  v_shipping numeric(12, 2);
  v_held integer;
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
  if (select count(*) from (select distinct e ->> 'product_id', lower(btrim(e ->> 'talla')) from jsonb_array_elements(p_items) e) d) <> v_count then
    raise exception 'El pedido repite un producto con la misma talla.' using errcode = 'PT400';
  end if;
  if v_session is not null and char_length(v_session) not between 8 and 100 then
    v_session := null;
  end if;

  -- One order at a time: two at once can neither both hold the last piece, nor both slip under a
  -- limit, nor take one reference. Holds whose time ran out end first.
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
    jsonb_agg(jsonb_build_object('position', j.position, 'product_id', j.product_id, 'nombre', j.nombre, 'talla', j.talla,
                                 'motivo', j.motivo, 'precio_venta', j.precio_venta) order by j.position) filter (where j.motivo is not null),
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

  v_shipping := case when v_settings.free_shipping_min is not null and v_subtotal >= v_settings.free_shipping_min then 0
                     else coalesce(v_settings.shipping_cost, 0) end;

  loop
    begin
      insert into public.orders (reference, channel, item_count, subtotal, shipping, total, session_id, sender, held_until)
      values (private.new_order_reference(), p_channel, v_count, v_subtotal, v_shipping,
              v_subtotal + v_shipping, v_session, v_sender, now() + make_interval(mins => v_settings.hold_minutes))
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
  insert into private.holds (order_id, product_id, size_id)
  select v_order.id, x.product_id, x.size_id from private.order_pieces(v_order.id) x;

  return jsonb_build_object('ok', true, 'reference', v_order.reference, 'items', v_items,
                            'subtotal', v_order.subtotal, 'shipping', v_order.shipping, 'total', v_order.total,
                            'held_until', v_order.held_until);
end;
$$;
comment on function private.place_order(jsonb, text, text) is 'Records a shopper''s order before the chat opens: one at a time, checks every item against the live catalogue (ended, sold out, size sold or held, price changed) and answers the problems, or stores it under a new OM- reference holding one piece of each item for shop_settings.hold_minutes. Limits per sender network (IPv4 /24, IPv6 /64): 20 orders in 10 minutes, 100 a day, max_held_per_network pieces held; 600 orders an hour in all. Called by public.place_order.';
grant execute on function private.place_order(jsonb, text, text) to anon, authenticated;

-- What the API calls (caller's rights): private.place_order does the work.
create or replace function public.place_order(p_items jsonb, p_channel text default 'bolsa', p_session_id text default null)
returns jsonb
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.place_order(p_items, p_channel, p_session_id)
$$;
comment on function public.place_order(jsonb, text, text) is 'A shopper''s order, checked, recorded and held by private.place_order: {ok, reference, items, subtotal, shipping, total, held_until} or {ok: false, problems}.';
grant execute on function public.place_order(jsonb, text, text) to anon, authenticated;

-- Before a status change, under the orders' lock (place_order's): an order that becomes paid (or
-- later) sells one piece of each item (private.sales): the piece it holds, or, when its hold ended,
-- a piece still for sale; existencias drop by one and the hold ends. It is refused (PT409), naming
-- the item, when a piece it does not hold has none left for sale (sold, or held by another order).
-- One that goes back to nuevo or confirmado, or is cancelled, gives its sold pieces back; an unpaid
-- one that is cancelled ends its hold ('cancelado'). Times: status_changed_at on every change,
-- paid_at when first paid.
create or replace function private.order_status_change()
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
    -- the hold ends first, so existencias never drop below the pieces still held
    delete from private.holds h where h.order_id = new.id;
    update public.product_sizes s set existencias = s.existencias - 1
     where s.id in (select sa.size_id from private.sales sa where sa.order_id = new.id);
    update public.products p set existencias = p.existencias - 1
     where p.id in (select sa.product_id from private.sales sa where sa.order_id = new.id and sa.size_id is null);
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

-- The team gives a shopper more time to pay: an order that still holds its pieces holds them p_hours
-- (1 to 72) longer. Owners and editors only; the history records it.
create function public.extend_order_hold(p_order_id uuid, p_hours integer)
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
comment on function public.extend_order_hold(uuid, integer) is 'Owners and editors: an order that still holds its pieces holds them p_hours (1 to 72) longer; returns the new held_until. PT409 when its hold already ended.';
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

-- products.sizes mirrors product_sizes. Statement-level triggers (transition tables) so bulk
-- inserts cost one update per statement, not per row.
create or replace function public.sync_product_sizes()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  touched uuid[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct n.product_id) into touched from new_rows n;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct o.product_id) into touched from old_rows o;
  else
    select array_agg(distinct x.product_id) into touched
      from (select n.product_id from new_rows n union select o.product_id from old_rows o) x;
  end if;
  -- sizes = the sizes with a piece for sale (neither sold nor held); agotado when none has one
  -- (a product left without any size is its own stock: pieces for sale of its own)
  update public.products p
     set sizes = f.sizes,
         agotado = coalesce(f.agotado, p.existencias <= p.apartadas)
    from unnest(touched) as t(product_id)
    cross join lateral (
      select coalesce(array_agg(btrim(s.talla) order by public.size_sort_key(s.talla), btrim(s.talla))
                        filter (where s.existencias > s.apartadas), '{}') as sizes,
             case when count(*) > 0 then count(*) filter (where s.existencias > s.apartadas) = 0 end as agotado
      from public.product_sizes s where s.product_id = t.product_id
    ) f
   where p.id = t.product_id
     and (p.sizes, p.agotado) is distinct from (f.sizes, coalesce(f.agotado, p.existencias <= p.apartadas));
  return null;
end
$$;
comment on function public.sync_product_sizes() is 'Trigger: keeps products.sizes equal to the product''s sizes with a piece for sale (existencias > apartadas), and agotado true when none has one (without sizes: when the product''s own pieces are all sold or held).';

-- products.sizes is written only by sync_product_sizes and apartadas only by the holds' trigger
-- (trigger depth > 1); a direct write (for example a form sending the whole record back) keeps the
-- stored values.
create or replace function public.protect_product_sizes_column()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if pg_catalog.pg_trigger_depth() <= 1 then
    if tg_op = 'INSERT' then
      new.sizes := '{}';
      new.apartadas := 0;
    else
      new.sizes := old.sizes;
      new.apartadas := old.apartadas;
    end if;
  end if;
  return new;
end
$$;
comment on function public.protect_product_sizes_column() is 'Trigger: products.sizes and products.apartadas are read-only outside their triggers.';

-- Whether a paid order sold a piece of the size (private.sales is private: the back office asks
-- through this, to keep such a size and the record of its sale).
create function private.size_sold(p_size_id uuid)
returns boolean
language plpgsql
stable
security definer -- reads private.sales for the caller
set search_path = ''
as $$
begin
  return exists (select 1 from private.sales sa where sa.size_id = p_size_id);
end
$$;
comment on function private.size_sold(uuid) is 'True when a paid order sold a piece of the size (private.sales).';
grant execute on function private.size_sold(uuid) to authenticated, service_role;

-- A size that sold a piece or that an unpaid order holds is never deleted nor renamed while its
-- product exists (only deleting the product itself takes it, with its sales): the record of which
-- order sold or holds it would go with it.
create or replace function private.keep_sold_size()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (tg_op = 'DELETE' or lower(btrim(new.talla)) <> lower(btrim(old.talla)))
     and exists (select 1 from public.products p where p.id = old.product_id) then
    if old.apartadas > 0 then
      raise exception 'La talla % está apartada en un pedido sin pagar: no se puede borrar ni cambiar.', btrim(old.talla) using errcode = 'PT409';
    end if;
    if private.size_sold(old.id) then
      raise exception 'La talla % ya se vendió: no se puede borrar ni cambiar.', btrim(old.talla) using errcode = 'PT409';
    end if;
  end if;
  return coalesce(new, old);
end
$$;
comment on function private.keep_sold_size() is 'Trigger: a size with a sale (private.sales) or a held piece is neither deleted nor renamed while its product exists (PT409, naming the size).';

-- The stock rules of a piece count, on a size or a product without sizes: apartadas is written only
-- by the holds' trigger (a direct write keeps it), and existencias never drops below the pieces
-- unpaid orders hold (the team cancels the order first). A product without sizes is agotado when
-- it has no piece for sale.
create function private.stock_rules()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_table_name = 'product_sizes' and pg_catalog.pg_trigger_depth() <= 1 then
    new.apartadas := case when tg_op = 'INSERT' then 0 else old.apartadas end;
  end if;
  if new.existencias < new.apartadas then
    raise exception '% pieza(s) están apartadas en pedidos sin pagar: las existencias no pueden ser menos. Cancela esos pedidos primero.',
      new.apartadas using errcode = 'PT409';
  end if;
  if tg_table_name = 'products' and not exists (select 1 from public.product_sizes s where s.product_id = new.id) then
    new.agotado := new.existencias <= new.apartadas;
  end if;
  return new;
end
$$;
comment on function private.stock_rules() is 'Trigger on product_sizes and products: apartadas is read-only outside the holds'' trigger; existencias never below apartadas (PT409); a product without sizes is agotado with no piece for sale.';

-- What the product page and the feeds say of each size (a computed column: `piezas` in a select):
-- [{talla, libres, apartadas}] in size order, libres being the pieces for sale now (neither sold
-- nor held). A size with no piece left (every one sold) is not listed: it has left the shop. A
-- product without sizes gives one entry whose talla is null.
create function public.piezas(p public.products)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select case
    when exists (select 1 from public.product_sizes s where s.product_id = p.id) then (
      select coalesce(jsonb_agg(jsonb_build_object('talla', btrim(s.talla), 'libres', s.existencias - s.apartadas, 'apartadas', s.apartadas)
                                order by public.size_sort_key(s.talla), btrim(s.talla)), '[]'::jsonb)
        from public.product_sizes s
       where s.product_id = p.id and s.existencias > 0)
    else jsonb_build_array(jsonb_build_object('talla', null, 'libres', p.existencias - p.apartadas, 'apartadas', p.apartadas))
  end
$$;
comment on function public.piezas(public.products) is 'Computed column: [{talla, libres, apartadas}] per size with a piece not yet sold, in size order (libres: for sale now); one entry with talla null for a product without sizes.';
grant execute on function public.piezas(public.products) to anon, authenticated;

create trigger stock_rules
  before insert or update of existencias, apartadas on public.products
  for each row execute function private.stock_rules();

create trigger stock_rules
  before insert or update of existencias, apartadas on public.product_sizes
  for each row execute function private.stock_rules();

-- The sizes of an imported row with their pieces: each text of tallas is a size, optionally
-- followed by ':' and its number of pieces (0 to 9999; 'M:3', 'M' is 1 piece). One size per
-- product, compared trimmed and case-insensitively (the first one wins).
create function private.import_sizes(p_item jsonb, p_row text)
returns table (talla text, existencias integer)
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_text text;
  v_parts text[];
begin
  for v_text in select t from unnest(private.import_texts(p_item, 'tallas', p_row)) as t loop
    v_parts := regexp_match(v_text, '^(.*?)\s*:\s*([0-9]+)$');
    if v_parts is null then
      talla := v_text;
      existencias := 1;
    elsif btrim(v_parts[1]) = '' then
      raise exception '%: la talla "%" no tiene nombre', p_row, v_text using errcode = '23514';
    elsif length(v_parts[2]) > 4 then
      raise exception '%: la talla % admite como máximo 9999 piezas', p_row, btrim(v_parts[1]) using errcode = '23514';
    else
      talla := btrim(v_parts[1]);
      existencias := v_parts[2]::integer;
    end if;
    return next;
  end loop;
end
$$;
comment on function private.import_sizes(jsonb, text) is
  'The tallas of an imported row as (talla, existencias): ''M:3'' is 3 pieces of M, ''M'' one; raises naming the row for a count above 9999 or a size without a name.';
grant execute on function private.import_sizes(jsonb, text) to authenticated, service_role;

-- The pieces of an imported product without sizes (existencias): a whole number 0 to 9999, or
-- null when the row leaves it blank.
create function private.import_pieces(p_item jsonb, p_row text)
returns integer
language plpgsql
immutable
set search_path = ''
as $$
declare
  v_raw text := btrim(coalesce(p_item ->> 'existencias', ''));
begin
  if v_raw = '' then
    return null;
  end if;
  if v_raw !~ '^[0-9]{1,4}$' then
    raise exception '%: existencias debe ser un número entero de 0 a 9999', p_row using errcode = '23514';
  end if;
  return v_raw::integer;
end
$$;
comment on function private.import_pieces(jsonb, text) is
  'The existencias of an imported row (pieces of a product without sizes): 0 to 9999, or null when blank; raises naming the row otherwise.';
grant execute on function private.import_pieces(jsonb, text) to authenticated, service_role;

create or replace function public.import_products_batch(p_campaign_id uuid, p_brand_id uuid, p_products jsonb)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_brand text;
  v_item jsonb;
  v_index bigint;
  v_row text;
  v_key text;
  v_nombre text;
  v_costo numeric;
  v_original numeric;
  v_venta numeric;
  v_images text[];
  v_sizes text[];
  v_stock integer[];
  v_pieces integer;
  v_link text;
  v_categoria text;
  v_subcategoria text;
  v_category uuid;
  v_subcategory uuid;
  v_base text;
  v_product uuid;
  v_imported integer := 0;
  v_skipped integer := 0;
  v_updated integer := 0;
  v_id uuid;
  v_descripcion text;
  v_errors jsonb := '[]';
begin
  -- Admins, and the service role (which carries no admin claim), may import.
  if coalesce(auth.role(), '') <> 'service_role' then
    perform private.assert_admin();
  end if;
  if p_campaign_id is null or p_brand_id is null then
    raise exception 'Debe seleccionar campaña y marca' using errcode = '22023';
  end if;
  if p_products is null or jsonb_typeof(p_products) <> 'array' or jsonb_array_length(p_products) = 0 then
    raise exception 'El lote no tiene productos' using errcode = '22023';
  end if;
  if jsonb_array_length(p_products) > 500 then
    raise exception 'Un lote admite como máximo 500 productos' using errcode = '22023';
  end if;
  if not exists (select 1 from public.campaigns c where c.id = p_campaign_id) then
    raise exception 'La campaña no existe' using errcode = '23503';
  end if;
  select b.display_name into v_brand from public.brands b where b.id = p_brand_id;
  if not found then
    raise exception 'La marca no existe' using errcode = '23503';
  end if;

  -- Two deliveries of the same rows (a retry racing the original) run one after the other: the
  -- keys are locked in one order, then each key is looked up.
  perform pg_advisory_xact_lock(hashtextextended('import_key:' || k.key, 0))
  from (
    select distinct e ->> 'import_key' as key
    from jsonb_array_elements(p_products) e
    where jsonb_typeof(e) = 'object' and nullif(btrim(e ->> 'import_key'), '') is not null
    order by 1
  ) k;

  for v_item, v_index in select e, n from jsonb_array_elements(p_products) with ordinality as t(e, n) loop
    v_row := 'Fila ' || v_index;
    if jsonb_typeof(v_item) <> 'object' then
      raise exception '%: el producto no es un objeto', v_row using errcode = '22023';
    end if;
    if (v_item ->> 'fila') ~ '^[0-9]{1,9}$' then
      v_row := 'Fila ' || (v_item ->> 'fila');
    end if;

    v_key := nullif(btrim(coalesce(v_item ->> 'import_key', '')), '');
    if v_key is not null and length(v_key) > 100 then
      raise exception '%: import_key admite como máximo 100 caracteres', v_row using errcode = '23514';
    end if;
    if v_key is not null and exists (select 1 from public.product_private pp where pp.import_key = v_key) then
      v_skipped := v_skipped + 1;
      continue;
    end if;

    v_nombre := btrim(coalesce(v_item ->> 'nombre', ''));
    if v_nombre = '' then
      raise exception '%: Nombre es requerido', v_row using errcode = '23514';
    end if;
    v_row := v_row || ' (' || left(v_nombre, 60) || ')';
    v_costo := private.import_price(v_item, 'costo_compra', v_row);
    v_original := private.import_price(v_item, 'precio_original', v_row);
    v_venta := private.import_price(v_item, 'precio_venta', v_row);
    if v_costo is null then
      raise exception '%: Precio es requerido', v_row using errcode = '23514';
    end if;
    if v_original is null then
      raise exception '%: El precio original es obligatorio', v_row using errcode = '23514';
    end if;
    if v_venta is null then
      raise exception '%: El precio de venta es obligatorio', v_row using errcode = '23514';
    end if;

    v_link := nullif(btrim(coalesce(v_item ->> 'link_externo', '')), '');
    if v_link is not null and v_link !~* '^https?://[^\s]+$' then
      raise exception '%: el enlace externo debe empezar con http:// o https://', v_row using errcode = '23514';
    end if;
    -- Image URLs are stored as given; one that is not http(s) is never stored.
    v_images := array(select u from unnest(private.import_texts(v_item, 'imagenes', v_row)) with ordinality as t(u, n)
                      where u ~* '^https?://[^\s]+$' order by n);
    -- One size per product, compared trimmed and case-insensitively, with its pieces.
    select coalesce(array_agg(z.talla order by z.n), '{}'), coalesce(array_agg(z.existencias order by z.n), '{}')
      into v_sizes, v_stock
      from (select (array_agg(t.talla order by t.n))[1] as talla, (array_agg(t.existencias order by t.n))[1] as existencias, min(t.n) as n
              from private.import_sizes(v_item, v_row) with ordinality as t(talla, existencias, n)
             group by lower(t.talla)) z;
    v_pieces := private.import_pieces(v_item, v_row);

    v_categoria := btrim(coalesce(v_item ->> 'categoria', ''));
    v_subcategoria := btrim(coalesce(v_item ->> 'subcategoria', ''));
    if v_categoria = '' then
      raise exception '%: Categoría es requerida', v_row using errcode = '23514';
    end if;

    -- Categories and subcategories by name, case- and accent-insensitively; created when missing
    -- (locked by name so two batches create one).
    perform pg_advisory_xact_lock(hashtextextended('import_category:' || private.name_key(v_categoria), 0));
    select c.id into v_category from public.categories c
    where private.name_key(c.nombre) = private.name_key(v_categoria)
    order by c.created_at, c.id limit 1;
    if not found then
      insert into public.categories (nombre) values (v_categoria) returning id into v_category;
    end if;
    v_subcategory := null;
    if v_subcategoria <> '' then
      perform pg_advisory_xact_lock(hashtextextended(
        'import_subcategory:' || v_category || ':' || private.name_key(v_subcategoria), 0));
      select s.id into v_subcategory from public.subcategories s
      where s.category_id = v_category and private.name_key(s.nombre) = private.name_key(v_subcategoria)
      order by s.created_at, s.id limit 1;
      if not found then
        insert into public.subcategories (category_id, nombre) values (v_category, v_subcategoria)
        returning id into v_subcategory;
      end if;
    end if;

    v_descripcion := nullif(btrim(coalesce(v_item ->> 'descripcion', '')), '');

    -- A row with the id of an existing product (the product list's export) updates that product in
    -- place, keeping its campaign, brand and permalink: only what differs is written, so a file
    -- exported and imported back unchanged changes nothing.
    if nullif(btrim(coalesce(v_item ->> 'id', '')), '') is not null then
      if (v_item ->> 'id') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
        raise exception '%: el id no es válido', v_row using errcode = '23514';
      end if;
      v_id := (v_item ->> 'id')::uuid;
      perform 1 from public.products p where p.id = v_id for update;
      if not found then
        raise exception '%: el producto ya no existe', v_row using errcode = '23514';
      end if;
      update public.products p
         set category_id = v_category, subcategory_id = v_subcategory, nombre = v_nombre,
             precio_original = v_original, precio_venta = v_venta, descripcion = v_descripcion
       where p.id = v_id
         and (p.category_id, p.subcategory_id, btrim(p.nombre), p.precio_original, p.precio_venta,
              nullif(btrim(coalesce(p.descripcion, '')), ''))
             is distinct from (v_category, v_subcategory, v_nombre, v_original, v_venta, v_descripcion);
      insert into public.product_private (product_id, costo_compra, link_externo)
      values (v_id, v_costo, v_link)
      on conflict (product_id) do update set costo_compra = excluded.costo_compra, link_externo = excluded.link_externo
       where (product_private.costo_compra, product_private.link_externo) is distinct from (excluded.costo_compra, excluded.link_externo);
      -- images as the export lists them (the main one, then the gallery): only a different list
      -- is written, its first as the main image
      if (select array_remove(array[p.imagen_principal], null)
                 || array(select i.image_url from public.product_images i where i.product_id = v_id order by i.orden, i.id)
            from public.products p where p.id = v_id) is distinct from v_images then
        update public.products p set imagen_principal = v_images[1] where p.id = v_id;
        delete from public.product_images i where i.product_id = v_id;
        insert into public.product_images (product_id, image_url, orden)
        select v_id, u, n::integer from unnest(v_images[2:]) with ordinality as t(u, n);
      end if;
      -- the sizes as the row lists them, with their pieces: new ones are added and a different
      -- count is written; a size it leaves out is deleted, or, when it sold or holds pieces (the
      -- record of those orders stays), keeps only its held pieces
      update public.product_sizes z set existencias = greatest(z.apartadas, 0)
       where z.product_id = v_id and z.existencias <> z.apartadas
         and lower(btrim(z.talla)) not in (select lower(t) from unnest(v_sizes) as t)
         and (z.apartadas > 0 or private.size_sold(z.id));
      delete from public.product_sizes z
       where z.product_id = v_id and z.apartadas = 0
         and lower(btrim(z.talla)) not in (select lower(t) from unnest(v_sizes) as t)
         and not private.size_sold(z.id);
      update public.product_sizes z set existencias = t.existencias
        from unnest(v_sizes, v_stock) as t(talla, existencias)
       where z.product_id = v_id and lower(btrim(z.talla)) = lower(t.talla) and z.existencias <> t.existencias;
      insert into public.product_sizes (product_id, talla, existencias)
      select v_id, t.talla, t.existencias from unnest(v_sizes, v_stock) as t(talla, existencias)
       where not exists (select 1 from public.product_sizes z where z.product_id = v_id and lower(btrim(z.talla)) = lower(t.talla));
      -- a product without sizes: its pieces when the row gives them
      update public.products p set existencias = v_pieces
       where p.id = v_id and v_pieces is not null and p.existencias <> v_pieces;
      v_updated := v_updated + 1;
      continue;
    end if;

    v_base := coalesce(nullif(private.permalink_base(v_brand, v_nombre), ''), 'producto');
    perform pg_advisory_xact_lock(hashtextextended('permalink:' || v_base, 0));
    insert into public.products (
      campaign_id, category_id, subcategory_id, brand_id, marca, nombre,
      precio_original, precio_venta, descripcion, imagen_principal, permalink, existencias
    ) values (
      p_campaign_id, v_category, v_subcategory, p_brand_id, v_brand, v_nombre,
      v_original, v_venta, v_descripcion, v_images[1],
      private.free_permalink(v_base), coalesce(v_pieces, 1)
    )
    returning id into v_product;

    insert into public.product_private (product_id, costo_compra, link_externo, import_key)
    values (v_product, v_costo, v_link, v_key);
    insert into public.product_images (product_id, image_url, orden)
    select v_product, u, n::integer from unnest(v_images[2:]) with ordinality as t(u, n);
    insert into public.product_sizes (product_id, talla, existencias)
    select v_product, t.talla, t.existencias from unnest(v_sizes, v_stock) as t(talla, existencias);
    v_imported := v_imported + 1;
  end loop;

  return jsonb_build_object(
    'success_count', v_imported + v_skipped + v_updated,
    'error_count', jsonb_array_length(v_errors),
    'errors', v_errors,
    'skipped_count', v_skipped,
    'updated_count', v_updated
  );
end
$$;
comment on function public.import_products_batch(uuid, uuid, jsonb) is 'Admin or service role: imports one CSV batch in one transaction. p_products: [{nombre, costo_compra, precio_original, precio_venta, imagenes[], tallas[] (''M:3'' for 3 pieces), existencias (pieces of a product without sizes), descripcion, categoria, subcategoria, link_externo, import_key, id?, fila?}]. Any invalid element raises ''Fila N (nombre): ...'' and nothing is saved. Rows whose import_key exists are skipped and counted as successes; a row with the id of an existing product updates it (only what differs; a size left out that sold or holds pieces is kept with its held pieces only). Returns {success_count, error_count, errors, skipped_count, updated_count}.';
grant execute on function public.import_products_batch(uuid, uuid, jsonb) to authenticated;

-- One action on many products, in one transaction: move them to a campaign, a category (and
-- subcategory) or a brand, take a percentage off their sale price, set every size's pieces
-- (existencias), feature or unfeature them, or delete them. p_expected is the count the person confirmed: when the selection no longer has that
-- many products (someone added or removed some meanwhile), nothing changes and the message says
-- how many it has now. Answers {changed, image_urls} (the deleted products' images, for the caller
-- to remove from storage).
create or replace function public.bulk_update_products(
  p_ids uuid[] default null,
  p_filter jsonb default null,
  p_action text default null,
  p_value jsonb default '{}'::jsonb,
  p_expected integer default null
)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_targets uuid[];
  v_changed integer := 0;
  v_images jsonb := '[]'::jsonb;
  v_id uuid;
  v_percent numeric;
  v_pieces integer;
begin
  perform private.assert_admin();
  if p_ids is null and p_filter is null then
    raise exception 'Elige los productos' using errcode = '22023';
  end if;
  select coalesce(array_agg(t.id order by t.id), '{}') into v_targets
    from (select private.bulk_targets(p_ids, p_filter) as id) t;
  -- locked in id order, so two bulk actions over the same products cannot deadlock
  perform 1 from public.products p where p.id = any(v_targets) order by p.id for update;
  if p_expected is not null and cardinality(v_targets) <> p_expected then
    raise exception 'La selección cambió: ahora son % productos. Revisa y confirma de nuevo.', cardinality(v_targets)
      using errcode = 'PT409';
  end if;
  if cardinality(v_targets) = 0 then
    return jsonb_build_object('changed', 0, 'image_urls', '[]'::jsonb);
  end if;

  case p_action
    when 'campaign' then
      v_id := (p_value ->> 'campaign_id')::uuid;
      if not exists (select 1 from public.campaigns c where c.id = v_id) then
        raise exception 'Elige una campaña que exista' using errcode = '22023';
      end if;
      update public.products p set campaign_id = v_id where p.id = any(v_targets) and p.campaign_id <> v_id;
      get diagnostics v_changed = row_count;
    when 'category' then
      v_id := (p_value ->> 'category_id')::uuid;
      if not exists (select 1 from public.categories c where c.id = v_id) then
        raise exception 'Elige una categoría que exista' using errcode = '22023';
      end if;
      if p_value ->> 'subcategory_id' is not null and not exists (
        select 1 from public.subcategories s where s.id = (p_value ->> 'subcategory_id')::uuid and s.category_id = v_id
      ) then
        raise exception 'La subcategoría no es de esa categoría' using errcode = '22023';
      end if;
      update public.products p
         set category_id = v_id, subcategory_id = (p_value ->> 'subcategory_id')::uuid
       where p.id = any(v_targets)
         and (p.category_id is distinct from v_id or p.subcategory_id is distinct from (p_value ->> 'subcategory_id')::uuid);
      get diagnostics v_changed = row_count;
    when 'brand' then
      v_id := (p_value ->> 'brand_id')::uuid;
      if not exists (select 1 from public.brands b where b.id = v_id) then
        raise exception 'Elige una marca que exista' using errcode = '22023';
      end if;
      update public.products p
         set brand_id = v_id, marca = (select b.display_name from public.brands b where b.id = v_id)
       where p.id = any(v_targets) and p.brand_id is distinct from v_id;
      get diagnostics v_changed = row_count;
    when 'discount' then
      v_percent := (p_value ->> 'percent')::numeric;
      if v_percent is null or v_percent <= 0 or v_percent >= 100 then
        raise exception 'El descuento va de 1 a 99 %%' using errcode = '22023';
      end if;
      update public.products p
         set precio_venta = public.discounted_price(p.precio_venta, v_percent)
       where p.id = any(v_targets) and public.discounted_price(p.precio_venta, v_percent) <> p.precio_venta;
      get diagnostics v_changed = row_count;
    when 'stock' then
      -- every size of each product (or a product without sizes itself) gets that many pieces not
      -- yet sold; never fewer than unpaid orders hold
      v_pieces := case when p_value ->> 'existencias' ~ '^[0-9]{1,4}$' then (p_value ->> 'existencias')::integer end;
      if v_pieces is null then
        raise exception 'Las existencias van de 0 a 9999 piezas' using errcode = '22023';
      end if;
      with sized as (
        update public.product_sizes z set existencias = greatest(v_pieces, z.apartadas)
         where z.product_id = any(v_targets) and z.existencias <> greatest(v_pieces, z.apartadas)
        returning z.product_id
      ), sizeless as (
        update public.products p set existencias = greatest(v_pieces, p.apartadas)
         where p.id = any(v_targets) and p.existencias <> greatest(v_pieces, p.apartadas)
           and not exists (select 1 from public.product_sizes z where z.product_id = p.id)
        returning p.id
      )
      select count(distinct t.id) into v_changed from (select product_id as id from sized union all select id from sizeless) t;
    when 'feature', 'unfeature' then
      update public.products p set destacado = (p_action = 'feature')
       where p.id = any(v_targets) and p.destacado <> (p_action = 'feature');
      get diagnostics v_changed = row_count;
    when 'delete' then
      select coalesce(jsonb_agg(u.url), '[]'::jsonb) into v_images
        from (
          select p.imagen_principal as url from public.products p where p.id = any(v_targets) and p.imagen_principal is not null
          union all
          select i.image_url from public.product_images i where i.product_id = any(v_targets)
        ) u;
      delete from public.products p where p.id = any(v_targets);
      get diagnostics v_changed = row_count;
    else
      raise exception 'Acción desconocida: %', coalesce(p_action, '') using errcode = '22023';
  end case;
  return jsonb_build_object('changed', v_changed, 'image_urls', v_images);
end
$$;
comment on function public.bulk_update_products(uuid[], jsonb, text, jsonb, integer) is 'Admin: one action (campaign, category, brand, discount, stock, feature, unfeature, delete) on the chosen products or all the list''s filter matches, in one transaction; refused (PT409) when the selection no longer has the confirmed count.';
grant execute on function public.bulk_update_products(uuid[], jsonb, text, jsonb, integer) to authenticated;

drop function public.export_products(jsonb);
-- The product list as a CSV import file (the import's own columns, plus the product's id and its
-- sale price, which the import then keeps): what the list's filter matches, newest first. Edited in
-- a spreadsheet and imported back, each row updates its product; unchanged, it changes nothing.
create function public.export_products(p_filter jsonb default '{}'::jsonb)
returns table (
  id uuid, url text, nombre text, precio numeric, precio_anterior numeric, precio_venta numeric,
  imagenes text, tallas text, existencias text, descripcion_html text, categoria text, subcategoria text, clasificacion text
)
language plpgsql
stable
set search_path = ''
as $$
begin
  perform private.assert_staff();
  return query
    select p.id, pp.link_externo, p.nombre, pp.costo_compra, p.precio_original, p.precio_venta,
           array_to_string(array_remove(array[p.imagen_principal], null)
             || array(select i.image_url from public.product_images i where i.product_id = p.id order by i.orden, i.id), ';'),
           -- every size with a piece not yet sold, as the import reads it: 'M:3', or 'M' for one
           array_to_string(array(
             select btrim(z.talla) || case when z.existencias = 1 then '' else ':' || z.existencias end
               from public.product_sizes z
              where z.product_id = p.id and z.existencias > 0
              order by public.size_sort_key(z.talla), btrim(z.talla)), ';'),
           -- a product without sizes: its pieces not yet sold
           case when exists (select 1 from public.product_sizes z where z.product_id = p.id) then '' else p.existencias::text end,
           coalesce(p.descripcion, ''),
           coalesce(c.nombre, ''),
           coalesce(s.nombre, ''),
           ''::text
      from public.products p
      left join public.product_private pp on pp.product_id = p.id
      left join public.categories c on c.id = p.category_id
      left join public.subcategories s on s.id = p.subcategory_id
     where p.id in (select private.bulk_targets(null, coalesce(p_filter, '{}'::jsonb)))
     order by p.created_at desc, p.id;
end
$$;
comment on function public.export_products(jsonb) is 'Staff: the products the list''s filter {search, campaign_id, only_active} matches, in the CSV import''s columns plus id and precio_venta (lists joined by ;, each size with its pieces as M:3; existencias for a product without sizes), newest first.';
grant execute on function public.export_products(jsonb) to authenticated;

drop trigger products_request_rebuild on public.products;
drop trigger product_sizes_request_rebuild on public.product_sizes;
-- Holds change only apartadas and what follows from it (sizes, agotado): the pages are not rebuilt
-- for them, since a product page and the shop's lists read a size's state live. Sales change
-- existencias, which are rebuilt. A new column of products belongs in this list unless it is such
-- a live count.
create trigger products_request_rebuild
  after insert or delete or truncate
     or update of id, campaign_id, category_id, subcategory_id, brand_id, marca, nombre, precio_original, precio_venta,
                  descripcion, imagen_principal, permalink, destacado, created_at, orden_destacado, existencias
  on public.products
  for each statement execute function public.request_rebuild();

create trigger product_sizes_request_rebuild
  after insert or delete or truncate or update of id, product_id, talla, existencias on public.product_sizes
  for each statement execute function public.request_rebuild();

alter table public.product_sizes drop column sold_at;
comment on column public.products.sizes is 'Read-only copy of the product''s sizes with a piece for sale (neither sold nor held; trimmed, natural size order), kept by triggers so the shop can filter and count sizes without a join. Writes to it are ignored.';
comment on column public.products.agotado is 'No piece is for sale now: every size (or, without sizes, the product itself) has no piece left that is neither sold nor held by an unpaid order. The shop lists it nowhere; its page says Agotado (all sold) or Apartado (some held). Kept by triggers.';
comment on column public.products.existencias is 'Pieces of a product without sizes not yet sold (a product with sizes counts them per size). Set by the team; a paid order takes one, cancelling gives it back.';
comment on column public.products.apartadas is 'Pieces of a product without sizes held right now by unpaid orders (private.holds); never more than existencias. Written only by the holds'' trigger.';
comment on table public.product_sizes is 'Sizes of a product; one per product case-insensitively (trimmed). existencias: pieces not yet sold; apartadas: pieces unpaid orders hold now. For sale while existencias > apartadas.';
comment on column public.product_sizes.apartadas is 'Pieces held right now by unpaid orders (private.holds); never more than existencias. Written only by the holds'' trigger.';
comment on table public.shop_settings is 'The one row of shop settings the pages show: contact points (chat number, email, hours, social links, chat-group invite) and the shop''s policies (shipping, delivery, returns, revocation, cancellation, payment, the seller''s legal identity), and how orders hold pieces (hold_minutes, max_held_per_network).';
comment on table public.orders is 'Orders sent to the chat (Mi bolsa or Comprar ahora), by reference, with their totals as sent, status, notes and tracking, and until when they hold their pieces (held_until; why a hold ended: hold_end_reason). Recorded by place_order; staff read them, owners and editors update status, notes and tracking.';

-- Hosted projects run the hold job with pg_cron every 20 seconds; a database without pg_cron (the
-- local stack's) runs it from scripts/stack/jobs.ts on the same schedule.
do $$
begin
  if exists (select 1 from pg_extension where extname = 'pg_cron') then
    execute $cron$select cron.schedule('release-expired-holds', '20 seconds', 'select private.release_expired_holds()')$cron$;
  end if;
end
$$;

