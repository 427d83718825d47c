/**
 * Shop analytics events for the demo and the benchmark, generated on the server by
 * public.seed_analytics_events (service role only): sessions of searches, filters and product
 * clicks over the catalogue already in the database, busier in the evening and in recent days,
 * from several devices and browsers. Deterministic for a given day and count.
 */
import { must, serviceClient } from './db.ts';

export interface SeedEventsOptions {
  url: string;
  serviceRoleKey: string;
  count: number;
  /** Days back from today the sessions spread over. */
  days: number;
  /** yyyy-MM-dd in America/Mexico_City; default: today there */
  today?: string;
  log?: (msg: string) => void;
}

/** Events per call: one call must finish well within the API's statement timeout. */
const BATCH = 25_000;

export async function seedEvents(opts: SeedEventsOptions): Promise<number> {
  const db = serviceClient(opts.url, opts.serviceRoleKey);
  let written = 0;
  for (let batch = 0; written < opts.count; batch++) {
    const size = Math.min(BATCH, opts.count - written);
    const n = must(
      await db.rpc('seed_analytics_events', {
        p_events: size,
        p_days: opts.days,
        // each batch draws its own sessions (the seed also names them)
        p_seed: (batch + 1) / 1000,
        ...(opts.today ? { p_today: opts.today } : {}),
      }),
      'generar eventos de analítica',
    ) as number;
    if (n === 0) break;
    written += n;
    opts.log?.(`${written.toLocaleString('es-MX')} eventos de ${opts.count.toLocaleString('es-MX')}`);
  }
  return written;
}
