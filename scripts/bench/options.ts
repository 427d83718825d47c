/**
 * What `npm run bench` runs and where, from the environment:
 * - BENCH_ONLY: comma-separated sections to run (filters, weight, build, lighthouse, race, codes, pay, publish, hosted, alerts); all when unset.
 *   `weight`, `build` and `lighthouse` share the builds of BENCH_BUILD_SIZES, so any of them builds.
 * - BENCH_CURVE ("10000,100000,1000000"): the catalogue sizes (bulk products on top of the demo) the
 *   filters section times the state classes at, built one after the other on the same stack.
 *   BENCH_PRODUCTS (100000), added to the curve when missing, is the size of the main table: the
 *   first design is timed beside it there, and the load run and the back office's list run there.
 * - BENCH_REPEATS (3): times each state is asked, in rounds; BENCH_BASELINE_PER_CLASS (4) and
 *   BENCH_BASELINE_SECONDS (300): how many states of each class the slow first design is timed on,
 *   and the time all classes share for it; BENCH_LOAD_SECONDS (30) and BENCH_CLIENTS (32): the load
 *   run, over the fixed mix of 200 shopper-like states (filter-states.ts); 0 skips the load run or the
 *   first design; BENCH_RUNS (15): calls per case of the back office's product list.
 * - BENCH_BUILD_SIZES ("1000,10000"): catalogue sizes built; Lighthouse audits the first, in
 *   BENCH_LIGHTHOUSE_RUNS (5) rounds over the pages; the table shows each page's worst run beside its median.
 * - BENCH_RACE_SHOPPERS (200): shoppers of as many networks ordering at the same instant in each case
 *   of the race section (order-race.ts): the last piece, 50 pieces, and each a different product.
 * - BENCH_CODE_SHOPPERS (200) and BENCH_CODE_USES (10): shoppers of as many networks using one
 *   discount code at the same instant in the codes section (code-race.ts), and the uses the code has
 *   left; beside them the same number with a code without a limit.
 * - BENCH_PAY_ORDERS (40): approved notices in each case of the payment section (order-payment.ts):
 *   one after another and all at once, each beside as many payments handed straight to record_payment.
 * - BENCH_PUBLISH_SIZES ("10000,50000") and BENCH_EDITS (5): the catalogue sizes the publish section
 *   (`npm start`, start-publish.ts) and `npm run bench:build` publish, and the edits timed at each;
 *   BENCH_EDIT_SPACING_MS (5000): the time between two edits of the publish section.
 * - BENCH_ALERT_SUBSCRIBERS (10000): subscribers of the announced campaign whose opening the alerts
 *   section (alerts.ts) sends, half by push and half by email.
 * - BENCH_HOSTED_SIZES ("10000,50000"): the catalogue sizes the hosted section (hosted.ts) publishes
 *   as the publish workflow does, step by step; BENCH_HOSTED_INSTALL=0 skips its two installs.
 * - BENCH_BASELINE_REF: a commit (or branch) whose shop is built and audited beside this one in the same
 *   run, from a worktree of it with its own dependencies installed: the weights and Lighthouse
 *   rounds alternate between the two builds, so a busy machine weighs on both alike.
 * - BENCH_DB_PORT, BENCH_API_PORT, BENCH_REST_PORT (63522, 63521, 63529): the throwaway stack's
 *   ports (one stack at a time); BENCH_SITE_PORT (63530): the static server Lighthouse loads,
 *   and Chromium's DevTools port is the next one; BENCH_FUNCTIONS_PORT (63532): the payment section's
 *   functions gateway (pay and mercadopago-webhook with Mercado Pago's secrets).
 */
export type Section = 'filters' | 'weight' | 'build' | 'lighthouse' | 'race' | 'codes' | 'pay' | 'publish' | 'hosted' | 'alerts';
export const SECTIONS: readonly Section[] = [
  'filters',
  'weight',
  'build',
  'lighthouse',
  'race',
  'codes',
  'pay',
  'publish',
  'hosted',
  'alerts',
];

const num = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} debe ser un número, no "${raw}".`);
  return n;
};

/** A comma-separated list of catalogue sizes, each a positive whole number. */
function sizes(name: string, fallback: string): number[] {
  const raw = process.env[name]?.trim() || fallback;
  const list = raw.split(',').map((s) => Number(s.trim()));
  if (list.some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`${name} debe ser una lista de tamaños, no "${raw}".`);
  return list;
}

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
  curve: sizes('BENCH_CURVE', '10000,100000,1000000'),
  repeats: Math.max(1, num('BENCH_REPEATS', 3)),
  runs: num('BENCH_RUNS', 15),
  loadSeconds: num('BENCH_LOAD_SECONDS', 30),
  clients: num('BENCH_CLIENTS', 32),
  baselinePerClass: num('BENCH_BASELINE_PER_CLASS', 4),
  baselineSeconds: num('BENCH_BASELINE_SECONDS', 300),
  lighthouseRuns: Math.max(1, num('BENCH_LIGHTHOUSE_RUNS', 5)),
  buildSizes: (process.env['BENCH_BUILD_SIZES'] ?? '1000,10000')
    .split(',')
    .map(Number)
    .filter((n) => n > 0),
  raceShoppers: Math.max(1, num('BENCH_RACE_SHOPPERS', 200)),
  codeShoppers: Math.max(1, num('BENCH_CODE_SHOPPERS', 200)),
  codeUses: Math.max(1, num('BENCH_CODE_USES', 10)),
  payOrders: Math.max(1, num('BENCH_PAY_ORDERS', 40)),
  // npm run bench:build (scripts/bench/publish.ts)
  publishSizes: sizes('BENCH_PUBLISH_SIZES', '10000,50000'),
  edits: Math.max(1, num('BENCH_EDITS', 5)),
  editSpacingMs: num('BENCH_EDIT_SPACING_MS', 5000),
  hostedSizes: sizes('BENCH_HOSTED_SIZES', '10000,50000'),
  alertSubscribers: Math.max(2, num('BENCH_ALERT_SUBSCRIBERS', 10_000)),
  ports: {
    dbPort: num('BENCH_DB_PORT', 63522),
    apiPort: num('BENCH_API_PORT', 63521),
    restPort: num('BENCH_REST_PORT', 63529),
  },
  sitePort: num('BENCH_SITE_PORT', 63530),
  functionsPort: num('BENCH_FUNCTIONS_PORT', 63532),
  baselineRef: process.env['BENCH_BASELINE_REF']?.trim() || null,
};

const started = performance.now();
/** Prints a line with the time since the bench started. */
export const progress = (message: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}`);
