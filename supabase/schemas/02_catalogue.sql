-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 02 · Catalogue
--
-- Entry points: the tables public.campaigns, brands, categories, subcategories, products,
-- product_private, product_images, product_sizes, featured_categories, banner_images,
-- hero_images and shop_settings (and its one row, at the end); public.live_campaigns;
-- public.piezas and public.piezas_of (a product's pieces per size). Each table's set_updated_at
-- trigger follows the table; every other trigger follows the function it calls.
--
-- The shop's tables: campaigns (a product is on sale while its campaign has not ended in Mexico
-- City and, when announced ahead, has opened), brands, categories and subcategories, products with
-- their private fields, images and sizes, the home page's featured categories, banners and hero
-- images, and the shop's contact settings. Who may read and write them is in 23_policies.sql; the
-- triggers that ask for a rebuild of the static shop are in 12_publishing.sql; what announced
-- campaigns show before they open, and the job that opens them, in 25_announcements.sql.
-- ═════════════════════════════════════════════════════════════════════════════════════════════

-- ─── Campaigns, brands, categories ────────────────────────────────────────────────────────────
create table public.campaigns (
  id uuid primary key default gen_random_uuid(),
  nombre text not null check (btrim(nombre) <> ''),
  fecha_inicio date,
  fecha_fin date not null,
  image_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- An announced campaign ('Próximamente'): from this day (Mexico City) the shop shows its name,
  -- teaser image and start; null when the campaign is not announced ahead.
  anuncio_desde date,
  -- The hour of fecha_inicio it opens at, Mexico City.
  hora_inicio time not null default '00:00',
  -- The announcement's image (optional): the only picture of the campaign a shopper sees before its start.
  teaser_url text,
  -- The instant it opens: fecha_inicio at hora_inicio in Mexico City (null without fecha_inicio).
  inicia_en timestamptz generated always as ((fecha_inicio + hora_inicio) at time zone 'America/Mexico_City') stored,
  -- When an announced campaign opened: set once by private.open_announced_campaigns (25_announcements.sql)
  -- when inicia_en has passed; null before, and again when its start moves into the future.
  abierta_en timestamptz,
  constraint campaigns_fechas_check check (fecha_inicio is null or fecha_fin >= fecha_inicio),
  constraint campaigns_anuncio_check check (anuncio_desde is null or (fecha_inicio is not null and anuncio_desde <= fecha_inicio))
);
comment on table public.campaigns is 'Time-limited sales campaigns. Public (with their products) while live: see private.live_campaign_ids. An announced campaign (anuncio_desde) shows only its name, teaser and start (public.announced_campaigns) until inicia_en.';
grant select on table public.campaigns to anon;
grant select, insert, update, delete on table public.campaigns to authenticated;
create index campaigns_fecha_fin_idx on public.campaigns (fecha_fin);

-- updated_at is the time of the campaign's last edit. The opening job's mark (abierta_en,
-- 25_announcements.sql) is not an edit: a write that changes nothing else leaves updated_at, so a
-- campaign form open in the back office at the opening instant still saves (its check of updated_at).
-- (inicia_en is generated from the start, so it is not compared.)
create function private.touch_campaign()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (to_jsonb(new) - '{abierta_en,inicia_en,updated_at}'::text[]) = (to_jsonb(old) - '{abierta_en,inicia_en,updated_at}'::text[])
     and new.abierta_en is distinct from old.abierta_en then
    new.updated_at := old.updated_at;
  else
    new.updated_at := now();
  end if;
  return new;
end
$$;
comment on function private.touch_campaign() is 'Trigger: a campaign''s updated_at is now() on every edit, and left as it was by a write of only the opening mark (abierta_en).';

create trigger set_updated_at
  before update on public.campaigns
  for each row execute function private.touch_campaign();

-- A LIVE campaign: one that has not ended in Mexico City, fecha_fin >= shop_today(), and has opened.
-- A campaign without an announcement is live from its creation (fecha_inicio only tells the back
-- office 'Próxima' from 'Activa'); an ANNOUNCED one (anuncio_desde set, 'Próximamente') is live from
-- inicia_en, its start day at its start hour in Mexico City: until then no name, price, image or count
-- of its products reaches a shopper (only its name, teaser and start: public.announced_campaigns).
-- Live campaigns and their products are what the shop shows. This is the one definition of that
-- rule: the RLS policies (23_policies.sql), the shop's reads (shop_query, and shop_page's remembered
-- answers, keyed on these ids), the orders (place_order) and the back office's reads (admin_products,
-- the view public.live_campaigns) all ask it. Owner's rights, so that campaigns' own policy can call
-- it without recursing into itself; it hands out nothing but the ids.
create function private.live_campaign_ids()
returns setof uuid
language sql
stable
security definer
parallel safe
rows 50
set search_path = ''
as $$
  select c.id from public.campaigns c
   where c.fecha_fin >= public.shop_today()
     and (c.anuncio_desde is null or c.inicia_en <= now())
$$;
comment on function private.live_campaign_ids() is 'Ids of the live campaigns: fecha_fin >= shop_today() (Mexico City) and, when announced (anuncio_desde), inicia_en <= now(). The one definition of "live" that policies, shop reads and admin reads use.';
grant execute on function private.live_campaign_ids() to anon, authenticated, service_role;

-- The live campaigns, for readers who see every campaign (the back office lists featured products of
-- live campaigns through it); for shoppers it is the same as campaigns.
create view public.live_campaigns
with (security_invoker = true)
as
select c.* from public.campaigns c where c.id in (select private.live_campaign_ids());
comment on view public.live_campaigns is 'Campaigns that are live (private.live_campaign_ids): not ended in Mexico City and, when announced, opened.';
grant select on table public.live_campaigns to anon, authenticated;

create table public.brands (
  id uuid primary key default gen_random_uuid(),
  name text not null unique check (name = lower(name) and btrim(name) <> ''),
  display_name text not null check (btrim(display_name) <> ''),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.brands is 'Catalogue brands: name is the unique lowercase internal name, display_name what shoppers see.';
grant select on table public.brands to anon;
grant select, insert, update, delete on table public.brands to authenticated;
create index brands_display_name_idx on public.brands (display_name);

create trigger set_updated_at
  before update on public.brands
  for each row execute function public.set_updated_at();

create table public.categories (
  id uuid primary key default gen_random_uuid(),
  nombre text not null check (btrim(nombre) <> ''),
  descripcion text,
  activa boolean not null default true,
  orden integer not null default 0,
  show_in_header boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  tipo_talla text check (tipo_talla in ('ropa', 'calzado', 'pantalon'))
);
comment on table public.categories is 'Product categories. Cannot be deleted while products or subcategories reference them.';
comment on column public.categories.tipo_talla is 'The kind of size its products use (ropa, calzado, pantalon), for size guides and the shopper''s saved size; null when sizes do not apply. A subcategory''s own kind overrides it.';
grant select on table public.categories to anon;
grant select, insert, update, delete on table public.categories to authenticated;
create index categories_orden_idx on public.categories (orden, nombre);

create trigger set_updated_at
  before update on public.categories
  for each row execute function public.set_updated_at();

create table public.subcategories (
  id uuid primary key default gen_random_uuid(),
  category_id uuid not null references public.categories (id) on delete restrict,
  nombre text not null check (btrim(nombre) <> ''),
  descripcion text,
  activa boolean not null default true,
  orden integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  tipo_talla text check (tipo_talla in ('ropa', 'calzado', 'pantalon'))
);
comment on table public.subcategories is 'Subcategories of a category. Cannot be deleted while products reference them.';
comment on column public.subcategories.tipo_talla is 'The kind of size its products use (ropa, calzado, pantalon); when set it overrides its category''s (Ropa: ropa, Ropa/Pantalones: pantalon); null: the category''s.';
grant select on table public.subcategories to anon;
grant select, insert, update, delete on table public.subcategories to authenticated;
create index subcategories_category_idx on public.subcategories (category_id, orden);

create trigger set_updated_at
  before update on public.subcategories
  for each row execute function public.set_updated_at();

-- ─── Products, their private fields, images and sizes ─────────────────────────────────────────
-- The text an admin search matches: name, brand, description, permalink and the id (the
-- 'internal code'). Immutable so it can back a trigram index.
create function public.product_search_text(
  p_nombre text, p_marca text, p_descripcion text, p_permalink text, p_id uuid
)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select lower(
    coalesce(p_nombre, '') || ' ' || coalesce(p_marca, '') || ' ' || coalesce(p_permalink, '') || ' '
    || coalesce(p_id::text, '') || ' ' || coalesce(p_descripcion, '')
  )
$$;
comment on function public.product_search_text(text, text, text, text, uuid) is 'Lowercased searchable text of a product for the admin search (nombre, marca, permalink, id, descripcion).';
grant execute on function public.product_search_text(text, text, text, text, uuid) to authenticated;

create table public.products (
  id uuid primary key default gen_random_uuid(),
  campaign_id uuid not null references public.campaigns (id) on delete cascade,
  category_id uuid references public.categories (id) on delete restrict,
  subcategory_id uuid references public.subcategories (id) on delete restrict,
  brand_id uuid references public.brands (id) on delete restrict,
  marca text not null default '',
  nombre text not null check (btrim(nombre) <> ''),
  precio_original numeric(12, 2) not null check (precio_original >= 0),
  precio_venta numeric(12, 2) not null check (precio_venta >= 0),
  descripcion text,
  imagen_principal text,
  permalink text not null unique check (btrim(permalink) <> ''),
  destacado boolean not null default false,
  sizes text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The featured product's place in the home carousel (1 first), set in the back office's
  -- 'Destacados'; null for the rest, which follow newest first. Cleared when it stops being featured.
  orden_destacado integer check (orden_destacado >= 1),
  -- No piece of the product is for sale now (every one is sold, or held by an unpaid order): it
  -- leaves the shop's listings, and its page says 'Agotado' or 'Apartado'. Kept by
  -- sync_product_sizes (a product with sizes) and product_stock_rules (one without).
  agotado boolean not null default false,
  -- A product without sizes is its own stock (one with sizes counts pieces per size, product_sizes):
  -- existencias are its pieces not yet sold (the team sets them; a paid order takes one, a cancelled
  -- one gives it back) and apartadas the pieces unpaid orders hold now (kept by private.holds'
  -- trigger, 20_orders.sql). It is for sale while existencias > apartadas.
  existencias integer not null default 1 check (existencias between 0 and 9999),
  apartadas integer not null default 0 check (apartadas >= 0),
  -- Every permalink is a path the shop can build (/producto/{permalink}): save_product and the
  -- import refuse other forms, and so does the table for a direct write, since one bad permalink
  -- (a slash, a space, an accent, a dot) breaks the build of every page.
  constraint products_permalink_format
    check (permalink ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(permalink) <= 200)
);
-- Each page keeps 15% free, so an update that changes no indexed column (a new price, the pieces of
-- a product without sizes) writes the new row version on the same page and adds nothing to the indexes:
-- a discount on a whole campaign then leaves the name and description search indexes alone.
alter table public.products set (fillfactor = 85);
comment on table public.products is 'Products of a campaign. Public only while the campaign is active. Admin-only fields (costo_compra, link_externo) live in product_private.';
comment on column public.products.marca is 'Free-text brand as typed or imported; brand_id is the catalogue brand.';
comment on column public.products.sizes is 'Read-only copy of the product''s sizes with a piece for sale (neither sold nor held; trimmed, natural size order), kept by triggers so the shop can filter and count sizes without a join. Writes to it are ignored.';
comment on column public.products.agotado is 'No piece is for sale now: every size (or, without sizes, the product itself) has no piece left that is neither sold nor held by an unpaid order. The shop lists it nowhere; its page says Agotado (all sold) or Apartado (some held). Kept by triggers.';
comment on column public.products.existencias is 'Pieces of a product without sizes not yet sold (a product with sizes counts them per size). Set by the team; a paid order takes one, cancelling gives it back.';
comment on column public.products.apartadas is 'Pieces of a product without sizes held right now by unpaid orders (private.holds); never more than existencias. Written only by the holds'' trigger.';
grant select on table public.products to anon;
grant select, insert, update, delete on table public.products to authenticated;
create index if not exists products_admin_search_trgm_idx on public.products
  using gin (public.product_search_text(nombre, marca, descripcion, permalink, id) extensions.gin_trgm_ops);
create index products_brand_idx on public.products (brand_id);
create index products_campaign_idx on public.products (campaign_id);
create index products_category_idx on public.products (category_id);
create index products_created_at_idx on public.products (created_at desc, id);
create index products_destacado_idx on public.products (orden_destacado, created_at desc) where destacado;
create index products_marca_trgm_idx on public.products using gin (marca extensions.gin_trgm_ops);
create index products_nombre_trgm_idx on public.products using gin (nombre extensions.gin_trgm_ops);
-- Prefix lookups for unique_permalink (base, base-1, base-2...).
create index if not exists products_permalink_pattern_idx on public.products (permalink text_pattern_ops);
create index products_subcategory_idx on public.products (subcategory_id);

create trigger set_updated_at
  before update on public.products
  for each row execute function public.set_updated_at();

-- Admin-only columns of a product. A side table because anon, plain users and admins share the
-- Postgres roles anon/authenticated, so column privileges could not tell admins apart; RLS can.
create table public.product_private (
  product_id uuid primary key references public.products (id) on delete cascade,
  costo_compra numeric(12, 2) not null default 0 check (costo_compra >= 0),
  link_externo text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- the CSV row this product was imported from (13_import.sql)
  import_key text unique check (import_key is null or length(import_key) between 1 and 100)
);
comment on table public.product_private is 'Admin-only product fields (purchase cost, external supplier link). Readable and writable by admins only.';
comment on column public.product_private.import_key is 'Key of the CSV row this product was imported from (null for products made in the form). A row whose key exists is not imported again.';
grant select, insert, update, delete on table public.product_private to authenticated;

create trigger set_updated_at
  before update on public.product_private
  for each row execute function public.set_updated_at();

create table public.product_images (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references public.products (id) on delete cascade,
  image_url text not null check (btrim(image_url) <> ''),
  orden integer not null default 1,
  created_at timestamptz not null default now()
);
comment on table public.product_images is 'Gallery images of a product, shown by orden.';
grant select on table public.product_images to anon;
grant select, insert, update, delete on table public.product_images to authenticated;
create index product_images_product_idx on public.product_images (product_id, orden);

create table public.product_sizes (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references public.products (id) on delete cascade,
  talla text not null check (btrim(talla) <> ''),
  created_at timestamptz not null default now(),
  -- Pieces of this size not yet sold (the team sets them; 1 by default): a paid order takes one and
  -- cancelling it gives it back (which order sold each piece is private: private.sales).
  existencias integer not null default 1 check (existencias between 0 and 9999),
  -- Pieces of this size held right now by unpaid orders (private.holds keeps this count). A size is
  -- offered while existencias > apartadas; with none left it leaves the shop.
  apartadas integer not null default 0 check (apartadas >= 0)
);
comment on table public.product_sizes is 'Sizes of a product; one per product case-insensitively (trimmed). existencias: pieces not yet sold; apartadas: pieces unpaid orders hold now. For sale while existencias > apartadas.';
comment on column public.product_sizes.apartadas is 'Pieces held right now by unpaid orders (private.holds); never more than existencias. Written only by the holds'' trigger.';
grant select on table public.product_sizes to anon;
grant select, insert, update, delete on table public.product_sizes to authenticated;
create unique index product_sizes_product_talla_key on public.product_sizes (product_id, lower(btrim(talla)));
create index product_sizes_talla_idx on public.product_sizes (lower(btrim(talla)), product_id);

-- products.sizes mirrors product_sizes. Statement-level triggers (transition tables) so bulk
-- inserts cost one update per statement, not per row.
create function public.sync_product_sizes()
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

create trigger product_sizes_sync_insert
  after insert on public.product_sizes referencing new table as new_rows
  for each statement execute function public.sync_product_sizes();

create trigger product_sizes_sync_update
  after update on public.product_sizes referencing old table as old_rows new table as new_rows
  for each statement execute function public.sync_product_sizes();

create trigger product_sizes_sync_delete
  after delete on public.product_sizes referencing old table as old_rows
  for each statement execute function public.sync_product_sizes();

-- products.sizes is written only by sync_product_sizes and apartadas only by the holds' trigger
-- (trigger depth > 1); a direct write (for example a form sending the whole record back) keeps the
-- stored values.
create function public.protect_product_sizes_column()
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

create trigger protect_sizes
  before insert or update on public.products
  for each row execute function public.protect_product_sizes_column();

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

create trigger stock_rules
  before insert or update of existencias, apartadas on public.products
  for each row execute function private.stock_rules();

create trigger stock_rules
  before insert or update of existencias, apartadas on public.product_sizes
  for each row execute function private.stock_rules();

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
create function private.keep_sold_size()
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

create trigger keep_sold_size
  before delete or update of talla on public.product_sizes
  for each row execute function private.keep_sold_size();

-- What the product page and the feeds say of each size (a computed column: `piezas` in a select):
-- [{talla, libres, apartadas}] in size order, libres being the pieces for sale now (neither sold
-- nor held). Every size of the product is listed: one whose pieces all sold has libres 0 and
-- apartadas 0, so the page can show it sold out and offer to tell the shopper when it comes back. A
-- product without sizes gives one entry whose talla is null.
-- The pieces of many products in one query (the build reads the whole catalogue's, a page of
-- products at a time); piezas(products) is the same for one product.
create function public.piezas_of(p_ids uuid[])
returns table (product_id uuid, piezas jsonb)
language sql
stable
set search_path = ''
as $$
  select p.id,
         case
           when count(s.id) > 0 then
             jsonb_agg(jsonb_build_object('talla', btrim(s.talla), 'libres', s.existencias - s.apartadas, 'apartadas', s.apartadas)
                       order by public.size_sort_key(s.talla), btrim(s.talla))
           else jsonb_build_array(jsonb_build_object('talla', null, 'libres', p.existencias - p.apartadas, 'apartadas', p.apartadas))
         end
    from public.products p
    left join public.product_sizes s on s.product_id = p.id
   where p.id = any (p_ids)
   group by p.id
$$;
comment on function public.piezas_of(uuid[]) is 'The piezas of each product of p_ids the caller can see (see public.piezas): the whole catalogue''s read a page of products at a time.';
grant execute on function public.piezas_of(uuid[]) to anon, authenticated;

create function public.piezas(p public.products)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select x.piezas from public.piezas_of(array[p.id]) x
$$;
comment on function public.piezas(public.products) is 'Computed column: [{talla, libres, apartadas}] per size, in size order (libres: for sale now; a size sold out has 0 and 0); one entry with talla null for a product without sizes.';
grant execute on function public.piezas(public.products) to anon, authenticated;

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

-- ─── Home page: featured categories, banners, hero images ─────────────────────────────────────
create table public.featured_categories (
  id uuid primary key default gen_random_uuid(),
  nombre text not null check (btrim(nombre) <> ''),
  image_url text not null check (btrim(image_url) <> ''),
  category_id uuid references public.categories (id) on delete set null,
  orden integer not null default 1 check (orden >= 1),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.featured_categories is 'Home page category tiles, optionally linked to a category.';
grant select on table public.featured_categories to anon;
grant select, insert, update, delete on table public.featured_categories to authenticated;
create index featured_categories_category_idx on public.featured_categories (category_id);
create index featured_categories_orden_idx on public.featured_categories (orden) where active;

create trigger set_updated_at
  before update on public.featured_categories
  for each row execute function public.set_updated_at();

create table public.banner_images (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> ''),
  image_url text not null check (btrim(image_url) <> ''),
  alt_text text,
  link_url text,
  orden integer not null default 1 check (orden >= 1),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.banner_images is 'Brand logo strip on the home page.';
grant select on table public.banner_images to anon;
grant select, insert, update, delete on table public.banner_images to authenticated;
create index banner_images_orden_idx on public.banner_images (orden) where active;

create trigger set_updated_at
  before update on public.banner_images
  for each row execute function public.set_updated_at();

create table public.hero_images (
  id uuid primary key default gen_random_uuid(),
  title text not null check (btrim(title) <> ''),
  subtitle text,
  button_text text not null default 'Tienda',
  button_link text not null default '/tienda',
  image_url text not null check (btrim(image_url) <> ''),
  orden integer not null default 1 check (orden >= 1),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.hero_images is 'Slides of the home hero carousel.';
grant select on table public.hero_images to anon;
grant select, insert, update, delete on table public.hero_images to authenticated;
create index hero_images_orden_idx on public.hero_images (orden) where active;

create trigger set_updated_at
  before update on public.hero_images
  for each row execute function public.set_updated_at();

-- ─── Shop settings ────────────────────────────────────────────────────────────────────────────
-- Opening hours are [{"days": "Lunes a viernes", "hours": "9:00 a 19:00 h"}, ...]: at most one line
-- per weekday, each an object with both texts filled in.
create function private.valid_opening_hours(p_hours jsonb)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when jsonb_typeof(p_hours) <> 'array' then false
    when jsonb_array_length(p_hours) > 7 then false
    else not exists (
      select 1
      from jsonb_array_elements(p_hours) as e(line)
      where jsonb_typeof(e.line) <> 'object'
         or jsonb_typeof(e.line -> 'days') is distinct from 'string'
         or jsonb_typeof(e.line -> 'hours') is distinct from 'string'
         or btrim(e.line ->> 'days') = ''
         or btrim(e.line ->> 'hours') = ''
         or char_length(e.line ->> 'days') > 60
         or char_length(e.line ->> 'hours') > 60
    )
  end
$$;
comment on function private.valid_opening_hours(jsonb) is 'True for an array of at most 7 {days, hours} objects whose texts are filled in (1 to 60 characters).';
grant execute on function private.valid_opening_hours(jsonb) to authenticated, service_role;

-- Delivery zones are [{"zone": "Resto de la República", "min_days": 5, "max_days": 10}, ...]: one to
-- six zones, each named (1 to 80 characters) with whole business days, 1 <= min_days <= max_days <= 60.
create function private.valid_delivery_zones(p_zones jsonb)
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when jsonb_typeof(p_zones) <> 'array' then false
    when jsonb_array_length(p_zones) not between 1 and 6 then false
    else not exists (
      select 1
      from jsonb_array_elements(p_zones) as e(z)
      where jsonb_typeof(e.z) <> 'object'
         or jsonb_typeof(e.z -> 'zone') is distinct from 'string'
         or btrim(e.z ->> 'zone') = ''
         or char_length(e.z ->> 'zone') > 80
         or jsonb_typeof(e.z -> 'min_days') is distinct from 'number'
         or jsonb_typeof(e.z -> 'max_days') is distinct from 'number'
         or (e.z ->> 'min_days') !~ '^[0-9]+$'
         or (e.z ->> 'max_days') !~ '^[0-9]+$'
         or (e.z ->> 'min_days')::numeric < 1
         or (e.z ->> 'max_days')::numeric > 60
         or (e.z ->> 'min_days')::numeric > (e.z ->> 'max_days')::numeric
    )
  end
$$;
comment on function private.valid_delivery_zones(jsonb) is 'True for an array of 1 to 6 {zone, min_days, max_days} objects: a named zone (1 to 80 characters) and whole business days with 1 <= min_days <= max_days <= 60.';
grant execute on function private.valid_delivery_zones(jsonb) to authenticated, service_role;

-- Payment methods are one to eight names, each 1 to 80 characters.
create function private.valid_payment_methods(p_methods text[])
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select cardinality(p_methods) between 1 and 8
     and array_ndims(p_methods) = 1
     and not exists (select 1 from unnest(p_methods) as m(name) where m.name is null or btrim(m.name) = '' or char_length(m.name) > 80)
$$;
comment on function private.valid_payment_methods(text[]) is 'True for a list of 1 to 8 payment-method names, each filled in and at most 80 characters.';
grant execute on function private.valid_payment_methods(text[]) to authenticated, service_role;

create table public.shop_settings (
  id smallint primary key default 1 check (id = 1),
  -- International digits, no '+' or spaces: country code then number (5215512345678).
  seller_phone text not null check (seller_phone ~ '^[0-9]{11,15}$'),
  contact_email text not null
    check (char_length(contact_email) <= 254 and contact_email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'),
  opening_hours jsonb not null default '[]'::jsonb check (private.valid_opening_hours(opening_hours)),
  -- Profiles and invite: empty (not shown) or a secure link.
  instagram_url text check (instagram_url ~ '^https://[^[:space:]]+$' and char_length(instagram_url) <= 500),
  facebook_url text check (facebook_url ~ '^https://[^[:space:]]+$' and char_length(facebook_url) <= 500),
  tiktok_url text check (tiktok_url ~ '^https://[^[:space:]]+$' and char_length(tiktok_url) <= 500),
  chat_group_url text check (chat_group_url ~ '^https://[^[:space:]]+$' and char_length(chat_group_url) <= 500),
  updated_at timestamptz not null default now(),
  -- The shop's policies, which every page prints (the law asks that they be stated, and the same
  -- everywhere, before a purchase). Amounts are whole pesos with IVA.
  -- Free shipping from this purchase amount; null when the shop never ships free.
  free_shipping_min integer default 1500 check (free_shipping_min between 1 and 1000000),
  -- What shipping costs below that amount.
  shipping_cost integer not null default 149 check (shipping_cost between 0 and 100000),
  -- Business days from the confirmed payment to the delivery, by zone.
  delivery_zones jsonb not null
    default '[{"zone": "Ciudad de México y área metropolitana", "min_days": 3, "max_days": 7},
              {"zone": "Resto de la República", "min_days": 5, "max_days": 10}]'::jsonb
    check (private.valid_delivery_zones(delivery_zones)),
  -- Calendar days after delivery to ask for a return: at least a week, so a return is never shorter
  -- than the legal right to revoke a distance purchase (5 business days, LFPC art. 56).
  return_days integer not null default 30 check (return_days between 7 and 365),
  -- True when the shop pays the return shipping.
  free_returns boolean not null default true,
  return_conditions text not null
    default 'El producto debe estar sin uso, con sus etiquetas y en su empaque original.'
    check (btrim(return_conditions) <> '' and char_length(return_conditions) <= 500),
  -- Business days to refund once the returned product arrives.
  refund_days integer not null default 10 check (refund_days between 1 and 30),
  -- Business days after delivery in which a buyer may revoke the purchase: never fewer than the
  -- 5 that LFPC art. 56 grants.
  revocation_days integer not null default 5 check (revocation_days between 5 and 30),
  cancellation_terms text not null
    default 'Puedes cancelar tu pedido sin costo mientras no lo hayamos enviado; te devolvemos el total pagado por el mismo medio de pago.'
    check (btrim(cancellation_terms) <> '' and char_length(cancellation_terms) <= 500),
  payment_methods text[] not null
    default array['Tarjeta de crédito o débito', 'PayPal', 'Transferencia bancaria', 'Efectivo en tiendas de conveniencia']
    check (private.valid_payment_methods(payment_methods)),
  -- Interest-free months from this purchase amount; null when the shop offers none.
  installments_min integer default 1000 check (installments_min between 1 and 1000000),
  installment_months smallint[] not null default '{3,6}'
    check (cardinality(installment_months) between 1 and 6 and installment_months <@ '{3,6,9,12,18,24}'::smallint[]),
  -- The seller as the law asks it be named: legal name, RFC and address. Until they are set the
  -- pages leave them out and the back office warns.
  seller_legal_name text check (btrim(seller_legal_name) <> '' and char_length(seller_legal_name) <= 200),
  seller_rfc text check (seller_rfc ~ '^[A-ZÑ&]{3,4}[0-9]{6}[A-Z0-9]{3}$'),
  seller_address text check (btrim(seller_address) <> '' and char_length(seller_address) <= 300),
  -- Who controls shoppers' personal data (LFPDPPP); the seller's legal name when not set.
  privacy_controller text check (btrim(privacy_controller) <> '' and char_length(privacy_controller) <= 200),
  -- How long placing an order holds its pieces for the shopper (20_orders.sql): long enough to
  -- answer the chat and pay by transfer, short enough that the first hours' sizes come back the
  -- same day when nobody pays. The team extends one order's hold from 'Pedidos'.
  hold_minutes integer not null default 240 check (hold_minutes between 15 and 4320),
  -- The most pieces unpaid orders from one network (an IPv4 /24, an IPv6 /64) may hold at once, so
  -- nobody can hold the shop empty.
  max_held_per_network integer not null default 30 check (max_held_per_network between 1 and 500)
);
comment on table public.shop_settings is 'The one row of shop settings the pages show: contact points (chat number, email, hours, social links, chat-group invite) and the shop''s policies (shipping, delivery, returns, revocation, cancellation, payment, the seller''s legal identity), and how orders hold pieces (hold_minutes, max_held_per_network).';
grant select on table public.shop_settings to anon;
grant select, update on table public.shop_settings to authenticated;

create trigger set_updated_at
  before update on public.shop_settings
  for each row execute function public.set_updated_at();

-- ─── The shop settings' one row ───────────────────────────────────────────────────────────────
-- Placeholders until the owner sets the real ones (a fresh database shows a working shop).
insert into public.shop_settings (seller_phone, contact_email, opening_hours, instagram_url, facebook_url, tiktok_url)
values (
  '5215512345678',
  'contacto@outletmodamx.com',
  '[{"days": "Lunes a viernes", "hours": "9:00 a 19:00 h"},
    {"days": "Sábado", "hours": "10:00 a 14:00 h"},
    {"days": "Domingo", "hours": "Cerrado"}]'::jsonb,
  'https://www.instagram.com/',
  'https://www.facebook.com/',
  'https://www.tiktok.com/'
);
