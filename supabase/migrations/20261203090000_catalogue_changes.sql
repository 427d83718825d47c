-- A build reads again only the products changed since the last one read the catalogue: every write
-- to the catalogue records which products it changed (private.catalogue_changes).

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

alter table private.catalogue_changes enable row level security;
