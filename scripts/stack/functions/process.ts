/**
 * One Edge Function in its own Deno process, the way `supabase functions serve` runs it: its
 * index.ts calls `Deno.serve`, which listens on a free loopback port chosen here (DENO_SERVE_ADDRESS).
 *
 * Rules a newcomer can check below:
 *   - the process starts with only the variables it is given (the platform's SUPABASE_* and the
 *     function's own secrets): nothing of the parent's environment is inherited;
 *   - `--allow-env` names exactly those variables and the function's declared secret names, so reading
 *     any other (another function's secret, the JWT secret) fails;
 *   - `--allow-net` is the function's own listening address plus the hosts of URL-valued variables
 *     (the gateway at SUPABASE_URL; Postgres at SUPABASE_DB_URL for the few functions given it) and
 *     the function's declared hosts: Postgres and PostgREST, on other loopback ports, are otherwise
 *     out of reach; `--allow-read` is the functions folder (its code and
 *     `_shared`), nothing else; no `--allow-write`, `--allow-run`, `--allow-ffi` or `--allow-sys`;
 *   - Deno's module cache lives in node_modules/.cache/deno, so a second start compiles nothing;
 *   - the process ends when the stack stops it, or by itself when the stack's end of its standard
 *     input closes (boot.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type AddressInfo, createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../../lib/root.ts';

/** Deno's module cache, shared by every start of the stack and the tests. */
export const DENO_DIR = join(ROOT, 'node_modules/.cache/deno');

/** The Deno binary of the `deno` devDependency (its own package resolves this platform's build). */
export function denoBinary(): string {
  const api = createRequire(import.meta.url)('deno/install_api.cjs') as { runInstall(): string };
  return api.runInstall();
}

export interface FunctionProcessOptions {
  functionsDir: string;
  name: string;
  /** The whole environment of the process: the platform's variables and the function's own secrets. */
  env: Record<string, string>;
  /** Every secret name the function may read, set or not (reading an unset one gives undefined). */
  secretNames?: readonly string[];
  /** Hosts the function may call besides loopback and the hosts of URL-valued variables. */
  hosts?: readonly string[];
  /** Where the function's own output goes, one line at a time. */
  log?: (line: string) => void;
}

export interface FunctionProcess {
  name: string;
  /** The function's server, e.g. http://127.0.0.1:40123 */
  url: string;
  pid: number;
  /** Settles when the process has ended, for whatever reason. */
  exited: Promise<void>;
  stop(): Promise<void>;
}

/** The permission flags of a function process listening on `listen` (see the rules at the top of this file). */
export function permissionFlags(opts: FunctionProcessOptions, listen: string): string[] {
  const envNames = [...new Set([...Object.keys(opts.env), ...(opts.secretNames ?? [])])].sort();
  const hosts = new Set([listen, ...(opts.hosts ?? [])]);
  for (const value of Object.values(opts.env)) {
    if (/^(https?|postgres(ql)?):\/\//i.test(value) && URL.canParse(value)) hosts.add(new URL(value).host);
  }
  // the Postgres client reads PG* variables for its defaults; none is set in the process's environment
  if (opts.env['SUPABASE_DB_URL']) envNames.push('PG*');
  return [`--allow-env=${envNames.join(',')}`, `--allow-net=${[...hosts].join(',')}`, `--allow-read=${resolve(opts.functionsDir)}`];
}

/** The functions folder's deno.json, when it has one. */
function configFlags(dir: string): string[] {
  const config = join(dir, 'deno.json');
  return existsSync(config) ? ['--config', config] : [];
}

const LISTENING = /Listening on (https?:\/\/\S+?)\/?$/m;

/** How long a function may take to listen (its npm: imports are downloaded on the first start). */
const START_TIMEOUT_MS = 60_000;

/** A loopback port free right now, for the function to listen on. */
function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => done(port));
    });
  });
}

/** A start that failed for a reason of the moment: the port taken meanwhile, or Deno's download of an npm package (the registry unreachable for a while, or another function's start caching the same package). */
const PASSING_FAILURE =
  /AddrInUse|address already in use|Failed caching npm package|error sending request for url|failed to lookup address|Temporary failure in name resolution/i;

/** Starts the function; a start that failed for a reason of the moment (PASSING_FAILURE) is tried again, up to four times in all. */
export async function startFunctionProcess(opts: FunctionProcessOptions): Promise<FunctionProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(opts, `127.0.0.1:${await freePort()}`);
    } catch (error) {
      if (attempt >= 4 || !PASSING_FAILURE.test(String(error))) throw error;
      await new Promise((done) => setTimeout(done, 1000 * attempt));
    }
  }
}

function startOnce(opts: FunctionProcessOptions, listen: string): Promise<FunctionProcess> {
  const dir = resolve(opts.functionsDir);
  const entry = pathToFileURL(join(dir, opts.name, 'index.ts')).href;
  const log = opts.log ?? ((line: string) => process.stderr.write(`[${opts.name}] ${line}\n`));
  const child: ChildProcess = spawn(
    denoBinary(),
    // the functions' own deno.json when they have one (npm: imports resolved from Deno's cache, as
    // deployed), not the repository's package.json that Deno would find above boot.ts
    ['run', '--no-prompt', ...configFlags(dir), ...permissionFlags(opts, listen), join(import.meta.dirname, 'boot.ts'), entry],
    {
      cwd: join(dir, opts.name),
      // an explicit environment: the parent's variables (its other secrets included) are not passed on
      env: {
        ...opts.env,
        DENO_DIR,
        DENO_SERVE_ADDRESS: `tcp:${listen}`,
        DENO_NO_UPDATE_CHECK: '1',
        NO_COLOR: '1',
        ...(process.env['NPM_CONFIG_REGISTRY'] ? { NPM_CONFIG_REGISTRY: process.env['NPM_CONFIG_REGISTRY'] } : {}),
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  return new Promise<FunctionProcess>((resolveStart, rejectStart) => {
    let started = false;
    let output = '';
    const onLine = (chunk: Buffer) => {
      const text = chunk.toString();
      if (!started) {
        output += text;
        const match = LISTENING.exec(output);
        if (match) {
          started = true;
          clearTimeout(tooLong);
          resolveStart({ name: opts.name, url: match[1]!, pid: child.pid!, exited, stop });
        }
        return;
      }
      for (const line of text.split('\n')) if (line.trim()) log(line);
    };
    child.stdout!.on('data', onLine);
    child.stderr!.on('data', onLine);
    child.once('error', (error) => {
      if (!started) rejectStart(error);
    });
    // a function that never calls Deno.serve (or hangs before it) fails to start instead of holding the stack
    const tooLong = setTimeout(() => {
      if (!started) child.kill('SIGKILL');
    }, START_TIMEOUT_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(tooLong);
      if (!started) rejectStart(new Error(`${opts.name} ended before listening (${signal ?? `code ${code}`}):\n${output.trim()}`));
    });

    async function stop(): Promise<void> {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killLater = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(killLater);
    }
  });
}
