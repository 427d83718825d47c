-- Orders: Mi bolsa and Comprar ahora record an order (place_order) before the chat opens; the team
-- follows it in 'Pedidos'. A paid order sells its sizes (product_sizes.sold_at): products.sizes
-- holds only the sizes for sale, and a product with nothing left (products.agotado) leaves the
-- shop's listings (the facet cells and the narrow copy leave it out).

alter table public.products add column agotado boolean not null default false;
comment on column public.products.sizes is 'Read-only copy of the product''s product_sizes still for sale (not sold; trimmed, natural size order), kept by triggers so the shop can filter and count sizes without a join. Writes to it are ignored.';
comment on column public.products.agotado is 'Every piece is sold: the product page says Agotado and the shop lists it nowhere. True when every size is sold, or (a product without sizes) when an order holding it was paid.';

alter table public.product_sizes add column sold_at timestamptz, add column sold_order_id uuid;
comment on table public.product_sizes is 'Sizes of a product (one piece each); one per product case-insensitively (trimmed). sold_at/sold_order_id: sold by that order.';

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
  -- sizes = the sizes still for sale; agotado when the product has sizes and every one is sold (a
  -- product left without any size keeps agotado as its orders set it).
  update public.products p
     set sizes = f.sizes,
         agotado = coalesce(f.agotado, p.agotado)
    from unnest(touched) as t(product_id)
    cross join lateral (
      select coalesce(array_agg(btrim(s.talla) order by public.size_sort_key(s.talla), btrim(s.talla))
                        filter (where s.sold_at is null), '{}') as sizes,
             case when count(*) > 0 then count(*) filter (where s.sold_at is null) = 0 end as agotado
      from public.product_sizes s where s.product_id = t.product_id
    ) f
   where p.id = t.product_id
     and (p.sizes, p.agotado) is distinct from (f.sizes, coalesce(f.agotado, p.agotado));
  return null;
end
$$;
comment on function public.sync_product_sizes() is 'Trigger: keeps products.sizes equal to the product''s unsold product_sizes, and agotado true when it has sizes and all are sold.';

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
left join public.product_sizes s on s.product_id = p.id and s.sold_at is null
where not p.agotado;
comment on view public.master_products is 'One row per listed product (not sold out) and size still for sale (a product without sizes gives one row with size_name null), with names and price_range.';

comment on table private.shop_catalogue is 'The columns of products the shop filters, orders and searches on, nombre and marca folded for search (every product not sold out, visible or not), kept by triggers on products.';

create or replace function private.shop_cells_track()
returns trigger
language plpgsql
security definer
set search_path to ''
as $$
declare
  gone jsonb;
  came jsonb;
begin
  -- A sold-out product (agotado) is in no listing: it is left out of the copy and the cells, and
  -- leaves them when it sells out, as if deleted; it comes back if a size is for sale again.
  if tg_op = 'DELETE' then
    delete from private.shop_catalogue c using old_rows o where c.id = o.id;
    select jsonb_agg(jsonb_build_object('campaign_id', o.campaign_id, 'category_id', o.category_id,
        'subcategory_id', o.subcategory_id, 'brand_id', o.brand_id, 'precio_venta', o.precio_venta, 'sizes', o.sizes,
        'nombre_folded', private.search_fold(o.nombre), 'marca_folded', private.search_fold(o.marca)))
      into gone from old_rows o where not o.agotado;
  elsif tg_op = 'INSERT' then
    insert into private.shop_catalogue (id, created_at, campaign_id, category_id, subcategory_id, brand_id, precio_venta, price_range, sizes, size_keys, nombre_folded, marca_folded)
    select n.id, n.created_at, n.campaign_id, n.category_id, n.subcategory_id, n.brand_id, n.precio_venta, public.price_range_of(n.precio_venta),
      n.sizes, private.size_keys(n.sizes), private.search_fold(n.nombre), private.search_fold(n.marca)
    from new_rows n where not n.agotado;
    select jsonb_agg(jsonb_build_object('campaign_id', n.campaign_id, 'category_id', n.category_id,
        'subcategory_id', n.subcategory_id, 'brand_id', n.brand_id, 'precio_venta', n.precio_venta, 'sizes', n.sizes,
        'nombre_folded', private.search_fold(n.nombre), 'marca_folded', private.search_fold(n.marca)))
      into came from new_rows n where not n.agotado;
  else
    -- An update touches the copy and the cells only for the rows whose shop columns changed: most
    -- updates (a new description, an image, the sizes copy arriving unchanged) change none.
    delete from private.shop_catalogue c
     where c.id in (select o.id from old_rows o except select n.id from new_rows n where not n.agotado);
    insert into private.shop_catalogue as c (id, created_at, campaign_id, category_id, subcategory_id, brand_id, precio_venta, price_range, sizes, size_keys, nombre_folded, marca_folded)
    select n.id, n.created_at, n.campaign_id, n.category_id, n.subcategory_id, n.brand_id, n.precio_venta, public.price_range_of(n.precio_venta),
      n.sizes, private.size_keys(n.sizes), private.search_fold(n.nombre), private.search_fold(n.marca)
    from new_rows n where not n.agotado
    on conflict (id) do update set
      created_at = excluded.created_at, campaign_id = excluded.campaign_id, category_id = excluded.category_id,
      subcategory_id = excluded.subcategory_id, brand_id = excluded.brand_id, precio_venta = excluded.precio_venta,
      price_range = excluded.price_range, sizes = excluded.sizes, size_keys = excluded.size_keys,
      nombre_folded = excluded.nombre_folded, marca_folded = excluded.marca_folded
    where (c.created_at, c.campaign_id, c.category_id, c.subcategory_id, c.brand_id, c.precio_venta, c.sizes, c.nombre_folded, c.marca_folded)
      is distinct from (excluded.created_at, excluded.campaign_id, excluded.category_id, excluded.subcategory_id, excluded.brand_id,
        excluded.precio_venta, excluded.sizes, excluded.nombre_folded, excluded.marca_folded);
    select jsonb_agg(jsonb_build_object('campaign_id', o.campaign_id, 'category_id', o.category_id,
        'subcategory_id', o.subcategory_id, 'brand_id', o.brand_id, 'precio_venta', o.precio_venta, 'sizes', o.sizes,
        'nombre_folded', private.search_fold(o.nombre), 'marca_folded', private.search_fold(o.marca)))
      into gone
    from old_rows o left join new_rows n on n.id = o.id
    where not o.agotado and (n.id is null or n.agotado
      or (o.campaign_id, o.category_id, o.subcategory_id, o.brand_id, o.precio_venta, o.sizes, o.nombre, o.marca)
        is distinct from (n.campaign_id, n.category_id, n.subcategory_id, n.brand_id, n.precio_venta, n.sizes, n.nombre, n.marca));
    select jsonb_agg(jsonb_build_object('campaign_id', n.campaign_id, 'category_id', n.category_id,
        'subcategory_id', n.subcategory_id, 'brand_id', n.brand_id, 'precio_venta', n.precio_venta, 'sizes', n.sizes,
        'nombre_folded', private.search_fold(n.nombre), 'marca_folded', private.search_fold(n.marca)))
      into came
    from new_rows n left join old_rows o on o.id = n.id
    where not n.agotado and (o.id is null or o.agotado
      or (o.campaign_id, o.category_id, o.subcategory_id, o.brand_id, o.precio_venta, o.sizes, o.nombre, o.marca)
        is distinct from (n.campaign_id, n.category_id, n.subcategory_id, n.brand_id, n.precio_venta, n.sizes, n.nombre, n.marca));
  end if;
  if gone is not null then
    perform private.shop_cells_apply(gone, -1);
  end if;
  if came is not null then
    perform private.shop_cells_apply(came, 1);
  end if;
  return null;
end
$$;
comment on function private.shop_cells_track() is
  'Statement trigger on products: keeps private.shop_cells, shop_size_cells, shop_names, shop_name_cells, shop_name_size_cells, shop_words, shop_word_cells, shop_word_size_cells and shop_catalogue exact with one grouped update per statement.';

create or replace function private.shop_cells_rebuild()
returns void
language plpgsql
security definer
set search_path to ''
-- each count groups millions of rows at a million products: in memory, not on disk
set work_mem to '256MB'
as $$
begin
  truncate private.shop_cells, private.shop_size_cells, private.shop_catalogue, private.shop_names, private.shop_name_cells,
    private.shop_name_size_cells, private.shop_words, private.shop_word_cells, private.shop_word_size_cells;
  insert into private.shop_catalogue (id, created_at, campaign_id, category_id, subcategory_id, brand_id, precio_venta, price_range, sizes, size_keys, nombre_folded, marca_folded)
  select n.id, n.created_at, n.campaign_id, n.category_id, n.subcategory_id, n.brand_id, n.precio_venta, public.price_range_of(n.precio_venta),
    n.sizes, private.size_keys(n.sizes), private.search_fold(n.nombre), private.search_fold(n.marca)
  from public.products n where not n.agotado;

  insert into private.shop_cells (campaign_id, category_id, subcategory_id, brand_id, price_range, n)
  select p.campaign_id, p.category_id, p.subcategory_id, p.brand_id, p.price_range, count(*)
  from private.shop_catalogue p group by 1, 2, 3, 4, 5;
  insert into private.shop_size_cells (campaign_id, category_id, subcategory_id, brand_id, price_range, talla, n)
  select p.campaign_id, p.category_id, p.subcategory_id, p.brand_id, p.price_range, t.talla, count(*)
  from private.shop_catalogue p cross join lateral unnest(p.sizes) as t(talla) group by 1, 2, 3, 4, 5, 6;

  insert into private.shop_names (nombre_folded, marca_folded, n)
  select p.nombre_folded, p.marca_folded, count(*) from private.shop_catalogue p group by 1, 2 order by 1, 2;
  insert into private.shop_name_cells (name_id, campaign_id, category_id, subcategory_id, brand_id, price_range, n)
  select nm.id, p.campaign_id, p.category_id, p.subcategory_id, p.brand_id, p.price_range, count(*)
  from private.shop_catalogue p join private.shop_names nm on nm.nombre_folded = p.nombre_folded and nm.marca_folded = p.marca_folded
  group by 1, 2, 3, 4, 5, 6;
  insert into private.shop_name_size_cells (name_id, campaign_id, category_id, subcategory_id, brand_id, price_range, talla, n)
  select nm.id, p.campaign_id, p.category_id, p.subcategory_id, p.brand_id, p.price_range, t.talla, count(*)
  from private.shop_catalogue p join private.shop_names nm on nm.nombre_folded = p.nombre_folded and nm.marca_folded = p.marca_folded
  cross join lateral unnest(p.sizes) as t(talla)
  group by 1, 2, 3, 4, 5, 6, 7;

  -- a word's cells are the sums of the name cells of the names holding it (each name's words once)
  insert into private.shop_words (word, n)
  select w.word, sum(nm.n) from private.shop_names nm cross join lateral unnest(private.search_words(nm.nombre_folded, nm.marca_folded)) as w(word)
  group by 1 order by 1;
  insert into private.shop_word_cells (word_id, campaign_id, category_id, subcategory_id, brand_id, price_range, n)
  select x.id, c.campaign_id, c.category_id, c.subcategory_id, c.brand_id, c.price_range, sum(c.n)
  from private.shop_name_cells c join private.shop_names nm on nm.id = c.name_id
  cross join lateral unnest(private.search_words(nm.nombre_folded, nm.marca_folded)) as w(word)
  join private.shop_words x on x.word = w.word
  group by 1, 2, 3, 4, 5, 6;
  insert into private.shop_word_size_cells (word_id, campaign_id, category_id, subcategory_id, brand_id, price_range, talla, n)
  select x.id, c.campaign_id, c.category_id, c.subcategory_id, c.brand_id, c.price_range, c.talla, sum(c.n)
  from private.shop_name_size_cells c join private.shop_names nm on nm.id = c.name_id
  cross join lateral unnest(private.search_words(nm.nombre_folded, nm.marca_folded)) as w(word)
  join private.shop_words x on x.word = w.word
  group by 1, 2, 3, 4, 5, 6, 7;
end
$$;
comment on function private.shop_cells_rebuild() is
  'Recounts the facet cells, names, words and the narrow catalogue copy from public.products (for bulk loads run with the products'' cells triggers disabled).';

create or replace function private.record_change()
returns trigger
language plpgsql
security definer -- writes public.audit_changes, which no API role may write
set search_path = ''
as $$
declare
  -- columns kept by the database itself, never what a person changed
  v_noise constant text[] := array['updated_at', 'created_at', 'sizes', 'status_changed_at'];
  v_old jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) - v_noise end;
  v_new jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) - v_noise end;
  v_row jsonb := coalesce(v_new, v_old);
  v_before jsonb := v_old;
  v_after jsonb := v_new;
  v_subject text := tg_argv[0];
  v_subject_id text := coalesce(v_row ->> 'product_id', v_row ->> 'id');
  v_label text := coalesce(v_row ->> 'nombre', v_row ->> 'display_name', v_row ->> 'title', v_row ->> 'name', v_row ->> 'reference');
  v_jwt jsonb := auth.jwt();
begin
  if tg_op = 'UPDATE' then
    select jsonb_object_agg(n.key, o.value), jsonb_object_agg(n.key, n.value)
      into v_before, v_after
      from jsonb_each(v_new) n
      join jsonb_each(v_old) o on o.key = n.key
     where n.value is distinct from o.value;
    if v_after is null then
      return null;
    end if;
  end if;
  if v_subject = 'product' and tg_table_name <> 'products' then
    select p.nombre into v_label from public.products p where p.id = (v_row ->> 'product_id')::uuid;
  elsif v_subject = 'settings' then
    v_label := 'Configuración';
  end if;
  insert into public.audit_changes
    (actor_id, actor_email, actor_role, request, table_name, action, subject_type, subject_id, subject_label, before, after)
  values (
    auth.uid(),
    nullif(v_jwt ->> 'email', ''),
    case coalesce(v_jwt ->> 'role', '')
      when 'service_role' then 'service_role'
      when '' then 'database'
      else coalesce(v_jwt -> 'app_metadata' ->> 'role', v_jwt ->> 'role')
    end,
    nullif(btrim(coalesce(current_setting('request.method', true), '') || ' ' || coalesce(current_setting('request.path', true), '')), ''),
    tg_table_name,
    lower(tg_op),
    v_subject,
    v_subject_id,
    left(v_label, 200),
    v_before,
    v_after
  );
  return null;
end
$$;
comment on function private.record_change() is 'AFTER row trigger of every audited table: one public.audit_changes row per row changed (an update only with the columns it changed); the trigger''s argument names the kind of record.';

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
  -- md5 of the sender's network address (the per-address limit); '' when unknown
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

-- A sold size names the order that sold it.
alter table public.product_sizes
  add constraint product_sizes_sold_order_id_fkey foreign key (sold_order_id) references public.orders (id) on delete set null;
create index product_sizes_sold_order_idx on public.product_sizes (sold_order_id) where sold_order_id is not null;

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
-- shipping_cost). Malformed input is refused (PT400); the abuse limits (PT429) are per network
-- address 10 orders in 10 minutes and 50 a day (many shoppers share one address behind a mobile
-- carrier's NAT), and 600 an hour for the whole shop.
create function private.place_order(p_items jsonb, p_channel text, p_session_id text)
returns jsonb
language plpgsql
security definer -- reads the catalogue as it is and writes orders, which shoppers cannot
set search_path = ''
as $$
declare
  v_sender text := coalesce(md5(host(private.client_address())), '');
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
        or not pg_input_is_valid(e ->> 'product_id', 'uuid')
        or (e -> 'talla' is not null and jsonb_typeof(e -> 'talla') not in ('string', 'null'))
        or char_length(e ->> 'talla') > 50
        or jsonb_typeof(e -> 'precio_venta') <> 'number'
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
  if (select count(*) from public.orders o where o.sender = v_sender and o.created_at > now() - interval '10 minutes') >= 10
     or (select count(*) from public.orders o where o.sender = v_sender and o.created_at > now() - interval '1 day') >= 50 then
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
comment on function private.place_order(jsonb, text, text) is 'Records a shopper''s order before the chat opens: checks every item against the live catalogue (ended, sold out, size sold, price changed) and answers the problems, or stores it under a new OM- reference. Limits: 10 per address in 10 minutes, 50 a day; 600 an hour in all. Called by public.place_order.';
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

-- Before a status change: an order that becomes paid (or later) sells its items' sizes, refusing
-- when one was already sold by another order (PT409, naming it); one that goes back to nuevo or
-- confirmado, or is cancelled, puts them on sale again. A product without sizes is agotado while a
-- paid order holds it. Times: status_changed_at on every change, paid_at when first paid.
create function private.order_status_change()
returns trigger
language plpgsql
security definer -- writes product_sizes and products for the caller, an owner or editor
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
    select i.nombre, s.talla, o.reference into v_taken
      from public.order_items i
      join public.product_sizes s on s.product_id = i.product_id and lower(btrim(s.talla)) = lower(btrim(i.talla))
      join public.orders o on o.id = s.sold_order_id
     where i.order_id = new.id and s.sold_at is not null and s.sold_order_id <> new.id
     limit 1;
    if found then
      raise exception 'La talla % de % ya se vendió en el pedido %.', v_taken.talla, v_taken.nombre, v_taken.reference
        using errcode = 'PT409';
    end if;
    update public.product_sizes s
       set sold_at = now(), sold_order_id = new.id
      from public.order_items i
     where i.order_id = new.id and s.product_id = i.product_id and lower(btrim(s.talla)) = lower(btrim(i.talla))
       and s.sold_at is null;
    update public.products p
       set agotado = true
      from public.order_items i
     where i.order_id = new.id and i.talla is null and p.id = i.product_id and not p.agotado
       and not exists (select 1 from public.product_sizes s where s.product_id = p.id);
    new.paid_at := coalesce(new.paid_at, now());
  elsif private.order_status_sells(old.status) and not private.order_status_sells(new.status) then
    update public.product_sizes s
       set sold_at = null, sold_order_id = null
     where s.sold_order_id = new.id;
    update public.products p
       set agotado = false
      from public.order_items i
     where i.order_id = new.id and i.talla is null and p.id = i.product_id and p.agotado
       and not exists (select 1 from public.product_sizes s where s.product_id = p.id);
  end if;
  return new;
end
$$;
comment on function private.order_status_change() is 'Trigger: paid (or later) sells the order''s sizes (refused, PT409, when another order sold one), back to nuevo/confirmado or cancelado puts them on sale again; stamps status_changed_at and paid_at.';

create trigger order_status_change
  before update of status on public.orders
  for each row execute function private.order_status_change();

create trigger set_updated_at
  before update on public.orders
  for each row execute function public.set_updated_at();

-- The team's changes to an order (status, notes, tracking) are history; what shoppers send is not.
create trigger orders_history after update on public.orders
  for each row execute function private.record_change('order');

alter table public.orders enable row level security;
alter table public.order_items enable row level security;

-- Orders (08_orders.sql): staff read them and their items; owners and editors change an order's
-- status, notes and tracking (the only columns granted). They arrive through public.place_order,
-- never a direct insert, and are never deleted (a wrong one is cancelled).
create policy orders_staff_read on public.orders
  for select to authenticated using ((select public.is_staff()));

create policy orders_admin_update on public.orders
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

create policy order_items_staff_read on public.order_items
  for select to authenticated using ((select public.is_staff()));
