/**
 * Brings a database to the project's schema as `supabase db push` does on a hosted project: every
 * migration not yet recorded in supabase_migrations, applied as `postgres` (not a superuser).
 *
 * A local database is first bootstrapped (scripts/stack/bootstrap/*.sql, as supabase_admin) with what
 * the platform has before any migration: its roles and the auth and storage schemas. A database built
 * from the platform's own SQL (platform.ts) already has them and gets no bootstrap.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';

export interface MigrateResult {
  applied: string[];
  firstRun: boolean;
}

export interface MigrateOptions {
  /** `postgres`'s connection: the migrations run as this role. */
  dbUrl: string;
  migrationsDir: string;
  /** supabase_admin's connection, for the local bootstrap; omit on a database built from the platform's own SQL. */
  bootstrapUrl?: string;
  log: (msg: string) => void;
}

const BOOTSTRAP_DIR = new URL('./bootstrap/', import.meta.url);

/** The bootstrap's files in the order they run (their names start with their position). */
export async function bootstrapFiles(): Promise<string[]> {
  return (await readdir(BOOTSTRAP_DIR)).filter((f) => f.endsWith('.sql')).sort();
}

/**
 * Applies the local bootstrap to the database at adminUrl (supabase_admin's connection), as one
 * transaction: the roles (00-*.sql) when the cluster has none of them yet, the database's own
 * objects (the rest: extensions, auth, storage) when this database has no `auth` schema yet. So a
 * new database in a cluster that already has the roles (the platform's, or a second database of
 * a local stack) gets the same auth and storage. Returns whether anything was applied.
 */
export async function bootstrap(adminUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ roles: boolean; schemas: boolean }>(
      `select exists (select from pg_roles where rolname = 'supabase_auth_admin') as roles,
              to_regnamespace('auth') is not null as schemas`,
    );
    const files = (await bootstrapFiles()).filter((f) => (f.startsWith('00-') ? !rows[0]?.roles : !rows[0]?.schemas));
    if (files.length === 0) return false;
    await client.query('begin');
    for (const file of files) {
      try {
        await client.query(await readFile(new URL(file, BOOTSTRAP_DIR), 'utf8'));
      } catch (error) {
        await client.query('rollback');
        throw new Error(`El arranque local ${file} falló: ${(error as Error).message}`, { cause: error });
      }
    }
    await client.query('commit');
    return true;
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

export async function migrate(opts: MigrateOptions): Promise<MigrateResult> {
  if (opts.bootstrapUrl) await bootstrap(opts.bootstrapUrl);
  const client = new pg.Client({ connectionString: opts.dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ exists: boolean }>(
      `select to_regclass('supabase_migrations.schema_migrations') is not null as exists`,
    );
    const firstRun = !rows[0]?.exists;
    // The Supabase CLI's own bookkeeping, created by postgres on the first push.
    await client.query(`create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (
        version text primary key,
        name text,
        statements text[],
        applied_at timestamptz not null default now()
      )`);

    const done = new Set(
      (await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
    );
    const files = (await readdir(opts.migrationsDir)).filter((f) => /^\d+_.+\.sql$/.test(f)).sort();
    assertMigratable(done, files);
    const applied: string[] = [];
    for (const file of files) {
      const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
      if (!version || done.has(version)) continue;
      const sql = await readFile(join(opts.migrationsDir, file), 'utf8');
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
      opts.log(`Migración aplicada: ${file}`);
    }
    if (applied.length > 0) await client.query(`notify pgrst, 'reload schema'`);
    return { applied, firstRun };
  } finally {
    await client.end();
  }
}
