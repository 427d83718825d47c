/**
 * The filters section of `npm run bench`, on one throwaway stack with the demo: the catalogue grows
 * through the sizes of BENCH_CURVE (bulk products added to reach each size, never rebuilt from
 * scratch), and at each size every state class (state-classes.ts) is timed as `shop_page` computes it
 * when it has no remembered answer (`shop_query`: a state asked again is computed again). At
 * BENCH_PRODUCTS (100,000) every state is first asked once right after the load, with only the
 * load's own maintenance (the bulk seed vacuums and analyzes what it wrote before it returns), as a
 * shop that just imported its catalogue first hears each state; then the database is settled with
 * `vacuum analyze` (what autovacuum reaches minutes later) before the repeated timings, at every
 * size. Both are printed side by side (after-load.ts). At that size the first design is also timed on a few states of each class
 * (baseline-filters.ts), 32 clients call `shop_page` at once on a shopper-like mix of 200 states
 * (filter-states.ts), the back office's product list is timed on the same catalogue, and last a
 * large bulk action is made as an admin and every state asked once right after it (after-bulk.ts).
 */
import { createClient } from '@supabase/supabase-js';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { seedBulkProducts } from '../seed/index.ts';
import { startStack } from '../stack/index.ts';
import { type AdminCase, benchAdmin, runAdminLists } from './admin-lists.ts';
import { runAfterBulk } from './after-bulk.ts';
import { installBaseline } from './baseline-filters.ts';
import { readCatalogue, readClassCatalogue } from './catalogue.ts';
import type { AfterBulk, AfterLoad } from './after-load.ts';
import { type BaselineClass, type ClassTiming, type StateTiming, timeBaseline, timeClasses, timeOnce } from './class-timings.ts';
import { filterStates } from './filter-states.ts';
import { type LoadResult, loadRun } from './load.ts';
import { options, progress } from './options.ts';
import { type ClassState, stateClasses } from './state-classes.ts';

/** The state classes at one catalogue size. */
export interface CurvePoint {
  /** Bulk products asked for (on top of the demo). */
  size: number;
  products: number;
  visibleProducts: number;
  /** Seconds the bulk seed took to grow the catalogue to this size from the previous one. */
  seedSeconds: number;
  repeats: number;
  classes: ClassTiming[];
  /** The five slowest states (highest median). */
  slowest: StateTiming[];
  /** Every state's median and slowest sample, slowest first (in the JSON, for whoever tunes the SQL). */
  byState: StateTiming[];
}

export interface FiltersResult {
  /** BENCH_PRODUCTS: where the baseline, the load and the back office were measured. */
  mainSize: number;
  curve: CurvePoint[];
  /** The first design on a few states per class, at the main size. */
  baseline: BaselineClass[];
  load: LoadResult | null;
  /** The back office's product list on the same catalogue, at the main size. */
  admin: AdminCase[];
  /** Every state asked once right after the load at the main size, before the database settled. */
  afterLoad: AfterLoad | null;
  /** Every state asked once right after a large bulk action, at the main size (after-bulk.ts). */
  afterBulk: AfterBulk | null;
}

const noSession = { auth: { persistSession: false, autoRefreshToken: false } };

export async function runFilters(): Promise<FiltersResult> {
  const sizes = [...new Set([...options.curve, options.products])].sort((a, b) => a - b);
  const work = await mkdtemp(join(tmpdir(), 'outlet-bench-filters-'));
  // Postgres runs as its own user and must reach its data folder inside.
  await chmod(work, 0o755);
  progress(`filtros: iniciando una pila local desechable con el catálogo demo; tamaños ${sizes.join(', ')}…`);
  const stack = await startStack({ dataDir: join(work, 'data'), ...options.ports, seed: true, durable: false, log: () => undefined });
  const db = new pg.Client({ connectionString: stack.dbUrl });
  // a dropped connection fails the next query (and the stack is still stopped below), not the process
  db.on('error', (error) => progress(`filtros: conexión a la base de datos perdida: ${error.message}`));
  const result: FiltersResult = {
    mainSize: options.products,
    curve: [],
    baseline: [],
    load: null,
    admin: [],
    afterLoad: null,
    afterBulk: null,
  };
  try {
    await db.connect();
    const anon = createClient(stack.url, stack.anonKey, noSession);
    await installBaseline(db, anon);
    let seeded = 0;
    let states: ClassState[] | null = null;
    for (const size of sizes) {
      progress(`filtros: agregando ${(size - seeded).toLocaleString('es-MX')} productos (hasta ${size.toLocaleString('es-MX')})…`);
      const t = performance.now();
      await seedBulkProducts({
        url: stack.url,
        serviceRoleKey: stack.serviceRoleKey,
        dbUrl: stack.dbUrl,
        count: size - seeded,
        log: progress,
      });
      const seedSeconds = Math.round((performance.now() - t) / 100) / 10;
      seeded = size;
      // the same states at every size, drawn from the first catalogue, so the curve compares like with like
      // (read from public.products only, never the shop's tables the states read)
      states ??= stateClasses(await readClassCatalogue(db));
      if (size === options.products) {
        progress(`filtros: sembrado en ${seedSeconds} s; cada estado una vez, recién cargado (sin vacuum analyze aparte)…`);
        const fresh = await timeOnce(anon, states, 'shop-state-classes:after-load');
        result.afterLoad = { classes: fresh.classes, slowest: fresh.byState.slice(0, 10) };
      }
      progress(`filtros: sembrado en ${seedSeconds} s; vacuum analyze (lo que autovacuum alcanza minutos después)…`);
      await db.query('vacuum analyze');
      const { rows } = await db.query<{ all: string; visible: string }>(
        `select count(*) as all, count(*) filter (where c.fecha_fin >= public.shop_today()) as visible
           from public.products p join public.campaigns c on c.id = p.campaign_id`,
      );
      const products = Number(rows[0]?.all);
      const visibleProducts = Number(rows[0]?.visible);
      progress(
        `filtros: ${products.toLocaleString('es-MX')} productos, ${visibleProducts.toLocaleString('es-MX')} visibles; ${states.length} estados × ${options.repeats}…`,
      );
      const timings = await timeClasses(anon, states, options.repeats);
      result.curve.push({
        size,
        products,
        visibleProducts,
        seedSeconds,
        repeats: timings.repeats,
        classes: timings.classes,
        slowest: timings.byState.slice(0, 5),
        byState: timings.byState,
      });
      if (size !== options.products) continue;

      if (options.baselinePerClass > 0) result.baseline = await timeBaseline(anon, states, timings);
      if (options.loadSeconds > 0) {
        progress(`filtros: carga, ${options.clients} clientes durante ${options.loadSeconds} s…`);
        result.load = await loadRun(
          filterStates(await readCatalogue(db)),
          async (s) => {
            const { error, status } = await anon.rpc('shop_page', { ...s });
            return { status, error: error ? `${error.code ?? ''}: ${error.message}` : null };
          },
          options.clients,
          options.loadSeconds,
        );
        const l = result.load;
        progress(
          `filtros: carga: ${l.requestsPerSecond} peticiones/s, ${l.errors} errores (${l.throttled} por límite de ritmo), p95 ${l.latency.p95} ms`,
        );
      }
      const { rows: campaigns } = await db.query<{ id: string }>('select id::text from public.campaigns order by fecha_fin desc limit 1');
      const admin = await benchAdmin(stack.url, stack.anonKey, stack.serviceRoleKey);
      result.admin = await runAdminLists(admin, campaigns[0]?.id ?? null);
      result.afterBulk = await runAfterBulk(db, anon, admin, states);
    }
    return result;
  } finally {
    await db.end().catch(() => undefined);
    await stack.stop();
    await rm(work, { recursive: true, force: true });
  }
}
