-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 01 · Extensions, schemas, default privileges and shared helpers
--
-- Entry points: public.shop_today; who the caller is (private.staff_role, public.is_staff,
-- public.is_admin, public.is_owner, private.assert_staff, private.assert_admin,
-- private.assert_owner); the team's two-step rule (public.team_two_factor_required,
-- public.set_team_two_factor_required); public.set_updated_at and private.refuse_view_write,
-- which later files' triggers call; prices, sizes and search text (public.price_ranges,
-- public.price_range_of, public.size_sort_key, private.search_fold, private.name_key,
-- public.like_escape).
--
-- What every later file relies on: the extensions (installed in `extensions`, never in `public`,
-- whose objects would become API), the schema `private` (which PostgREST does not serve: functions
-- that run with their owner's rights and the tables only they read live there), the default
-- privileges that make every new table and function closed until granted, and the small helpers
-- that policies and functions share (who is an admin, what "today" is, price ranges, sizes, text
-- folding).
-- ═════════════════════════════════════════════════════════════════════════════════════════════

-- ─── Extensions ───────────────────────────────────────────────────────────────────────────────
-- Trigram indexes for the shop's and the back office's name searches.
create extension if not exists pg_trgm with schema extensions;
-- Accent folding for search ('pantalon' finds 'Pantalón') and the import's name matching.
create extension if not exists unaccent with schema extensions;

-- ─── Schema private ───────────────────────────────────────────────────────────────────────────
-- Not exposed by the API. Anonymous callers need USAGE only to run the shop's filters, which call
-- private.shop_query through public wrappers that run with the caller's rights; every function and
-- table inside is granted one by one.
create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role, anon;

-- ─── Default privileges ──────────────────────────────────────────────────────────────────────
-- Supabase grants everything in public to the API roles by default; RLS would then be the only
-- guard. Here nothing new is granted to anon or authenticated: every table, sequence and function
-- is granted explicitly where it is created.
alter default privileges in schema public revoke all on tables from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;
alter default privileges in schema public revoke all on functions from anon, authenticated;
-- EXECUTE to PUBLIC is a global default and cannot be revoked per schema: revoke it globally for
-- functions this role creates, so every new function must be granted explicitly.
alter default privileges revoke execute on functions from public;

-- ─── Helpers ──────────────────────────────────────────────────────────────────────────────────

-- "Today" for campaign visibility: the calendar date in America/Mexico_City.
create function public.shop_today(at timestamptz default now())
returns date
language sql
stable
parallel safe
set search_path = ''
as $$
  select (at at time zone 'America/Mexico_City')::date
$$;
comment on function public.shop_today(timestamp with time zone) is 'The calendar date in America/Mexico_City at the given instant (default now()). A campaign is public while fecha_fin >= shop_today().';
grant execute on function public.shop_today(timestamp with time zone) to anon, authenticated;

-- ─── Staff roles ──────────────────────────────────────────────────────────────────────────────
-- The team's own rule, in one row: with require_two_factor on, everyone on the team counts as staff
-- only in a session that passed a second factor (aal2), so each person enrols an authenticator
-- before doing anything. Owners switch it with public.set_team_two_factor_required.
create table private.team_settings (
  id smallint primary key default 1 check (id = 1),
  require_two_factor boolean not null default false,
  updated_at timestamptz not null default now()
);
comment on table private.team_settings is 'The team''s rules (one row): whether every staff member must sign in with a second factor.';
alter table private.team_settings enable row level security;
insert into private.team_settings default values;

-- The back office's people each have one role, in their Auth account's app_metadata (which only the
-- service key writes, never the person):
--   owner   everything, including the team, the shop's settings and policies, and the history;
--   editor  the catalogue, images, imports, campaigns, home content, messages and publishing;
--   analyst reads the catalogue with costs and margins and the analytics, and changes nothing.
-- The role is read from the account row itself, not from the session's token, so a change of role
-- or a deactivation (a ban) applies to the very next request. A person with a verified two-factor
-- method, or everyone once the team requires it (private.team_settings), counts as staff only in a
-- session that passed a second factor (aal2): a stolen password alone is not enough.
create function private.staff_role()
returns text
language sql
stable
security definer -- reads auth.users and auth.mfa_factors, which no API role may read
set search_path = ''
as $$
  select u.raw_app_meta_data ->> 'role'
  from auth.users u
  where u.id = auth.uid()
    and u.raw_app_meta_data ->> 'role' in ('owner', 'editor', 'analyst')
    and u.deleted_at is null
    and (u.banned_until is null or u.banned_until <= now())
    and (
      coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
      or (
        not exists (select 1 from auth.mfa_factors f where f.user_id = u.id and f.status = 'verified')
        and not coalesce((select t.require_two_factor from private.team_settings t where t.id = 1), false)
      )
    )
$$;
comment on function private.staff_role() is
  'The caller''s back-office role (owner, editor or analyst) from their account''s app_metadata; null for the public, a deactivated account, or a session without a second factor (aal2) when the person has one or the team requires it.';
revoke execute on function private.staff_role() from public;
grant execute on function private.staff_role() to anon, authenticated, service_role;

create function public.staff_role()
returns text
language sql
stable
set search_path = ''
as $$
  select private.staff_role()
$$;
comment on function public.staff_role() is 'The caller''s back-office role (owner, editor, analyst), or null: what the back office shows the person.';
grant execute on function public.staff_role() to anon, authenticated;

-- An admin may change the catalogue: an owner or an editor.
create function public.is_admin()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(private.staff_role() in ('owner', 'editor'), false)
$$;
comment on function public.is_admin() is 'True when the caller may change the catalogue: an owner or an editor (private.staff_role).';
grant execute on function public.is_admin() to anon, authenticated;

-- Staff may read what the back office shows: every role.
create function public.is_staff()
returns boolean
language sql
stable
set search_path = ''
as $$
  select private.staff_role() is not null
$$;
comment on function public.is_staff() is 'True when the caller may read the back office''s data (costs, analytics): an owner, an editor or an analyst.';
grant execute on function public.is_staff() to anon, authenticated;

create function public.is_owner()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(private.staff_role() = 'owner', false)
$$;
comment on function public.is_owner() is 'True when the caller is an owner: the team, the shop''s settings and policies, the history.';
grant execute on function public.is_owner() to anon, authenticated;

-- A search term used literally inside a LIKE pattern: %, _ and \ are escaped so they match
-- themselves instead of acting as wildcards.
create function public.like_escape(p_text text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select replace(replace(replace(p_text, '\', '\\'), '%', '\%'), '_', '\_')
$$;
comment on function public.like_escape(text) is
  'A text escaped for use inside a LIKE pattern: %, _ and \ match themselves, so a search term is never a wildcard.';
grant execute on function public.like_escape(text) to anon, authenticated;

-- The shop's price ranges: the single source of their ids and bounds (lower inclusive, upper
-- exclusive, on precio_venta; the last one open-ended).
create function public.price_ranges()
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
comment on function public.price_ranges() is 'Shop price ranges (id, min_price inclusive, max_price exclusive or null, orden).';
grant execute on function public.price_ranges() to anon, authenticated;

-- Price range id of a sale price.
create function public.price_range_of(precio numeric)
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
comment on function public.price_range_of(numeric) is 'Shop price range id of a precio_venta: 0-1000, 1000-2000, 2000-5000, 5000-10000, 10000-20000, 20000+.';
grant execute on function public.price_range_of(numeric) to anon, authenticated;

-- Percent off the original price, as a whole number: (original - sale) / original x 100, rounded
-- half away from zero (0.5 -> 1, -0.5 -> -1); 0 when either price is missing or the original is not
-- above zero. The shop's 'N% OFF' badge and the back office show this number; src/lib/discount.ts
-- computes the same, pinned to this by tests/fixtures/rounding-cases.ts.
create function public.discount_percentage(p_original numeric, p_sale numeric)
returns integer
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when p_original > 0 and p_sale is not null
    then round((p_original - p_sale) / p_original * 100)::integer else 0 end
$$;
comment on function public.discount_percentage(numeric, numeric) is 'Whole percent off the original price, rounded half away from zero; 0 without both prices or with an original of 0 or less.';
grant execute on function public.discount_percentage(numeric, numeric) to authenticated;

-- Margin on cost in percent with two decimals: (sale - cost) / cost x 100, rounded half away from
-- zero; null when either price is missing or the cost is not above zero. The back office's margin
-- figures and quality bands (>= 30 Excelente, >= 20 Bueno, >= 10 Regular) read this number;
-- src/lib/pricing.ts profitMargin computes the same, pinned by tests/fixtures/rounding-cases.ts.
create function public.profit_margin(p_sale numeric, p_cost numeric)
returns numeric
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when p_cost > 0 and p_sale is not null then round((p_sale - p_cost) / p_cost * 100, 2) end
$$;
comment on function public.profit_margin(numeric, numeric) is 'Margin on cost in percent, two decimals rounded half away from zero; null without both prices or with a cost of 0 or less.';
grant execute on function public.profit_margin(numeric, numeric) to authenticated;

-- Sort key putting clothing sizes in a natural order: letter sizes (XXS..5XL, and the Mexican
-- CH/M/G/EG), then numeric sizes ascending, then anything else alphabetically.
create function public.size_sort_key(talla text)
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
comment on function public.size_sort_key(text) is 'Sort key for sizes: XXS, XS, S, M, L, XL, XXL... first, then numeric sizes ascending, then the rest alphabetically.';
grant execute on function public.size_sort_key(text) to anon, authenticated;

-- Trigger: keep updated_at current on every update.
create function public.set_updated_at()
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

create function private.assert_admin()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'No autorizado' using errcode = '42501';
  end if;
end
$$;
comment on function private.assert_admin() is 'Raises No autorizado (42501) unless the caller is an owner or an editor (public.is_admin).';
grant execute on function private.assert_admin() to authenticated, service_role;

create function private.assert_staff()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not public.is_staff() then
    raise exception 'No autorizado' using errcode = '42501';
  end if;
end
$$;
comment on function private.assert_staff() is 'Raises No autorizado (42501) unless the caller is staff: an owner, an editor or an analyst (public.is_staff).';
grant execute on function private.assert_staff() to authenticated, service_role;

create function private.assert_owner()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not public.is_owner() then
    raise exception 'No autorizado' using errcode = '42501';
  end if;
end
$$;
comment on function private.assert_owner() is 'Raises No autorizado (42501) unless the caller is an owner (public.is_owner).';
grant execute on function private.assert_owner() to authenticated, service_role;

-- Whether the team requires a second factor: what the sign-in asks a person without one to set up.
create function private.team_two_factor_required()
returns boolean
language sql
stable
security definer -- private.team_settings is no API role's to read
set search_path = ''
as $$
  select coalesce((select t.require_two_factor from private.team_settings t where t.id = 1), false)
$$;
comment on function private.team_two_factor_required() is 'True when every staff member must sign in with a second factor (private.team_settings).';
revoke execute on function private.team_two_factor_required() from public;
grant execute on function private.team_two_factor_required() to authenticated, service_role;

create function public.team_two_factor_required()
returns boolean
language sql
stable
set search_path = ''
as $$
  select private.team_two_factor_required()
$$;
comment on function public.team_two_factor_required() is 'True when every staff member must sign in with a second factor; any signed-in person may ask.';
grant execute on function public.team_two_factor_required() to authenticated;

-- Owners switch the rule. Switching it on takes a session that passed a second factor itself, so
-- an owner never locks the whole team out, themselves included.
create function private.set_team_two_factor_required(p_required boolean)
returns boolean
language plpgsql
security definer -- writes private.team_settings
set search_path = ''
as $$
begin
  perform private.assert_owner();
  if p_required and coalesce(auth.jwt() ->> 'aal', '') <> 'aal2' then
    raise exception 'Activa primero tu verificación en dos pasos (Mi cuenta) para poder exigirla al equipo.'
      using errcode = 'P0001';
  end if;
  update private.team_settings set require_two_factor = coalesce(p_required, false), updated_at = now() where id = 1;
  return coalesce(p_required, false);
end
$$;
comment on function private.set_team_two_factor_required(boolean) is 'Owners only: requires (or not) a second factor of everyone on the team; switching it on takes an aal2 session.';
revoke execute on function private.set_team_two_factor_required(boolean) from public;
grant execute on function private.set_team_two_factor_required(boolean) to authenticated;

create function public.set_team_two_factor_required(p_required boolean)
returns boolean
language sql
set search_path = ''
as $$
  select private.set_team_two_factor_required(p_required)
$$;
comment on function public.set_team_two_factor_required(boolean) is 'Owners only: requires (or not) a second factor of everyone on the team.';
grant execute on function public.set_team_two_factor_required(boolean) to authenticated;

-- A name as the import compares it: trimmed, lowercase, accents folded ('Calzado' = ' calzado ').
create function private.name_key(p_name text)
returns text
language sql
stable
set search_path = ''
as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, btrim(coalesce(p_name, ''))))
$$;
comment on function private.name_key(text) is
  'A name as the import compares it: trimmed, lower case, accents folded (''Calzado'' matches '' calzado '').';
grant execute on function private.name_key(text) to authenticated, service_role;

-- A view that joins or groups (master_products, subcategories_with_products, the analytics
-- summaries) cannot take an INSERT, UPDATE or DELETE. Postgres says so before it checks the
-- caller's privileges, with an error PostgREST answers as a server error (500), so without
-- anything more any anonymous POST, PATCH, PUT or DELETE to such a view would be a 500. Each of
-- them has INSTEAD OF triggers calling this function: the caller's privileges are checked first
-- (the public has only SELECT on views: 401/403), and a caller who does hold a write privilege gets
-- this function's "read-only" refusal (403).
create function private.refuse_view_write()
returns trigger
language plpgsql
set search_path to ''
as $$
begin
  raise exception 'La vista %.% es de solo lectura', tg_table_schema, tg_table_name
    using errcode = '42501';
end
$$;
comment on function private.refuse_view_write() is 'INSTEAD OF trigger of the API''s read-only views: refuses every write as insufficient privilege.';

-- Text as the shop's search compares it: lower case with accents and other marks removed, so
-- 'pantalon' finds 'Pantalón' and 'ALGODON' finds 'algodón' ('ñ' reads as 'n'). Immutable with
-- its dictionary named, so stored copies and the searched term are folded the same way.
create function private.search_fold(p_text text)
returns text
language sql
immutable parallel safe strict
set search_path to ''
as $$
  select lower(extensions.unaccent('extensions.unaccent'::regdictionary, p_text))
$$;
comment on function private.search_fold(text) is
  'Text as the shop''s search compares it: lower case, accents and marks removed (''pantalon'' finds ''Pantalón''); stored copies and search terms are folded alike.';
