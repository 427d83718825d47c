/**
 * node scripts/seed/cli.ts demo [--today yyyy-MM-dd]
 * node scripts/seed/cli.ts bulk <count> [--api]
 * node scripts/seed/cli.ts events <count> [--days N]
 * Reads SUPABASE_URL (or PUBLIC_SUPABASE_URL) and SUPABASE_SERVICE_ROLE_KEY from the environment; the
 * analytics events (demo, events) are written through a direct connection: DATABASE_URL, default the
 * local stack's database. So are the bulk products (batches of 10,000; a million in a few minutes),
 * unless --api sends them through the API in batches of 1000 (slower, and slower as the catalogue grows).
 */
import { dbTarget } from '../db/target.ts';
import { seedBulkProducts, seedDemo, seedEvents } from './index.ts';

const USAGE = `Uso:
  node scripts/seed/cli.ts demo [--today aaaa-mm-dd]   datos demo (marcas, categorías, campañas, ~170 productos, imágenes)
  node scripts/seed/cli.ts bulk <cantidad> [--api]      agrega <cantidad> productos (p. ej. 1000000) por conexión directa en
                                                        lotes de 10,000, o con --api por la API en lotes de 1000
  node scripts/seed/cli.ts events <cantidad> [--days N] agrega <cantidad> eventos de analítica (p. ej. 1000000) de los
                                                        últimos N días (395 por defecto) sobre el catálogo existente
Variables: SUPABASE_URL (o PUBLIC_SUPABASE_URL) y SUPABASE_SERVICE_ROLE_KEY; los eventos de analítica y los productos
(sin --api) se escriben por conexión directa: DATABASE_URL (por defecto la base de datos del stack local).`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const url = process.env['SUPABASE_URL'] ?? process.env['PUBLIC_SUPABASE_URL'];
  const serviceRoleKey = process.env['SUPABASE_SERVICE_ROLE_KEY'];
  if (!url || !serviceRoleKey) {
    console.error(`Faltan SUPABASE_URL (o PUBLIC_SUPABASE_URL) y/o SUPABASE_SERVICE_ROLE_KEY.\n\n${USAGE}`);
    return 1;
  }
  const log = (m: string) => console.log(m);
  const started = performance.now();
  if (command === 'demo') {
    const i = rest.indexOf('--today');
    const today = i >= 0 ? rest[i + 1] : undefined;
    const result = await seedDemo({ url, serviceRoleKey, dbUrl: dbTarget().dbUrl, log, ...(today ? { today } : {}) });
    console.log(`Listo: ${result.products} productos, ${result.images} imágenes en ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  }
  if (command === 'bulk') {
    const count = Number(rest[0]);
    if (!Number.isInteger(count) || count < 1) {
      console.error(`Cantidad inválida: ${rest[0] ?? '(falta)'}\n\n${USAGE}`);
      return 1;
    }
    const dbUrl = rest.includes('--api') ? undefined : dbTarget().dbUrl;
    const result = await seedBulkProducts({ url, serviceRoleKey, count, log, ...(dbUrl ? { dbUrl } : {}) });
    console.log(`Listo: ${result.products} productos en ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  }
  if (command === 'events') {
    const count = Number(rest[0]);
    const i = rest.indexOf('--days');
    const days = i >= 0 ? Number(rest[i + 1]) : 395;
    if (!Number.isInteger(count) || count < 1 || !Number.isInteger(days) || days < 1) {
      console.error(`Cantidad o días inválidos: ${rest.join(' ') || '(falta)'}\n\n${USAGE}`);
      return 1;
    }
    const written = await seedEvents({ dbUrl: dbTarget().dbUrl, count, days, log });
    console.log(`Listo: ${written} eventos en ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  }
  console.error(`Comando desconocido: ${command}\n\n${USAGE}`);
  return 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
