/** Timing helpers: percentiles of samples in milliseconds. */

export interface Timing {
  p50: number;
  p95: number;
  /** Samples taken. */
  n: number;
}

/** The q-quantile (0..1) of the samples, nearest rank, rounded to 0.1 ms. */
export function quantile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
  return Math.round(value * 10) / 10;
}

export const timing = (samples: readonly number[]): Timing => ({
  p50: quantile(samples, 0.5),
  p95: quantile(samples, 0.95),
  n: samples.length,
});

/** Runs `call` warm-up + runs times one after the other; returns the timings of the last `runs`. */
export async function sample(call: () => Promise<void>, runs: number, warmUp = 2): Promise<Timing> {
  const samples: number[] = [];
  for (let i = 0; i < runs + warmUp; i++) {
    const t = performance.now();
    await call();
    if (i >= warmUp) samples.push(performance.now() - t);
  }
  return timing(samples);
}

/** Milliseconds one call takes. */
export async function timed(call: () => Promise<void>): Promise<number> {
  const t = performance.now();
  await call();
  return performance.now() - t;
}

export interface Spread extends Timing {
  /** The slowest sample, rounded to 0.1 ms. */
  max: number;
}

/** p50, p95 and the slowest of the samples: what the slowest of many people at once waited too. */
export const spread = (samples: readonly number[]): Spread => ({
  ...timing(samples),
  max: samples.length === 0 ? Number.NaN : Math.round(Math.max(...samples) * 10) / 10,
});
