/**
 * The local rebuild worker: listens for rebuild requests (written by database triggers on every
 * catalogue change), waits for changes to settle, builds the shop into a new folder and publishes it
 * by switching the served folder at once. A failed build leaves the live site as it was.
 * It also rebuilds just after midnight in Mexico City, when campaigns end, and then applies the
 * analytics retention (private.prune_analytics: events older than 13 months become daily totals;
 * hosted projects run it with pg_cron instead).
 */
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { msUntilNextMexicoMidnight } from './schedule.ts';

export interface RebuildWorkerOptions {
  /** Postgres to listen to; without it only the midnight schedule runs (hosted projects). */
  dbUrl?: string;
  /** New builds go in dated folders here. */
  buildsDir: string;
  build: (outDir: string) => Promise<void>;
  /** Makes a finished build the live site. */
  publish: (dir: string) => void;
  /** Quiet time after the last change before building. */
  debounceMs?: number;
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

export async function startRebuildWorker(opts: RebuildWorkerOptions): Promise<RebuildWorker> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const debounceMs = opts.debounceMs ?? 1500;
  await mkdir(opts.buildsDir, { recursive: true });

  const db = opts.dbUrl ? new pg.Client({ connectionString: opts.dbUrl }) : undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let midnight: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
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
    const [row] = await query('select public.start_publication($1, $2) as id', [trigger, asked]);
    trigger = 'local';
    const id = (row as { id: string } | undefined)?.id ?? null;
    const dir = join(opts.buildsDir, new Date().toISOString().replace(/[:.]/g, '-'));
    try {
      await opts.build(dir);
      opts.publish(dir);
      const pages = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.html')).length;
      if (id) await query('select public.finish_publication($1, true, $2, $3)', [id, pages, Date.now() - started]);
      log(`Tienda reconstruida y publicada (${Date.now() - started} ms).`);
      await prune(dir);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (id) await query('select public.finish_publication($1, false, null, $2, $3)', [id, Date.now() - started, message]);
      await rm(dir, { recursive: true, force: true });
      log(`La reconstrucción falló; la tienda publicada no cambió. ${message}`);
    }
  }

  /** Keeps the live build and the one before it. */
  async function prune(live: string): Promise<void> {
    const dirs = (await readdir(opts.buildsDir)).sort();
    const keep = new Set([live, ...dirs.slice(-2).map((d) => join(opts.buildsDir, d))]);
    for (const d of dirs) {
      const path = join(opts.buildsDir, d);
      if (!keep.has(path)) await rm(path, { recursive: true, force: true });
    }
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
      await db?.end().catch(() => undefined);
    },
  };
}
