/** Applies the local bootstrap, then every migration not yet recorded in supabase_migrations. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';

export interface MigrateResult {
  applied: string[];
  firstRun: boolean;
}

const BOOTSTRAP = new URL('./bootstrap.sql', import.meta.url);

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
