-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 12 · Publishing: rebuild requests and publications
--
-- Entry points: public.request_publication, public.start_publication,
-- public.finish_publication, public.fail_publication and public.publication_state (the publish
-- workflow and the local worker); public.request_rebuild, the statement trigger on every table
-- the shop prints; private.catalogue_changed_since (the products changed since a build read the
-- catalogue).
--
-- The shop is static. Every catalogue change (back office, import or plain SQL) records a row in
-- rebuild_requests through statement triggers and notifies listeners; the local rebuild worker or
-- the publish workflow builds the shop and records each attempt in publications.
-- ═════════════════════════════════════════════════════════════════════════════════════════════

-- ─── Tables ───────────────────────────────────────────────────────────────────────────────────
create table public.publications (
  id bigint generated always as identity primary key,
  trigger text not null check (trigger in ('admin', 'manual', 'schedule', 'midnight', 'local')),
  status text not null default 'requested'
    check (status in ('requested', 'building', 'published', 'failed', 'skipped')),
  requested_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  commit_sha text check (char_length(commit_sha) <= 64),
  pages integer check (pages >= 0),
  duration_ms integer check (duration_ms >= 0),
  error text check (char_length(error) <= 2000)
);
comment on table public.publications is 'One row per publication of the static shop (requested, building, published, failed or skipped), for the back office status.';
grant select on table public.publications to authenticated;
create index publications_requested_at_idx on public.publications (requested_at desc);

create table public.rebuild_requests (
  id bigint generated always as identity primary key,
  reason text not null,
  status text not null default 'pending' check (status in ('pending', 'building', 'published', 'failed')),
  requested_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz,
  error text,
  -- the publication that claimed this request (05: start_publication)
  publication_id bigint references public.publications (id) on delete set null
);
comment on table public.rebuild_requests is 'Requests to rebuild the static storefront, written by triggers on catalogue tables; the admin reads when the shop was last published.';
grant select on table public.rebuild_requests to authenticated;
create index rebuild_requests_finished_idx on public.rebuild_requests (finished_at desc) where status = 'published';
create index rebuild_requests_pending_idx on public.rebuild_requests (requested_at) where status = 'pending';
create index rebuild_requests_publication_idx on public.rebuild_requests (publication_id);

-- ─── Rebuild requests ─────────────────────────────────────────────────────────────────────────
-- request_rebuild() is a statement trigger, and a statement trigger fires even when the statement
-- touched no row. A signed-in user without the admin claim holds UPDATE and DELETE on the
-- catalogue tables (row-level security then lets them reach no row), so any such user could send
-- `PATCH /rest/v1/products?id=not.is.null` and record a rebuild request that changed nothing,
-- over and over: each one rebuilds the local shop and makes the next scheduled publication run.
-- Only an admin, the service role or a direct database session can change these tables, so only
-- their statements record a request. Requests are coalesced: while one is pending, a new change
-- adds its reason to it instead of adding a row.
create function public.request_rebuild()
returns trigger
language plpgsql
security definer -- writers (admins) have no insert right on rebuild_requests
set search_path = ''
as $$
declare
  why text := tg_table_name || ' ' || lower(tg_op);
begin
  -- the shop's public and signed-in users without the admin claim can change no catalogue row
  if coalesce(auth.jwt() ->> 'role', '') in ('anon', 'authenticated') and not public.is_admin() then
    return null;
  end if;
  -- the shop's remembered answers (03: private.shop_answers) are keyed on this version
  update private.shop_version set version = version + 1;
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
comment on function public.request_rebuild() is 'Statement trigger: raises the catalogue version (private.shop_version), records (coalesced) that the static shop must be rebuilt and notifies listeners.';

-- Every catalogue change asks for a rebuild: a statement trigger on each table the shop prints.
create trigger campaigns_request_rebuild
  after insert or delete or update or truncate on public.campaigns
  for each statement execute function public.request_rebuild();

-- Holds change only apartadas and what follows from it (sizes, agotado): the pages are not rebuilt
-- for them, since a product page and the shop's lists read a size's state live. Sales change
-- existencias, which are rebuilt. A new column of products belongs in this list unless it is such
-- a live count.
create trigger products_request_rebuild
  after insert or delete or truncate
     or update of id, campaign_id, category_id, subcategory_id, brand_id, marca, nombre, precio_original, precio_venta,
                  descripcion, imagen_principal, permalink, destacado, created_at, orden_destacado, existencias
  on public.products
  for each statement execute function public.request_rebuild();

create trigger product_images_request_rebuild
  after insert or delete or update or truncate on public.product_images
  for each statement execute function public.request_rebuild();

create trigger product_sizes_request_rebuild
  after insert or delete or truncate or update of id, product_id, talla, existencias on public.product_sizes
  for each statement execute function public.request_rebuild();

create trigger categories_request_rebuild
  after insert or delete or update or truncate on public.categories
  for each statement execute function public.request_rebuild();

create trigger subcategories_request_rebuild
  after insert or delete or update or truncate on public.subcategories
  for each statement execute function public.request_rebuild();

create trigger brands_request_rebuild
  after insert or delete or update or truncate on public.brands
  for each statement execute function public.request_rebuild();

create trigger size_guides_request_rebuild
  after insert or delete or update or truncate on public.size_guides
  for each statement execute function public.request_rebuild();

create trigger featured_categories_request_rebuild
  after insert or delete or update or truncate on public.featured_categories
  for each statement execute function public.request_rebuild();

create trigger banner_images_request_rebuild
  after insert or delete or update or truncate on public.banner_images
  for each statement execute function public.request_rebuild();

create trigger hero_images_request_rebuild
  after insert or delete or update or truncate on public.hero_images
  for each statement execute function public.request_rebuild();

create trigger shop_settings_request_rebuild
  after insert or delete or update or truncate on public.shop_settings
  for each statement execute function public.request_rebuild();

-- ─── Publications (called by the publish workflow and the local worker) ───────────────────────
-- A publication stays 'building' until its build reports back. If the build never does (the CI
-- job was cancelled, the local worker crashed), the changes it claimed would never be published.
-- A publication still building after 70 minutes (the publish workflow's own limit is 60) is
-- closed as failed and the rebuild requests it claimed return to 'pending', so the next
-- publication carries them. Every decision to publish and every build start runs this first; the
-- local worker, the only builder on its machine, runs it with no wait when it starts.
create function private.reclaim_stalled_publications(p_older_than interval default interval '70 minutes')
returns integer
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_ids bigint[];
begin
  with stalled as (
    update public.publications
       set status = 'failed', finished_at = now(),
           error = 'La publicación no terminó; sus cambios se publicarán en la siguiente.'
     where status = 'building' and started_at <= now() - p_older_than
    returning id
  )
  select coalesce(array_agg(id), '{}') into v_ids from stalled;
  if cardinality(v_ids) > 0 then
    update public.rebuild_requests
       set status = 'pending', started_at = null, publication_id = null
     where status = 'building' and publication_id = any (v_ids);
  end if;
  -- requests claimed by no publication at all (claimed before publications existed) also return
  update public.rebuild_requests
     set status = 'pending', started_at = null
   where status = 'building' and publication_id is null and started_at <= now() - p_older_than;
  return cardinality(v_ids);
end
$$;
comment on function private.reclaim_stalled_publications(interval) is 'Fails publications building for longer than p_older_than and puts the requests they claimed back to pending.';
grant execute on function private.reclaim_stalled_publications(interval) to service_role;

create function public.request_publication(p_trigger text, p_force boolean default false)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_waiting bigint;
  v_id bigint;
begin
  -- one decision at a time, so two simultaneous asks cannot both dispatch
  perform pg_advisory_xact_lock(hashtext('public.request_publication'));
  perform private.reclaim_stalled_publications();

  update public.publications
     set status = 'failed', finished_at = now(), error = 'La publicación no inició en 15 minutos.'
   where status = 'requested' and requested_at < now() - interval '15 minutes';

  select p.id into v_waiting from public.publications p where p.status = 'requested' order by p.id limit 1;
  if v_waiting is not null then
    return jsonb_build_object('dispatch', false, 'publication_id', v_waiting, 'reason', 'coalesced');
  end if;

  if not p_force and not exists (select 1 from public.rebuild_requests r where r.status = 'pending') then
    return jsonb_build_object('dispatch', false, 'publication_id', null, 'reason', 'nothing_pending');
  end if;

  insert into public.publications (trigger) values (p_trigger) returning id into v_id;
  perform pg_notify('publication_requested', v_id::text);
  return jsonb_build_object('dispatch', true, 'publication_id', v_id, 'reason', 'dispatched');
end
$$;
comment on function public.request_publication(text, boolean) is 'Service role: decides whether to dispatch a publication (pending requests, none waiting to start) and records it.';

-- A dispatch that could not be sent (the CI or deploy hook refused it) ends its publication.
create function public.fail_publication(p_id bigint, p_error text)
returns void
language sql
volatile
set search_path = ''
as $$
  update public.publications
     set status = 'failed', finished_at = now(), error = left(coalesce(p_error, 'Error desconocido'), 2000)
   where id = p_id and status in ('requested', 'building');
$$;
comment on function public.fail_publication(bigint, text) is
  'Ends a publication whose dispatch could not be sent (the CI or deploy hook refused it) as failed, with the error. Service role only.';

create function public.start_publication(
  p_trigger text,
  p_publication_id bigint default null,
  p_commit_sha text default null
)
returns bigint
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_id bigint;
begin
  perform private.reclaim_stalled_publications();
  if p_publication_id is not null then
    update public.publications
       set status = 'building', started_at = now(), commit_sha = p_commit_sha
     where id = p_publication_id and status = 'requested'
    returning id into v_id;
  end if;
  if v_id is null then
    insert into public.publications (trigger, status, started_at, commit_sha)
    values (p_trigger, 'building', now(), p_commit_sha)
    returning id into v_id;
  end if;
  update public.publications
     set status = 'skipped', finished_at = now(), error = 'Incluida en la publicación ' || v_id || '.'
   where status = 'requested' and id <> v_id;
  update public.rebuild_requests
     set status = 'building', started_at = now(), publication_id = v_id
   where status = 'pending';
  return v_id;
end
$$;
comment on function public.start_publication(text, bigint, text) is
  'A build starts: marks the requested publication (or a new one) as building and claims the pending rebuild requests; stalled publications are reclaimed first. Service role only.';

-- A build ends: published (with its page count and duration) or failed (with the error). The
-- requests it claimed end the same way; after a failure `npm run publish:check` retries on the
-- next scheduled run.
create function public.finish_publication(
  p_id bigint,
  p_ok boolean,
  p_pages integer default null,
  p_duration_ms integer default null,
  p_error text default null
)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  v_error text := case when p_ok then null else left(coalesce(p_error, 'Error desconocido'), 2000) end;
begin
  update public.publications
     set status = case when p_ok then 'published' else 'failed' end,
         finished_at = now(), pages = p_pages, duration_ms = p_duration_ms, error = v_error
   where id = p_id;
  update public.rebuild_requests
     set status = case when p_ok then 'published' else 'failed' end, finished_at = now(), error = v_error
   where publication_id = p_id;
end
$$;
comment on function public.finish_publication(bigint, boolean, integer, integer, text) is
  'A build ends: published (page count, duration) or failed (error); the requests it claimed end the same way. Service role only.';

-- What `npm run publish:check` decides on: pending requests, the last finished publication, and
-- every campaign's dates (a campaign that started or ended since then changes the static pages; so
-- does an announcement that went up, and an announced campaign that opened: 'announce' and 'opens').
create function public.publication_state()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'pending', (select count(*) from public.rebuild_requests r where r.status = 'pending'),
    'last', (
      select jsonb_build_object('status', p.status, 'finished_at', p.finished_at)
      from public.publications p
      where p.status in ('published', 'failed')
      order by p.finished_at desc
      limit 1
    ),
    'campaigns', coalesce((
      select jsonb_agg(jsonb_build_object('start', c.fecha_inicio, 'end', c.fecha_fin, 'announce', c.anuncio_desde,
                                          'opens', case when c.anuncio_desde is not null then c.inicia_en end)
                       order by c.fecha_inicio)
      from public.campaigns c
    ), '[]'::jsonb)
  )
$$;
comment on function public.publication_state() is
  'What npm run publish:check decides on: pending rebuild requests, the last finished publication and every campaign''s dates (start, end, announce: the announcement''s day, opens: an announced campaign''s opening instant). Service role only.';

-- ─── Which products changed since a build read the catalogue ─────────────────────────────────
-- The local rebuild worker keeps the catalogue it read for one build and, for the next, reads again
-- only the products changed since (scripts/lib/kept-catalogue.ts): reading 50,000 products took
-- most of an edit's wait. Every write to a product, its sizes (their pieces and holds included) or
-- its images records the product's id here, in the writing transaction; a row written of what many
-- products print with them (a campaign, category, subcategory, brand or size guide), or a
-- truncate, records a row without a product: read everything again. A statement that changes no
-- row (one that row-level security filtered to nothing) records nothing. A reader asks for the rows of
-- the transactions its last read could not see (private.catalogue_changed_since, by that read's
-- snapshot), so a transaction that commits after a later one is never missed. Rows are kept one day.
create table private.catalogue_changes (
  txid xid8 not null default pg_current_xact_id(),
  recorded_at timestamptz not null default clock_timestamp(),
  -- null: every product
  product_id uuid
);
comment on table private.catalogue_changes is 'The products each transaction changed (null: every product), so a build reads again only those: see private.catalogue_changed_since. Kept one day.';
create index catalogue_changes_txid_idx on private.catalogue_changes (txid);
create index catalogue_changes_recorded_at_idx on private.catalogue_changes (recorded_at);

-- Rows older than a day are dropped as new ones arrive: a reader whose last read is older reads everything.
create function private.forget_old_catalogue_changes()
returns void
language sql
set search_path = ''
as $$
  delete from private.catalogue_changes where recorded_at < clock_timestamp() - interval '1 day'
$$;
comment on function private.forget_old_catalogue_changes() is 'Drops the records of catalogue changes older than a day (readers older than that read the whole catalogue).';

-- Statement triggers of products (tg_argv[0] = 'id') and of its sizes and images ('product_id'),
-- with their rows before and after as transition tables old_rows and new_rows.
create function private.record_changed_products()
returns trigger
language plpgsql
security definer -- writes private.catalogue_changes, which no API role may write
set search_path = ''
as $$
begin
  if tg_op in ('INSERT', 'UPDATE') then
    execute format('insert into private.catalogue_changes (product_id) select distinct %I from new_rows', tg_argv[0]);
  end if;
  if tg_op in ('UPDATE', 'DELETE') then
    execute format('insert into private.catalogue_changes (product_id) select distinct %I from old_rows', tg_argv[0]);
  end if;
  perform private.forget_old_catalogue_changes();
  return null;
end
$$;
comment on function private.record_changed_products() is 'Records the ids of the products a statement wrote (the rows themselves, or the products of the sizes or images written).';

create trigger products_record_inserted after insert on public.products
  referencing new table as new_rows for each statement execute function private.record_changed_products('id');
create trigger products_record_updated after update on public.products
  referencing old table as old_rows new table as new_rows for each statement execute function private.record_changed_products('id');
create trigger products_record_deleted after delete on public.products
  referencing old table as old_rows for each statement execute function private.record_changed_products('id');
create trigger product_sizes_record_inserted after insert on public.product_sizes
  referencing new table as new_rows for each statement execute function private.record_changed_products('product_id');
create trigger product_sizes_record_updated after update on public.product_sizes
  referencing old table as old_rows new table as new_rows for each statement execute function private.record_changed_products('product_id');
create trigger product_sizes_record_deleted after delete on public.product_sizes
  referencing old table as old_rows for each statement execute function private.record_changed_products('product_id');
create trigger product_images_record_inserted after insert on public.product_images
  referencing new table as new_rows for each statement execute function private.record_changed_products('product_id');
create trigger product_images_record_updated after update on public.product_images
  referencing old table as old_rows new table as new_rows for each statement execute function private.record_changed_products('product_id');
create trigger product_images_record_deleted after delete on public.product_images
  referencing old table as old_rows for each statement execute function private.record_changed_products('product_id');


-- Row triggers of the tables many products print (a statement that changes no row records nothing),
-- and the truncate triggers of every catalogue table.
create function private.record_changed_catalogue()
returns trigger
language plpgsql
security definer -- writes private.catalogue_changes, which no API role may write
set search_path = ''
as $$
begin
  insert into private.catalogue_changes (product_id) values (null);
  perform private.forget_old_catalogue_changes();
  return null;
end
$$;
comment on function private.record_changed_catalogue() is 'Records a change to every product: a row of a campaign, category, subcategory, brand or size guide written, or a catalogue table truncated.';

create trigger products_record_truncated after truncate on public.products
  for each statement execute function private.record_changed_catalogue();
create trigger product_sizes_record_truncated after truncate on public.product_sizes
  for each statement execute function private.record_changed_catalogue();
create trigger product_images_record_truncated after truncate on public.product_images
  for each statement execute function private.record_changed_catalogue();
create trigger campaigns_record_changed after insert or delete or update on public.campaigns
  for each row execute function private.record_changed_catalogue();
create trigger campaigns_record_truncated after truncate on public.campaigns
  for each statement execute function private.record_changed_catalogue();
create trigger categories_record_changed after insert or delete or update on public.categories
  for each row execute function private.record_changed_catalogue();
create trigger categories_record_truncated after truncate on public.categories
  for each statement execute function private.record_changed_catalogue();
create trigger subcategories_record_changed after insert or delete or update on public.subcategories
  for each row execute function private.record_changed_catalogue();
create trigger subcategories_record_truncated after truncate on public.subcategories
  for each statement execute function private.record_changed_catalogue();
create trigger brands_record_changed after insert or delete or update on public.brands
  for each row execute function private.record_changed_catalogue();
create trigger brands_record_truncated after truncate on public.brands
  for each statement execute function private.record_changed_catalogue();
create trigger size_guides_record_changed after insert or delete or update on public.size_guides
  for each row execute function private.record_changed_catalogue();
create trigger size_guides_record_truncated after truncate on public.size_guides
  for each statement execute function private.record_changed_catalogue();

-- What a reader whose last read saw the snapshot p_since must read again: the products of every
-- transaction that snapshot could not see (still running, or begun after it), null for every one.
create function private.catalogue_changed_since(p_since pg_snapshot)
returns table (product_id uuid)
language sql
stable
set search_path = ''
as $$
  select distinct c.product_id
    from private.catalogue_changes c
   where c.txid >= pg_snapshot_xmin(p_since)
     and not pg_visible_in_snapshot(c.txid, p_since)
$$;
comment on function private.catalogue_changed_since(pg_snapshot) is 'The products changed by the transactions the snapshot p_since could not see (null: every product). Read with the snapshot of the read it follows.';
grant execute on function private.catalogue_changed_since(pg_snapshot) to service_role;
