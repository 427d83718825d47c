/**
 * The product pages of the last build, kept in the build's cache folder so that the next build renders
 * only the pages whose content changed:
 * - pages/<permalink>/index.html: each product page, a hard link to the file the build published
 *   (its bytes are shared, never copied);
 * - page-keys.json: each page's key (src/features/product/product-paths.ts: a digest of everything
 *   the page prints), the digest of the code and settings that rendered them (pagesDigest) and the
 *   day in Mexico City (every page prints how many days its campaigns have left: a new day renders
 *   every page, and by as many builds side by side as a first build).
 *
 * A build hands the last keys to the pages, which render only the products whose key is new or
 * different; every other product page is the last build's file, linked into the new build. A linked
 * file is never written into (that would change every build sharing it, the published one included):
 * a page rendered again is a new file that replaces the link. The keys file is removed while a build
 * runs and written when it has finished, so a build that stops half-way leaves no claim and the next
 * renders every page.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sourceDigest } from './source-digest.ts';

const exec = promisify(execFile);

/** Page keys by permalink. */
export type PageKeys = Record<string, string>;

/** What the kept pages were rendered with: the code's digest (pagesDigest) and the day. */
export interface RenderedWith {
  code: string;
  day: string;
}

/** The code and settings a product page is rendered from: a change in any of them renders every page again. */
export function pagesDigest(root: string, env: NodeJS.ProcessEnv): Promise<string> {
  return sourceDigest(
    root,
    {
      folders: ['src', 'public'],
      files: ['astro.config.mjs', 'package-lock.json', 'tsconfig.json', 'scripts/lib/renderer-tag.ts'],
      variables: ['SITE_URL', 'PUBLIC_SUPABASE_URL', 'PUBLIC_SUPABASE_ANON_KEY', 'PUBLIC_IMAGE_TRANSFORMS'],
    },
    env,
  );
}

/** Removes folders with `rm -rf`, a thousand per process (a command line has a length limit). */
async function removeAll(paths: string[]): Promise<void> {
  for (let i = 0; i < paths.length; i += 1000) await exec('rm', ['-rf', '--', ...paths.slice(i, i + 1000)]);
}

const keysFile = (cacheDir: string) => join(cacheDir, 'page-keys.json');
const pagesDir = (cacheDir: string) => join(cacheDir, 'pages');
const pageFile = (folder: string, permalink: string) => join(folder, permalink, 'index.html');

/**
 * The keys of the pages kept in the cache, when they were rendered by the same code on the same day;
 * null otherwise. The keys file is removed: until this build finishes the cache holds no claim.
 */
export async function takePageKeys(cacheDir: string, code: string, day: string): Promise<PageKeys | null> {
  const file = keysFile(cacheDir);
  try {
    const kept = JSON.parse(await readFile(file, 'utf8')) as Partial<RenderedWith> & { keys?: PageKeys };
    return kept.code === code && kept.day === day && kept.keys ? kept.keys : null;
  } catch {
    return null;
  } finally {
    await rm(file, { force: true });
  }
}

/** Past this many pages to replace one by one, linking every page of the cache in one `cp` is faster. */
const DONOR_MAX_CHANGES = 2000;

/**
 * An earlier build of the same cache that is no longer served, whose product pages (producto/) a new
 * build may take instead of linking every page of the cache: `keys` are the keys of its pages.
 */
export interface PageDonor {
  dir: string;
  keys: PageKeys;
}

/**
 * Puts every page of the cache into `into` (a new folder beside the build), as the cache holds them
 * for the keys `cached` (the cache's last build). Started while the build renders; linkUnchangedPages
 * then keeps the unchanged ones. Resolves to `into`.
 *
 * Without a donor every page is linked, in a process of its own (tens of thousands of links would
 * hold up the file reads of this process): seconds of the kernel's time at 50,000 pages. With one,
 * the donor's product folder is moved to `into` whole, and only its pages whose key is not the
 * cache's are replaced by links to the cache's, or removed: work for the pages changed since the
 * donor was built. The donor loses its product pages. A donor whose pages differ from the cache's by
 * more than DONOR_MAX_CHANGES (after an import) is left alone: linking every page is faster then.
 */
export async function linkCachedPages(cacheDir: string, into: string, cached: PageKeys, donor?: PageDonor | null): Promise<string> {
  await rm(into, { recursive: true, force: true });
  const stale = donor ? Object.keys(donor.keys).filter((p) => !(p in cached)) : [];
  const changed = donor ? Object.keys(cached).filter((p) => donor.keys[p] !== cached[p]) : [];
  if (donor && stale.length + changed.length <= DONOR_MAX_CHANGES && existsSync(join(donor.dir, 'producto'))) {
    await rename(join(donor.dir, 'producto'), into);
    await removeAll(stale.map((p) => join(into, p)));
    for (const permalink of changed) {
      await mkdir(join(into, permalink), { recursive: true });
      await link(pageFile(pagesDir(cacheDir), permalink), `${pageFile(into, permalink)}.new`);
      await rename(`${pageFile(into, permalink)}.new`, pageFile(into, permalink));
    }
  } else if (existsSync(pagesDir(cacheDir))) await exec('cp', ['-al', pagesDir(cacheDir), into]);
  else await mkdir(into, { recursive: true });
  return into;
}

/** What `linkUnchangedPages` put together. */
export interface LinkedPages {
  /** Pages linked from the cache: 'producto/<permalink>/index.html'. */
  reused: string[];
  /** Product pages rendered by this build. */
  rendered: number;
}

/**
 * Completes a build's product pages (`site`/producto, holding the pages it rendered) with the cache's
 * pages whose key did not change, and leaves the cache holding this build's pages and keys. `last` is
 * what takePageKeys returned (null: the build rendered every page), `keys` every product page's key
 * in this build, `linked` the folder linkCachedPages is filling (null when `last` is). Fails when a
 * page to link is missing from the cache (a damaged cache).
 */
export async function linkUnchangedPages(
  site: string,
  cacheDir: string,
  renderedWith: RenderedWith,
  last: PageKeys | null,
  keys: PageKeys,
  linked: Promise<string> | null,
): Promise<LinkedPages> {
  const built = join(site, 'producto');
  const cached = pagesDir(cacheDir);
  const permalinks = Object.keys(keys);
  const unchanged = last ? permalinks.filter((p) => last[p] === keys[p]) : [];
  const rendered = permalinks.filter((p) => !last || last[p] !== keys[p]);
  const links = await linked;
  if (unchanged.length === 0) {
    // every page was rendered: the cache becomes a set of links to this build's pages
    if (links) await exec('rm', ['-rf', '--', links]);
    await rm(cached, { recursive: true, force: true });
    await mkdir(cacheDir, { recursive: true });
    if (existsSync(built)) await exec('cp', ['-al', built, cached]);
    else await mkdir(cached, { recursive: true });
  } else {
    if (!links) throw new Error('Faltan las páginas de la caché.');
    for (const permalink of unchanged) {
      if (!existsSync(pageFile(links, permalink))) throw new Error(`Falta en la caché la página de ${permalink}.`);
    }
    // the pages of products no longer built leave the build and the cache; each rendered page
    // replaces its link in both
    const gone = Object.keys(last ?? {}).filter((p) => !(p in keys));
    await removeAll(gone.flatMap((p) => [join(links, p), join(cached, p)]));
    for (const permalink of rendered) {
      await mkdir(join(links, permalink), { recursive: true });
      await rename(pageFile(built, permalink), pageFile(links, permalink));
      await mkdir(join(cached, permalink), { recursive: true });
      await link(pageFile(links, permalink), `${pageFile(cached, permalink)}.new`);
      await rename(`${pageFile(cached, permalink)}.new`, pageFile(cached, permalink));
    }
    await rm(built, { recursive: true, force: true });
    await rename(links, built);
  }
  await writeFile(keysFile(cacheDir), JSON.stringify({ ...renderedWith, keys }));
  return { reused: unchanged.map((p) => `producto/${p}/index.html`), rendered: rendered.length };
}
