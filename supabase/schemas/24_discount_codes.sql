-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 24 · Discount codes: 'BIENVENIDA', 'INFLUENCER10', entered in Mi bolsa, checked live by place_order
--
-- Entry points: the table public.discount_codes (the back office's 'Códigos', checked by
-- private.discount_code_rules); public.preview_discount_code (what the bag shows before sending);
-- private.discount_code_quote (the one rule for what a code takes off, which place_order and the
-- preview both call); private.count_code_use and private.order_code_use (a code's uses).
--
-- A code takes a percentage or a fixed amount (MXN) off the products it applies to: the whole shop,
-- or one campaign, one category or one brand. It may ask for a minimum (on the products it applies
-- to), run between two Mexico City days, and have a total number of uses and a number per shopper
-- network (private.limit_key, the network the order limits count by: an IPv4 /24, an IPv6 /64).
-- Codes are stored upper case and trimmed, and matched the same way, so 'bienvenida ' is BIENVENIDA.
--
-- An order counts one use of its code while it holds its pieces or has sold them (paid, shipped,
-- delivered). It gives the use back when it stops doing both: its hold ends unpaid ('vencido', or
-- a rejected payment), it is cancelled, or a paid order is taken back. Such an order marked paid
-- later takes its use again, and is refused (PT409, naming the code) when the code has none left:
-- the team raises the code's limit or cancels the order, as with a piece sold meanwhile. A code's
-- uses (discount_codes.usos) are kept by private.count_code_use, one guarded update of the code's
-- row (usos + 1 only while below the limit), and place_order takes orders one at a time, so however
-- many shoppers use a code at once, its uses never pass its limit.
--
-- Shoppers never read the table: they learn only about the code they typed, through
-- preview_discount_code and place_order, in Spanish ('Este código ya se agotó'). Staff read it;
-- owners and editors create and change codes (never the code itself, and never its uses), and
-- deactivate them instead of deleting them (orders keep the code they used). Policies are here,
-- beside the table, since this file comes after 23_policies.sql.
-- ═════════════════════════════════════════════════════════════════════════════════════════════

create table public.discount_codes (
  id uuid primary key default gen_random_uuid(),
  -- what shoppers type, stored upper case and trimmed; never changes once created (orders, and
  -- later the shop's alerts, quote it)
  codigo text not null unique check (codigo ~ '^[A-Z0-9][A-Z0-9_-]{2,39}$'),
  -- the team's own note ('Influencer @ana, diciembre'); shoppers never see it
  descripcion text check (char_length(descripcion) <= 200),
  -- 'porcentaje': valor percent off (0.01 to 100); 'monto': valor pesos off, never more than the
  -- products it applies to
  tipo text not null check (tipo in ('porcentaje', 'monto')),
  valor numeric(12, 2) not null check (valor > 0 and valor <= 1000000 and (tipo <> 'porcentaje' or valor <= 100)),
  -- what it applies to: the whole shop, or one campaign, category or brand (that one's id). A
  -- campaign, category or brand deleted leaves its id null and the code applying to nothing, never
  -- to the whole shop.
  alcance text not null default 'tienda' check (alcance in ('tienda', 'campana', 'categoria', 'marca')),
  campaign_id uuid references public.campaigns (id) on delete set null check (campaign_id is null or alcance = 'campana'),
  category_id uuid references public.categories (id) on delete set null check (category_id is null or alcance = 'categoria'),
  brand_id uuid references public.brands (id) on delete set null check (brand_id is null or alcance = 'marca'),
  -- the least the products it applies to must add up to; null: no minimum
  compra_minima numeric(12, 2) check (compra_minima > 0),
  -- the Mexico City days it may be used, both included; null: from now on / with no end
  fecha_inicio date,
  fecha_fin date check (fecha_fin >= fecha_inicio),
  -- how many orders may use it in all, and from one shopper network; null: no limit
  usos_maximos integer check (usos_maximos > 0),
  usos_por_conexion integer check (usos_por_conexion > 0),
  -- the orders that count a use of it now (private.count_code_use): never past usos_maximos
  usos integer not null default 0 check (usos >= 0 and (usos_maximos is null or usos <= usos_maximos)),
  activo boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.discount_codes is 'Discount codes shoppers enter in Mi bolsa: a percentage or an amount off the products they apply to (the shop, a campaign, a category or a brand), with a minimum, Mexico City days, total uses and uses per shopper network; usos counts the orders using it now. Staff read them; owners and editors write them (not codigo, not usos); shoppers never read them (preview_discount_code, place_order).';
comment on column public.discount_codes.usos is 'Orders that count a use of the code now: placed and still holding their pieces, or paid. Kept by private.count_code_use; never above usos_maximos.';
create index discount_codes_campaign_idx on public.discount_codes (campaign_id);
create index discount_codes_category_idx on public.discount_codes (category_id);
create index discount_codes_brand_idx on public.discount_codes (brand_id);
grant select on table public.discount_codes to authenticated;
grant insert (codigo, descripcion, tipo, valor, alcance, campaign_id, category_id, brand_id, compra_minima, fecha_inicio, fecha_fin,
              usos_maximos, usos_por_conexion, activo) on table public.discount_codes to authenticated;
grant update (descripcion, tipo, valor, alcance, campaign_id, category_id, brand_id, compra_minima, fecha_inicio, fecha_fin,
              usos_maximos, usos_por_conexion, activo) on table public.discount_codes to authenticated;

-- Every write of a code by the team is tidied and checked here, with a message the back office
-- shows as it is: the code upper case and trimmed, 3 to 40 letters (no accents or spaces), digits,
-- hyphens or underscores, unique, never changed once created; a percentage of 0.01 to 100 or an
-- amount above zero; what it applies to, with the campaign, category or brand it names (the others
-- cleared); a minimum above zero (0 is none); the last day not before the first; limits of at
-- least one use, the total not under the uses it has.
create function private.discount_code_rules()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.codigo := upper(btrim(new.codigo));
  if tg_op = 'UPDATE' and new.codigo is distinct from old.codigo then
    raise exception 'El código no se puede cambiar una vez creado: desactívalo y crea otro' using errcode = 'PT400';
  end if;
  if coalesce(new.codigo, '') = '' then
    raise exception 'Escribe el código' using errcode = 'PT400';
  end if;
  if new.codigo !~ '^[A-Z0-9][A-Z0-9_-]{2,39}$' then
    raise exception 'El código lleva de 3 a 40 letras sin acentos, números, guiones o guiones bajos, sin espacios' using errcode = 'PT400';
  end if;
  if tg_op = 'INSERT' and exists (select 1 from public.discount_codes c where c.codigo = new.codigo) then
    raise exception 'Ya existe el código %', new.codigo using errcode = 'PT409';
  end if;
  if new.tipo is null or new.tipo not in ('porcentaje', 'monto') then
    raise exception 'Elige si el descuento es un porcentaje o un monto fijo' using errcode = 'PT400';
  end if;
  if new.valor is null or new.valor <= 0 then
    raise exception 'El descuento debe ser mayor que cero' using errcode = 'PT400';
  end if;
  if new.tipo = 'porcentaje' and new.valor > 100 then
    raise exception 'Un porcentaje de descuento va de 0.01 a 100' using errcode = 'PT400';
  end if;
  if new.valor > 1000000 then
    raise exception 'El descuento no puede pasar de $1,000,000' using errcode = 'PT400';
  end if;
  new.descripcion := nullif(btrim(new.descripcion), '');
  if char_length(new.descripcion) > 200 then
    raise exception 'La nota tiene más de 200 caracteres' using errcode = 'PT400';
  end if;
  new.alcance := coalesce(new.alcance, 'tienda');
  if new.alcance not in ('tienda', 'campana', 'categoria', 'marca') then
    raise exception 'Elige a qué aplica el código: toda la tienda, una campaña, una categoría o una marca' using errcode = 'PT400';
  end if;
  -- only the id of what it applies to is kept
  if new.alcance <> 'campana' then new.campaign_id := null; end if;
  if new.alcance <> 'categoria' then new.category_id := null; end if;
  if new.alcance <> 'marca' then new.brand_id := null; end if;
  -- the scope needs its campaign, category or brand; when one is deleted its id is set null (a
  -- foreign key's action, a trigger deeper down), which leaves the code applying to nothing, and
  -- the team may still deactivate it
  if tg_op = 'INSERT' or new.alcance is distinct from old.alcance or (pg_trigger_depth() = 1 and new.activo) then
    if new.alcance = 'campana' and new.campaign_id is null then
      raise exception 'Elige la campaña a la que aplica el código' using errcode = 'PT400';
    elsif new.alcance = 'categoria' and new.category_id is null then
      raise exception 'Elige la categoría a la que aplica el código' using errcode = 'PT400';
    elsif new.alcance = 'marca' and new.brand_id is null then
      raise exception 'Elige la marca a la que aplica el código' using errcode = 'PT400';
    end if;
  end if;
  if new.compra_minima < 0 then
    raise exception 'La compra mínima no puede ser negativa' using errcode = 'PT400';
  end if;
  if new.compra_minima = 0 then
    new.compra_minima := null;
  end if;
  if new.fecha_fin < new.fecha_inicio then
    raise exception 'El último día no puede ser anterior al primero' using errcode = 'PT400';
  end if;
  if new.usos_maximos < 1 or new.usos_por_conexion < 1 then
    raise exception 'Un límite de usos es de al menos 1 (vacío: sin límite)' using errcode = 'PT400';
  end if;
  if new.usos_maximos < new.usos then
    raise exception 'El código ya tiene % usos: el límite no puede ser menor', new.usos using errcode = 'PT400';
  end if;
  return new;
end
$$;
comment on function private.discount_code_rules() is 'BEFORE INSERT/UPDATE trigger of discount_codes (the team''s columns): tidies the code (upper case, trimmed) and refuses, in Spanish, a malformed or repeated code, a changed code, a percentage outside 0.01-100, an amount not above zero, a scope without its campaign/category/brand, a negative minimum, days in the wrong order, and limits under 1 or under the uses taken.';

-- The team's columns only: a use counted (usos) is no edit of the code, neither for the check nor
-- for updated_at (what the back office's edit compares) nor for the history.
create trigger discount_code_rules
  before insert or update of codigo, descripcion, tipo, valor, alcance, campaign_id, category_id, brand_id, compra_minima,
                             fecha_inicio, fecha_fin, usos_maximos, usos_por_conexion, activo
  on public.discount_codes
  for each row execute function private.discount_code_rules();

create trigger set_updated_at
  before update of codigo, descripcion, tipo, valor, alcance, campaign_id, category_id, brand_id, compra_minima,
                   fecha_inicio, fecha_fin, usos_maximos, usos_por_conexion, activo
  on public.discount_codes
  for each row execute function public.set_updated_at();

create trigger discount_codes_history
  after insert or delete or update of codigo, descripcion, tipo, valor, alcance, campaign_id, category_id, brand_id, compra_minima,
                                      fecha_inicio, fecha_fin, usos_maximos, usos_por_conexion, activo
  on public.discount_codes
  for each row execute function private.record_change('discount_code');

-- Which order used which code, from which shopper network, and whether the use counts now (the
-- order holds its pieces or sold them: private.order_code_use). Private: shoppers never read it,
-- staff see the code on the order (orders.codigo) and the uses on the code.
create table private.discount_code_uses (
  order_id uuid primary key references public.orders (id) on delete cascade,
  code_id uuid not null references public.discount_codes (id) on delete restrict,
  -- the order's network, private.limit_key (what 'usos_por_conexion' counts by)
  sender text not null,
  counted boolean not null default true,
  created_at timestamptz not null default now()
);
comment on table private.discount_code_uses is 'One row per order placed with a code: the code, the shopper''s network (private.limit_key) and whether the use counts now (counted: the order holds its pieces or sold them). Written by place_order and private.order_code_use; its count is discount_codes.usos.';
create index discount_code_uses_code_sender_idx on private.discount_code_uses (code_id, sender) where counted;
create index discount_code_uses_code_idx on private.discount_code_uses (code_id);
alter table private.discount_code_uses enable row level security;

-- A use counted or given back moves the code's usos in one guarded update of its row: up only while
-- below usos_maximos (the row's lock makes two at once wait for each other), else refused (PT409,
-- detail 'codigo') and nothing is stored; down when an order gives its use back or is deleted.
create function private.count_code_use()
returns trigger
language plpgsql
security definer -- writes discount_codes.usos, which no API role may write
set search_path = ''
as $$
declare
  v_delta integer := (case when tg_op <> 'DELETE' and new.counted then 1 else 0 end)
                     - (case when tg_op <> 'INSERT' and old.counted then 1 else 0 end);
  v_code uuid := case when tg_op = 'DELETE' then old.code_id else new.code_id end;
begin
  if v_delta > 0 then
    update public.discount_codes c set usos = c.usos + 1
     where c.id = v_code and (c.usos_maximos is null or c.usos < c.usos_maximos);
    if not found then
      raise exception 'Este código ya se agotó' using errcode = 'PT409', detail = 'codigo';
    end if;
  elsif v_delta < 0 then
    update public.discount_codes c set usos = c.usos - 1 where c.id = v_code and c.usos > 0;
  end if;
  return null;
end
$$;
comment on function private.count_code_use() is 'Trigger on private.discount_code_uses: a use that counts adds one to its code''s usos only while below usos_maximos (else PT409 ''Este código ya se agotó'', detail codigo); one given back or deleted takes one off.';

create trigger count_code_use
  after insert or update of counted or delete on private.discount_code_uses
  for each row execute function private.count_code_use();

-- Codes typed that do not exist, per shopper network: 20 in 10 minutes and the network may try no
-- more codes for a while (PT429), so nobody finds the shop's codes by guessing. Rows older than 10
-- minutes are deleted as new ones come.
create table private.discount_code_misses (
  sender text not null,
  at timestamptz not null default now()
);
comment on table private.discount_code_misses is 'Codes typed that do not exist, by shopper network (private.limit_key) and time; 20 in 10 minutes stop that network trying codes for a while. Kept 10 minutes.';
create index discount_code_misses_sender_idx on private.discount_code_misses (sender, at);
create index discount_code_misses_at_idx on private.discount_code_misses (at);
alter table private.discount_code_misses enable row level security;

-- '$1,500.00', as the shop writes money (src/lib/money.ts formatPrice, es-MX).
create function private.money_text(p_amount numeric)
returns text
language sql
immutable
set search_path = ''
as $$
  select '$' || btrim(to_char(p_amount, 'FM999,999,999,990.00'))
$$;
comment on function private.money_text(numeric) is 'An amount as the shop writes money: $1,500.00.';

-- What a code gives, in the shopper's words: '10% de descuento', '$200.00 de descuento en Nike',
-- '15% de descuento en la campaña Buen Fin', '10% de descuento en Calzado'; and its minimum
-- (' en compras desde $1,500.00'). The bag shows it beside an applied code; an alert may quote it.
create function private.discount_code_summary(p_code public.discount_codes)
returns text
language sql
stable
security definer -- reads the campaign, category or brand's name whatever the caller may see
set search_path = ''
as $$
  select case p_code.tipo
           when 'porcentaje' then trim_scale(p_code.valor)::text || '%'
           else private.money_text(p_code.valor)
         end || ' de descuento'
         || coalesce(case p_code.alcance
              when 'campana' then ' en la campaña ' || (select c.nombre from public.campaigns c where c.id = p_code.campaign_id)
              when 'categoria' then ' en ' || (select c.nombre from public.categories c where c.id = p_code.category_id)
              when 'marca' then ' en ' || (select coalesce(nullif(btrim(b.display_name), ''), b.name) from public.brands b where b.id = p_code.brand_id)
            end, '')
         || coalesce(' en compras desde ' || private.money_text(p_code.compra_minima), '')
$$;
comment on function private.discount_code_summary(public.discount_codes) is 'What a code gives, in Spanish: 10% de descuento [en la campaña X | en <categoría> | en <marca>] [en compras desde $X].';

-- Whether a shopper could use the code today, whoever they are and whatever they buy: active, within
-- its days (Mexico City), uses left. An alert prints its campaign's code only then (claim_alerts),
-- and the back office's 'Avisos' warns when a campaign's code is not.
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

-- The one rule for what a code does to an order, live: p_code as the shopper typed it, p_lines the
-- order's lines as JSON [{position, product_id, precio_venta}] (the prices it would charge), p_sender
-- the shopper's network (private.limit_key). Refusals, checked in this order, answer {ok: false,
-- motivo, mensaje}:
--   vacio       'Escribe tu código de descuento'
--   no_existe   'Este código no existe' (and counts against the network's 20 misses in 10 minutes)
--   inactivo    'Este código ya no está activo' (the team deactivated it)
--   no_vigente  'Este código aún no está vigente' (before its first day, Mexico City)
--   vencido     'Este código ya venció' (after its last day)
--   agotado     'Este código ya se agotó' (usos reached usos_maximos)
--   usado       'Ya usaste este código' (this network's orders counting a use reached usos_por_conexion)
--   no_aplica   'Este código no aplica a los productos de tu bolsa'
--   minimo      'Este código requiere una compra mínima de $1,500.00' (the products it applies to;
--               ' en los productos a los que aplica' when it applies to a campaign, category or brand)
-- Otherwise {ok: true, code_id, codigo, resumen, aplicable, descuento, lines: [{position,
-- descuento}]}: aplicable the sum of the lines it applies to (products of its campaign, category
-- or brand, or all), descuento a percentage of it rounded to the cent (half away from zero, as
-- round() does), or the amount, never more than aplicable; lines each applicable line's part of it,
-- in proportion to its price, in whole cents (largest remainders get the cents left over), so they
-- add up to descuento and none is more than its price. A network that typed 20 codes that do not
-- exist in 10 minutes is refused (PT429) before anything is read.
create function private.discount_code_quote(p_code text, p_lines jsonb, p_sender text)
returns jsonb
language plpgsql
volatile
security definer -- reads the codes, which shoppers cannot, and records misses
set search_path = ''
as $$
declare
  v_codigo text := upper(btrim(coalesce(p_code, '')));
  v_code public.discount_codes;
  v_today date := public.shop_today();
  v_sender text := coalesce(p_sender, '');
  v_aplicable numeric(12, 2);
  v_descuento numeric(12, 2);
  v_lines jsonb;
begin
  if v_codigo = '' then
    return jsonb_build_object('ok', false, 'motivo', 'vacio', 'mensaje', 'Escribe tu código de descuento');
  end if;
  if (select count(*) from private.discount_code_misses m where m.sender = v_sender and m.at > now() - interval '10 minutes') >= 20 then
    raise exception 'Probaste demasiados códigos. Espera unos minutos e intenta de nuevo.' using errcode = 'PT429';
  end if;
  if char_length(v_codigo) <= 40 then
    select * into v_code from public.discount_codes c where c.codigo = v_codigo;
  end if;
  if v_code.id is null then
    delete from private.discount_code_misses m where m.at < now() - interval '10 minutes';
    insert into private.discount_code_misses (sender) values (v_sender);
    return jsonb_build_object('ok', false, 'motivo', 'no_existe', 'mensaje', 'Este código no existe');
  end if;
  if not v_code.activo then
    return jsonb_build_object('ok', false, 'motivo', 'inactivo', 'mensaje', 'Este código ya no está activo');
  end if;
  if v_today < v_code.fecha_inicio then
    return jsonb_build_object('ok', false, 'motivo', 'no_vigente', 'mensaje', 'Este código aún no está vigente');
  end if;
  if v_today > v_code.fecha_fin then
    return jsonb_build_object('ok', false, 'motivo', 'vencido', 'mensaje', 'Este código ya venció');
  end if;
  if v_code.usos_maximos is not null and v_code.usos >= v_code.usos_maximos then
    return jsonb_build_object('ok', false, 'motivo', 'agotado', 'mensaje', 'Este código ya se agotó');
  end if;
  if v_code.usos_por_conexion is not null
     and (select count(*) from private.discount_code_uses u
           where u.code_id = v_code.id and u.sender = v_sender and u.counted) >= v_code.usos_por_conexion then
    return jsonb_build_object('ok', false, 'motivo', 'usado', 'mensaje', 'Ya usaste este código');
  end if;

  -- the lines it applies to, with their prices in whole cents
  select jsonb_agg(jsonb_build_object('position', (l ->> 'position')::integer,
                                      'price_c', round((l ->> 'precio_venta')::numeric * 100)))
    into v_lines
    from jsonb_array_elements(p_lines) l
    join public.products p on p.id = (l ->> 'product_id')::uuid
   where case v_code.alcance
           when 'tienda' then true
           when 'campana' then p.campaign_id = v_code.campaign_id
           when 'categoria' then p.category_id = v_code.category_id
           when 'marca' then p.brand_id = v_code.brand_id
         end;
  select coalesce(sum((x ->> 'price_c')::numeric), 0) / 100 into v_aplicable from jsonb_array_elements(v_lines) x;
  if v_aplicable <= 0 then
    return jsonb_build_object('ok', false, 'motivo', 'no_aplica', 'mensaje', 'Este código no aplica a los productos de tu bolsa');
  end if;
  if v_aplicable < v_code.compra_minima then
    return jsonb_build_object('ok', false, 'motivo', 'minimo', 'mensaje',
      'Este código requiere una compra mínima de ' || private.money_text(v_code.compra_minima)
      || case when v_code.alcance <> 'tienda' then ' en los productos a los que aplica' else '' end);
  end if;

  v_descuento := case v_code.tipo
                   when 'porcentaje' then round(v_aplicable * v_code.valor / 100, 2)
                   else least(v_code.valor, v_aplicable)
                 end;
  -- each line's share: the floor of its proportion, in cents; the cents left over go one each to
  -- the lines with the largest remainders (then the dearer, then the first)
  with lines as (
    select (x ->> 'position')::integer as position, (x ->> 'price_c')::numeric as price_c
      from jsonb_array_elements(v_lines) x
  ),
  shares as (
    select l.position, l.price_c,
           floor(v_descuento * 100 * l.price_c / (v_aplicable * 100)) as base_c,
           mod(v_descuento * 100 * l.price_c, v_aplicable * 100) as rest
      from lines l
  ),
  ranked as (
    select s.*, row_number() over (order by s.rest desc, s.price_c desc, s.position) as rk,
           v_descuento * 100 - sum(s.base_c) over () as left_c
      from shares s
  )
  select jsonb_agg(jsonb_build_object('position', r.position,
                                      'descuento', ((r.base_c + case when r.rk <= r.left_c then 1 else 0 end) / 100)::numeric(12, 2))
                   order by r.position)
    into v_lines
    from ranked r;

  return jsonb_build_object('ok', true, 'code_id', v_code.id, 'codigo', v_code.codigo, 'resumen', private.discount_code_summary(v_code),
                            'aplicable', v_aplicable, 'descuento', v_descuento, 'lines', v_lines);
end
$$;
comment on function private.discount_code_quote(text, jsonb, text) is 'The one rule for a discount code on an order''s lines: refusals in Spanish (vacio, no_existe, inactivo, no_vigente, vencido, agotado, usado, no_aplica, minimo) or {ok, code_id, codigo, resumen, aplicable, descuento, lines: [{position, descuento}]}: percent of the applicable lines rounded to the cent, or the amount capped at them, shared among them to the cent. 20 unknown codes in 10 minutes per network: PT429. Called by place_order and preview_discount_code.';

-- What the bag shows before sending: the code as the shopper typed it on the bag's lines (a JSON
-- array, 1 to 20, of {product_id, talla, precio_venta} as place_order takes them, at the prices the
-- bag shows), by private.discount_code_quote, so the bag and the order never disagree. Answers
-- {ok: true, codigo, resumen, aplicable, descuento, subtotal, shipping, total} (shipping by the
-- shop's rule on the products after the discount) or {ok: false, motivo, mensaje}. It holds
-- nothing and counts no use: place_order checks the code again when the order is sent.
create function private.preview_discount_code(p_code text, p_items jsonb)
returns jsonb
language plpgsql
volatile
security definer -- reads the codes through private.discount_code_quote
set search_path = ''
as $$
declare
  v_lines jsonb;
  v_subtotal numeric(12, 2);
  v_quote jsonb;
  v_descuento numeric(12, 2);
begin
  if p_items is null or jsonb_typeof(p_items) <> 'array' or jsonb_array_length(p_items) = 0 then
    raise exception 'Tu bolsa está vacía.' using errcode = 'PT400';
  end if;
  if jsonb_array_length(p_items) > 20 then
    raise exception 'Un pedido puede tener hasta 20 productos.' using errcode = 'PT400';
  end if;
  if exists (
    select 1 from jsonb_array_elements(p_items) e
     where jsonb_typeof(e) <> 'object'
        or not coalesce(pg_input_is_valid(e ->> 'product_id', 'uuid'), false)
        or coalesce(jsonb_typeof(e -> 'precio_venta'), 'missing') <> 'number'
        or (e ->> 'precio_venta')::numeric < 0
  ) then
    raise exception 'El pedido tiene un producto no válido.' using errcode = 'PT400';
  end if;
  select jsonb_agg(jsonb_build_object('position', i.ord, 'product_id', i.e ->> 'product_id',
                                      'precio_venta', round((i.e ->> 'precio_venta')::numeric, 2))),
         sum(round((i.e ->> 'precio_venta')::numeric, 2))
    into v_lines, v_subtotal
    from jsonb_array_elements(p_items) with ordinality as i(e, ord);
  v_quote := private.discount_code_quote(p_code, v_lines, private.limit_key(private.client_address()));
  if not (v_quote ->> 'ok')::boolean then
    return v_quote;
  end if;
  v_descuento := (v_quote ->> 'descuento')::numeric;
  return jsonb_build_object('ok', true, 'codigo', v_quote -> 'codigo', 'resumen', v_quote -> 'resumen',
                            'aplicable', v_quote -> 'aplicable', 'descuento', v_descuento, 'subtotal', v_subtotal,
                            'shipping', private.shipping_for(v_subtotal - v_descuento),
                            'total', v_subtotal - v_descuento + private.shipping_for(v_subtotal - v_descuento));
end
$$;
comment on function private.preview_discount_code(text, jsonb) is 'The bag''s preview of a discount code on its lines (private.discount_code_quote): {ok, codigo, resumen, aplicable, descuento, subtotal, shipping, total} or {ok: false, motivo, mensaje}; holds and counts nothing. Called by public.preview_discount_code.';
grant execute on function private.preview_discount_code(text, jsonb) to anon, authenticated;

-- What the API calls (caller's rights): private.preview_discount_code does the work.
create function public.preview_discount_code(p_code text, p_items jsonb)
returns jsonb
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.preview_discount_code(p_code, p_items)
$$;
comment on function public.preview_discount_code(text, jsonb) is 'What a discount code takes off the bag''s lines, as place_order would: {ok, codigo, resumen, aplicable, descuento, subtotal, shipping, total} or {ok: false, motivo, mensaje} in Spanish.';
grant execute on function public.preview_discount_code(text, jsonb) to anon, authenticated;

-- An order's use of its code follows the order: it counts while the order holds its pieces or has
-- sold them, and is given back when neither (hold ended unpaid, cancelled, a paid order taken
-- back). An order that takes its use again (marked paid after its hold ended) is refused (PT409,
-- detail 'codigo') when the code has none left, naming it for the team.
create function private.order_code_use()
returns trigger
language plpgsql
security definer -- writes private.discount_code_uses
set search_path = ''
as $$
declare
  v_counts boolean := new.held_until is not null or private.order_status_sells(new.status);
  v_use private.discount_code_uses;
begin
  select * into v_use from private.discount_code_uses u where u.order_id = new.id;
  if not found or v_use.counted = v_counts then
    return null;
  end if;
  if v_counts and exists (select 1 from public.discount_codes c
                           where c.id = v_use.code_id and c.usos_maximos is not null and c.usos >= c.usos_maximos) then
    raise exception 'El código % ya se agotó y este pedido dejó de contar su uso al terminar su apartado: sube el límite de usos del código o cancela el pedido.',
      new.codigo using errcode = 'PT409', detail = 'codigo';
  end if;
  update private.discount_code_uses u set counted = v_counts where u.order_id = new.id;
  return null;
end
$$;
comment on function private.order_code_use() is 'Trigger on orders: the order''s code use counts while it holds its pieces or sold them, and is given back otherwise; taking it again when the code has none left is refused (PT409, detail codigo).';

create trigger order_code_use
  after update of status, held_until on public.orders
  for each row execute function private.order_code_use();

-- ─── Row-level security ───────────────────────────────────────────────────────────────────────
-- Staff read the codes; owners and editors create and change them (the granted columns); nobody
-- deletes one through the API (deactivate it). Anonymous callers have no grant at all.
alter table public.discount_codes enable row level security;

create policy discount_codes_staff_read on public.discount_codes
  for select to authenticated using ((select public.is_staff()));

create policy discount_codes_admin_insert on public.discount_codes
  for insert to authenticated with check ((select public.is_admin()));

create policy discount_codes_admin_update on public.discount_codes
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
