/**
 * `npm run bench:import` (also the last part of `npm run bench`): a CSV import of BENCH_IMPORT_ROWS
 * rows (default 10,000) end to end on a throwaway local stack, as the back office does it: the file
 * parsed by the wizard's parser, then sent to the bulk-import-products-batch function through the
 * gateway as an admin, in batches of 50 with a 300 ms pause. Prints the parse time and rows per
 * second, beside the ceiling the pacing sets (50 rows per 300 ms pause plus the batch's own time).
 * Ports: BENCH_DB_PORT, BENCH_API_PORT, BENCH_REST_PORT (default 63722, 63721, 63729).
 * Not part of `npm test`.
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { toImportProduct } from '../admin/products/import/rules.ts';
import { IMPORT_BATCH_SIZE, IMPORT_PAUSE_MS, runImport } from '../admin/products/import/runImport.ts';
import { parseCsvFile } from '../admin/products/csv-import.ts';
import { ensureAdmin } from './lib/admin-user.ts';
import { startStack } from './stack/index.ts';

const ROWS = Number(process.env['BENCH_IMPORT_ROWS'] ?? 10_000);
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/** A supplier file as Excel writes it: ';' separated, one product per row, 3 images and 4 sizes each. */
function supplierCsv(rows: number): Uint8Array {
  const lines = ['url;nombre;precio;precio_anterior;imagenes;tallas;descripcion_html;categoria;subcategoria;clasificacion'];
  for (let i = 1; i <= rows; i++) {
    const images = [1, 2, 3].map((n) => `https://proveedor.example/img/${i}-${n}.jpg`).join(';');
    lines.push(
      `https://proveedor.example/p/${i};Playera Básica ${i};$${200 + (i % 50) * 10};$${900 + (i % 70) * 10};"${images}";"S;M;L;XL (MX)";<p>Algodón</p>;Ropa de Hombre;Playeras;A`,
    );
  }
  return new TextEncoder().encode(lines.join('\r\n'));
}

const work = await mkdtemp(join(tmpdir(), 'outlet-bench-import-'));
// Postgres runs as its own user and must reach its data folder inside.
await chmod(work, 0o755);
const stack = await startStack({
  dataDir: join(work, 'data'),
  dbPort: port('BENCH_DB_PORT', 63722),
  apiPort: port('BENCH_API_PORT', 63721),
  restPort: port('BENCH_REST_PORT', 63729),
  seed: false,
  durable: false,
  log: () => undefined,
});
try {
  await ensureAdmin(stack.url, stack.serviceRoleKey, 'bench-import@outlet.local', 'bench-password-1');
  const admin = createClient(stack.url, stack.anonKey, { auth: { persistSession: false, autoRefreshToken: false } });
  await admin.auth.signInWithPassword({ email: 'bench-import@outlet.local', password: 'bench-password-1' });
  const service = createClient(stack.url, stack.serviceRoleKey, { auth: { persistSession: false } });
  const { data: campaign } = await service
    .from('campaigns')
    .insert({ nombre: 'Bench', fecha_inicio: '2026-01-01', fecha_fin: '2099-12-31' })
    .select('id')
    .single()
    .throwOnError();
  const { data: brand } = await service
    .from('brands')
    .insert({ name: 'bench', display_name: 'Bench' })
    .select('id')
    .single()
    .throwOnError();

  const file = supplierCsv(ROWS);
  const parseStarted = performance.now();
  const parsed = parseCsvFile(file);
  const parseMs = performance.now() - parseStarted;
  if (!parsed.ok) throw new Error(parsed.reason);
  const products = parsed.valid.map((row) => toImportProduct(row, 'bench'));

  const started = performance.now();
  const summary = await runImport(
    products,
    async (batch) => {
      const { data, error } = await admin.functions.invoke('bulk-import-products-batch', {
        body: { products: batch, campaign_id: campaign.id, brand_id: brand.id, batch_size: batch.length },
      });
      if (error) throw error;
      return data as { success_count: number; error_count: number; errors: string[] };
    },
    { size: IMPORT_BATCH_SIZE, pauseMs: IMPORT_PAUSE_MS },
  );
  const seconds = (performance.now() - started) / 1000;
  const ceiling = IMPORT_BATCH_SIZE / (IMPORT_PAUSE_MS / 1000);
  console.log(
    [
      `Importación CSV de ${ROWS} filas (${(file.byteLength / 1024 / 1024).toFixed(1)} MB)`,
      `  lectura del archivo en el navegador (parser): ${parseMs.toFixed(0)} ms`,
      `  importadas: ${summary.imported}, con error: ${summary.failed}${summary.errors[0] ? ` (${summary.errors[0]})` : ''}`,
      `  ${seconds.toFixed(1)} s, ${(summary.imported / seconds).toFixed(0)} filas/s (techo del ritmo: ${ceiling.toFixed(0)} filas/s)`,
    ].join('\n'),
  );
} finally {
  await stack.stop();
  await rm(work, { recursive: true, force: true });
}
