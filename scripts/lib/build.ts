/**
 * Builds the storefront against a Supabase project, with the anon key only: the pages (astro build)
 * and, at the same time, the back office's single-page app (admin/vite.config.ts, into /admin).
 *
 * With a cache folder the build is incremental: a product page whose cache key (everything it prints,
 * src/pages/producto/[permalink].astro) and code are unchanged since the last build with that folder
 * is copied from it instead of rendered. Builds sharing a cache folder must not run at once.
 */
import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { buildAdmin } from './admin-cache.ts';
import { type AstroRun, astroBuild, type Progress } from './build-processes.ts';
import { writeHostConfig } from './host-config.ts';
import { hostLimitWarnings, siteShape } from './host-limits.ts';

/** The cache folder of `npm run build`, relative to the project (the publish workflow keeps it between runs). */
export const BUILD_CACHE = '.local/build-cache';

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
  /** Stops the build: Astro's process is killed and the build fails with the signal's reason. */
  signal?: AbortSignal;
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
    if (!cache || run.signal?.aborted) throw error;
    log(`La compilación incremental falló (${(error as Error).message}); se compila todo de nuevo.`);
    await rm(run.outDir, { recursive: true, force: true });
    await rm(cache, { recursive: true, force: true });
    return await astroBuild(run);
  }
}

/**
 * astro build into `outDir`. Astro keeps its intermediate server build inside the output folder when that
 * lies in the project, but in the shared {root}/.astro otherwise, where parallel builds overwrite each
 * other: an outside folder is therefore built in a private folder under node_modules/.cache, then moved.
 */
async function buildPages(target: BuildTarget, outDir: string): Promise<Progress> {
  const env = buildEnv(target);
  const root = resolve(target.root);
  const run = { root, env, quiet: target.quiet ?? false, signal: target.signal };
  const log = (m: string) => console.error(m);
  if (!relative(root, outDir).startsWith('..')) return astroBuildWithFallback({ ...run, outDir }, log);
  const cache = join(root, 'node_modules/.cache');
  await mkdir(cache, { recursive: true });
  const work = await mkdtemp(join(cache, 'shop-build-'));
  try {
    const stats = await astroBuildWithFallback({ ...run, outDir: join(work, 'dist') }, log);
    await rm(join(work, 'dist/.prerender'), { recursive: true, force: true });
    await move(join(work, 'dist'), outDir);
    return stats;
  } finally {
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
  delete env['SHOP_BUILD_CACHE'];
  if (target.cacheDir) env['SHOP_BUILD_CACHE'] = join(resolve(target.cacheDir), 'astro');
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
    const progress = await buildPages(target, outDir);
    target.signal?.throwIfAborted();
    await outcomeOf(admin);
    await move(join(staging, 'admin'), join(outDir, 'admin'));
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
