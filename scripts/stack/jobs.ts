/**
 * The scheduled jobs a hosted project runs with pg_cron, run here on the same schedule: a database
 * without pg_cron (the local stack's) gets them from this list. Each job is the same SQL statement
 * its migration schedules (tests/unit/scheduled-jobs.test.ts holds the two together), run as
 * `postgres`, the role pg_cron runs a migration's jobs as. A job that fails is logged and tried again
 * at its next time; one still running is not started twice.
 */
import pg from 'pg';

export interface ScheduledJob {
  /** pg_cron's job name. */
  name: string;
  /** pg_cron's interval schedule ('20 seconds'), in seconds. */
  everySeconds: number;
  sql: string;
  /**
   * The Edge Function the statement calls through pg_net on a hosted project. A database without
   * pg_net only answers how many calls it would make (0: nothing to do); the runner makes them itself
   * (POST, with the service key, all at once), as pg_net would.
   */
  edgeFunction?: string;
}

/** The jobs that run more often than daily (the daily ones run in the rebuild worker, scripts/rebuild). */
export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  // an order's hold that ended unpaid gives its pieces back (20_orders.sql)
  { name: 'release-expired-holds', everySeconds: 20, sql: 'select private.release_expired_holds()' },
  // an announced campaign whose start has passed is marked opened, which asks for a rebuild (25_announcements.sql)
  { name: 'open-announced-campaigns', everySeconds: 20, sql: 'select private.open_announced_campaigns()' },
  // alerts due ('Avísame': a campaign opened, a size back, favourites ending tomorrow) are sent (26_alerts.sql)
  { name: 'send-alerts', everySeconds: 10, sql: 'select private.request_alerts_send()', edgeFunction: 'send-alerts' },
];

/** Where a job that calls an Edge Function reaches it: the stack's gateway and its service key. */
export interface FunctionCaller {
  url: string;
  serviceRoleKey: string;
}

export interface RunningJobs {
  stop(): Promise<void>;
}

/** Calls the job's Edge Function as many times at once as its statement answered (none for 0). */
async function callFunction(job: ScheduledJob, answer: unknown, caller: FunctionCaller | undefined): Promise<void> {
  const calls = typeof answer === 'number' ? Math.min(answer, 16) : 0;
  if (!job.edgeFunction || !caller || calls < 1) return;
  const call = async () => {
    const res = await fetch(`${caller.url}/functions/v1/${job.edgeFunction}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${caller.serviceRoleKey}`, 'content-type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(120_000),
    });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`${job.edgeFunction} respondió ${res.status}`);
  };
  await Promise.all(Array.from({ length: calls }, call));
}

/** Starts the jobs; without `caller`, the jobs that call an Edge Function only run their statement. */
export function startScheduledJobs(dbUrl: string, log: (message: string) => void, caller?: FunctionCaller): RunningJobs {
  const pool = new pg.Pool({ connectionString: dbUrl, max: 1, application_name: 'scheduled-jobs' });
  pool.on('error', () => undefined); // a connection the server closed is replaced on the next run
  const running = new Set<Promise<unknown>>();
  const timers = SCHEDULED_JOBS.map((job) => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      const run = pool
        .query(job.sql)
        .then((result) => callFunction(job, Object.values(result.rows[0] ?? {})[0], caller))
        .catch((error: Error) => log(`Tarea programada ${job.name} fallida: ${error.message}`))
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    }, job.everySeconds * 1000);
    timer.unref();
    return timer;
  });
  return {
    async stop() {
      for (const timer of timers) clearInterval(timer);
      await Promise.allSettled(running);
      await pool.end().catch(() => undefined);
    },
  };
}
