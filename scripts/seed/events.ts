/**
 * Shop analytics events for the demo and the benchmark, generated on the server by
 * pg_temp.seed_analytics_events (analytics-events.sql beside this file), which this script creates
 * in its own connection's temporary schema: no database keeps a demo generator. Sessions of
 * searches, filters and product clicks over the catalogue already in the database, busier in the
 * evening and in recent days, from several devices and browsers. Deterministic for a given day and
 * count. Needs a direct connection to the database (the local stack's, or DATABASE_URL).
 */
import { readFile } from 'node:fs/promises';
import pg from 'pg';

export interface SeedEventsOptions {
  /** postgresql:// address of the database, as its owner (the local stack's default, or DATABASE_URL) */
  dbUrl: string;
  count: number;
  /** Days back from today the sessions spread over. */
  days: number;
  /** yyyy-MM-dd in America/Mexico_City; default: today there */
  today?: string;
  log?: (msg: string) => void;
}

/** Events per call: each call is one statement, kept short. */
const BATCH = 25_000;
const GENERATOR = new URL('./analytics-events.sql', import.meta.url);

export async function seedEvents(opts: SeedEventsOptions): Promise<number> {
  const client = new pg.Client({ connectionString: opts.dbUrl });
  await client.connect();
  try {
    await client.query(await readFile(GENERATOR, 'utf8'));
    let written = 0;
    for (let batch = 0; written < opts.count; batch++) {
      const size = Math.min(BATCH, opts.count - written);
      // each batch draws its own sessions (the seed also names them)
      const { rows } = await client.query<{ n: number }>(
        'select pg_temp.seed_analytics_events($1, $2, coalesce($3::date, public.shop_today()), $4) as n',
        [size, opts.days, opts.today ?? null, (batch + 1) / 1000],
      );
      const n = rows[0]?.n ?? 0;
      if (n === 0) break;
      written += n;
      opts.log?.(`${written.toLocaleString('es-MX')} eventos de ${opts.count.toLocaleString('es-MX')}`);
    }
    return written;
  } catch (error) {
    throw new Error(`No se pudieron generar los eventos de analítica: ${(error as Error).message}`, { cause: error });
  } finally {
    await client.end();
  }
}
