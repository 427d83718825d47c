-- ─── Rebuild requests ──────────────────────────────────────────────────────────────────────
-- The storefront's pages are static. Every change to what they show (campaigns, products and
-- their images and sizes, categories, brands, featured categories, banners, hero images) asks for
-- a rebuild here, whatever made it: the back office, an import, plain SQL. The local worker
-- (scripts/rebuild) listens on the 'rebuild_requested' channel; a scheduled job can poll for
-- pending rows. Rows are coalesced: while one request is pending, later changes join it.

create table public.rebuild_requests (
  id bigint generated always as identity primary key,
  reason text not null,
  status text not null default 'pending' check (status in ('pending', 'building', 'published', 'failed')),
  requested_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  error text
);
comment on table public.rebuild_requests is
  'Requests to rebuild the static storefront, written by triggers on catalogue tables; the admin reads when the shop was last published.';
create index rebuild_requests_pending_idx on public.rebuild_requests (requested_at) where status = 'pending';
create index rebuild_requests_finished_idx on public.rebuild_requests (finished_at desc) where status = 'published';

alter table public.rebuild_requests enable row level security;
revoke all on public.rebuild_requests from anon, authenticated;
grant select on public.rebuild_requests to authenticated;
grant all on public.rebuild_requests to service_role;
create policy rebuild_requests_admin_read on public.rebuild_requests
  for select to authenticated using ((select public.is_admin()));

create or replace function public.request_rebuild()
returns trigger
language plpgsql
security definer -- writers (admins) have no insert right on rebuild_requests
set search_path = ''
as $$
declare
  why text := tg_table_name || ' ' || lower(tg_op);
begin
  update public.rebuild_requests
     set reason = left(reason || ', ' || why, 500)
   where status = 'pending' and position(why in reason) = 0;
  if not exists (select 1 from public.rebuild_requests where status = 'pending') then
    insert into public.rebuild_requests (reason) values (why);
  end if;
  perform pg_notify('rebuild_requested', why);
  return null;
end;
$$;
comment on function public.request_rebuild() is 'Statement trigger: records (coalesced) that the static shop must be rebuilt and notifies listeners.';
revoke execute on function public.request_rebuild() from public, anon, authenticated;

do $$
declare
  t text;
begin
  foreach t in array array[
    'campaigns', 'products', 'product_images', 'product_sizes', 'categories', 'subcategories',
    'brands', 'featured_categories', 'banner_images', 'hero_images'
  ] loop
    execute format(
      'create trigger %I after insert or update or delete or truncate on public.%I
         for each statement execute function public.request_rebuild()',
      t || '_request_rebuild', t
    );
  end loop;
end
$$;
