-- Core schema: every entity of the shop (campaigns, brands, categories, subcategories, products
-- with their sizes, images and private fields, home content, analytics), with its constraints.
-- Money is numeric(12,2) and never negative; every table has created_at, mutable ones updated_at
-- (kept by a trigger). Security (RLS, grants) lives in the next migration.

create extension if not exists pg_trgm with schema extensions;

-- ─── Helpers used by constraints, defaults and policies ──────────────────────────────────────

-- "Today" for campaign visibility: the calendar date in America/Mexico_City.
create or replace function public.shop_today(at timestamptz default now())
returns date
language sql
stable
parallel safe
set search_path = ''
as $$
  select (at at time zone 'America/Mexico_City')::date
$$;
comment on function public.shop_today(timestamptz) is
  'The calendar date in America/Mexico_City at the given instant (default now()). A campaign is public while fecha_fin >= shop_today().';

-- Admin = a JWT whose app_metadata.role is admin (app_metadata is only writable with the service key).
create or replace function public.is_admin()
returns boolean
language sql
stable
parallel safe
set search_path = ''
as $$
  select coalesce((auth.jwt() -> 'app_metadata' ->> 'role') = 'admin', false)
$$;
comment on function public.is_admin() is
  'True when the request JWT carries app_metadata.role = admin (never user_metadata).';

-- A search term used literally inside a LIKE pattern: %, _ and \ are escaped so they match
-- themselves instead of acting as wildcards.
create or replace function public.like_escape(p_text text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select replace(replace(replace(p_text, '\', '\\'), '%', '\%'), '_', '\_')
$$;

-- The shop's price ranges: the single source of their ids and bounds (lower inclusive, upper
-- exclusive, on precio_venta; the last one open-ended).
create or replace function public.price_ranges()
returns table (id text, min_price numeric, max_price numeric, orden integer)
language sql
immutable
parallel safe
set search_path = ''
as $$
  values
    ('0-1000', 0::numeric, 1000::numeric, 1),
    ('1000-2000', 1000, 2000, 2),
    ('2000-5000', 2000, 5000, 3),
    ('5000-10000', 5000, 10000, 4),
    ('10000-20000', 10000, 20000, 5),
    ('20000+', 20000, null, 6)
$$;
comment on function public.price_ranges() is
  'Shop price ranges (id, min_price inclusive, max_price exclusive or null, orden).';

-- Price range id of a sale price.
create or replace function public.price_range_of(precio numeric)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(
    (select r.id from public.price_ranges() r
      where precio >= r.min_price and (r.max_price is null or precio < r.max_price)),
    '20000+')
$$;
comment on function public.price_range_of(numeric) is
  'Shop price range id of a precio_venta: 0-1000, 1000-2000, 2000-5000, 5000-10000, 10000-20000, 20000+.';

-- Sort key putting clothing sizes in a natural order: letter sizes (XXS..5XL, and the Mexican
-- CH/M/G/EG), then numeric sizes ascending, then anything else alphabetically.
create or replace function public.size_sort_key(talla text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  with t as (select lower(btrim(coalesce(talla, ''))) as v)
  select case
    when t.v in ('xxs', '2xs') then 'a01'
    when t.v in ('xs', 'xch', 'extra chica') then 'a02'
    when t.v in ('s', 'ch', 'chica') then 'a03'
    when t.v in ('m', 'med', 'mediana') then 'a04'
    when t.v in ('l', 'g', 'gde', 'grande') then 'a05'
    when t.v in ('xl', 'eg', 'xg', 'extra grande') then 'a06'
    when t.v in ('xxl', '2xl', 'xxg', '2eg') then 'a07'
    when t.v in ('xxxl', '3xl', '3eg') then 'a08'
    when t.v in ('xxxxl', '4xl') then 'a09'
    when t.v in ('5xl') then 'a10'
    when t.v ~ '^[0-9]{1,6}(\.[0-9]{1,2})?$' then 'b' || to_char(t.v::numeric, 'FM000000.00')
    else 'c' || t.v
  end collate "C"
  from t
$$;
comment on function public.size_sort_key(text) is
  'Sort key for sizes: XXS, XS, S, M, L, XL, XXL... first, then numeric sizes ascending, then the rest alphabetically.';

-- Trigger: keep updated_at current on every update.
create or replace function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
comment on function public.set_updated_at() is 'Trigger function maintaining updated_at.';

-- ─── Catalogue ───────────────────────────────────────────────────────────────────────────────

create table public.campaigns (
  id uuid primary key default gen_random_uuid(),
  nombre text not null check (btrim(nombre) <> ''),
  fecha_inicio date,
  fecha_fin date not null,
  image_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint campaigns_fechas_check check (fecha_inicio is null or fecha_fin >= fecha_inicio)
);
comment on table public.campaigns is
  'Time-limited sales campaigns. Public (with their products) while fecha_fin >= shop_today() (America/Mexico_City).';
create index campaigns_fecha_fin_idx on public.campaigns (fecha_fin);

create table public.brands (
  id uuid primary key default gen_random_uuid(),
  name text not null unique check (name = lower(name) and btrim(name) <> ''),
  display_name text not null check (btrim(display_name) <> ''),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.brands is
  'Catalogue brands: name is the unique lowercase internal name, display_name what shoppers see.';
create index brands_display_name_idx on public.brands (display_name);

create table public.categories (
  id uuid primary key default gen_random_uuid(),
  nombre text not null check (btrim(nombre) <> ''),
  descripcion text,
  activa boolean not null default true,
  orden integer not null default 0,
  show_in_header boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.categories is
  'Product categories. Cannot be deleted while products or subcategories reference them.';
create index categories_orden_idx on public.categories (orden, nombre);

create table public.subcategories (
  id uuid primary key default gen_random_uuid(),
  category_id uuid not null references public.categories (id) on delete restrict,
  nombre text not null check (btrim(nombre) <> ''),
  descripcion text,
  activa boolean not null default true,
  orden integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.subcategories is
  'Subcategories of a category. Cannot be deleted while products reference them.';
create index subcategories_category_idx on public.subcategories (category_id, orden);

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
  updated_at timestamptz not null default now()
);
comment on table public.products is
  'Products of a campaign. Public only while the campaign is active. Admin-only fields (costo_compra, link_externo) live in product_private.';
comment on column public.products.marca is 'Free-text brand as typed or imported; brand_id is the catalogue brand.';
comment on column public.products.sizes is
  'Read-only copy of the product''s product_sizes (trimmed, natural size order), kept by triggers so the shop can filter and count sizes without a join. Writes to it are ignored.';
create index products_campaign_idx on public.products (campaign_id);
create index products_category_idx on public.products (category_id);
create index products_subcategory_idx on public.products (subcategory_id);
create index products_brand_idx on public.products (brand_id);
create index products_created_at_idx on public.products (created_at desc, id);
create index products_destacado_idx on public.products (created_at desc) where destacado;
create index products_nombre_trgm_idx on public.products using gin (nombre extensions.gin_trgm_ops);
create index products_marca_trgm_idx on public.products using gin (marca extensions.gin_trgm_ops);

-- Admin-only columns of a product. A side table because anon, plain users and admins share the
-- Postgres roles anon/authenticated, so column privileges could not tell admins apart; RLS can.
create table public.product_private (
  product_id uuid primary key references public.products (id) on delete cascade,
  costo_compra numeric(12, 2) not null default 0 check (costo_compra >= 0),
  link_externo text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.product_private is
  'Admin-only product fields (purchase cost, external supplier link). Readable and writable by admins only.';

create table public.product_images (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references public.products (id) on delete cascade,
  image_url text not null check (btrim(image_url) <> ''),
  orden integer not null default 1,
  created_at timestamptz not null default now()
);
comment on table public.product_images is 'Gallery images of a product, shown by orden.';
create index product_images_product_idx on public.product_images (product_id, orden);

create table public.product_sizes (
  id uuid primary key default gen_random_uuid(),
  product_id uuid not null references public.products (id) on delete cascade,
  talla text not null check (btrim(talla) <> ''),
  created_at timestamptz not null default now()
);
comment on table public.product_sizes is 'Sizes of a product; one per product case-insensitively (trimmed).';
create unique index product_sizes_product_talla_key on public.product_sizes (product_id, lower(btrim(talla)));
create index product_sizes_talla_idx on public.product_sizes (lower(btrim(talla)), product_id);

-- products.sizes mirrors product_sizes. Statement-level triggers (transition tables) so bulk
-- inserts cost one update per statement, not per row.
create or replace function public.sync_product_sizes()
returns trigger
language plpgsql
set search_path = ''
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

create trigger product_sizes_sync_insert after insert on public.product_sizes
  referencing new table as new_rows for each statement execute function public.sync_product_sizes();
create trigger product_sizes_sync_update after update on public.product_sizes
  referencing new table as new_rows old table as old_rows for each statement execute function public.sync_product_sizes();
create trigger product_sizes_sync_delete after delete on public.product_sizes
  referencing old table as old_rows for each statement execute function public.sync_product_sizes();

-- products.sizes is written only by sync_product_sizes (trigger depth > 1); a direct write (for
-- example a form sending the whole record back) keeps the stored value.
create or replace function public.protect_product_sizes_column()
returns trigger
language plpgsql
set search_path = ''
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

create trigger protect_sizes before insert or update on public.products
  for each row execute function public.protect_product_sizes_column();

-- ─── Home content ────────────────────────────────────────────────────────────────────────────

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
create index featured_categories_orden_idx on public.featured_categories (orden) where active;
create index featured_categories_category_idx on public.featured_categories (category_id);

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
create index banner_images_orden_idx on public.banner_images (orden) where active;

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
create index hero_images_orden_idx on public.hero_images (orden) where active;

create table public.brand_migrations (
  id uuid primary key default gen_random_uuid(),
  original_marca text not null,
  normalized_brand text not null,
  products_affected integer not null default 0 check (products_affected >= 0),
  created_at timestamptz not null default now()
);
comment on table public.brand_migrations is
  'History of brand normalisation/merges: free-text or source brand to catalogue brand, with products affected.';
create index brand_migrations_affected_idx on public.brand_migrations (products_affected desc);

-- ─── Analytics events (insert-only for the public, read by admins) ───────────────────────────

create table public.search_analytics (
  id bigint generated always as identity primary key,
  search_term text not null check (char_length(search_term) between 1 and 200),
  user_agent text check (char_length(user_agent) <= 500),
  page_url text check (char_length(page_url) <= 2000),
  session_id text not null check (char_length(session_id) between 8 and 100),
  created_at timestamptz not null default now()
);
comment on table public.search_analytics is 'Shop search events. Anyone may insert (checked); only admins read.';
create index search_analytics_created_idx on public.search_analytics (created_at);
create index search_analytics_session_idx on public.search_analytics (session_id);

create table public.filter_analytics (
  id bigint generated always as identity primary key,
  filter_type text not null check (char_length(filter_type) between 1 and 50),
  filter_value text not null check (char_length(filter_value) between 1 and 200),
  user_agent text check (char_length(user_agent) <= 500),
  page_url text check (char_length(page_url) <= 2000),
  session_id text not null check (char_length(session_id) between 8 and 100),
  created_at timestamptz not null default now()
);
comment on table public.filter_analytics is 'Shop filter-selection events. Anyone may insert (checked); only admins read.';
create index filter_analytics_created_idx on public.filter_analytics (created_at);
create index filter_analytics_session_idx on public.filter_analytics (session_id);

create table public.product_click_analytics (
  id bigint generated always as identity primary key,
  product_id uuid references public.products (id) on delete set null,
  product_name text check (char_length(product_name) <= 300),
  product_permalink text check (char_length(product_permalink) <= 300),
  user_agent text check (char_length(user_agent) <= 500),
  page_url text check (char_length(page_url) <= 2000),
  referrer_url text check (char_length(referrer_url) <= 2000),
  session_id text not null check (char_length(session_id) between 8 and 100),
  created_at timestamptz not null default now()
);
comment on table public.product_click_analytics is 'Product card click events. Anyone may insert (checked); only admins read.';
create index product_click_analytics_created_idx on public.product_click_analytics (created_at);
create index product_click_analytics_session_idx on public.product_click_analytics (session_id);
create index product_click_analytics_product_idx on public.product_click_analytics (product_id);

-- ─── updated_at triggers ─────────────────────────────────────────────────────────────────────

do $$
declare
  t text;
begin
  foreach t in array array[
    'campaigns', 'brands', 'categories', 'subcategories', 'products', 'product_private',
    'featured_categories', 'banner_images', 'hero_images'
  ] loop
    execute format(
      'create trigger set_updated_at before update on public.%I for each row execute function public.set_updated_at()',
      t
    );
  end loop;
end
$$;
