/**
 * Builds the storefront against a Supabase project, with the anon key only: the pages (astro build,
 * one per core for a large catalogue, each rendering its shard of the product pages) and, at the same
 * time, the back office's single-page app (admin/vite.config.ts, into /admin).
 *
 * With a cache folder the build is incremental: a product page whose key (everything it prints,
 * src/features/product/product-paths.ts) and code are unchanged since the last build with that folder
 * is linked from it instead of rendered (scripts/lib/page-cache.ts), and the pages are rendered by one
 * astro build. Builds sharing a cache folder must not run at once.
 *
 * The astro builds bundle the code before they need any data: a caller that builds again and again
 * (the rebuild worker) starts the next builds ahead with `warmBuilds`, so a change waits only for
 * the pages to be read and rendered.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { buildAdmin } from './admin-cache.ts';
import { astroBuild, type Progress } from './build-processes.ts';
import { writeHostConfig } from './host-config.ts';
import { hostLimitWarnings, siteShape } from './host-limits.ts';
import { linkCachedPages, linkUnchangedPages, type PageDonor, type PageKeys, pagesDigest, takePageKeys } from './page-cache.ts';
import { carryFeeds } from './catalogue-feeds.ts';
import { carrySearchIndex } from './search-index.ts';
import { countActiveProducts, getActiveProducts, type ProductDetail } from '../../src/data/product.ts';
import { createShopClient } from '../../src/data/supabase.ts';
import { PAGES_PER_SHARD, shardCount } from '../../src/lib/build-shard.ts';
import { todayInMexicoCity } from '../../src/lib/dates.ts';

/** The cache folder of `npm run build`, relative to the project (the publish workflow keeps it between runs). */
export const BUILD_CACHE = '.local/build-cache';
/** Where the publish workflow keeps the last search index and feeds between runs (inside the build cache). */
export const PUBLISHED_CACHE = `${BUILD_CACHE}/published`;

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
   * What the next build reuses from the last one with this folder: its product pages and their keys
   * (page-cache.ts: unchanged pages are linked from it), the back office (admin/) and the pages' inline
   * script hashes. Without one every page is rendered.
   */
  cacheDir?: string;
  /**
   * Astro builds rendering the product pages side by side; by default one per core for a large
   * catalogue when every page is rendered (src/lib/build-shard.ts), and one when the cache leaves only
   * the changed pages to render.
   */
  shards?: number;
  /** Builds started ahead by `warmBuilds`: used when they are as many as this build needs, stopped otherwise. */
  warm?: WarmBuilds | null;
  /** Stops the build: Astro's process is killed and the build fails with the signal's reason. */
  signal?: AbortSignal;
  /**
   * A folder holding what follows a publication, the last search index and catalogue feeds (a
   * published site, or the cache that keeps them): linked into the build, so the header search and
   * the feeds are there until the build's own are written after it goes live
   * (scripts/lib/search-index.ts, catalogue-feeds.ts).
   */
  carryFrom?: string;
  /**
   * Reads the catalogue the pages are built from; by default the whole of it, with the anon key
   * (getActiveProducts). The rebuild worker passes a catalogue kept between its builds, read again
   * only where it changed (kept-catalogue.ts).
   */
  readCatalogue?: () => Promise<ProductDetail[]>;
  /**
   * An earlier build with the same cache folder that is no longer served: this build takes its
   * product pages rather than linking every page of the cache (page-cache.ts: PageDonor).
   */
  donor?: PageDonor | null;
}

/** What a build did with its pages. */
export interface BuildStats {
  /** Pages and files rendered by this build. */
  rendered: number;
  /** Product pages linked from the cache's last build, their content unchanged. */
  reused: number;
  /** HTML pages of the build. */
  pages: number;
  /** Every product page's key, by permalink (page-cache.ts). */
  keys: PageKeys;
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

/** Moves every entry of the folder `from` into the folder `to`. */
async function moveEntries(from: string, to: string): Promise<void> {
  const entries = await readdir(from).catch(() => []);
  await mkdir(to, { recursive: true });
  for (let i = 0; i < entries.length; i += 64) {
    await Promise.all(entries.slice(i, i + 64).map((entry) => rename(join(from, entry), join(to, entry))));
  }
}

/** One astro build of a shard: bundles at once, renders once fed its input (src/data/build-input.ts). */
interface PagesRun {
  outDir: string;
  /** Where it writes its product pages' keys. */
  keysFile: string;
  done: Promise<Progress>;
  feed(input: Promise<string>): void;
  stop: AbortController;
}

/** Astro builds of every shard, started and waiting for their input. */
export interface WarmBuilds {
  shards: number;
  work: string;
  runs: PagesRun[];
}

/**
 * Starts the astro builds of `shards` shards, each in its own folder under node_modules/.cache (Astro
 * keeps its intermediate server build inside the output folder only when that lies in the project)
 * with its own Astro cache. They bundle the code and wait for their input on standard input.
 */
async function startPages(target: BuildTarget, shards: number): Promise<WarmBuilds> {
  const root = resolve(target.root);
  await mkdir(join(root, 'node_modules/.cache'), { recursive: true });
  const work = await mkdtemp(join(root, 'node_modules/.cache', 'shop-build-'));
  const runs = Array.from({ length: shards }, (_, index): PagesRun => {
    const env = buildEnv(target);
    env['SHOP_BUILD_SHARD'] = String(index);
    env['SHOP_BUILD_SHARDS'] = String(shards);
    env['SHOP_BUILD_CACHE'] = join(work, `cache-${index + 1}`);
    env['SHOP_BUILD_CATALOGUE'] = 'stdin';
    const keysFile = join(work, `keys-${index + 1}.json`);
    env['SHOP_BUILD_KEYS_OUT'] = keysFile;
    const stop = new AbortController();
    let feed: (input: Promise<string>) => void = () => undefined;
    const input = new Promise<string>((done, fail) => {
      feed = (text) => text.then(done, fail);
    });
    const outDir = join(work, `dist-${index + 1}`);
    const done = astroBuild({ root, env, quiet: target.quiet ?? false, signal: stop.signal, input, outDir });
    done.catch(() => undefined); // its outcome is read when the build is fed
    return { outDir, keysFile, done, feed, stop };
  });
  return { shards, work, runs };
}

/** Stops builds started ahead and removes their folder. */
export async function discardWarmBuilds(warm: WarmBuilds | null | undefined): Promise<void> {
  if (!warm) return;
  for (const run of warm.runs) run.stop.abort(new Error('Compilación anticipada descartada.'));
  await Promise.allSettled(warm.runs.map((run) => run.done));
  await rm(warm.work, { recursive: true, force: true });
}

/**
 * Starts the astro builds of the next build ahead, for a caller that builds again (the rebuild
 * worker): one build, as when the cache leaves only the changed pages to render. A build that needs
 * another count stops them and starts its own.
 */
export function warmBuilds(target: BuildTarget): Promise<WarmBuilds> {
  return startPages({ ...target, quiet: target.quiet ?? false }, 1);
}

/** What the astro builds rendered, and every product page's key. */
interface PagesOutcome extends Progress {
  keys: PageKeys;
}

/**
 * The pages into `outDir`: the astro builds of `shards` shards side by side, each rendering its shard
 * of the product pages (src/lib/build-shard.ts) whose key is not in `last`, and every other page. The
 * catalogue is read once, here, and handed to each on its standard input with `last`
 * (src/data/build-input.ts). The first build's output becomes the site and the others' product pages
 * are moved into it. When one build fails the others are stopped.
 */
async function buildPages(target: BuildTarget, outDir: string, shards: number, last: PageKeys | null): Promise<PagesOutcome> {
  const warm = target.warm?.shards === shards ? target.warm : null;
  if (target.warm && !warm) await discardWarmBuilds(target.warm);
  const { work, runs } = warm ?? (await startPages(target, shards));
  const stopAll = (reason: unknown) => {
    for (const run of runs) run.stop.abort(reason);
  };
  const abort = () => stopAll(target.signal?.reason);
  target.signal?.addEventListener('abort', abort, { once: true });
  if (target.signal?.aborted) abort();
  const catalogue = target.readCatalogue ?? (() => getActiveProducts(createShopClient(target.supabaseUrl, target.anonKey)));
  const read = catalogue().then((products) => `{"keys":${JSON.stringify(last)},"products":${JSON.stringify(products)}}`);
  const readOutcome = settle(read);
  // without the catalogue no build can finish: stop them all
  read.catch((error: unknown) => stopAll(error));
  for (const run of runs) run.feed(read);
  try {
    const settled = await Promise.allSettled(
      runs.map((run) =>
        run.done.catch((error: unknown) => {
          stopAll(error);
          throw error;
        }),
      ),
    );
    target.signal?.throwIfAborted();
    await outcomeOf(readOutcome); // a failed read fails the builds: its own error says why
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
    const keys: PageKeys = {};
    for (const run of runs) Object.assign(keys, JSON.parse(await readFile(run.keysFile, 'utf8')) as PageKeys);
    const [main, ...others] = progress as [Progress, ...Progress[]];
    return {
      // the other builds' pages besides their product pages are the first one's again, and discarded
      pages: main.pages + others.reduce((n, p) => n + p.productPages, 0),
      productPages: progress.reduce((n, p) => n + p.productPages, 0),
      keys,
    };
  } finally {
    target.signal?.removeEventListener('abort', abort);
    await readOutcome;
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
  for (const name of ['SHOP_BUILD_CACHE', 'SHOP_BUILD_CATALOGUE', 'SHOP_BUILD_KEYS_OUT', 'SHOP_BUILD_SHARD', 'SHOP_BUILD_SHARDS']) {
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
  /** The cache's pages being linked beside the build (page-cache.ts), when it renders only the changed ones. */
  let linked: Promise<{ value: string } | { error: unknown }> | null = null;
  try {
    const root = resolve(target.root);
    const digest = cacheDir ? await pagesDigest(root, buildEnv(target)) : null;
    const today = todayInMexicoCity();
    const last = cacheDir && digest ? await takePageKeys(cacheDir, digest, today) : null;
    const count = () => countActiveProducts(createShopClient(target.supabaseUrl, target.anonKey));
    const allShards = async () => target.shards ?? shardCount(await count(), availableParallelism());
    // Only the changed pages are rendered: by one build, unless so many are new (an import) that
    // rendering them takes builds side by side.
    const changedShards = async (keys: PageKeys) =>
      target.shards ?? ((await count()) - Object.keys(keys).length > PAGES_PER_SHARD ? await allShards() : 1);
    // the cache's pages are linked beside the build while it renders (page-cache.ts)
    const linking = (keys: PageKeys | null) =>
      cacheDir && keys ? settle(linkCachedPages(cacheDir, `${outDir}.linked`, keys, target.donor)) : null;
    const link = async (keys: PageKeys | null, pages: PagesOutcome, linked: ReturnType<typeof linking>) =>
      (
        await linkUnchangedPages(
          outDir,
          cacheDir as string,
          { code: digest as string, day: today },
          keys,
          pages.keys,
          linked && outcomeOf(linked),
        )
      ).reused;
    linked = linking(last);
    let pages = await buildPages(target, outDir, last ? await changedShards(last) : await allShards(), last);
    let reused: string[] = [];
    if (cacheDir && digest) {
      try {
        reused = await link(last, pages, linked);
      } catch (error) {
        if (!last) throw error;
        // a damaged cache costs time, never a publication: every page is rendered again
        console.error(`La caché de páginas está dañada (${(error as Error).message}); se compila todo de nuevo.`);
        await rm(outDir, { recursive: true, force: true });
        await rm(`${outDir}.linked`, { recursive: true, force: true });
        linked = null;
        pages = await buildPages({ ...target, warm: null }, outDir, await allShards(), null);
        reused = await link(null, pages, null);
      }
    }
    target.signal?.throwIfAborted();
    await outcomeOf(admin);
    await move(join(staging, 'admin'), join(outDir, 'admin'));
    if (target.carryFrom) {
      await carrySearchIndex(target.carryFrom, outDir);
      await carryFeeds(target.carryFrom, outDir);
    }
    const scripts = await writeHostConfig(outDir, target.supabaseUrl, { known, reused: new Set(reused) });
    if (memoFile) {
      await mkdir(dirname(memoFile), { recursive: true });
      await writeFile(memoFile, JSON.stringify(Object.fromEntries(scripts)));
    }
    for (const warning of hostLimitWarnings(await siteShape(outDir))) console.warn(warning);
    return { rendered: pages.pages, reused: reused.length, pages: scripts.size, keys: pages.keys };
  } finally {
    await admin; // never left writing into a folder removed below
    await rm(staging, { recursive: true, force: true });
    // what a failed build linked (a finished one moved it into the build)
    await linked;
    await rm(`${outDir}.linked`, { recursive: true, force: true });
  }
}

/** A target built again and again: the rebuild worker's. */
export interface RepeatedBuilds {
  /** One build; `carryFrom` as in BuildTarget. */
  build(outDir: string, signal: AbortSignal, carryFrom?: string): Promise<BuildStats>;
  /** Stops the builds started ahead. */
  close(): Promise<void>;
}

/**
 * Builds of one target where each build's astro builds are started ahead (warmBuilds): the next
 * build's start as soon as this one's have been handed their input, so they bundle while this one
 * renders and links its pages, and the next change waits only for its own pages.
 *
 * Each finished build is published at once (the rebuild worker does), so the one before the last is
 * no longer served: the next build takes its product pages (BuildTarget.donor) instead of linking
 * every page of the cache.
 */
export function repeatedBuilds(target: Omit<BuildTarget, 'outDir' | 'signal' | 'warm' | 'carryFrom' | 'donor'>): RepeatedBuilds {
  let next: Promise<WarmBuilds> | null = null;
  let closed = false;
  /** The finished builds whose product pages are still theirs, the last (the live one) last. */
  let finished: PageDonor[] = [];
  return {
    async build(outDir, signal, carryFrom) {
      const warm = next ? await next.catch(() => null) : null;
      next = closed ? null : warmBuilds(target);
      const donor = finished.length > 1 ? (finished.at(-2) ?? null) : null;
      finished = finished.filter((build) => build !== donor);
      const stats = await buildShop({ ...target, outDir, signal, warm, donor, ...(carryFrom ? { carryFrom } : {}) });
      finished = [...finished.slice(-1), { dir: outDir, keys: stats.keys }];
      return stats;
    },
    async close() {
      closed = true;
      const warm = next ? await next.catch(() => null) : null;
      next = null;
      await discardWarmBuilds(warm);
    },
  };
}
