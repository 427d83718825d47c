-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 04 · Shop views: what the shop and the back office list catalogue rows from
--
-- Entry points: public.campaigns_with_products, public.categories_with_products,
-- public.subcategories_with_products, public.brands_with_products, public.master_products.
-- Each view runs with its caller's rights (security_invoker): it shows only the rows the caller may
-- read, with the number of products each holds. The two that join (subcategories_with_products,
-- master_products) refuse every write through private.refuse_view_write (01_extensions_and_helpers.sql).
-- ═════════════════════════════════════════════════════════════════════════════════════════════

-- ─── Views the shop and the back office list from ─────────────────────────────────────────────
create view public.campaigns_with_products
with (security_invoker = true)
as
select
  c.id, c.nombre, c.fecha_inicio, c.fecha_fin, c.image_url, c.created_at, c.updated_at,
  (select count(*) from public.products p where p.campaign_id = c.id) as product_count,
  c.id in (select private.live_campaign_ids()) as is_live,
  -- the announcement ('Próximamente'): its day, the start hour, the teaser, the instant it opens and
  -- when it opened (the back office's form and status)
  c.anuncio_desde, c.hora_inicio, c.teaser_url, c.inicia_en, c.abierta_en
from public.campaigns c;
comment on view public.campaigns_with_products is 'Campaigns with the number of (visible) products, whether each is live (private.live_campaign_ids) and its announcement (anuncio_desde, hora_inicio, teaser_url, inicia_en, abierta_en).';
grant select on table public.campaigns_with_products to anon, authenticated;

create view public.categories_with_products
with (security_invoker = true)
as
select
  c.id, c.nombre, c.descripcion, c.activa, c.orden, c.show_in_header, c.created_at, c.updated_at,
  (select count(*) from public.products p where p.category_id = c.id) as product_count,
  c.tipo_talla
from public.categories c;
comment on view public.categories_with_products is 'Categories with the number of (visible) products and their kind of size.';
grant select on table public.categories_with_products to anon, authenticated;

create view public.subcategories_with_products
with (security_invoker = true)
as
select
  s.id, s.category_id, s.nombre, s.descripcion, s.activa, s.orden, s.created_at, s.updated_at,
  (select count(*) from public.products p where p.subcategory_id = s.id) as product_count,
  c.nombre as category_nombre,
  s.tipo_talla
from public.subcategories s
left join public.categories c on c.id = s.category_id;
comment on view public.subcategories_with_products is 'Subcategories with the number of (visible) products, their category name and their own kind of size.';
grant select on table public.subcategories_with_products to anon, authenticated;

create trigger refuse_write
  instead of insert or delete or update on public.subcategories_with_products
  for each row execute function private.refuse_view_write();

create view public.brands_with_products
with (security_invoker = true)
as
select
  b.id, b.name, b.display_name, b.active, b.created_at, b.updated_at,
  (select count(*) from public.products p where p.brand_id = b.id) as product_count
from public.brands b;
comment on view public.brands_with_products is 'Brands with the number of (visible) products.';
grant select on table public.brands_with_products to anon, authenticated;

create view public.master_products
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
grant select on table public.master_products to anon, authenticated;

create trigger refuse_write
  instead of insert or delete or update on public.master_products
  for each row execute function private.refuse_view_write();
