-- Which order sold a piece moves out of product_sizes (shoppers read that table, and an order's id
-- beside each sold size told them which pieces were bought together) into private.sales, which
-- also records the sale of a product without sizes, so a second order holding it cannot be paid.

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
alter table private.sales enable row level security;

-- the sales so far: sold sizes, and products without sizes held by a paid order
insert into private.sales (product_id, size_id, order_id)
select s.product_id, s.id, s.sold_order_id from public.product_sizes s where s.sold_order_id is not null
on conflict do nothing;
insert into private.sales (product_id, size_id, order_id)
select distinct on (i.product_id) i.product_id, null::uuid, o.id
  from public.order_items i join public.orders o on o.id = i.order_id
 where i.talla is null and o.status in ('pagado', 'enviado', 'entregado') and i.product_id is not null
   and not exists (select 1 from public.product_sizes x where x.product_id = i.product_id)
 order by i.product_id, o.paid_at
on conflict do nothing;

drop index public.product_sizes_sold_order_idx;
alter table public.product_sizes drop column sold_order_id;
comment on table public.product_sizes is 'Sizes of a product (one piece each); one per product case-insensitively (trimmed). sold_at: when a paid order sold it.';

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
