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
  /** Errors by status and message ('HTTP 504 PGRST003: Timed out acquiring connection…'). */
  errorKinds: Record<string, number>;
  latency: Timing;
}

/** `call` resolves with the HTTP status of the answer and the error it carried, or throws when there was no answer. */
export async function loadRun<S>(
  states: readonly S[],
  call: (state: S) => Promise<{ status: number; error: string | null }>,
  clients: number,
  seconds: number,
): Promise<LoadResult> {
  let next = 0;
  let errors = 0;
  let throttled = 0;
  const errorKinds: Record<string, number> = {};
  const failed = (kind: string) => {
    errors++;
    errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
  };
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  const caller = async () => {
    while (performance.now() < until) {
      const state = states[next++ % states.length] as S;
      const t = performance.now();
      try {
        const { status, error } = await call(state);
        if (status === 429) throttled++;
        if (status >= 400 || error) failed(`HTTP ${status}${error ? ` ${error}` : ''}`);
      } catch (error) {
        failed(error instanceof Error ? error.message : String(error));
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
    errorKinds,
    latency: timing(latencies),
  };
}
