-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 02 · Catalogue
--
-- The shop's tables: campaigns (a product is on sale while its campaign has not ended in Mexico
-- City), brands, categories and subcategories, products with their private fields, images and
-- sizes, the home page's featured categories, banners and hero images, and the shop's contact
-- settings. Who may read and write them is in 09_policies.sql; the triggers that ask for a
-- rebuild of the static shop are in 05_publishing.sql.
-- ═════════════════════════════════════════════════════════════════════════════════════════════

-- ─── Campaigns, brands, categories ────────────────────────────────────────────────────────────
create table public.campaigns (
  id uuid default gen_random_uuid() not null,
  nombre text not null,
  fecha_inicio date,
  fecha_fin date not null,
  image_url text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint campaigns_pkey primary key (id),
  constraint campaigns_fechas_check check (fecha_inicio is null or fecha_fin >= fecha_inicio),
  constraint campaigns_nombre_check check (btrim(nombre) <> ''::text)
);
comment on table public.campaigns is 'Time-limited sales campaigns. Public (with their products) while fecha_fin >= shop_today() (America/Mexico_City).';
grant select on table public.campaigns to anon;
grant select, insert, update, delete on table public.campaigns to authenticated;
create index campaigns_fecha_fin_idx on public.campaigns using btree (fecha_fin);

create table public.brands (
  id uuid default gen_random_uuid() not null,
  name text not null,
  display_name text not null,
  active boolean default true not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint brands_pkey primary key (id),
  constraint brands_name_key unique (name),
  constraint brands_display_name_check check (btrim(display_name) <> ''::text),
  constraint brands_name_check check (name = lower(name) and btrim(name) <> ''::text)
);
comment on table public.brands is 'Catalogue brands: name is the unique lowercase internal name, display_name what shoppers see.';
grant select on table public.brands to anon;
grant select, insert, update, delete on table public.brands to authenticated;
create index brands_display_name_idx on public.brands using btree (display_name);

create table public.categories (
  id uuid default gen_random_uuid() not null,
  nombre text not null,
  descripcion text,
  activa boolean default true not null,
  orden integer default 0 not null,
  show_in_header boolean default false not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint categories_pkey primary key (id),
  constraint categories_nombre_check check (btrim(nombre) <> ''::text)
);
comment on table public.categories is 'Product categories. Cannot be deleted while products or subcategories reference them.';
grant select on table public.categories to anon;
grant select, insert, update, delete on table public.categories to authenticated;
create index categories_orden_idx on public.categories using btree (orden, nombre);

create table public.subcategories (
  id uuid default gen_random_uuid() not null,
  category_id uuid not null,
  nombre text not null,
  descripcion text,
  activa boolean default true not null,
  orden integer default 0 not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint subcategories_pkey primary key (id),
  constraint subcategories_category_id_fkey foreign key (category_id) references public.categories(id) on delete restrict,
  constraint subcategories_nombre_check check (btrim(nombre) <> ''::text)
);
comment on table public.subcategories is 'Subcategories of a category. Cannot be deleted while products reference them.';
grant select on table public.subcategories to anon;
grant select, insert, update, delete on table public.subcategories to authenticated;
create index subcategories_category_idx on public.subcategories using btree (category_id, orden);

-- ─── Products, their private fields, images and sizes ─────────────────────────────────────────
-- The text an admin search matches: name, brand, description, permalink and the id (the
-- 'internal code'). Immutable so it can back a trigram index.
create function public.product_search_text(p_nombre text, p_marca text, p_descripcion text, p_permalink text, p_id uuid)
returns text
language sql
immutable parallel safe
set search_path to ''
as $$
  select lower(
    coalesce(p_nombre, '') || ' ' || coalesce(p_marca, '') || ' ' || coalesce(p_permalink, '') || ' '
    || coalesce(p_id::text, '') || ' ' || coalesce(p_descripcion, '')
  )
$$;
comment on function public.product_search_text(p_nombre text, p_marca text, p_descripcion text, p_permalink text, p_id uuid) is 'Lowercased searchable text of a product for the admin search (nombre, marca, permalink, id, descripcion).';
grant execute on function public.product_search_text(p_nombre text, p_marca text, p_descripcion text, p_permalink text, p_id uuid) to authenticated;

create table public.products (
  id uuid default gen_random_uuid() not null,
  campaign_id uuid not null,
  category_id uuid,
  subcategory_id uuid,
  brand_id uuid,
  marca text default ''::text not null,
  nombre text not null,
  precio_original numeric(12,2) not null,
  precio_venta numeric(12,2) not null,
  descripcion text,
  imagen_principal text,
  permalink text not null,
  destacado boolean default false not null,
  sizes text[] default '{}'::text[] not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint products_pkey primary key (id),
  constraint products_permalink_key unique (permalink),
  constraint products_brand_id_fkey foreign key (brand_id) references public.brands(id) on delete restrict,
  constraint products_campaign_id_fkey foreign key (campaign_id) references public.campaigns(id) on delete cascade,
  constraint products_category_id_fkey foreign key (category_id) references public.categories(id) on delete restrict,
  constraint products_subcategory_id_fkey foreign key (subcategory_id) references public.subcategories(id) on delete restrict,
  constraint products_nombre_check check (btrim(nombre) <> ''::text),
  constraint products_permalink_check check (btrim(permalink) <> ''::text),
  constraint products_permalink_format check (permalink ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text and char_length(permalink) <= 200),
  constraint products_precio_original_check check (precio_original >= 0::numeric),
  constraint products_precio_venta_check check (precio_venta >= 0::numeric)
);
comment on table public.products is 'Products of a campaign. Public only while the campaign is active. Admin-only fields (costo_compra, link_externo) live in product_private.';
comment on column public.products.marca is 'Free-text brand as typed or imported; brand_id is the catalogue brand.';
comment on column public.products.sizes is 'Read-only copy of the product''s product_sizes (trimmed, natural size order), kept by triggers so the shop can filter and count sizes without a join. Writes to it are ignored.';
grant select on table public.products to anon;
grant select, insert, update, delete on table public.products to authenticated;
create index products_admin_search_trgm_idx on public.products using gin (public.product_search_text(nombre, marca, descripcion, permalink, id) extensions.gin_trgm_ops);
create index products_brand_idx on public.products using btree (brand_id);
create index products_campaign_idx on public.products using btree (campaign_id);
create index products_category_idx on public.products using btree (category_id);
create index products_created_at_idx on public.products using btree (created_at desc, id);
create index products_destacado_idx on public.products using btree (created_at desc) where destacado;
create index products_marca_trgm_idx on public.products using gin (marca extensions.gin_trgm_ops);
create index products_nombre_trgm_idx on public.products using gin (nombre extensions.gin_trgm_ops);
-- Prefix lookups for unique_permalink (base, base-1, base-2...).
create index products_permalink_pattern_idx on public.products using btree (permalink text_pattern_ops);
create index products_subcategory_idx on public.products using btree (subcategory_id);

-- Admin-only columns of a product. A side table because anon, plain users and admins share the
-- Postgres roles anon/authenticated, so column privileges could not tell admins apart; RLS can.
create table public.product_private (
  product_id uuid not null,
  costo_compra numeric(12,2) default 0 not null,
  link_externo text,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  import_key text,
  constraint product_private_pkey primary key (product_id),
  constraint product_private_import_key_key unique (import_key),
  constraint product_private_product_id_fkey foreign key (product_id) references public.products(id) on delete cascade,
  constraint product_private_costo_compra_check check (costo_compra >= 0::numeric),
  constraint product_private_import_key_check check (import_key is null or length(import_key) >= 1 and length(import_key) <= 100)
);
comment on table public.product_private is 'Admin-only product fields (purchase cost, external supplier link). Readable and writable by admins only.';
comment on column public.product_private.import_key is 'Key of the CSV row this product was imported from (null for products made in the form). A row whose key exists is not imported again.';
grant select, insert, update, delete on table public.product_private to authenticated;

create table public.product_images (
  id uuid default gen_random_uuid() not null,
  product_id uuid not null,
  image_url text not null,
  orden integer default 1 not null,
  created_at timestamp with time zone default now() not null,
  constraint product_images_pkey primary key (id),
  constraint product_images_product_id_fkey foreign key (product_id) references public.products(id) on delete cascade,
  constraint product_images_image_url_check check (btrim(image_url) <> ''::text)
);
comment on table public.product_images is 'Gallery images of a product, shown by orden.';
grant select on table public.product_images to anon;
grant select, insert, update, delete on table public.product_images to authenticated;
create index product_images_product_idx on public.product_images using btree (product_id, orden);

create table public.product_sizes (
  id uuid default gen_random_uuid() not null,
  product_id uuid not null,
  talla text not null,
  created_at timestamp with time zone default now() not null,
  constraint product_sizes_pkey primary key (id),
  constraint product_sizes_product_id_fkey foreign key (product_id) references public.products(id) on delete cascade,
  constraint product_sizes_talla_check check (btrim(talla) <> ''::text)
);
comment on table public.product_sizes is 'Sizes of a product; one per product case-insensitively (trimmed).';
grant select on table public.product_sizes to anon;
grant select, insert, update, delete on table public.product_sizes to authenticated;
create unique index product_sizes_product_talla_key on public.product_sizes using btree (product_id, lower(btrim(talla)));
create index product_sizes_talla_idx on public.product_sizes using btree (lower(btrim(talla)), product_id);

-- products.sizes mirrors product_sizes. Statement-level triggers (transition tables) so bulk
-- inserts cost one update per statement, not per row.
create function public.sync_product_sizes()
returns trigger
language plpgsql
set search_path to ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.products p
       set sizes = coalesce((
         select array_agg(btrim(s.talla) order by public.size_sort_key(s.talla), btrim(s.talla))
         from public.product_sizes s where s.product_id = p.id), '{}')
     where p.id in (select n.product_id from new_rows n);
  elsif tg_op = 'DELETE' then
    update public.products p
       set sizes = coalesce((
         select array_agg(btrim(s.talla) order by public.size_sort_key(s.talla), btrim(s.talla))
         from public.product_sizes s where s.product_id = p.id), '{}')
     where p.id in (select o.product_id from old_rows o);
  else
    update public.products p
       set sizes = coalesce((
         select array_agg(btrim(s.talla) order by public.size_sort_key(s.talla), btrim(s.talla))
         from public.product_sizes s where s.product_id = p.id), '{}')
     where p.id in (select n.product_id from new_rows n union select o.product_id from old_rows o);
  end if;
  return null;
end
$$;
comment on function public.sync_product_sizes() is 'Trigger: keeps products.sizes equal to the product''s product_sizes.';

-- products.sizes is written only by sync_product_sizes (trigger depth > 1); a direct write (for
-- example a form sending the whole record back) keeps the stored value.
create function public.protect_product_sizes_column()
returns trigger
language plpgsql
set search_path to ''
as $$
begin
  if pg_catalog.pg_trigger_depth() <= 1 then
    if tg_op = 'INSERT' then
      new.sizes := '{}';
    else
      new.sizes := old.sizes;
    end if;
  end if;
  return new;
end
$$;
comment on function public.protect_product_sizes_column() is 'Trigger: products.sizes is read-only outside sync_product_sizes.';

-- ─── Home page: featured categories, banners, hero images ─────────────────────────────────────
create table public.featured_categories (
  id uuid default gen_random_uuid() not null,
  nombre text not null,
  image_url text not null,
  category_id uuid,
  orden integer default 1 not null,
  active boolean default true not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint featured_categories_pkey primary key (id),
  constraint featured_categories_category_id_fkey foreign key (category_id) references public.categories(id) on delete set null,
  constraint featured_categories_image_url_check check (btrim(image_url) <> ''::text),
  constraint featured_categories_nombre_check check (btrim(nombre) <> ''::text),
  constraint featured_categories_orden_check check (orden >= 1)
);
comment on table public.featured_categories is 'Home page category tiles, optionally linked to a category.';
grant select on table public.featured_categories to anon;
grant select, insert, update, delete on table public.featured_categories to authenticated;
create index featured_categories_category_idx on public.featured_categories using btree (category_id);
create index featured_categories_orden_idx on public.featured_categories using btree (orden) where active;

create table public.banner_images (
  id uuid default gen_random_uuid() not null,
  name text not null,
  image_url text not null,
  alt_text text,
  link_url text,
  orden integer default 1 not null,
  active boolean default true not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint banner_images_pkey primary key (id),
  constraint banner_images_image_url_check check (btrim(image_url) <> ''::text),
  constraint banner_images_name_check check (btrim(name) <> ''::text),
  constraint banner_images_orden_check check (orden >= 1)
);
comment on table public.banner_images is 'Brand logo strip on the home page.';
grant select on table public.banner_images to anon;
grant select, insert, update, delete on table public.banner_images to authenticated;
create index banner_images_orden_idx on public.banner_images using btree (orden) where active;

create table public.hero_images (
  id uuid default gen_random_uuid() not null,
  title text not null,
  subtitle text,
  button_text text default 'Tienda'::text not null,
  button_link text default '/tienda'::text not null,
  image_url text not null,
  orden integer default 1 not null,
  active boolean default true not null,
  created_at timestamp with time zone default now() not null,
  updated_at timestamp with time zone default now() not null,
  constraint hero_images_pkey primary key (id),
  constraint hero_images_image_url_check check (btrim(image_url) <> ''::text),
  constraint hero_images_orden_check check (orden >= 1),
  constraint hero_images_title_check check (btrim(title) <> ''::text)
);
comment on table public.hero_images is 'Slides of the home hero carousel.';
grant select on table public.hero_images to anon;
grant select, insert, update, delete on table public.hero_images to authenticated;
create index hero_images_orden_idx on public.hero_images using btree (orden) where active;

-- ─── Shop settings ────────────────────────────────────────────────────────────────────────────
-- Opening hours are [{"days": "Lunes a viernes", "hours": "9:00 a 19:00 h"}, ...]: at most one line
-- per weekday, each an object with both texts filled in.
create function private.valid_opening_hours(p_hours jsonb)
returns boolean
language sql
immutable parallel safe
set search_path to ''
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
comment on function private.valid_opening_hours(p_hours jsonb) is 'True for an array of at most 7 {days, hours} objects whose texts are filled in (1 to 60 characters).';
grant execute on function private.valid_opening_hours(p_hours jsonb) to authenticated, service_role;

create table public.shop_settings (
  id smallint default 1 not null,
  seller_phone text not null,
  contact_email text not null,
  opening_hours jsonb default '[]'::jsonb not null,
  instagram_url text,
  facebook_url text,
  tiktok_url text,
  chat_group_url text,
  updated_at timestamp with time zone default now() not null,
  constraint shop_settings_pkey primary key (id),
  constraint shop_settings_chat_group_url_check check (chat_group_url ~ '^https://[^[:space:]]+$'::text and char_length(chat_group_url) <= 500),
  constraint shop_settings_contact_email_check check (char_length(contact_email) <= 254 and contact_email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'::text),
  constraint shop_settings_facebook_url_check check (facebook_url ~ '^https://[^[:space:]]+$'::text and char_length(facebook_url) <= 500),
  constraint shop_settings_id_check check (id = 1),
  constraint shop_settings_instagram_url_check check (instagram_url ~ '^https://[^[:space:]]+$'::text and char_length(instagram_url) <= 500),
  constraint shop_settings_opening_hours_check check (private.valid_opening_hours(opening_hours)),
  constraint shop_settings_seller_phone_check check (seller_phone ~ '^[0-9]{11,15}$'::text),
  constraint shop_settings_tiktok_url_check check (tiktok_url ~ '^https://[^[:space:]]+$'::text and char_length(tiktok_url) <= 500)
);
comment on table public.shop_settings is 'The one row of shop contact settings (chat number, email, hours, social links, chat-group invite) the pages show.';
grant select on table public.shop_settings to anon;
grant select, update on table public.shop_settings to authenticated;

-- ─── Triggers: products.sizes mirrors product_sizes; updated_at ───────────────────────────────
create trigger product_sizes_sync_insert
  after insert on public.product_sizes referencing new table as new_rows
  for each statement execute function public.sync_product_sizes();

create trigger product_sizes_sync_update
  after update on public.product_sizes referencing old table as old_rows new table as new_rows
  for each statement execute function public.sync_product_sizes();

create trigger product_sizes_sync_delete
  after delete on public.product_sizes referencing old table as old_rows
  for each statement execute function public.sync_product_sizes();

create trigger protect_sizes
  before insert or update on public.products
  for each row execute function public.protect_product_sizes_column();

create trigger set_updated_at
  before update on public.campaigns
  for each row execute function public.set_updated_at();

create trigger set_updated_at
  before update on public.brands
  for each row execute function public.set_updated_at();

create trigger set_updated_at
  before update on public.categories
  for each row execute function public.set_updated_at();

create trigger set_updated_at
  before update on public.subcategories
  for each row execute function public.set_updated_at();

create trigger set_updated_at
  before update on public.products
  for each row execute function public.set_updated_at();

create trigger set_updated_at
  before update on public.product_private
  for each row execute function public.set_updated_at();

create trigger set_updated_at
  before update on public.featured_categories
  for each row execute function public.set_updated_at();

create trigger set_updated_at
  before update on public.banner_images
  for each row execute function public.set_updated_at();

create trigger set_updated_at
  before update on public.hero_images
  for each row execute function public.set_updated_at();

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
