/**
 * `npm run search-index -- <site folder> [--keep <folder>]`: writes the header search's index of a
 * built site (scripts/lib/search-index.ts) into <site folder>/pagefind, reading the brands, categories
 * and campaigns from the project named by PUBLIC_SUPABASE_URL and PUBLIC_SUPABASE_ANON_KEY.
 * With --keep, the index is also kept in that folder, where the next `npm run build` takes it from
 * (the publish workflow keeps .local/build-cache/published between runs).
 */
import { parseArgs } from 'node:util';
import { carrySearchIndex, writeSearchIndex } from './lib/search-index.ts';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { keep: { type: 'string' } } });
const siteDir = positionals[0];
const supabaseUrl = process.env['PUBLIC_SUPABASE_URL'];
const anonKey = process.env['PUBLIC_SUPABASE_ANON_KEY'];
if (!siteDir || !supabaseUrl || !anonKey) {
  console.error(
    'Uso: PUBLIC_SUPABASE_URL=… PUBLIC_SUPABASE_ANON_KEY=… node scripts/search-index.ts <carpeta del sitio> [--keep <carpeta>]',
  );
  process.exit(1);
}
const stats = await writeSearchIndex(siteDir, { supabaseUrl, anonKey });
if (values.keep) await carrySearchIndex(siteDir, values.keep);
console.log(
  `Índice de búsqueda escrito (${stats.ms} ms; ${stats.pages} páginas, ${stats.records} marcas, categorías y campañas, ${stats.files} archivos).`,
);
for (const warning of stats.warnings) console.warn(warning);
