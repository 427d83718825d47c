-- ─── Admin product reads: owner's rights only behind the API ─────────────────────────────────
-- admin_products and admin_product run with their owner's rights so the admin search can use the
-- trigram index (20261121001100). Served by PostgREST as such, one careless edit of their bodies
-- would hand product_private to any signed-in user. They now live in the schema `private`, which
-- PostgREST does not serve; the API keeps functions of the same names and arguments that run with
-- the caller's rights and only call them. The owner's functions still refuse anyone but an admin
-- first (private.assert_admin()).
alter function public.admin_products(text, uuid, boolean, text, integer, integer) set schema private;
alter function public.admin_product(uuid) set schema private;
revoke all on function private.admin_products(text, uuid, boolean, text, integer, integer), private.admin_product(uuid)
  from public, anon;
grant execute on function private.admin_products(text, uuid, boolean, text, integer, integer), private.admin_product(uuid)
  to authenticated, service_role;

create function public.admin_products(
  p_search text default null,
  p_campaign_id uuid default null,
  p_only_active boolean default false,
  p_sort text default 'recent',
  p_offset integer default 0,
  p_limit integer default 50
)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select private.admin_products(p_search, p_campaign_id, p_only_active, p_sort, p_offset, p_limit)
$$;
comment on function public.admin_products(text, uuid, boolean, text, integer, integer) is
  'Admin products list: {total (matching), total_all (every product), rows (admin_product_json, page p_offset/p_limit), permalink_match (search = a permalink)}. p_sort recent | top_discount | top_profit (top 1000 of non-expired campaigns). Search is case-insensitive on nombre, marca, descripcion, permalink and id.';

create function public.admin_product(p_id uuid)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select private.admin_product(p_id)
$$;
comment on function public.admin_product(uuid) is 'Admin: one product in the admin list shape, or null.';

revoke all on function public.admin_products(text, uuid, boolean, text, integer, integer), public.admin_product(uuid)
  from public, anon;
grant execute on function public.admin_products(text, uuid, boolean, text, integer, integer), public.admin_product(uuid)
  to authenticated, service_role;
