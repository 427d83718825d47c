-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 08 · Shop cache: shop_page and the answers it remembers per catalogue version
--
-- Entry point: public.shop_page, the shop grid in one round trip (products, total and every facet).
-- It answers from private.shop_answers when the same question was computed in the last minute for
-- the same catalogue version, day and live campaigns, else through private.shop_query
-- (07_shop_query.sql). Every catalogue change raises private.shop_version (public.request_rebuild,
-- 12_publishing.sql).
-- ═════════════════════════════════════════════════════════════════════════════════════════════

-- ─── Answers remembered: one computation per shop state and catalogue version ───────────────
-- Shoppers ask for the same few states over and over (the shop as first opened, each category,
-- each size). shop_page remembers each answer for a minute, keyed by its arguments, the day in
-- Mexico City (campaigns end at midnight), the live campaigns (private.live_campaign_ids: an
-- announced campaign opens at its hour, with no write) and the catalogue's version. Every
-- catalogue change raises the version in the same transaction (public.request_rebuild), so an
-- answer computed before a change is never served after it commits; an answer computed before a
-- campaign opened is never served after it, nor one computed after before it (its start moved).
create table private.shop_version (
  only_row boolean primary key default true check (only_row),
  version bigint not null default 0
);
comment on table private.shop_version is 'The catalogue''s version: raised by every catalogue change (public.request_rebuild); remembered shop answers are keyed on it.';
insert into private.shop_version default values;

-- Unlogged: a lost answer is only computed again.
create unlogged table private.shop_answers (
  key text primary key,
  answer jsonb not null,
  created_at timestamptz not null default now()
);
comment on table private.shop_answers is 'shop_page answers remembered for a minute, keyed by md5 of (catalogue version, shop day, live campaigns, arguments).';

create function private.shop_page_remembered(p_category_id uuid, p_subcategory_id uuid, p_brand_id uuid, p_campaign_id uuid, p_price_range text, p_size_name text, p_search_term text, p_offset integer, p_limit integer, p_sort text default null)
returns jsonb
language plpgsql
volatile security definer
set search_path to ''
as $$
declare
  v_key text := md5(jsonb_build_array((select v.version from private.shop_version v), public.shop_today(),
    (select array_agg(live.id order by live.id) from private.live_campaign_ids() as live(id)),
    p_category_id, p_subcategory_id, p_brand_id, p_campaign_id, p_price_range, p_size_name, p_search_term, p_offset, p_limit,
    p_sort)::text);
  v_answer jsonb;
begin
  select a.answer into v_answer from private.shop_answers a where a.key = v_key and a.created_at > now() - interval '1 minute';
  if found then
    return v_answer;
  end if;
  v_answer := private.shop_query(p_category_id, p_subcategory_id, p_brand_id, p_campaign_id, p_price_range, p_size_name,
    p_search_term, p_offset, p_limit, array['categories', 'subcategories', 'brands', 'campaigns', 'sizes', 'price_ranges'], p_sort);
  insert into private.shop_answers as a (key, answer) values (v_key, v_answer)
  on conflict (key) do update set answer = excluded.answer, created_at = excluded.created_at;
  -- about one computation in a hundred also forgets the answers older than a minute, so the table
  -- holds about a minute of distinct states however many searches are typed
  if random() < 0.01 then
    delete from private.shop_answers a where a.created_at < now() - interval '1 minute';
  end if;
  return v_answer;
end
$$;
comment on function private.shop_page_remembered(uuid, uuid, uuid, uuid, text, text, text, integer, integer, text) is
  'shop_page''s answer from private.shop_answers when computed in the last minute for the same catalogue version, day and live campaigns, else computed by private.shop_query and remembered.';
grant execute on function private.shop_page_remembered(uuid, uuid, uuid, uuid, text, text, text, integer, integer, text) to anon, authenticated, service_role;


-- ─── What the API calls (caller's rights) ─────────────────────────────────────────────────────
create function public.shop_page(
  p_category_id uuid default null,
  p_subcategory_id uuid default null,
  p_brand_id uuid default null,
  p_campaign_id uuid default null,
  p_price_range text default null,
  p_size_name text default null,
  p_search_term text default null,
  p_offset integer default 0,
  p_limit integer default 12,
  p_sort text default null
)
returns jsonb
language sql
-- volatile: a computed answer is remembered (private.shop_answers), so the API calls it in a
-- read-write transaction (POST)
volatile
set search_path = ''
as $$
  select private.shop_page_remembered(p_category_id, p_subcategory_id, p_brand_id, p_campaign_id, p_price_range,
    p_size_name, p_search_term, p_offset, p_limit, p_sort)
$$;
comment on function public.shop_page(uuid, uuid, uuid, uuid, text, text, text, integer, integer, text) is 'Shop grid in one round trip: {total, products: page (max 100) in the order p_sort names (relevancia: featured first, then newest; nuevos; precio-asc; precio-desc; descuento; termina-pronto), facets: {categories, subcategories, brands, campaigns, sizes, price_ranges}}. Answers are remembered for a minute per catalogue version (private.shop_page_remembered).';
grant execute on function public.shop_page(uuid, uuid, uuid, uuid, text, text, text, integer, integer, text) to anon, authenticated;
