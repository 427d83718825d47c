/** Applies the local bootstrap, then every migration not yet recorded in supabase_migrations. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';

export interface MigrateResult {
  applied: string[];
  firstRun: boolean;
}

const BOOTSTRAP = new URL('./bootstrap.sql', import.meta.url);

/** Applies the local bootstrap (what a hosted project has before any migration) to the database at dbUrl. */
export async function applyBootstrap(dbUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    await client.query(await readFile(BOOTSTRAP, 'utf8'));
  } finally {
    await client.end();
  }
}

/**
 * A database can move forward only if every migration it recorded is still in the folder. One made
 * by migrations that were since replaced (the 30 migrations squashed into the baseline of
 * 2026-11-24) would otherwise get the baseline on top of its tables and fail obscurely: refuse it
 * with what to delete instead.
 */
export function assertMigratable(recorded: Set<string>, files: string[]): void {
  const known = new Set(files.map((f) => f.split('_')[0]));
  const unknown = [...recorded].filter((v) => !known.has(v)).sort();
  if (unknown.length === 0) return;
  throw new Error(
    `Esta base de datos se creó con migraciones que ya no existen (${unknown.length}: ${unknown[0]} … ${unknown.at(-1)}); ` +
      'las migraciones se reemplazaron por una sola migración base y una carpeta de datos anterior no puede actualizarse. ' +
      'Borra la carpeta de datos de este stack (.local/supabase/ con npm start y npm run stack, o la que indicaste con --data-dir o DATA_DIR) ' +
      'y vuelve a arrancar: se crea de nuevo, con los datos de demostración.',
  );
}

export async function migrate(dbUrl: string, migrationsDir: string, log: (msg: string) => void): Promise<MigrateResult> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ exists: boolean }>(
      `select to_regclass('supabase_migrations.schema_migrations') is not null as exists`,
    );
    const firstRun = !rows[0]?.exists;
    await client.query(await readFile(BOOTSTRAP, 'utf8'));

    const done = new Set(
      (await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
    );
    const files = (await readdir(migrationsDir)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
    assertMigratable(done, files);
    const applied: string[] = [];
    for (const file of files) {
      const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
      if (!version || done.has(version)) continue;
      const sql = await readFile(join(migrationsDir, file), 'utf8');
      await client.query('begin');
      try {
        await client.query(sql);
        await client.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [version, rest.join('_')]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`La migración ${file} falló: ${(error as Error).message}`, { cause: error });
      }
      applied.push(file);
      log(`Migración aplicada: ${file}`);
    }
    if (applied.length > 0) await client.query(`notify pgrst, 'reload schema'`);
    return { applied, firstRun };
  } finally {
    await client.end();
  }
}
