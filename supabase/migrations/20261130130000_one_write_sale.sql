-- Paying an order sells each held piece in one write: existencias and apartadas drop together, so
-- the pieces for sale do not move and the shop's lists and counts are not rewritten twice (ending
-- the hold, then selling), which halves what a payment does under the orders' lock.

-- A held piece counts in its size's (or sizeless product's) apartadas while its row exists; every
-- change raises the catalogue version, so no remembered shop answer counts a piece it should not.
create or replace function private.count_held_piece()
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
