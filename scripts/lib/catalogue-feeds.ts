/**
 * The catalogue feeds of a built site: /feeds/google.xml (Google Merchant Center: RSS 2.0 with
 * Google's `g:` attributes) and /feeds/meta.csv (Meta's catalogue), every size of every live product
 * (src/data/feeds.ts reads them; src/lib/feeds.ts holds the rules).
 *
 * They follow a publication by seconds, as the header search's index does: the platforms fetch them
 * on a schedule, so an edit's pages go live without waiting for them, and a static host receives the
 * pages first and the feeds (about 6 KB a product together) in the deploy that follows. Until a
 * build's own feeds are written it carries the last ones (carryFeeds), so they never go missing.
 */
import { execFile } from 'node:child_process';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SHOP } from '../../src/config/shop.ts';
import { loadFeedItems } from '../../src/data/feeds.ts';
import { createShopClient } from '../../src/data/supabase.ts';
import { googleFeedXml, metaFeedCsv } from '../../src/lib/feeds.ts';
import { carryFolder } from './carry-folder.ts';
import { ROOT } from './root.ts';
import type { ShopSource } from './search-index.ts';

/** The feeds' folder in a site (the URLs /feeds/google.xml and /feeds/meta.csv). */
export const FEEDS_FOLDER = 'feeds';

/** Writes `text` as `file`: a new file put in the place of the old one, which may be shared with another build. */
async function replaceFile(file: string, text: string): Promise<void> {
  const next = `${file}.${process.pid}.new`;
  await writeFile(next, text);
  await rename(next, file);
}

/** Writes both feeds of the live catalogue into the site at `siteDir`, whose public origin is `siteUrl`. */
export async function writeFeeds(siteDir: string, shop: ShopSource, siteUrl: string): Promise<{ items: number; ms: number }> {
  const started = performance.now();
  const base = new URL(siteUrl).href;
  const items = await loadFeedItems(createShopClient(shop.supabaseUrl, shop.anonKey), base);
  const folder = join(siteDir, FEEDS_FOLDER);
  await mkdir(folder, { recursive: true });
  await replaceFile(join(folder, 'google.xml'), googleFeedXml({ title: SHOP.name, link: base, description: SHOP.description }, items));
  await replaceFile(join(folder, 'meta.csv'), metaFeedCsv(items));
  return { items: items.length, ms: Math.round(performance.now() - started) };
}

/** Links the feeds of the folder `from` (a published site, or the build cache that keeps them) into the site `to`; whether there were any. */
export function carryFeeds(from: string, to: string): Promise<boolean> {
  return carryFolder(from, to, FEEDS_FOLDER);
}

const run = promisify(execFile);

/**
 * Writes a published site's feeds in a process of its own at a low priority (`nice`), so the next
 * publication's build keeps the processors; `signal` stops it. Resolves to what it printed.
 */
export async function writeFeedsInBackground(siteDir: string, shop: ShopSource, siteUrl: string, signal?: AbortSignal): Promise<string> {
  const { stdout } = await run('nice', ['-n', '10', process.execPath, join(ROOT, 'scripts/feeds.ts'), siteDir], {
    env: { ...process.env, PUBLIC_SUPABASE_URL: shop.supabaseUrl, PUBLIC_SUPABASE_ANON_KEY: shop.anonKey, SITE_URL: siteUrl },
    ...(signal ? { signal } : {}),
  });
  return stdout.trim();
}
