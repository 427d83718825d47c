/**
 * `npm run db:backup [-- --out DIR]`: a consistent copy of the local stack's database (every row of
 * public, private, auth, storage, ...) and its stored files, in `.local/backups/<date and time>/`.
 * DATABASE_URL picks another database (default the local stack's, DB_PORT); DATA_DIR the data
 * folder whose `storage/` holds the files. Needs the stack running (`npm start` or `npm run stack`).
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../stack/index.ts';
import { backupDatabase, formatBytes } from './dump.ts';
import { dbTarget, isRefused, redact } from './target.ts';

const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', default: false } } });
if (values.help) {
  console.log(`Uso: npm run db:backup [-- --out CARPETA]
  Copia la base de datos (DATABASE_URL, por defecto la local) y los archivos de DATA_DIR/storage
  en .local/backups/<fecha y hora>/ (o en CARPETA). La base debe estar en marcha.`);
  process.exit(0);
}

const target = dbTarget();
const stamp = new Date()
  .toISOString()
  .replace(/[:]/g, '-')
  .replace(/\.\d+Z$/, 'Z');
const outDir = values.out ?? join(ROOT, '.local/backups', stamp);
const started = Date.now();
try {
  const manifest = await backupDatabase({ dbUrl: target.dbUrl, storageDir: target.storageDir, outDir });
  const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
  const busiest = [...manifest.tables].sort((a, b) => b.rows - a.rows).slice(0, 5);
  console.log(`Copia de seguridad lista en ${outDir}
  Base de datos: ${redact(target.dbUrl)}
  Tablas: ${manifest.tables.length} (${rows.toLocaleString('es-MX')} filas; las más grandes: ${busiest.map((t) => `${t.schema}.${t.name} ${t.rows.toLocaleString('es-MX')}`).join(', ')})
  Migraciones: ${manifest.migrations.length} (última ${manifest.migrations.at(-1) ?? 'ninguna'})
  Archivos: ${manifest.files.count} (${formatBytes(manifest.files.bytes)})${manifest.files.missing.length ? `; ${manifest.files.missing.length} registrados sin archivo en ${target.storageDir}` : ''}
  Tiempo: ${((Date.now() - started) / 1000).toFixed(1)} s
Para restaurarla: npm run db:restore -- ${outDir}`);
} catch (error) {
  if (isRefused(error)) {
    console.error(
      `No se pudo conectar a la base de datos en ${redact(target.dbUrl)}. Arranca la tienda (npm start o npm run stack) o indica otra con DATABASE_URL.`,
    );
  } else {
    console.error(`La copia de seguridad falló: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exitCode = 1;
}
