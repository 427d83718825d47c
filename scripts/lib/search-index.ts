/**
 * The header search's index: a Pagefind index of a built site, in its /pagefind folder.
 *
 * What it holds: every page that marks content as searchable (data-pagefind-body: the product pages,
 * src/features/product/ProductPage.astro, and the information pages, BaseLayout's `searchable`), and one
 * record per brand, category and campaign a shopper can browse (src/data/search.ts), linking to
 * /tienda filtered by it. A product's price and availability are not taken from the index: the header
 * search reads them live (src/features/search/HeaderSearch.tsx).
 *
 * Publishing: the pages go live first and the index follows (scripts/rebuild/worker.ts runs this after
 * a publication, at a low priority; the publish workflow deploys again once it is written). Until
 * then a new build carries the last index (carrySearchIndex), so search never goes missing.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as pagefind from 'pagefind';
import { getSearchPlaces } from '../../src/data/search.ts';
import { createShopClient } from '../../src/data/supabase.ts';
import { placeIndexRecord, SEARCH_LANGUAGE } from '../../src/lib/search.ts';
import { carryFolder } from './carry-folder.ts';
import { hostLimitWarnings, siteShape } from './host-limits.ts';
import { ROOT } from './root.ts';

/** The index's folder in a site (the URL /pagefind/ the header search loads it from). */
export const SEARCH_INDEX_FOLDER = 'pagefind';

/**
 * Pagefind writes one file per page unless told to bundle them: at most this many fragment files,
 * so the index adds a few hundred files to a deploy however large the catalogue (host-limits.ts).
 */
const MAX_FRAGMENT_FILES = 500;

/** Pagefind's ready-made search interfaces: the shop's header has its own, so they are not published. */
const UNUSED = /^pagefind-(ui|modular-ui|component-ui|highlight)\./;

export interface ShopSource {
  supabaseUrl: string;
  anonKey: string;
}

export interface SearchIndexStats {
  /** HTML pages indexed (products and information pages). */
  pages: number;
  /** Brands, categories and campaigns indexed. */
  records: number;
  /** Files of the index. */
  files: number;
  ms: number;
  /** The static hosts' limits the site with its index exceeds (host-limits.ts), in Spanish. */
  warnings: string[];
}

function failOn(step: string, errors: string[]): void {
  if (errors.length > 0) throw new Error(`Índice de búsqueda (${step}): ${errors.join('; ')}`);
}

/** Files under a folder, recursively. */
async function countFiles(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).length;
}

/**
 * Writes the index of the site in `siteDir` into `siteDir/pagefind`: beside the old one first, then
 * swapped in, so the site always serves a whole index. One at a time per process (Pagefind's
 * service is shared).
 */
export async function writeSearchIndex(siteDir: string, shop: ShopSource): Promise<SearchIndexStats> {
  const started = Date.now();
  const places = await getSearchPlaces(createShopClient(shop.supabaseUrl, shop.anonKey));
  const { index, errors } = await pagefind.createIndex({ forceLanguage: SEARCH_LANGUAGE, maxFragments: MAX_FRAGMENT_FILES });
  if (!index) throw new Error(`Índice de búsqueda: ${errors.join('; ')}`);
  const next = await mkdtemp(join(siteDir, `${SEARCH_INDEX_FOLDER}.next-`));
  try {
    const pages = await index.addDirectory({ path: siteDir });
    failOn('páginas', pages.errors);
    const added = await Promise.all(places.map((place) => index.addCustomRecord(placeIndexRecord(place))));
    failOn(
      'marcas, categorías y campañas',
      added.flatMap((r) => r.errors),
    );
    failOn('escritura', (await index.writeFiles({ outputPath: next })).errors);
    for (const name of await readdir(next)) if (UNUSED.test(name)) await rm(join(next, name));
    const files = await countFiles(next);
    // what the index holds (addDirectory counts every HTML file it read, searchable or not)
    const entry = JSON.parse(await readFile(join(next, 'pagefind-entry.json'), 'utf8')) as {
      languages: Record<string, { page_count: number }>;
    };
    const indexed = Object.values(entry.languages).reduce((n, language) => n + language.page_count, 0);
    await swapIn(next, join(siteDir, SEARCH_INDEX_FOLDER));
    const warnings = hostLimitWarnings(await siteShape(siteDir));
    return { pages: indexed - places.length, records: places.length, files, ms: Date.now() - started, warnings };
  } finally {
    await rm(next, { recursive: true, force: true });
    await pagefind.close();
  }
}

/** Puts the folder `next` in the place of `target` (two renames: a request in between finds nothing, never half an index). */
async function swapIn(next: string, target: string): Promise<void> {
  const old = `${target}.old-${process.pid}-${Date.now()}`;
  const hadOne = await stat(target).then(
    () => true,
    () => false,
  );
  if (hadOne) await rename(target, old);
  await rename(next, target);
  if (hadOne) await rm(old, { recursive: true, force: true });
}

/** Links the index of the folder `from` (a published site, or the build cache that keeps one) into `to` (carry-folder.ts). */
export function carrySearchIndex(from: string, to: string): Promise<boolean> {
  return carryFolder(from, to, SEARCH_INDEX_FOLDER);
}

const run = promisify(execFile);

/**
 * Writes a published site's index in a process of its own at a low priority (`nice`), so the next
 * publication's build keeps the processors; `signal` stops it. Resolves to what it printed. Several
 * may run at once (each process has its own Pagefind).
 */
export async function writeSearchIndexInBackground(siteDir: string, shop: ShopSource, signal?: AbortSignal): Promise<string> {
  const { stdout } = await run('nice', ['-n', '10', process.execPath, join(ROOT, 'scripts/search-index.ts'), siteDir], {
    env: { ...process.env, PUBLIC_SUPABASE_URL: shop.supabaseUrl, PUBLIC_SUPABASE_ANON_KEY: shop.anonKey },
    ...(signal ? { signal } : {}),
  });
  return stdout.trim();
}
