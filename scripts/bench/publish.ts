/**
 * Publishing at catalogue scale, as `npm start` publishes: for each size of BENCH_PUBLISH_SIZES (bulk
 * products on top of the demo) the local rebuild worker, incremental, publishes the shop on one
 * throwaway stack and a static server serves it. It records:
 * - the first build, with an empty cache: every page rendered (what every publication cost before
 *   builds were incremental, so the baseline of the edits), its pages per second, files and bytes;
 * - edit to live: BENCH_EDITS price changes of the newest product, each timed from the saved update
 *   to the moment the served product page and /tienda's built first view both show the new price;
 * - the search index that follows each publication (scripts/lib/search-index.ts, as `npm start`
 *   writes it): how long after the publication it is written, and its files;
 * - the files one edit changed, and the files that differ after a rebuild with no change (0: a
 *   host's content-addressed upload sends nothing for unchanged pages);
 * - what the home, /tienda, a product page and /favoritos weigh for a shopper.
 */
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { formatPrice } from '../../src/lib/money.ts';
import { type BuildStats, buildShop } from '../lib/build.ts';
import { type PageWeight, pageWeight } from '../lib/page-weight.ts';
import { writeFeedsInBackground } from '../lib/catalogue-feeds.ts';
import { writeSearchIndexInBackground } from '../lib/search-index.ts';
import { changedFiles, digest } from '../lib/site-files.ts';
import { serveShop } from '../lib/static-server.ts';
import { startRebuildWorker } from '../rebuild/worker.ts';
import { seedBulkProducts } from '../seed/index.ts';
import { loopbackOrigins } from '../stack/config.ts';
import { ROOT, startStack } from '../stack/index.ts';
import { options, progress } from './options.ts';
import { until } from './poll.ts';
import { quantile } from './stats.ts';

export interface PublishResult {
  /** Bulk products on top of the demo. */
  size: number;
  /** Product pages built (products of live campaigns). */
  productPages: number;
  /** HTML pages of the build. */
  pages: number;
  coldMs: number;
  files: number;
  bytes: number;
  /** Edit to live, one per edit, in ms. */
  edits: number[];
  /** The search index after each publication (the first build's, then each edit's): ms from publication to written. */
  indexMs: number[];
  /** Files of the search index (included in `files`). */
  indexFiles: number;
  /** Pages rendered and copied by the last edit's build. */
  editStats: BuildStats | null;
  changedByEdit: string[];
  differingSameData: string[];
  weights: Record<string, PageWeight>;
}

export async function runPublish(sizes: readonly number[], editCount: number): Promise<PublishResult[]> {
  const work = await mkdtemp(join(tmpdir(), 'outlet-bench-publish-'));
  await chmod(work, 0o755); // Postgres runs as its own user and must reach its data folder inside
  const origin = `http://127.0.0.1:${options.sitePort}`;
  progress('publicación: iniciando una pila local desechable con el catálogo demo…');
  const stack = await startStack({
    dataDir: join(work, 'data'),
    ...options.ports,
    seed: true,
    durable: false,
    allowedOrigins: loopbackOrigins(options.sitePort),
    log: () => undefined,
  });
  const db = new pg.Client({ connectionString: stack.dbUrl });
  await db.connect();
  const results: PublishResult[] = [];
  let live = '';
  /** The worker's last build: its time and what it rendered and copied. */
  const last: { build: { ms: number; stats: BuildStats } | null } = { build: null };
  const lastBuild = () => last.build;
  /** The search indexes written after publications: the build each belongs to and how long it took once published. */
  const indexes: Array<{ dir: string; ms: number }> = [];
  const indexOf = (dir: string) => until(async () => indexes.some((i) => i.dir === dir), 180_000, 'el índice de búsqueda');
  const server = await serveShop(() => live, options.sitePort);
  // one worker per size, started once its catalogue is seeded (seeding would start builds)
  const startWorker = () =>
    startRebuildWorker({
      dbUrl: stack.dbUrl,
      buildsDir: join(work, 'builds'),
      build: async (outDir, signal) => {
        const started = performance.now();
        const stats = await buildShop({
          supabaseUrl: stack.url,
          anonKey: stack.anonKey,
          siteUrl: origin,
          root: ROOT,
          outDir,
          cacheDir: join(work, 'cache'),
          quiet: true,
          signal,
          ...(live ? { carryFrom: live } : {}),
        });
        last.build = { ms: performance.now() - started, stats };
        return stats;
      },
      publish: (dir) => {
        live = dir;
      },
      afterPublish: async (dir, signal) => {
        const started = performance.now();
        await writeFeedsInBackground(dir, { supabaseUrl: stack.url, anonKey: stack.anonKey }, origin, signal);
        const line = await writeSearchIndexInBackground(dir, { supabaseUrl: stack.url, anonKey: stack.anonKey }, signal);
        indexes.push({ dir, ms: performance.now() - started });
        return line;
      },
      log: (line) => progress(`trabajador: ${line}`),
    });
  const idle = async () => {
    const { rows } = await db.query<{ busy: boolean }>(
      `select exists (select 1 from public.rebuild_requests where status in ('pending', 'building'))
           or exists (select 1 from public.publications where status = 'building') as busy`,
    );
    return rows[0]?.busy === false;
  };
  const fetchText = async (path: string) => (await fetch(`${origin}${path}`)).text();

  try {
    let seeded = 0;
    for (const size of sizes) {
      if (size > seeded) {
        progress(`publicación: generando productos hasta demo + ${size.toLocaleString('es-MX')}…`);
        await seedBulkProducts({ url: stack.url, serviceRoleKey: stack.serviceRoleKey, count: size - seeded, log: () => undefined });
        seeded = size;
      }
      // the first build with an empty cache renders every page
      await rm(join(work, 'cache'), { recursive: true, force: true });
      await db.query(`truncate public.rebuild_requests`);
      last.build = null;
      const worker = await startWorker();
      try {
        progress(`publicación: primera compilación (caché vacía) con demo + ${size.toLocaleString('es-MX')}…`);
        await worker.rebuild();
        const cold = lastBuild();
        if (!cold || !live) throw new Error('La primera compilación falló.');
        await indexOf(live);
        const indexMs = [indexes.at(-1)?.ms ?? 0];
        const first = await digest(live);
        const indexFiles = [...first.files.keys()].filter((f) => f.startsWith('pagefind/')).length;
        const htmlPages = [...first.files.keys()].filter((f) => f.endsWith('.html'));
        const productPages = htmlPages.filter((f) => f.startsWith('producto/')).length;
        progress(
          `publicación: ${(cold.ms / 1000).toFixed(1)} s, ${htmlPages.length} páginas (${Math.round(htmlPages.length / (cold.ms / 1000))} por segundo), ${first.files.size} archivos, ${(first.bytes / 1024 / 1024).toFixed(0)} MB`,
        );
        const productRoute = `/${htmlPages.find((f) => f.startsWith('producto/'))?.replace(/\/index\.html$/, '')}`;
        const weights: Record<string, PageWeight> = {};
        for (const route of ['/', '/tienda', productRoute, '/favoritos']) weights[route] = pageWeight(live, route);

        // the first product of /tienda's first view (in the shop's default order), and its own page
        const firstCard = /href="\/producto\/([^"/]+)"/.exec(await readFile(join(live, 'tienda', 'index.html'), 'utf8'))?.[1];
        const { rows } = await db.query<{ id: string; permalink: string; precio_venta: string }>(
          'select p.id, p.permalink, p.precio_venta from public.products p where p.permalink = $1',
          [firstCard ?? ''],
        );
        const product = rows[0];
        if (!product) throw new Error('No hay productos publicados.');
        const edits: number[] = [];
        let changedByEdit: string[] = [];
        let editStats: BuildStats | null = null;
        for (let i = 0; i < editCount; i++) {
          const before = live;
          const price = 9871 + 3 * i + size;
          const shown = formatPrice(price);
          await db.query('update public.products set precio_venta = $1 where id = $2', [price, product.id]);
          const saved = performance.now();
          const seen = await until(
            async () =>
              (await fetchText(`/producto/${product.permalink}/`)).includes(shown) && (await fetchText('/tienda/')).includes(shown),
            180_000,
            `el precio ${shown} publicado`,
          );
          edits.push(seen - saved);
          const buildSeconds = ((lastBuild()?.ms ?? 0) / 1000).toFixed(1);
          progress(`publicación: edición ${i + 1} publicada en ${((seen - saved) / 1000).toFixed(1)} s (compilación ${buildSeconds} s)`);
          await until(idle, 180_000, 'que el trabajador termine');
          await indexOf(live);
          indexMs.push(indexes.find((x) => x.dir === live)?.ms ?? 0);
          editStats = lastBuild()?.stats ?? null;
          if (i === 0) changedByEdit = changedFiles((await digest(before)).files, (await digest(live)).files);
        }
        progress('publicación: otra compilación sin cambios…');
        const beforeSame = live;
        await worker.rebuild();
        await indexOf(live);
        const differingSameData = changedFiles((await digest(beforeSame)).files, (await digest(live)).files);
        results.push({
          size,
          productPages,
          pages: htmlPages.length,
          coldMs: Math.round(cold.ms),
          files: first.files.size,
          bytes: first.bytes,
          edits,
          indexMs,
          indexFiles,
          editStats,
          changedByEdit,
          differingSameData,
          weights,
        });
      } finally {
        await worker.stop();
      }
    }
    return results;
  } finally {
    await server.close();
    await db.end().catch(() => undefined);
    await stack.stop();
    await rm(work, { recursive: true, force: true });
  }
}

/** The edit-to-live times' median, 95th percentile and slowest, in seconds. */
export function editSummary(edits: readonly number[]): { p50: number; p95: number; max: number } {
  return { p50: quantile(edits, 0.5) / 1000, p95: quantile(edits, 0.95) / 1000, max: Math.max(...edits) / 1000 };
}
