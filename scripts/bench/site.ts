/**
 * The built shop at catalogue scale, on one throwaway stack: for each size of BENCH_BUILD_SIZES
 * (bulk products on top of the demo) it builds the shop and records the build time, the files and
 * bytes written, and what the home, /tienda, a product page and /favoritos weigh for a shopper
 * (scripts/lib/page-weight.ts). With `lighthouse` it audits the home,
 * /tienda and the product page of the first size's build, served by the local static server with
 * the stack answering the islands' calls behind it. With BENCH_BASELINE_REF the same is done for that
 * commit's shop on the same stack and catalogue, its Lighthouse rounds alternating with these.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildShop } from '../lib/build.ts';
import { type PageWeight, pageWeight } from '../lib/page-weight.ts';
import { writeSearchIndexInBackground } from '../lib/search-index.ts';
import { digest } from '../lib/site-files.ts';
import { serveShop } from '../lib/static-server.ts';
import { seedBulkProducts } from '../seed/index.ts';
import { loopbackOrigins } from '../stack/config.ts';
import { ROOT, startStack } from '../stack/index.ts';
import { type Baseline, checkoutBaseline } from './baseline.ts';
import { type Audit, auditPages } from './lighthouse.ts';
import { options, progress } from './options.ts';

export interface BuildResult {
  /** Bulk products on top of the demo. */
  size: number;
  /** Products in the database. */
  products: number;
  buildMs: number;
  files: number;
  bytes: number;
  productRoute: string | null;
  /** By route: '/', '/tienda', the product page, '/favoritos'. */
  weights: Record<string, PageWeight>;
  /** BENCH_BASELINE_REF's build of the same catalogue, when one was asked for. */
  baseline: { buildMs: number; files: number; bytes: number; weights: Record<string, PageWeight> } | null;
}

export interface SiteResult {
  /** The commit built beside this checkout (BENCH_BASELINE_REF), if any. */
  baseline: { ref: string; commit: string } | null;
  builds: BuildResult[];
  lighthouse: Audit[] | null;
}

export async function runSite(opts: { lighthouse: boolean }): Promise<SiteResult> {
  const work = await mkdtemp(join(tmpdir(), 'outlet-bench-build-'));
  // Postgres runs as its own user and must reach its data folder inside.
  await chmod(work, 0o755);
  const origin = `http://127.0.0.1:${options.sitePort}`;
  // the baseline's shop is served on the port after Chromium's DevTools port
  const baselineOrigin = `http://127.0.0.1:${options.sitePort + 2}`;
  let baseline: Baseline | null = null;
  if (options.baselineRef) baseline = await checkoutBaseline(options.baselineRef, join(work, 'baseline'), progress);
  progress('sitio: iniciando una pila local desechable con el catálogo demo…');
  const stack = await startStack({
    dataDir: join(work, 'data'),
    ...options.ports,
    seed: true,
    durable: false,
    allowedOrigins: [...loopbackOrigins(options.sitePort), ...loopbackOrigins(options.sitePort + 2)],
    log: () => undefined,
  });
  const db = new pg.Client({ connectionString: stack.dbUrl });
  await db.connect();
  // absolute URLs (canonical, og:url) point at the local server, as they would at the real host
  const target = { supabaseUrl: stack.url, anonKey: stack.anonKey, siteUrl: origin, root: ROOT, quiet: true };
  const builds: BuildResult[] = [];
  let lighthouse: Audit[] | null = null;
  try {
    let seeded = 0;
    for (const size of options.buildSizes) {
      progress(`sitio: generando productos hasta demo + ${size.toLocaleString('es-MX')}…`);
      if (size > seeded)
        await seedBulkProducts({ url: stack.url, serviceRoleKey: stack.serviceRoleKey, count: size - seeded, log: () => undefined });
      seeded = Math.max(seeded, size);
      const { rows } = await db.query<{ n: string }>('select count(*) as n from public.products');
      const build = async (name: string, root = ROOT, siteUrl = origin) => {
        const outDir = join(work, name);
        const started = performance.now();
        await buildShop({ ...target, root, siteUrl, outDir });
        const ms = performance.now() - started;
        // this checkout's shop is published with its search index, written once the pages are live
        if (root === ROOT) await writeSearchIndexInBackground(outDir, target);
        return { outDir, ms, ...(await digest(outDir)) };
      };
      progress(`sitio: compilando con demo + ${size.toLocaleString('es-MX')} productos…`);
      const first = await build(`a-${size}`);
      const product = [...first.files.keys()].find((f) => /^producto\/[^/]+\/index\.html$/.test(f))?.replace(/\/index\.html$/, '');
      const productRoute = product ? `/${product}` : null;
      const routes = ['/', '/tienda', ...(productRoute ? [productRoute] : []), '/favoritos'];
      const weightsOf = (dir: string) => Object.fromEntries(routes.map((route) => [route, pageWeight(dir, route)]));
      const weights: Record<string, PageWeight> = weightsOf(first.outDir);
      let base: Awaited<ReturnType<typeof build>> | null = null;
      if (baseline) {
        progress(`sitio: compilando la base (${baseline.ref}) con el mismo catálogo…`);
        base = await build(`base-${size}`, baseline.root, baselineOrigin);
      }
      progress(
        `sitio: ${(first.ms / 1000).toFixed(1)} s, ${first.files.size} archivos, ${(first.bytes / 1024 / 1024).toFixed(0)} MB; JS de la página de producto ${((productRoute ? (weights[productRoute]?.js ?? 0) : 0) / 1024).toFixed(1)} KB gzip`,
      );

      if (opts.lighthouse && lighthouse === null) {
        progress(`sitio: Lighthouse (móvil) sobre ${origin}, con la pila detrás…`);
        const server = await serveShop(first.outDir, options.sitePort);
        const baseServer = base ? await serveShop(base.outDir, options.sitePort + 2) : null;
        try {
          const audited = ['/', '/tienda', ...(productRoute ? [`${productRoute}/`] : [])];
          const targets = [
            { build: 'now' as const, origin },
            ...(baseServer ? [{ build: 'baseline' as const, origin: baselineOrigin }] : []),
          ];
          lighthouse = await auditPages(targets, audited, options.lighthouseRuns, options.sitePort + 1, progress);
        } finally {
          await server.close();
          await baseServer?.close();
        }
      }
      builds.push({
        size,
        products: Number(rows[0]?.n),
        buildMs: Math.round(first.ms),
        files: first.files.size,
        bytes: first.bytes,
        productRoute,
        weights,
        baseline: base
          ? { buildMs: Math.round(base.ms), files: base.files.size, bytes: base.bytes, weights: weightsOf(base.outDir) }
          : null,
      });
      await rm(first.outDir, { recursive: true, force: true });
      if (base) await rm(base.outDir, { recursive: true, force: true });
    }
    return { baseline: baseline ? { ref: baseline.ref, commit: baseline.commit } : null, builds, lighthouse };
  } finally {
    await db.end().catch(() => undefined);
    await stack.stop();
    await baseline?.remove();
    await rm(work, { recursive: true, force: true });
  }
}
