/**
 * Where the bulk seed reads its references and writes its rows over a direct Postgres connection
 * as the tables' owner: the whole seed is one transaction (all or nothing), each batch four
 * `insert … select from unnest(…)` statements, one per table, so the catalogue's statement-level
 * triggers run once per batch. For a large seed (REBUILD_FROM products or more) the indexes of the
 * tables filled that back no constraint (the trigram and lookup indexes; never a primary key or a
 * unique one, which the seed's upserts and the triggers use) are dropped inside the transaction
 * and built again before it commits, as a restore does: growing an index row by row gets slower
 * as it grows (with them, through the API, 440,000 products took 342 s and the rate kept falling),
 * building it once takes seconds. Likewise the shop's facet cells (kept by statement triggers on
 * products, which a batch fires three times: its insert, then its sizes and images copied onto the
 * products) are not updated batch by batch: the triggers are disabled for the transaction and the
 * cells counted once from every product before it commits (private.shop_cells_rebuild).
 *
 * Before it returns, every table the seed wrote is vacuumed and analyzed (VACUUM cannot run inside
 * the transaction, so right after it commits): the planner's statistics then describe the new
 * catalogue, the trigram indexes hold no pending entries, and the pages are marked all-visible, so
 * the shop's index-only walks skip the table from the first request, and autovacuum has nothing
 * left to catch up on while shoppers arrive. Rows are frozen (a row the load locked, as the cells
 * triggers do, keeps its page unmarked until then) and index cleanup is forced (skipped when few rows
 * are dead, a page keeping a dead row's slot is not marked). The commit waits for its WAL to be flushed (even on a
 * stack run without synchronous commits): VACUUM cannot mark pages of a commit not yet flushed.
 */
import pg from 'pg';
import type { BulkRows, BulkStore } from './bulk-store.ts';

const REBUILD_FROM = 50_000;
/** Tables whose indexes a large seed rebuilds: those it fills, and the shop's copy of the products (kept by triggers). */
const REBUILT_TABLES = ['public.products', 'public.product_sizes', 'public.product_images', 'private.shop_catalogue'];
/** The products' triggers that keep the shop's cells, off during a large seed. */
const CELLS_TRIGGERS = 'disable trigger products_shop_cells_insert, disable trigger products_shop_cells_update';
/** Written besides the shop's tables (private.shop_tables(), by the triggers): the products' own and the history (a row per row written). */
const ALSO_WRITTEN = ['public.products', 'public.product_sizes', 'public.product_images', 'public.product_private', 'public.audit_changes'];

/** Column name and Postgres array type of each table written. */
const TABLES = {
  products: {
    id: 'uuid',
    campaign_id: 'uuid',
    category_id: 'uuid',
    subcategory_id: 'uuid',
    brand_id: 'uuid',
    marca: 'text',
    nombre: 'text',
    precio_original: 'numeric',
    precio_venta: 'numeric',
    descripcion: 'text',
    imagen_principal: 'text',
    permalink: 'text',
    destacado: 'boolean',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  },
  product_private: { product_id: 'uuid', costo_compra: 'numeric', link_externo: 'text' },
  product_images: { product_id: 'uuid', image_url: 'text', orden: 'integer' },
  product_sizes: { product_id: 'uuid', talla: 'text' },
} as const;

/**
 * Rounds of VACUUM at most: a page stays unmarked while a transaction that began before the load
 * committed is still running (autovacuum analyzing another table, say), so the tables left with
 * unmarked pages are vacuumed again a second later.
 */
const VACUUM_ROUNDS = 5;

/** The tables whose pages are not all marked all-visible. */
async function unmarked(db: pg.Client, tables: string[]): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select t::text as name from unnest($1::regclass[]) as t join pg_class c on c.oid = t where c.relallvisible < c.relpages`,
    [tables],
  );
  return rows.map((r) => r.name);
}

/** `insert into public.<table> (…) select * from unnest($1::t1[], …)` and its column arrays. */
function insert(table: keyof typeof TABLES, rows: readonly object[], suffix = ''): [string, unknown[][]] {
  const columns = Object.entries(TABLES[table]);
  const text = `insert into public.${table} (${columns.map(([c]) => c).join(', ')})
    select * from unnest(${columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')}) ${suffix}`;
  return [text, columns.map(([c]) => rows.map((r) => (r as Record<string, unknown>)[c] ?? null))];
}

export function pgStore(dbUrl: string): BulkStore {
  const db = new pg.Client({ connectionString: dbUrl });
  let rebuild: string[] = [];
  let recount = false;
  return {
    async read() {
      await db.connect();
      const rows = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows;
      // the same pictures the API store reads: the 3000 oldest products' and their galleries
      const main = await rows<{ id: string; subcategoryId: string | null; url: string }>(
        `select id, subcategory_id::text as "subcategoryId", imagen_principal as url from public.products
          where imagen_principal is not null order by created_at limit 3000`,
      );
      return {
        campaigns: await rows(`select id::text, to_char(fecha_fin, 'YYYY-MM-DD') as fecha_fin from public.campaigns order by id`),
        brands: await rows('select id::text, name from public.brands order by id'),
        categories: await rows('select id::text, nombre from public.categories order by id'),
        subcategories: await rows('select id::text, nombre, category_id::text from public.subcategories order by id'),
        images: {
          main: main.map(({ subcategoryId, url }) => ({ subcategoryId, url })),
          gallery: await rows(
            `select p.subcategory_id::text as "subcategoryId", i.image_url as url
               from public.product_images i join public.products p on p.id = i.product_id where p.id = any($1::uuid[])`,
            [main.map((m) => m.id)],
          ),
        },
        permalinks: (await rows<{ permalink: string }>('select permalink from public.products')).map((p) => p.permalink),
      };
    },
    async start(count: number) {
      await db.query('begin');
      // memory for building the indexes again
      await db.query(`set local maintenance_work_mem = '512MB'`);
      await db.query('set local synchronous_commit = on');
      if (count < REBUILD_FROM) return;
      const { rows } = await db.query<{ name: string; def: string }>(
        `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
           from pg_index i
          where not i.indisunique and not i.indisprimary and i.indrelid = any($1::regclass[])
            and pg_get_userbyid((select t.relowner from pg_class t where t.oid = i.indrelid)) = current_user`,
        [REBUILT_TABLES],
      );
      for (const { name } of rows) await db.query(`drop index ${name}`);
      rebuild = rows.map((r) => r.def);
      await db.query(`alter table public.products ${CELLS_TRIGGERS}`);
      recount = true;
    },
    async write(rows: BulkRows) {
      for (const [text, values] of [
        insert('products', rows.products),
        insert(
          'product_private',
          rows.privates,
          'on conflict (product_id) do update set costo_compra = excluded.costo_compra, link_externo = excluded.link_externo',
        ),
        insert('product_images', rows.images),
        insert('product_sizes', rows.sizes),
      ])
        await db.query(text, values);
    },
    async finish() {
      if (recount) {
        await db.query('select private.shop_cells_rebuild()');
        await db.query(`alter table public.products ${CELLS_TRIGGERS.replaceAll('disable', 'enable')}`);
      }
      for (const def of rebuild) await db.query(def);
      await db.query('commit');
      const { rows } = await db.query<{ name: string }>('select unnest(private.shop_tables())::text as name');
      let tables = [...rows.map((r) => r.name), ...ALSO_WRITTEN];
      for (let round = 1; tables.length > 0; round++) {
        for (const table of tables) await db.query(`vacuum (freeze, ${round === 1 ? 'analyze, ' : ''}index_cleanup on) ${table}`);
        if (round === VACUUM_ROUNDS) break;
        tables = await unmarked(db, tables);
        if (tables.length > 0) await new Promise((r) => setTimeout(r, 1000));
      }
    },
    async close() {
      // without finish() (a failure), the transaction and the dropped indexes roll back
      await db.end();
    },
  };
}
