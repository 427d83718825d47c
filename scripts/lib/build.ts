/** Builds the storefront (astro build) against a Supabase project, with the anon key only, then its search index. */
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import * as pagefind from 'pagefind';
import { writeHostConfig } from './host-config.ts';

export interface BuildTarget {
  supabaseUrl: string;
  anonKey: string;
  /** The shop's public origin: every absolute URL of the pages (canonical, og:url, JSON-LD, sitemap, share and chat links) starts with it. */
  siteUrl: string;
  /** Keeps Astro's progress lines out of the output (errors still show). */
  quiet?: boolean;
  root: string;
  outDir?: string;
  /** Stops the build: Astro's process is killed and the build fails with the signal's reason. */
  signal?: AbortSignal;
}

/** Only product pages are searchable (their content is marked data-pagefind-body; the glob keeps the rest out). */
export const SEARCH_GLOB = 'producto/**/*.html';

function astroBuild(root: string, outDir: string, env: NodeJS.ProcessEnv, quiet: boolean, signal?: AbortSignal): Promise<void> {
  const astro = join(root, 'node_modules/astro/bin/astro.mjs');
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [astro, 'build', '--outDir', outDir], {
      cwd: root,
      stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
      env,
      ...(signal ? { signal, killSignal: 'SIGKILL' as const } : {}),
    });
    child.once('error', (error) => fail(signal?.aborted ? signal.reason : error));
    child.once('exit', (code) => (code === 0 ? done() : fail(new Error(`astro build terminó con código ${code}`))));
  });
}

/**
 * astro build into `outDir`. Astro keeps its intermediate server build inside the output folder when that
 * lies in the project, but in the shared {root}/.astro otherwise, where parallel builds overwrite each
 * other: an outside folder is therefore built in a private folder under node_modules/.cache, then moved.
 */
async function buildPages(target: BuildTarget, outDir: string): Promise<void> {
  const env = {
    ...process.env,
    PUBLIC_SUPABASE_URL: target.supabaseUrl,
    PUBLIC_SUPABASE_ANON_KEY: target.anonKey,
    SITE_URL: target.siteUrl,
  };
  const root = resolve(target.root);
  const quiet = target.quiet ?? false;
  if (!relative(root, outDir).startsWith('..')) return astroBuild(root, outDir, env, quiet, target.signal);
  const cache = join(root, 'node_modules/.cache');
  await mkdir(cache, { recursive: true });
  const work = await mkdtemp(join(cache, 'shop-build-'));
  try {
    await astroBuild(root, join(work, 'dist'), env, quiet, target.signal);
    await rm(join(work, 'dist/.prerender'), { recursive: true, force: true });
    await rm(outDir, { recursive: true, force: true });
    await cp(join(work, 'dist'), outDir, { recursive: true });
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * Writes the Pagefind index of the built product pages to {outDir}/pagefind. The language (Spanish
 * stemming) comes from each page's <html lang="es-MX">. Returns the number of pages indexed.
 */
export async function indexSearch(outDir: string): Promise<number> {
  try {
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(errors.join('; '));
    const added = await index.addDirectory({ path: outDir, glob: SEARCH_GLOB });
    if (added.errors.length > 0) throw new Error(added.errors.join('; '));
    const written = await index.writeFiles({ outputPath: join(outDir, 'pagefind') });
    if (written.errors.length > 0) throw new Error(written.errors.join('; '));
    return added.page_count;
  } catch (error) {
    throw new Error(`No se pudo crear el índice de búsqueda: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await pagefind.close();
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

export async function buildShop(target: BuildTarget): Promise<void> {
  const outDir = resolve(target.outDir ?? join(target.root, 'dist'));
  await buildPages(target, outDir);
  target.signal?.throwIfAborted();
  const pages = await indexSearch(outDir);
  if (!target.quiet) console.log(`Índice de búsqueda: ${pages} páginas de producto`);
  await writeHostConfig(outDir, target.supabaseUrl);
}
