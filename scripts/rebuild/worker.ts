/**
 * The local rebuild worker: listens for rebuild requests (written by database triggers on every
 * catalogue change), waits for changes to settle, builds the shop into a new folder and publishes it
 * by switching the served folder at once. A failed build leaves the live site as it was.
 * It also rebuilds just after midnight in Mexico City, when campaigns end, and then applies the
 * history retention (private.prune_audit_changes: 24 months), the alerts' retention
 * (private.prune_alerts: requests whose campaign ended, at most alert_settings.dias_max days) and
 * analytics retention (private.prune_analytics: events older than 13 months become daily totals;
 * hosted projects run it with pg_cron instead).
 */
import { execFile } from 'node:child_process';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { msUntilNextMexicoMidnight } from './schedule.ts';

/** How many files a build rendered, how many pages it copied from the last one, and its HTML pages. */
interface BuildCounts {
  rendered: number;
  reused: number;
  pages: number;
}

const isBuildCounts = (value: unknown): value is BuildCounts =>
  typeof value === 'object' && value !== null && 'rendered' in value && 'reused' in value && 'pages' in value;

export interface RebuildWorkerOptions {
  /** Postgres to listen to; without it only the midnight schedule runs (hosted projects). */
  dbUrl?: string;
  /** New builds go in dated folders here. */
  buildsDir: string;
  /**
   * Builds the shop into `outDir`; stops (kills its processes) when `signal` aborts. May say how many
   * pages it rendered and copied from the last build (for the log) and its HTML pages (recorded).
   */
  build: (outDir: string, signal: AbortSignal) => Promise<BuildCounts | unknown>;
  /** Makes a finished build the live site. */
  publish: (dir: string) => void;
  /**
   * What may follow a publication by seconds (the catalogue feeds and the search index), written into
   * the live build's folder. It runs while no build does: it starts once the worker has no change to
   * build, and the next build stops it (`signal` aborts) so that it never slows a change down; it
   * starts again, for whichever build is live, when the worker is next idle. A failure is logged and
   * changes nothing live. May resolve to a line for the log.
   */
  afterPublish?: (dir: string, signal: AbortSignal) => Promise<string | undefined>;
  /** Quiet time after the last change before building. */
  debounceMs?: number;
  /**
   * A build still running after this long is stopped and recorded as failed, so a hung build cannot
   * hold back every later change. Default 60 minutes: under the 70 after which the database gives up
   * on a publication, and far above a 100,000-product build.
   */
  buildTimeoutMs?: number;
  log?: (msg: string) => void;
}

export interface RebuildWorker {
  /** Builds now (after the debounce) whatever is pending; resolves when that build has finished. */
  rebuild(): Promise<void>;
  /**
   * The run just after midnight in Mexico City, when the campaigns that ended yesterday leave the
   * pages: it builds even with no change pending. The worker's own timer calls it at that hour;
   * resolves when the build has finished.
   */
  midnight(): Promise<void>;
  stop(): Promise<void>;
}

const exec = promisify(execFile);

/** Deletes folders with `rm -rf` in a process of its own, at the lowest priority; `signal` kills it. */
async function removeFolders(paths: string[], signal: AbortSignal): Promise<void> {
  await exec('nice', ['-n', '19', 'rm', '-rf', '--', ...paths], { signal });
}

/** Work the worker does while no build runs: one at a time; a build starting stops it (`signal` aborts). */
interface IdleWork {
  /** Starts the work unless it is already running. */
  start(): void;
  stop(reason?: unknown): void;
  /** Resolves once the running work (if any) has ended. */
  ended(): Promise<void>;
}

function idleWork(work: (signal: AbortSignal) => Promise<void>): IdleWork {
  let current: { stop: AbortController; done: Promise<void>; running: boolean } | undefined;
  return {
    start() {
      if (current?.running && !current.stop.signal.aborted) return;
      const stop = new AbortController();
      const job = { stop, running: true, done: Promise.resolve() };
      job.done = work(stop.signal).finally(() => {
        job.running = false;
      });
      current = job;
    },
    stop(reason) {
      current?.stop.abort(reason);
    },
    async ended() {
      await current?.done;
    },
  };
}

/** Rejects with the signal's reason once it aborts. */
function rejectWhenAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
}

/** '90 s' under two minutes, '60 min' from there. */
function duration(ms: number): string {
  return ms < 120_000 ? `${Math.round(ms / 1000)} s` : `${Math.round(ms / 60_000)} min`;
}

export async function startRebuildWorker(opts: RebuildWorkerOptions): Promise<RebuildWorker> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const debounceMs = opts.debounceMs ?? 500;
  const buildTimeoutMs = opts.buildTimeoutMs ?? 60 * 60_000;
  await mkdir(opts.buildsDir, { recursive: true });

  const db = opts.dbUrl ? new pg.Client({ connectionString: opts.dbUrl }) : undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let midnight: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  /** Old build folders to delete while the worker is idle. */
  const stale = new Set<string>();
  /** The live build while its afterPublish has not finished. */
  let unfollowed: string | undefined;
  let again = false;
  let waiters: Array<() => void> = [];

  const query = async (text: string, values: unknown[] = []) => (db ? (await db.query(text, values)).rows : []);

  /** Publications asked for through the request-rebuild function, oldest first, not yet built. */
  let requested: number[] = [];
  let trigger: 'local' | 'midnight' = 'local';

  /**
   * One publication: claims every pending request (start_publication), builds, switches the live
   * folder, and records the outcome with its page count and duration (finish_publication).
   */
  async function buildOnce(): Promise<void> {
    const asked = requested.at(-1) ?? null;
    requested = [];
    const started = Date.now();
    // what runs while the worker is idle gives way to the build
    following.stop(new Error('Una compilación nueva la detuvo.'));
    pruning.stop();
    const [row] = await query('select public.start_publication($1, $2) as id', [trigger, asked]);
    trigger = 'local';
    const id = (row as { id: string } | undefined)?.id ?? null;
    const dir = join(opts.buildsDir, new Date().toISOString().replace(/[:.]/g, '-'));
    const abort = new AbortController();
    const limit = setTimeout(
      () => abort.abort(new Error(`La compilación se detuvo: tardó más de ${duration(buildTimeoutMs)}.`)),
      buildTimeoutMs,
    );
    try {
      // a build that ignores the signal is left behind rather than waited for
      const stats = await Promise.race([opts.build(dir, abort.signal), rejectWhenAborted(abort.signal)]);
      opts.publish(dir);
      unfollowed = dir;
      const pages = isBuildCounts(stats)
        ? stats.pages
        : (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.html')).length;
      if (id) await query('select public.finish_publication($1, true, $2, $3)', [id, pages, Date.now() - started]);
      const reuse = isBuildCounts(stats) ? `; ${stats.rendered} archivos generados, ${stats.reused} páginas copiadas de la anterior` : '';
      log(`Tienda reconstruida y publicada (${Date.now() - started} ms${reuse}).`);
      // The old builds are chosen now, when no other build folder exists, and deleted while no
      // build runs (deleting tens of thousands of files slows a build's own file work) by a separate
      // `rm` process (here it would hold up the file reads of the shop's server in this process).
      for (const path of await staleBuilds(dir)) stale.add(path);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (id) await query('select public.finish_publication($1, false, null, $2, $3)', [id, Date.now() - started, message]);
      await rm(dir, { recursive: true, force: true });
      log(`La reconstrucción falló; la tienda publicada no cambió. ${message}`);
    } finally {
      clearTimeout(limit);
    }
  }

  /** afterPublish of the live build, when it has not finished for it yet. */
  const following = idleWork(async (signal) => {
    const dir = unfollowed;
    if (!opts.afterPublish || !dir || stopped) return;
    try {
      const line = await opts.afterPublish(dir, signal);
      if (unfollowed === dir) unfollowed = undefined;
      if (line) log(line);
    } catch (error) {
      if (!signal.aborted) log(`Después de publicar: ${(error as Error).message}`);
    }
  });

  /** Deletes the old builds chosen so far (an interrupted deletion starts again at the next idle moment). */
  const pruning = idleWork(async (signal) => {
    const paths = [...stale];
    if (paths.length === 0 || stopped) return;
    try {
      await removeFolders(paths, signal);
      for (const path of paths) stale.delete(path);
    } catch (error) {
      if (!signal.aborted) log(`No se pudieron borrar compilaciones anteriores: ${(error as Error).message}`);
    }
  });

  /** The build folders to delete: all but the live build and the one before it. */
  async function staleBuilds(live: string): Promise<string[]> {
    const dirs = (await readdir(opts.buildsDir)).sort();
    const keep = new Set([live, ...dirs.slice(-2).map((d) => join(opts.buildsDir, d))]);
    return dirs.map((d) => join(opts.buildsDir, d)).filter((path) => !keep.has(path));
  }

  function run(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = buildOnce().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        run();
      } else {
        // idle: what follows the live build runs now, and the old builds are deleted
        following.start();
        pruning.start();
        const done = waiters;
        waiters = [];
        for (const wake of done) wake();
      }
    });
  }

  function schedule(): void {
    clearTimeout(timer);
    timer = setTimeout(run, debounceMs);
  }

  function runMidnight(): Promise<void> {
    log('Medianoche en la Ciudad de México: reconstruyendo la tienda.');
    trigger = 'midnight';
    return new Promise<void>((resolve) => {
      waiters.push(resolve);
      run();
    });
  }

  function scheduleMidnight(): void {
    midnight = setTimeout(() => {
      void runMidnight();
      query('select private.prune_analytics()').catch((error: Error) => log(`Retención de analítica: ${error.message}`));
      query('select private.prune_audit_changes()').catch((error: Error) => log(`Retención del historial: ${error.message}`));
      query('select private.prune_alerts()').catch((error: Error) => log(`Retención de avisos: ${error.message}`));
      scheduleMidnight();
    }, msUntilNextMexicoMidnight(new Date()));
  }

  if (db) {
    await db.connect();
    db.on('notification', (message) => {
      if (message.channel === 'publication_requested' && message.payload) requested.push(Number(message.payload));
      schedule();
    });
    db.on('error', (error) => log(`Trabajador de reconstrucción: ${error.message}`));
    await db.query('listen rebuild_requested');
    await db.query('listen publication_requested');
    // This worker is the only builder of its machine: a publication left 'building' was cut short by
    // a crash, and the changes it claimed go back to pending now rather than after the usual wait.
    const [reclaimed] = await query(`select private.reclaim_stalled_publications(interval '0') as n`);
    if (Number(reclaimed?.['n']) > 0) log('Una publicación interrumpida se marcó como fallida; sus cambios se publican de nuevo.');
    const pending = await query(`select 1 from public.rebuild_requests where status = 'pending' limit 1`);
    if (pending.length > 0) schedule();
  }
  scheduleMidnight();

  return {
    rebuild() {
      return new Promise<void>((resolve) => {
        waiters.push(resolve);
        schedule();
      });
    },
    midnight: runMidnight,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(midnight);
      await running?.catch(() => undefined);
      following.stop(new Error('El trabajador se detuvo.'));
      await following.ended();
      await pruning.ended();
      await db?.end().catch(() => undefined);
    },
  };
}
