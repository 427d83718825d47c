/**
 * Builds the storefront against a Supabase project, with the anon key only: the pages (astro build,
 * one per core for a large catalogue, each rendering its shard of the product pages) and, at the same
 * time, the back office's single-page app (admin/vite.config.ts, into /admin).
 *
 * With a cache folder the build is incremental: a product page whose cache key (everything it prints,
 * src/pages/producto/[permalink].astro) and code are unchanged since the last build with that folder
 * is copied from it instead of rendered. Builds sharing a cache folder must not run at once.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { buildAdmin } from './admin-cache.ts';
import { type AstroRun, astroBuild, type Progress } from './build-processes.ts';
import { writeHostConfig } from './host-config.ts';
import { hostLimitWarnings, siteShape } from './host-limits.ts';
import { carrySearchIndex } from './search-index.ts';
import { countActiveProducts, getActiveProducts } from '../../src/data/product.ts';
import { createShopClient } from '../../src/data/supabase.ts';
import { shardCount } from '../../src/lib/build-shard.ts';

/** The cache folder of `npm run build`, relative to the project (the publish workflow keeps it between runs). */
export const BUILD_CACHE = '.local/build-cache';
/** Where the publish workflow keeps the last search index between runs (inside the build cache). */
export const SEARCH_CACHE = `${BUILD_CACHE}/search`;

export interface BuildTarget {
  supabaseUrl: string;
  anonKey: string;
  /** The shop's public origin: every absolute URL of the pages (canonical, og:url, JSON-LD, sitemap, share and chat links) starts with it. */
  siteUrl: string;
  /** Keeps Astro's progress lines out of the output (errors still show). */
  quiet?: boolean;
  root: string;
  outDir?: string;
  /**
   * What the next build reuses from the last one with this folder: Astro's cache (astro/: unchanged
   * product pages are copied from it), the back office (admin/) and the pages' inline script hashes.
   * Without one every page is rendered.
   */
  cacheDir?: string;
  /** Astro builds rendering the product pages side by side; by default one per core for a large catalogue (src/lib/build-shard.ts). */
  shards?: number;
  /** Stops the build: Astro's process is killed and the build fails with the signal's reason. */
  signal?: AbortSignal;
  /**
   * A folder holding the last search index (a published site, or the cache that keeps one): linked
   * into the build, so the header search works until the build's own index is written after it
   * goes live (scripts/lib/search-index.ts).
   */
  searchIndexFrom?: string;
}

/** What a build did with its pages. */
export interface BuildStats {
  /** Pages and files rendered by this build. */
  rendered: number;
  /** Product pages copied from the cache's last build, their content unchanged. */
  reused: number;
  /** HTML pages of the build. */
  pages: number;
}

/** Moves a folder, copying when it crosses file systems. */
async function move(from: string, to: string): Promise<void> {
  await rm(to, { recursive: true, force: true });
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(from, to, { recursive: true });
    await rm(from, { recursive: true, force: true });
  }
}

/**
 * An incremental build that fails is run again as a full one, its cache emptied first, so a damaged
 * cache costs time, never a publication; the failed attempt's output is discarded.
 */
async function astroBuildWithFallback(run: AstroRun, log: (m: string) => void): Promise<Progress> {
  const cache = run.env['SHOP_BUILD_CACHE'];
  try {
    return await astroBuild(run);
  } catch (error) {
    if (run.env['SHOP_BUILD_INCREMENTAL'] !== '1' || !cache || run.signal?.aborted) throw error;
    log(`La compilación incremental falló (${(error as Error).message}); se compila todo de nuevo.`);
    await rm(run.outDir, { recursive: true, force: true });
    await rm(cache, { recursive: true, force: true });
    return await astroBuild(run);
  }
}

/** Moves every entry of the folder `from` into the folder `to`. */
async function moveEntries(from: string, to: string): Promise<void> {
  const entries = await readdir(from).catch(() => []);
  await mkdir(to, { recursive: true });
  for (let i = 0; i < entries.length; i += 64) {
    await Promise.all(entries.slice(i, i + 64).map((entry) => rename(join(from, entry), join(to, entry))));
  }
}

/** The folder of one shard's Astro cache inside the build's cache folder; those of another shard count are removed. */
async function shardCaches(cacheDir: string, shards: number): Promise<string[]> {
  const names = Array.from({ length: shards }, (_, i) => `shard-${i + 1}-of-${shards}`);
  const folder = join(cacheDir, 'astro');
  const present = await readdir(folder).catch(() => []);
  await Promise.all(
    present.filter((name) => !names.includes(name)).map((name) => rm(join(folder, name), { recursive: true, force: true })),
  );
  return names.map((name) => join(folder, name));
}

/**
 * The pages into `outDir`: `shards` astro builds side by side, each rendering its shard of the product
 * pages (src/lib/build-shard.ts) and every other page, in its own folder under node_modules/.cache
 * (Astro keeps its intermediate server build inside the output folder only when that lies in the
 * project) with its own Astro cache. The catalogue is read once, here, while the builds start, and
 * handed to each on its standard input (src/data/build-catalogue.ts). The first build's output becomes
 * the site and the others' product pages are moved into it. When one build fails the others are stopped.
 */
async function buildPages(target: BuildTarget, outDir: string, shards: number): Promise<Progress> {
  const root = resolve(target.root);
  const log = (m: string) => console.error(m);
  await mkdir(join(root, 'node_modules/.cache'), { recursive: true });
  const work = await mkdtemp(join(root, 'node_modules/.cache', 'shop-build-'));
  const stop = new AbortController();
  const abort = () => stop.abort(target.signal?.reason);
  target.signal?.addEventListener('abort', abort, { once: true });
  const read = getActiveProducts(createShopClient(target.supabaseUrl, target.anonKey)).then((products) => JSON.stringify(products));
  const catalogue = settle(read);
  // without the catalogue no build can finish: stop them all (a damaged cache is not the cause)
  read.catch((error: unknown) => stop.abort(error));
  try {
    const caches = target.cacheDir ? await shardCaches(resolve(target.cacheDir), shards) : null;
    const runs: AstroRun[] = Array.from({ length: shards }, (_, index) => {
      const env = buildEnv(target);
      env['SHOP_BUILD_SHARD'] = String(index);
      env['SHOP_BUILD_SHARDS'] = String(shards);
      env['SHOP_BUILD_CACHE'] = caches?.[index] ?? join(work, `cache-${index + 1}`);
      env['SHOP_BUILD_CATALOGUE'] = 'stdin';
      if (caches) env['SHOP_BUILD_INCREMENTAL'] = '1';
      return { root, env, quiet: target.quiet ?? false, signal: stop.signal, input: read, outDir: join(work, `dist-${index + 1}`) };
    });
    const builds = runs.map((run) =>
      astroBuildWithFallback(run, log).catch((error: unknown) => {
        stop.abort(error);
        throw error;
      }),
    );
    const settled = await Promise.allSettled(builds);
    target.signal?.throwIfAborted();
    await outcomeOf(catalogue); // a failed read fails the builds: its own error says why
    const failed = settled.find((s) => s.status === 'rejected');
    if (failed) throw failed.reason;
    const progress = settled.map((s) => (s as PromiseFulfilledResult<Progress>).value);
    const [first, ...rest] = runs.map((run) => run.outDir) as [string, ...string[]];
    // the pages of every build must load the same scripts and styles, those of the first build
    const assets = await Promise.all(
      runs.map(async (run) => (await readdir(join(run.outDir, '_astro')).catch(() => [])).sort().join('\n')),
    );
    if (assets.some((list) => list !== assets[0]))
      throw new Error('Las compilaciones en paralelo produjeron recursos distintos en /_astro.');
    for (const dir of runs.map((run) => run.outDir)) await rm(join(dir, '.prerender'), { recursive: true, force: true });
    for (const dir of rest) await moveEntries(join(dir, 'producto'), join(first, 'producto'));
    await move(first, outDir);
    const [main, ...others] = progress as [Progress, ...Progress[]];
    return {
      // the other builds' pages besides their product pages are the first one's again, and discarded
      pages: main.pages + others.reduce((n, p) => n + p.productPages, 0),
      productPages: progress.reduce((n, p) => n + p.productPages, 0),
      reusedPages: progress.flatMap((p) => p.reusedPages),
    };
  } finally {
    target.signal?.removeEventListener('abort', abort);
    await catalogue;
    await rm(work, { recursive: true, force: true });
  }
}

/** The origin of a site URL (scheme, host and port, no path), or null when it is not an http(s) URL. */
export function siteOrigin(value: string | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The memo of the last build's inline scripts (host-config.ts), empty when there is none. */
async function readScriptMemo(file: string): Promise<Map<string, string[]>> {
  try {
    return new Map(Object.entries(JSON.parse(await readFile(file, 'utf8')) as Record<string, string[]>));
  } catch {
    return new Map();
  }
}

/** The variables the pages and the back office are built with: the project they read, and the shop's origin. */
function buildEnv(target: BuildTarget): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PUBLIC_SUPABASE_URL: target.supabaseUrl,
    PUBLIC_SUPABASE_ANON_KEY: target.anonKey,
    SITE_URL: target.siteUrl,
  };
  for (const name of ['SHOP_BUILD_CACHE', 'SHOP_BUILD_CATALOGUE', 'SHOP_BUILD_INCREMENTAL', 'SHOP_BUILD_SHARD', 'SHOP_BUILD_SHARDS']) {
    delete env[name];
  }
  return env;
}

/** Runs `work` and keeps its outcome, so it can be awaited later without an unhandled rejection meanwhile. */
function settle<T>(work: Promise<T>): Promise<{ value: T } | { error: unknown }> {
  return work.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

/** The value of a settled piece of work, or its error thrown. */
async function outcomeOf<T>(outcome: Promise<{ value: T } | { error: unknown }>): Promise<T> {
  const settled = await outcome;
  if ('error' in settled) throw settled.error;
  return settled.value;
}

export async function buildShop(target: BuildTarget): Promise<BuildStats> {
  const outDir = resolve(target.outDir ?? join(target.root, 'dist'));
  // The back office is built beside the output folder while Astro renders the pages, then moved into it.
  await mkdir(dirname(outDir), { recursive: true });
  const staging = await mkdtemp(`${outDir}.parts-`);
  // The last build's inline script hashes by page, kept with the cache; the file is removed until this
  // build writes its own, so a build that stops half-way never leaves hashes of pages it replaced.
  const memoFile = target.cacheDir ? join(resolve(target.cacheDir), 'inline-scripts.json') : null;
  const known = memoFile ? await readScriptMemo(memoFile) : new Map<string, string[]>();
  if (memoFile) await rm(memoFile, { force: true });
  const cacheDir = target.cacheDir ? resolve(target.cacheDir) : undefined;
  const admin = settle(buildAdmin(resolve(target.root), join(staging, 'admin'), buildEnv(target), cacheDir, target.signal));
  try {
    const shards =
      target.shards ?? shardCount(await countActiveProducts(createShopClient(target.supabaseUrl, target.anonKey)), availableParallelism());
    const progress = await buildPages(target, outDir, shards);
    target.signal?.throwIfAborted();
    await outcomeOf(admin);
    await move(join(staging, 'admin'), join(outDir, 'admin'));
    if (target.searchIndexFrom) await carrySearchIndex(target.searchIndexFrom, outDir);
    const reused = new Set(progress.reusedPages);
    const scripts = await writeHostConfig(outDir, target.supabaseUrl, { known, reused });
    if (memoFile) {
      await mkdir(dirname(memoFile), { recursive: true });
      await writeFile(memoFile, JSON.stringify(Object.fromEntries(scripts)));
    }
    for (const warning of hostLimitWarnings(await siteShape(outDir))) console.warn(warning);
    return { rendered: progress.pages - reused.size, reused: reused.size, pages: scripts.size };
  } finally {
    await admin; // never left writing into a folder removed below
    await rm(staging, { recursive: true, force: true });
  }
}
