/**
 * The filters section of `npm run bench`, on a throwaway stack with the demo plus BENCH_PRODUCTS
 * bulk products: the named cases of the shop grid, the first design beside each (baseline-filters.ts),
 * the fixed mix of 200 filter states one after the other, the same mix under load, and the back
 * office's product list on the same catalogue.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { seedBulkProducts } from '../seed/index.ts';
import { startStack } from '../stack/index.ts';
import { type AdminCase, runAdminLists } from './admin-lists.ts';
import { baselineFilterChange, installBaseline, shopPage } from './baseline-filters.ts';
import { readCatalogue } from './catalogue.ts';
import { filterStates, PAGE_SIZE, type ShopPageArgs, shopPageArgs } from './filter-states.ts';
import { type LoadResult, loadRun } from './load.ts';
import { options, progress } from './options.ts';
import { sample, type Timing, timed, timing } from './stats.ts';

export interface NamedCase {
  name: string;
  state: ShopPageArgs;
  ours: Timing;
  /** `shop_page` calls cut by anon's 3 s statement timeout. */
  oursTimeouts: number;
  baseline: Timing;
  /** Requests of the first design cut by anon's 3 s statement timeout, over every call made. */
  baselineTimeouts: number;
  /** baseline p50 / ours p50 */
  ratio: number;
}

export interface FiltersResult {
  products: number;
  visibleProducts: number;
  runs: number;
  baselineRuns: number;
  named: NamedCase[];
  mix: {
    states: number;
    ours: Timing;
    oursTimeouts: number;
    /** Every BENCH_BASELINE_STATES-th state timed once each way. */
    subset: { states: number; ours: Timing; baseline: Timing; baselineTimeouts: number; ratio: number };
  };
  load: LoadResult;
  /** The back office's product list on the same catalogue. */
  admin: AdminCase[];
}

const noSession = { auth: { persistSession: false, autoRefreshToken: false } };
const ratio = (baseline: Timing, ours: Timing) => Math.round((baseline.p50 / ours.p50) * 10) / 10;

interface Facet {
  id: string;
  product_count: number;
}

/** The named cases: the largest category and its most common size, as a shopper would pick them. */
async function namedStates(anon: SupabaseClient): Promise<{ name: string; state: ShopPageArgs }[]> {
  const first = await anon.rpc('shop_page', shopPageArgs({}));
  if (first.error) throw new Error(`shop_page: ${first.error.message}`);
  const largest = (list: Facet[]) => [...list].sort((a, b) => b.product_count - a.product_count)[0]?.id ?? null;
  const category = largest(first.data.facets.categories as Facet[]);
  const inCategory = await anon.rpc('shop_page', shopPageArgs({ p_category_id: category }));
  if (inCategory.error) throw new Error(`shop_page: ${inCategory.error.message}`);
  const size = largest(inCategory.data.facets.sizes as Facet[]);
  return [
    { name: 'página 1 con todas las facetas, sin filtros', state: shopPageArgs({}) },
    { name: 'categoría', state: shopPageArgs({ p_category_id: category }) },
    { name: `categoría + talla ${size}`, state: shopPageArgs({ p_category_id: category, p_size_name: size }) },
    { name: 'búsqueda "chamarra"', state: shopPageArgs({ p_search_term: 'chamarra' }) },
    { name: 'página 20', state: shopPageArgs({ p_offset: 19 * PAGE_SIZE }) },
  ];
}

export async function runFilters(): Promise<FiltersResult> {
  const work = await mkdtemp(join(tmpdir(), 'outlet-bench-filters-'));
  // Postgres runs as its own user and must reach its data folder inside.
  await chmod(work, 0o755);
  progress('filtros: iniciando una pila local desechable con el catálogo demo…');
  const stack = await startStack({ dataDir: join(work, 'data'), ...options.ports, seed: true, durable: false, log: () => undefined });
  const db = new pg.Client({ connectionString: stack.dbUrl });
  try {
    await db.connect();
    progress(`filtros: generando ${options.products.toLocaleString('es-MX')} productos…`);
    await seedBulkProducts({ url: stack.url, serviceRoleKey: stack.serviceRoleKey, count: options.products, log: () => undefined });
    progress('filtros: vacuum analyze (lo que haría autovacuum)…');
    await db.query('vacuum analyze');
    const anon = createClient(stack.url, stack.anonKey, noSession);
    await installBaseline(db, anon);
    const { rows } = await db.query<{ all: string; visible: string }>(
      `select count(*) as all, count(*) filter (where c.fecha_fin >= public.shop_today()) as visible
         from public.products p join public.campaigns c on c.id = p.campaign_id`,
    );
    const products = Number(rows[0]?.all);
    const visibleProducts = Number(rows[0]?.visible);
    progress(`filtros: ${products.toLocaleString('es-MX')} productos, ${visibleProducts.toLocaleString('es-MX')} visibles`);

    const named: NamedCase[] = [];
    for (const { name, state: s } of await namedStates(anon)) {
      let oursTimeouts = 0;
      const ours = await sample(async () => {
        oursTimeouts += await shopPage(anon, s);
      }, options.runs);
      let baselineTimeouts = 0;
      const baseline = await sample(
        async () => {
          baselineTimeouts += await baselineFilterChange(anon, s);
        },
        options.baselineRuns,
        1,
      );
      named.push({ name, state: s, ours, oursTimeouts, baseline, baselineTimeouts, ratio: ratio(baseline, ours) });
      progress(
        `filtros: ${name}: shop_page p50 ${ours.p50} ms, p95 ${ours.p95} ms; diseño original p50 ${baseline.p50} ms, p95 ${baseline.p95} ms (${ratio(baseline, ours)}x)${baselineTimeouts + oursTimeouts > 0 ? `; cortadas por el límite de 3 s: ${oursTimeouts} nuestras, ${baselineTimeouts} del diseño original` : ''}`,
      );
    }

    const states = filterStates(await readCatalogue(db));
    progress(`filtros: mezcla de ${states.length} estados, uno tras otro…`);
    for (const s of states.slice(0, 10)) await shopPage(anon, s); // warm-up
    const samples: number[] = [];
    let mixTimeouts = 0;
    for (const s of states) {
      samples.push(
        await timed(async () => {
          mixTimeouts += await shopPage(anon, s);
        }),
      );
    }
    const mixOurs = timing(samples);
    progress(`filtros: mezcla: p50 ${mixOurs.p50} ms, p95 ${mixOurs.p95} ms, ${mixTimeouts} cortadas por el límite de 3 s`);
    // the tail is where the goal is met or missed: name the states it is made of
    const slowest = states
      .map((s, i) => ({ s, ms: samples[i]! }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 8);
    progress(`filtros: los más lentos de la mezcla: ${slowest.map(({ s, ms }) => `${Math.round(ms)} ms ${describeState(s)}`).join('; ')}`);

    const every = Math.max(1, Math.round(states.length / Math.max(1, options.baselineStates)));
    const subset = states.filter((_, i) => i % every === 0);
    const subsetOurs: number[] = [];
    const subsetBaseline: number[] = [];
    let subsetTimeouts = 0;
    for (const [i, s] of subset.entries()) {
      subsetOurs.push(
        await timed(async () => {
          await shopPage(anon, s);
        }),
      );
      subsetBaseline.push(
        await timed(async () => {
          subsetTimeouts += await baselineFilterChange(anon, s);
        }),
      );
      if ((i + 1) % 10 === 0) progress(`filtros: diseño original, ${i + 1}/${subset.length} estados`);
    }
    const sub = {
      states: subset.length,
      ours: timing(subsetOurs),
      baseline: timing(subsetBaseline),
      baselineTimeouts: subsetTimeouts,
      ratio: 0,
    };
    sub.ratio = ratio(sub.baseline, sub.ours);
    progress(
      `filtros: ${subset.length} estados con el diseño original: p50 ${sub.baseline.p50} ms contra ${sub.ours.p50} ms (${sub.ratio}x); ${subsetTimeouts} peticiones cortadas por el límite de 3 s`,
    );

    progress(`filtros: carga, ${options.clients} clientes durante ${options.loadSeconds} s…`);
    const load = await loadRun(
      states,
      async (s) => {
        const { error, status } = await anon.rpc('shop_page', { ...s });
        return { status, error: error ? `${error.code ?? ''}: ${error.message}` : null };
      },
      options.clients,
      options.loadSeconds,
    );
    progress(
      `filtros: carga: ${load.requestsPerSecond} peticiones/s, ${load.errors} errores (${load.throttled} por límite de ritmo), p95 ${load.latency.p95} ms`,
    );
    const { rows: campaigns } = await db.query<{ id: string }>('select id::text from public.campaigns order by fecha_fin desc limit 1');
    const admin = await runAdminLists(stack.url, stack.anonKey, stack.serviceRoleKey, campaigns[0]?.id ?? null);
    return {
      products,
      visibleProducts,
      runs: options.runs,
      baselineRuns: options.baselineRuns,
      named,
      mix: { states: states.length, ours: mixOurs, oursTimeouts: mixTimeouts, subset: sub },
      load,
      admin,
    };
  } finally {
    await db.end().catch(() => undefined);
    await stack.stop();
    await rm(work, { recursive: true, force: true });
  }
}

/** A filter state in a few words: its search term and the filters it sets. */
function describeState(s: ShopPageArgs): string {
  const set = Object.entries(s)
    .filter(([k, v]) => v !== null && k !== 'p_search_term' && k !== 'p_limit' && k !== 'p_offset')
    .map(([k]) => k.replace(/^p_/, '').replace(/_id$/, ''));
  const parts = [s.p_search_term ? `"${s.p_search_term}"` : '', set.join('+'), s.p_offset ? `desde ${s.p_offset}` : ''].filter(Boolean);
  return `(${parts.join(', ') || 'sin filtros'})`;
}
