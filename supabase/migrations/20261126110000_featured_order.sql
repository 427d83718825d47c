-- Featured products keep the order the admin gives them in 'Destacados', which the home carousel
-- shows: products.orden_destacado, cleared by a trigger when a product stops being featured, and
-- public.reorder_featured_products. supabase/schemas/02_catalogue.sql and 04_admin.sql hold the
-- final forms.

alter table public.products
  -- The featured product's place in the home carousel (1 first), set in the back office's
  -- 'Destacados'; null for the rest, which follow newest first. Cleared when it stops being featured.
  add column orden_destacado integer check (orden_destacado >= 1);

drop index public.products_destacado_idx;
create index products_destacado_idx on public.products (orden_destacado, created_at desc) where destacado;

-- A product that stops being featured loses its place in the home carousel: featured again later,
-- it comes after the ones the admin has placed.
create function public.clear_featured_order()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not new.destacado then
    new.orden_destacado := null;
  end if;
  return new;
end
$$;
comment on function public.clear_featured_order() is 'Trigger: a product that is not featured has no place in the home carousel (orden_destacado null).';

create trigger clear_featured_order
  before insert or update of destacado, orden_destacado on public.products
  for each row execute function public.clear_featured_order();
-- ─── Featured products' order ─────────────────────────────────────────────────────────────────
-- The home carousel's order, as the admin arranges 'Destacados': p_ids from first to last. A
-- featured product not named loses its place and follows, newest first. Returns how many changed.
create function public.reorder_featured_products(p_ids uuid[])
returns integer
language plpgsql
set search_path = ''
as $$
declare
  v_changed integer;
  v_cleared integer;
begin
  perform private.assert_admin();
  update public.products p
     set orden_destacado = null
   where p.destacado and p.orden_destacado is not null and not (p.id = any (p_ids));
  get diagnostics v_cleared = row_count;
  update public.products p
     set orden_destacado = o.n
    from unnest(p_ids) with ordinality as o(id, n)
   where p.id = o.id and p.destacado and p.orden_destacado is distinct from o.n::integer;
  get diagnostics v_changed = row_count;
  return v_changed + v_cleared;
end
$$;
comment on function public.reorder_featured_products(uuid[]) is 'Admins: places the featured products in the home carousel in the order given; the others follow, newest first.';
grant execute on function public.reorder_featured_products(uuid[]) to authenticated;
