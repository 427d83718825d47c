/**
 * `npm run db:restore -- <backup folder> [--force]`: loads a backup of `npm run db:backup` into the
 * local stack's database and storage folder. With the stack running it restores into that database;
 * with it stopped it starts Postgres on the data folder (DATA_DIR, a new one is created and migrated)
 * just for the restore. A database that already holds data is left untouched unless --force.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../stack/index.ts';
import { restoreDatabase } from './dump.ts';
import { dbTarget, isRefused, redact } from './target.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
});
const backupsDir = join(ROOT, '.local/backups');
if (values.help || positionals.length !== 1) {
  const available = existsSync(backupsDir) ? readdirSync(backupsDir).sort().reverse().slice(0, 5) : [];
  console.log(`Uso: npm run db:restore -- CARPETA_DE_LA_COPIA [--force]
  Restaura una copia de npm run db:backup en la base local (DATABASE_URL, por defecto la de DB_PORT)
  y en DATA_DIR/storage. Si la base tiene datos no cambia nada, salvo con --force.
${available.length ? `Copias más recientes:\n${available.map((a) => `  ${join(backupsDir, a)}`).join('\n')}` : 'No hay copias en .local/backups.'}`);
  process.exit(values.help ? 0 : 1);
}

const backupDir = resolve(positionals[0]!);
const target = dbTarget();
const started = Date.now();
const restore = () => restoreDatabase({ dbUrl: target.dbUrl, storageDir: target.storageDir, backupDir, force: values.force });

try {
  let result: Awaited<ReturnType<typeof restoreDatabase>>;
  try {
    result = await restore();
  } catch (error) {
    if (!isRefused(error) || !target.local) throw error;
    // The stack is stopped: Postgres on its data folder (created and migrated when new), for the restore only.
    console.log(`La base local no está en marcha: se arranca Postgres en ${target.dataDir} para restaurar.`);
    const [{ startPostgres }, { migrate }] = await Promise.all([import('../stack/postgres.ts'), import('../stack/migrate.ts')]);
    const db = await startPostgres({ dataDir: target.dataDir, port: target.dbPort, durable: true, log: console.log });
    try {
      await migrate({ dbUrl: db.url, bootstrapUrl: db.adminUrl, migrationsDir: join(ROOT, 'supabase/migrations'), log: () => undefined });
      result = await restore();
    } finally {
      await db.stop();
    }
  }
  console.log(`Copia restaurada desde ${backupDir}
  Base de datos: ${redact(target.dbUrl)}
  Tablas: ${result.tables} (${result.rows.toLocaleString('es-MX')} filas, cada una comprobada contra la copia)
  Archivos: ${result.files} en ${target.storageDir}
  Tiempo: ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  if (isRefused(error)) {
    console.error(`No se pudo conectar a la base de datos en ${redact(target.dbUrl)}.`);
  } else {
    console.error(`No se restauró la copia: ${error instanceof Error ? error.message : String(error)}`);
  }
  process.exitCode = 1;
}
