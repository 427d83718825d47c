/**
 * `npm run feeds -- <site folder> [--keep <folder>]`: writes the catalogue feeds of a built site
 * (scripts/lib/catalogue-feeds.ts) into <site folder>/feeds, reading the live catalogue from the
 * project named by PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY; SITE_URL is the shop's public
 * origin their links start with. With --keep, the feeds are also kept in that folder, where the next
 * `npm run build` takes them from (the publish workflow keeps .local/build-cache/published between runs).
 */
import { parseArgs } from 'node:util';
import { carryFeeds, writeFeeds } from './lib/catalogue-feeds.ts';
import { siteOrigin } from './lib/build.ts';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { keep: { type: 'string' } } });
const siteDir = positionals[0];
const supabaseUrl = process.env['PUBLIC_SUPABASE_URL'];
const anonKey = process.env['PUBLIC_SUPABASE_ANON_KEY'];
const siteUrl = siteOrigin(process.env['SITE_URL']);
if (!siteDir || !supabaseUrl || !anonKey || !siteUrl) {
  console.error(
    'Uso: PUBLIC_SUPABASE_URL=… PUBLIC_SUPABASE_ANON_KEY=… SITE_URL=https://… node scripts/feeds.ts <carpeta del sitio> [--keep <carpeta>]',
  );
  process.exit(1);
}
const stats = await writeFeeds(siteDir, { supabaseUrl, anonKey }, siteUrl);
if (values.keep) await carryFeeds(siteDir, values.keep);
console.log(`Feeds del catálogo escritos (${stats.ms} ms; ${stats.items} artículos).`);
