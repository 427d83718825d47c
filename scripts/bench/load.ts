/**
 * Throughput of one API call under load: `clients` callers, each sending its next call as soon as
 * the previous one answered, for `seconds`, cycling through a list of states. Counts answers,
 * errors, and among errors the refusals for too many requests (HTTP 429), which would mean
 * something throttles the shop's reads.
 */
import { timing, type Timing } from './stats.ts';

export interface LoadResult {
  clients: number;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  errors: number;
  throttled: number;
  /** The first error's message, if any. */
  firstError: string | null;
  latency: Timing;
}

/** `call` resolves with the HTTP status of the answer (or throws when there was none). */
export async function loadRun<S>(states: readonly S[], call: (state: S) => Promise<number>, clients: number, seconds: number): Promise<LoadResult> {
  let next = 0;
  let errors = 0;
  let throttled = 0;
  let firstError: string | null = null;
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  const caller = async () => {
    while (performance.now() < until) {
      const state = states[next++ % states.length] as S;
      const t = performance.now();
      try {
        const status = await call(state);
        if (status === 429) throttled++;
        if (status >= 400) {
          errors++;
          firstError ??= `HTTP ${status}`;
        }
      } catch (error) {
        errors++;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: clients }, caller));
  const elapsed = (performance.now() - started) / 1000;
  return {
    clients,
    seconds: Math.round(elapsed * 10) / 10,
    requests: latencies.length,
    requestsPerSecond: Math.round((latencies.length / elapsed) * 10) / 10,
    errors,
    throttled,
    firstError,
    latency: timing(latencies),
  };
}
