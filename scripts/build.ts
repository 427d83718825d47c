/**
 * `npm run build`: the static shop in dist/ (its pages, and the last search index and catalogue feeds
 * until `npm run feeds -- dist` and `npm run search-index -- dist` write the new ones) against the
 * Supabase project named by PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY, ready for any static host.
 * Incremental: product pages unchanged since the last build are linked from .local/build-cache.
 * A production build needs SITE_URL, the shop's public origin, for every absolute URL it writes.
 */
import { join } from 'node:path';
import { BUILD_CACHE, buildShop, PUBLISHED_CACHE, siteOrigin } from './lib/build.ts';
import { ROOT } from './stack/index.ts';

const supabaseUrl = process.env['PUBLIC_SUPABASE_URL'];
const anonKey = process.env['PUBLIC_SUPABASE_ANON_KEY'];
if (!supabaseUrl || !anonKey) {
  console.error('Define PUBLIC_SUPABASE_URL y PUBLIC_SUPABASE_ANON_KEY (o usa npm start, que inicia la pila local).');
  process.exit(1);
}
const siteUrl = siteOrigin(process.env['SITE_URL']);
if (!siteUrl) {
  console.error(
    'Define SITE_URL con el origen público de la tienda (por ejemplo https://outlet.mx): las URL canónicas, el sitemap, el JSON-LD y los enlaces del chat la usan.',
  );
  process.exit(1);
}
// The cache of the last build (kept between runs of the publish workflow) makes the build incremental,
// and holds the last search index and feeds (npm run search-index / feeds -- dist --keep …), carried
// until the new ones are written.
await buildShop({
  supabaseUrl,
  anonKey,
  siteUrl,
  root: ROOT,
  cacheDir: join(ROOT, BUILD_CACHE),
  carryFrom: join(ROOT, PUBLISHED_CACHE),
});
