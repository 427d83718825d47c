/**
 * What `npm run bench` runs and where, from the environment:
 * - BENCH_ONLY: comma-separated sections to run (filters, weight, build, lighthouse); all when unset.
 *   `weight`, `build` and `lighthouse` share the builds of BENCH_BUILD_SIZES, so any of them builds.
 * - BENCH_PRODUCTS (100000): bulk products for the filters section; BENCH_RUNS (15): calls per named
 *   case after 2 warm-up calls; BENCH_LOAD_SECONDS (30) and BENCH_CLIENTS (32): the load run;
 *   BENCH_BASELINE_RUNS (7): calls per named case of the slow first design, after 1 warm-up call;
 *   BENCH_BASELINE_STATES (40): how many of the 200 states the first design is also timed on.
 * - BENCH_BUILD_SIZES ("1000,10000"): catalogue sizes built; Lighthouse audits the first, in
 *   BENCH_LIGHTHOUSE_RUNS (3) rounds over the pages, and the table shows the median and the range.
 * - BENCH_DB_PORT, BENCH_API_PORT, BENCH_REST_PORT (60522, 60521, 60529): the throwaway stack's
 *   ports (one stack at a time); BENCH_SITE_PORT (60530): the static server Lighthouse loads,
 *   and Chromium's DevTools port is the next one.
 */
export type Section = 'filters' | 'weight' | 'build' | 'lighthouse';
export const SECTIONS: readonly Section[] = ['filters', 'weight', 'build', 'lighthouse'];

const num = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} debe ser un número, no "${raw}".`);
  return n;
};

function sections(): Set<Section> {
  const raw = process.env['BENCH_ONLY'];
  if (raw === undefined || raw.trim() === '') return new Set(SECTIONS);
  const picked = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = picked.filter((s) => !SECTIONS.includes(s as Section));
  if (unknown.length > 0) throw new Error(`BENCH_ONLY: secciones desconocidas ${unknown.join(', ')} (hay: ${SECTIONS.join(', ')}).`);
  return new Set(picked as Section[]);
}

export const options = {
  sections: sections(),
  products: num('BENCH_PRODUCTS', 100_000),
  runs: num('BENCH_RUNS', 15),
  loadSeconds: num('BENCH_LOAD_SECONDS', 30),
  clients: num('BENCH_CLIENTS', 32),
  baselineRuns: num('BENCH_BASELINE_RUNS', 7),
  baselineStates: num('BENCH_BASELINE_STATES', 40),
  lighthouseRuns: Math.max(1, num('BENCH_LIGHTHOUSE_RUNS', 3)),
  buildSizes: (process.env['BENCH_BUILD_SIZES'] ?? '1000,10000')
    .split(',')
    .map(Number)
    .filter((n) => n > 0),
  ports: {
    dbPort: num('BENCH_DB_PORT', 60522),
    apiPort: num('BENCH_API_PORT', 60521),
    restPort: num('BENCH_REST_PORT', 60529),
  },
  sitePort: num('BENCH_SITE_PORT', 60530),
};

const started = performance.now();
/** Prints a line with the time since the bench started. */
export const progress = (message: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`);
