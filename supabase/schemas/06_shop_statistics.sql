-- ═════════════════════════════════════════════════════════════════════════════════════════════
-- 06 · Shop statistics: the planner's figures refreshed after a large change
--
-- Entry points: private.refresh_shop_statistics and private.shop_statistics_stale, called by the
-- CSV import's batches and the bulk actions; private.shop_tables names the tables they cover (the
-- shop's cells and its copy of the products, 05_shop_cells.sql).
-- ═════════════════════════════════════════════════════════════════════════════════════════════

-- ─── Statistics after a large change ──────────────────────────────────────────────────────────
-- The planner chooses the shop's plans from each table's statistics, and a search reads the
-- trigram indexes' pending entries (GIN's fast update list) one by one until they are merged.
-- Autovacuum refreshes both, but only once a tenth or a fifth of a table has changed and a minute
-- or more after. So whatever changes many products at once refreshes them itself, in its own
-- transaction (ANALYZE counts the transaction's own rows): the CSV import's batches and the bulk
-- actions call private.refresh_shop_statistics when their change is large (a direct load, the bulk
-- seed, runs VACUUM (ANALYZE) after it commits, scripts/seed/bulk-pg.ts).
-- The shop's tables the products' changes write (kept by triggers): its copy of the products, the
-- cells, names and words. The shop's reads plan on these (the products themselves it reads by key).
create function private.shop_tables()
returns regclass[]
language sql
immutable
set search_path to ''
as $$
  select array[
    'private.shop_catalogue', 'private.shop_cells', 'private.shop_size_cells', 'private.shop_names',
    'private.shop_name_cells', 'private.shop_name_size_cells', 'private.shop_words', 'private.shop_word_cells',
    'private.shop_word_size_cells'
  ]::regclass[]
$$;
comment on function private.shop_tables() is
  'The shop''s tables the products'' changes write through triggers (its copy of the products, cells, names and words): those a large change refreshes the statistics of.';

-- A change is large when it adds, removes or changes more than 50 products plus 5% of the
-- catalogue (autovacuum analyzes after 50 plus 10%): the rows this transaction changed (p_pending)
-- plus the products the shop's copy grew by since the statistics were taken, measured as the
-- planner does (its pages now against those counted then, at the rows per page counted then; a
-- never analyzed table, 40 a page). Not pg_stat's counters: they reach other sessions up to seconds
-- late, and count an ANALYZE's own transaction's rows again after it commits.
create function private.shop_statistics_stale(p_pending bigint)
returns boolean
language sql
stable
security definer
set search_path to ''
as $$
  select coalesce(p_pending, 0)
      + abs(pg_catalog.pg_relation_size(c.oid) / current_setting('block_size')::bigint - c.relpages)
        * (case when c.relpages > 0 and c.reltuples >= 0 then c.reltuples / c.relpages else 40 end)
    > 50 + 0.05 * greatest(c.reltuples, 0)
  from pg_catalog.pg_class c
  where c.oid = 'private.shop_catalogue'::regclass
$$;
comment on function private.shop_statistics_stale(bigint) is
  'True when the shop''s statistics lag the catalogue by more than 50 products plus 5%: p_pending rows changed by this transaction plus the rows the shop''s copy of the catalogue grew by since the last ANALYZE.';

-- ANALYZE of the shop's tables and the trigram and size indexes' pending entries merged. Two
-- transactions never refresh at once (ANALYZE locks each table until its transaction ends, so the
-- second would wait for the first to finish): the second skips, the first one's statistics serve both.
create function private.refresh_shop_statistics()
returns boolean
language plpgsql
volatile
security definer
set search_path to ''
as $$
declare
  v_table regclass;
  v_index regclass;
begin
  if not pg_try_advisory_xact_lock(hashtextextended('refresh_shop_statistics', 0)) then
    return false;
  end if;
  foreach v_table in array private.shop_tables() loop
    execute format('analyze %s', v_table);
  end loop;
  for v_index in
    select i.indexrelid::regclass
    from pg_catalog.pg_index i
    join pg_catalog.pg_class x on x.oid = i.indexrelid
    join pg_catalog.pg_am a on a.oid = x.relam
    where a.amname = 'gin' and i.indrelid = any (private.shop_tables())
  loop
    perform pg_catalog.gin_clean_pending_list(v_index);
  end loop;
  return true;
end
$$;
comment on function private.refresh_shop_statistics() is
  'ANALYZE of the shop''s tables (private.shop_tables) and their GIN indexes'' pending entries merged, in the calling transaction; false when another transaction is refreshing them. Called after large changes (the CSV import''s batches, bulk actions).';
-- the import and the bulk actions run with their caller's rights (an admin, or the service role)
grant execute on function private.refresh_shop_statistics(), private.shop_statistics_stale(bigint) to authenticated, service_role;
