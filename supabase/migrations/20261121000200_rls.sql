-- Security: RLS on every table, Supabase's blanket default grants revoked and granted back
-- deliberately.
--   anon and signed-in non-admins: read what a shopper may see, insert checked analytics events.
--   admins (JWT app_metadata.role = 'admin'): full read and write on every table.
--   service_role: bypasses RLS (scripts and seeding only; never in a browser bundle).

-- ─── Revoke the defaults ─────────────────────────────────────────────────────────────────────
revoke all on all tables in schema public from anon, authenticated;
revoke all on all sequences in schema public from anon, authenticated;
revoke all on all functions in schema public from public, anon, authenticated;
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke all on functions from anon, authenticated;
-- EXECUTE to PUBLIC is a global default and cannot be revoked per schema: revoke it globally for
-- functions this role creates from now on, so every new function must be granted explicitly.
alter default privileges revoke execute on functions from public;

-- Helpers evaluated inside policies must be executable by the API roles.
grant execute on function public.shop_today(timestamptz) to anon, authenticated, service_role;
grant execute on function public.is_admin() to anon, authenticated, service_role;
grant execute on function public.like_escape(text) to anon, authenticated, service_role;
grant execute on function public.price_range_of(numeric) to anon, authenticated, service_role;
grant execute on function public.price_ranges() to anon, authenticated, service_role;
grant execute on function public.size_sort_key(text) to anon, authenticated, service_role;
grant execute on function public.set_updated_at() to service_role;

-- ─── RLS on ──────────────────────────────────────────────────────────────────────────────────
alter table public.campaigns enable row level security;
alter table public.brands enable row level security;
alter table public.categories enable row level security;
alter table public.subcategories enable row level security;
alter table public.products enable row level security;
alter table public.product_private enable row level security;
alter table public.product_images enable row level security;
alter table public.product_sizes enable row level security;
alter table public.featured_categories enable row level security;
alter table public.banner_images enable row level security;
alter table public.hero_images enable row level security;
alter table public.brand_migrations enable row level security;
alter table public.search_analytics enable row level security;
alter table public.filter_analytics enable row level security;
alter table public.product_click_analytics enable row level security;

-- ─── Grants back ─────────────────────────────────────────────────────────────────────────────
-- Public reads (RLS narrows the rows).
grant select on public.campaigns, public.brands, public.categories, public.subcategories,
  public.products, public.product_images, public.product_sizes, public.featured_categories,
  public.banner_images, public.hero_images
  to anon, authenticated;
-- Public analytics inserts (RLS checks every field). Identity columns need no sequence grant.
grant insert on public.search_analytics, public.filter_analytics, public.product_click_analytics
  to anon, authenticated;
-- Everything else only as `authenticated`, where RLS lets admins alone through.
grant select, insert, update, delete on all tables in schema public to authenticated;
grant all on all tables in schema public to service_role;
grant all on all sequences in schema public to service_role;

-- ─── Public read policies ────────────────────────────────────────────────────────────────────
create policy campaigns_public_read on public.campaigns
  for select to anon, authenticated
  using (fecha_fin >= (select public.shop_today()));

create policy brands_public_read on public.brands
  for select to anon, authenticated
  using (active);

create policy categories_public_read on public.categories
  for select to anon, authenticated
  using (activa);

create policy subcategories_public_read on public.subcategories
  for select to anon, authenticated
  using (activa);

create policy products_public_read on public.products
  for select to anon, authenticated
  using (
    campaign_id in (
      select c.id from public.campaigns c where c.fecha_fin >= (select public.shop_today())
    )
  );

create policy product_images_public_read on public.product_images
  for select to anon, authenticated
  using (
    exists (
      select 1
      from public.products p
      join public.campaigns c on c.id = p.campaign_id
      where p.id = product_images.product_id and c.fecha_fin >= (select public.shop_today())
    )
  );

create policy product_sizes_public_read on public.product_sizes
  for select to anon, authenticated
  using (
    exists (
      select 1
      from public.products p
      join public.campaigns c on c.id = p.campaign_id
      where p.id = product_sizes.product_id and c.fecha_fin >= (select public.shop_today())
    )
  );

create policy featured_categories_public_read on public.featured_categories
  for select to anon, authenticated
  using (active);

create policy banner_images_public_read on public.banner_images
  for select to anon, authenticated
  using (active);

create policy hero_images_public_read on public.hero_images
  for select to anon, authenticated
  using (active);

-- product_private and brand_migrations: no public policy at all.

-- ─── Public analytics inserts ────────────────────────────────────────────────────────────────
-- Filter types the storefront records (keep in sync with src/lib analytics helpers).
create or replace function public.analytics_filter_types()
returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select array['category', 'subcategory', 'brand', 'campaign', 'price', 'price_range', 'size', 'search', 'sort', 'clear']
$$;
comment on function public.analytics_filter_types() is 'filter_type values accepted from the public in filter_analytics.';
grant execute on function public.analytics_filter_types() to anon, authenticated, service_role;

create policy search_analytics_public_insert on public.search_analytics
  for insert to anon, authenticated
  with check (
    char_length(btrim(search_term)) between 1 and 200
    and char_length(session_id) between 8 and 100
    and session_id ~ '^[A-Za-z0-9_.:-]+$'
    and (user_agent is null or char_length(user_agent) <= 500)
    and (page_url is null or (char_length(page_url) <= 2000 and page_url ~* '^(https?://|/)'))
    and created_at between now() - interval '1 minute' and now() + interval '1 minute'
  );

create policy filter_analytics_public_insert on public.filter_analytics
  for insert to anon, authenticated
  with check (
    filter_type = any (public.analytics_filter_types())
    and char_length(btrim(filter_value)) between 1 and 200
    and char_length(session_id) between 8 and 100
    and session_id ~ '^[A-Za-z0-9_.:-]+$'
    and (user_agent is null or char_length(user_agent) <= 500)
    and (page_url is null or (char_length(page_url) <= 2000 and page_url ~* '^(https?://|/)'))
    and created_at between now() - interval '1 minute' and now() + interval '1 minute'
  );

create policy product_click_analytics_public_insert on public.product_click_analytics
  for insert to anon, authenticated
  with check (
    product_id is not null
    -- evaluated with the caller's rights: the product must exist and be publicly visible
    and exists (select 1 from public.products p where p.id = product_click_analytics.product_id)
    and (product_name is null or char_length(product_name) between 1 and 300)
    and (product_permalink is null or char_length(product_permalink) between 1 and 300)
    and char_length(session_id) between 8 and 100
    and session_id ~ '^[A-Za-z0-9_.:-]+$'
    and (user_agent is null or char_length(user_agent) <= 500)
    and (page_url is null or (char_length(page_url) <= 2000 and page_url ~* '^(https?://|/)'))
    and (referrer_url is null or char_length(referrer_url) <= 2000)
    and created_at between now() - interval '1 minute' and now() + interval '1 minute'
  );

-- ─── Admins: everything, on every table ──────────────────────────────────────────────────────
do $$
declare
  t text;
begin
  foreach t in array array[
    'campaigns', 'brands', 'categories', 'subcategories', 'products', 'product_private',
    'product_images', 'product_sizes', 'featured_categories', 'banner_images', 'hero_images',
    'brand_migrations', 'search_analytics', 'filter_analytics', 'product_click_analytics'
  ] loop
    execute format(
      'create policy %I on public.%I for all to authenticated using ((select public.is_admin())) with check ((select public.is_admin()))',
      t || '_admin_all', t
    );
  end loop;
end
$$;
