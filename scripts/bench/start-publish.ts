/**
 * Edit to live as an owner meets it on `npm start`: the bench runs `node scripts/start.ts` itself
 * (its stack, its rebuild worker with its logging, the deletion of old builds and the search index
 * beside the next build, its static server), in a throwaway LOCAL_DIR. For each catalogue size of
 * BENCH_PUBLISH_SIZES it adds bulk products as `npm run seed -- bulk` does, waits for that
 * publication, then saves BENCH_EDITS new names, each on a different product with a page and
 * BENCH_EDIT_SPACING_MS (5 s) after the one before, whatever the worker is doing, and times each from
 * the save until the served product page shows the new name. The worker's own log lines of those
 * publications are kept beside the timings.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { seedBulkProducts } from '../seed/index.ts';
import { ROOT } from '../stack/index.ts';
import { checkoutBaseline } from './baseline.ts';
import { jwtSecretFor, makeApiKeys } from '../stack/keys.ts';
import { options, progress } from './options.ts';
import { until, wait } from './poll.ts';
import { quantile } from './stats.ts';

export interface StartEditsResult {
  /** Bulk products on top of the demo. */
  size: number;
  /** Product pages of the live build when the edits began. */
  productPages: number;
  /** Edit to live, one per edit in the order saved, in ms. */
  edits: number[];
  p50: number;
  p95: number;
  max: number;
  /** The worker's 'Tienda reconstruida…' lines while the edits were published. */
  workerLines: string[];
}

export interface StartEditsRun {
  /** The commit of a baseline checkout (BENCH_BASELINE_REF); absent for this one. */
  commit?: string;
  /** The checkout whose `npm start` ran (this one, or the baseline's worktree). */
  label: string;
  results: StartEditsResult[];
}

/** `npm start` of the checkout at `root`, its output written to `logFile`; resolves once it serves the shop. */
async function startShop(
  root: string,
  env: NodeJS.ProcessEnv,
  logFile: string,
): Promise<{ child: ChildProcess; log: () => Promise<string> }> {
  const child = spawn(process.execPath, ['scripts/start.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = createWriteStream(logFile);
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const log = () => readFile(logFile, 'utf8').catch(() => '');
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`npm start terminó (código ${code}); ver ${logFile}`))),
  );
  await Promise.race([until(async () => (await log()).includes('Ctrl-C para detener todo.'), 600_000, 'npm start'), exited]);
  return { child, log };
}

async function stopShop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await Promise.race([exited, wait(60_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** Every 'Tienda reconstruida…' or 'La reconstrucción falló…' line of the worker. */
const workerLines = (log: string) => log.split('\n').filter((l) => /^(Tienda reconstruida|La reconstrucción falló)/.test(l));

/** `npm start` of `root` through every size, with its edits; `label` names the checkout in the report. */
export async function runStartEdits(root: string, label: string, sizes: readonly number[], editCount: number): Promise<StartEditsRun> {
  const work = await mkdtemp(join(tmpdir(), 'outlet-bench-start-'));
  await chmod(work, 0o755); // Postgres runs as its own user and must reach its data folder inside
  const local = join(work, 'local');
  const { dbPort, apiPort, restPort } = options.ports;
  const port = options.sitePort;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOCAL_DIR: local,
    // a checkout that predates LOCAL_DIR keeps its builds in its own .local, its database here
    DATA_DIR: join(local, 'supabase'),
    PORT: String(port),
    DB_PORT: String(dbPort),
    SUPABASE_PORT: String(apiPort),
    REST_PORT: String(restPort),
  };
  for (const name of ['PUBLIC_SUPABASE_URL', 'PUBLIC_SUPABASE_ANON_KEY', 'SITE_URL']) delete env[name];
  progress(`${label}: npm start en ${local}…`);
  const shop = await startShop(root, env, join(work, 'npm-start.log'));
  const dbUrl = `postgresql://postgres:postgres@127.0.0.1:${dbPort}/postgres`;
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const keys = await makeApiKeys(await jwtSecretFor(join(local, 'supabase')));
  const origin = `http://127.0.0.1:${port}`;
  const results: StartEditsResult[] = [];
  /** No change waits to be published and no publication is being built. */
  const idle = async () => {
    const { rows } = await db.query<{ busy: boolean }>(
      `select exists (select 1 from public.rebuild_requests where status in ('pending', 'building'))
           or exists (select 1 from public.publications where status = 'building') as busy`,
    );
    return rows[0]?.busy === false;
  };
  try {
    let seeded = 0;
    for (const size of sizes) {
      progress(`${label}: agregando productos hasta demo + ${size.toLocaleString('es-MX')} (npm run seed -- bulk)…`);
      await seedBulkProducts({ url: `http://127.0.0.1:${apiPort}`, serviceRoleKey: keys.serviceRoleKey, count: size - seeded, dbUrl });
      seeded = size;
      await wait(2000); // the worker's quiet time after the last change
      await until(idle, 1_800_000, 'la publicación del catálogo');
      await wait(1000); // the worker logs a publication just after recording it
      // the live build: the newest folder of builds/ (npm start switches to a build once it is complete)
      const buildsDir = join(local, 'builds');
      const live = (await readdir(buildsDir)).sort().at(-1) ?? '';
      const pages = await readdir(join(buildsDir, live, 'producto'));
      // products spread over the catalogue (and so over the shards of a sharded build)
      const picked = Array.from({ length: editCount }, (_, i) => pages[Math.floor(((i + 0.5) * pages.length) / editCount)] as string);
      const linesBefore = workerLines(await shop.log()).length;
      progress(`${label}: ${editCount} ediciones, una cada ${options.editSpacingMs / 1000} s, con demo + ${size.toLocaleString('es-MX')}…`);
      const timings: Promise<number>[] = [];
      for (const [i, permalink] of picked.entries()) {
        const name = `Edición ${size} ${i + 1} ${Date.now().toString(36)}`;
        await db.query('update public.products set nombre = $1 where permalink = $2', [name, permalink]);
        const saved = performance.now();
        timings.push(
          until(
            async () => (await (await fetch(`${origin}/producto/${permalink}/`)).text()).includes(name),
            600_000,
            `el nombre «${name}» publicado`,
          ).then((seen) => {
            progress(`${label}: edición ${i + 1} publicada en ${((seen - saved) / 1000).toFixed(1)} s`);
            return seen - saved;
          }),
        );
        if (i < picked.length - 1) await wait(options.editSpacingMs);
      }
      const edits = await Promise.all(timings);
      await until(idle, 600_000, 'que el trabajador termine');
      results.push({
        size,
        productPages: pages.length,
        edits,
        p50: quantile(edits, 0.5),
        p95: quantile(edits, 0.95),
        max: Math.max(...edits),
        workerLines: workerLines(await shop.log()).slice(linesBefore),
      });
    }
    return { label, results };
  } finally {
    await db.end().catch(() => undefined);
    await stopShop(shop.child);
    await rm(work, { recursive: true, force: true });
  }
}

/** The publish section: BENCH_BASELINE_REF's `npm start` first when one is named, then this checkout's. */
export async function runPublishEdits(): Promise<StartEditsRun[]> {
  const runs: StartEditsRun[] = [];
  if (options.baselineRef) {
    const dir = await mkdtemp(join(tmpdir(), 'outlet-bench-baseline-'));
    await chmod(dir, 0o755); // Postgres runs as its own user and starts the binaries installed inside
    const baseline = await checkoutBaseline(options.baselineRef, join(dir, 'checkout'), progress);
    try {
      const run = await runStartEdits(baseline.root, `base ${baseline.ref}`, options.publishSizes, options.edits);
      runs.push({ ...run, commit: baseline.commit });
    } finally {
      await baseline.remove();
      await rm(dir, { recursive: true, force: true });
    }
  }
  runs.push(await runStartEdits(ROOT, 'esta versión', options.publishSizes, options.edits));
  return runs;
}
