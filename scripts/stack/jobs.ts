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
}

/** The jobs that run more often than daily (the daily ones run in the rebuild worker, scripts/rebuild). */
export const SCHEDULED_JOBS: readonly ScheduledJob[] = [
  // an order's hold that ended unpaid gives its pieces back (20_orders.sql)
  { name: 'release-expired-holds', everySeconds: 20, sql: 'select private.release_expired_holds()' },
  // an announced campaign whose start has passed is marked opened, which asks for a rebuild (25_announcements.sql)
  { name: 'open-announced-campaigns', everySeconds: 20, sql: 'select private.open_announced_campaigns()' },
];

export interface RunningJobs {
  stop(): Promise<void>;
}

export function startScheduledJobs(dbUrl: string, log: (message: string) => void): RunningJobs {
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
