/**
 * `npm run bench`: the storefront at scale, each figure beside its goal, on throwaway local stacks.
 * Sections (BENCH_ONLY=filters,weight,build,lighthouse,race,codes,pay to run some; all by default):
 * - filters: `shop_page` by state class (every size, category, subcategory, brand, live campaign and
 *   price range alone, 20 searches, two- and three-filter combinations; pages 1, 5 and 50) at each
 *   catalogue size of BENCH_CURVE (10,000, 100,000 and 1,000,000 bulk products on one stack), and at
 *   BENCH_PRODUCTS (100,000) the first design on a few states per class, 32 clients at once for 30 s
 *   on a shopper-like mix of 200 states, and the back office's product list (scripts/bench/filters.ts);
 * - weight, build, lighthouse: the shop built at 1,000 and 10,000 products (BENCH_BUILD_SIZES):
 *   build time and output size, what the home, /tienda, a product page and /favoritos weigh
 *   (HTML, CSS, JavaScript, gzipped), and Lighthouse (mobile) on the home, /tienda and the product
 *   page of the first build, served locally with the stack behind it (BENCH_LIGHTHOUSE_RUNS rounds);
 * - race: 200 shoppers of 200 networks ordering at the same instant the last piece of a size, then a
 *   size with 50 pieces, beside 200 ordering 200 different products (scripts/bench/order-race.ts;
 *   `npm run bench:race` runs it alone). A wrong count (orders, 'apartada' answers, errors, pieces
 *   oversold) prints NO CUMPLE and the bench exits with status 1;
 * - codes: 200 shoppers of 200 networks using one discount code with 10 uses left at the same
 *   instant (exactly 10 orders carry it, the others are told 'Este código ya se agotó'), beside 200
 *   with a code without a limit (scripts/bench/code-race.ts; `npm run bench:codes` alone). A wrong
 *   count (orders with the code, refusals, errors, uses beyond the limit) prints NO CUMPLE and the
 *   bench exits with status 1;
 * - pay: from Mercado Pago's approved notice (the stand-in, signed, to the webhook function) to the
 *   order paid and its size gone from shop_page and the product page's piezas, notices one after
 *   another and all at once, beside the same payments handed straight to record_payment
 *   (scripts/bench/order-payment.ts; `npm run bench:pay` alone). A p95 above 2 s, an order never
 *   seen paid and gone, or a final state other than each order paid once and its piece sold prints
 *   NO CUMPLE and the bench exits with status 1;
 * - publish: edit to live on `npm start` itself (scripts/bench/start-publish.ts): at each size of
 *   BENCH_PUBLISH_SIZES (10,000 and 50,000), BENCH_EDITS names saved 5 s apart, each timed from the save
 *   to the served product page showing it; with BENCH_BASELINE_REF that commit's `npm start` first;
 * - hosted: the publish workflow after one price edit, step by step, at 10,000 and 50,000 products
 *   (BENCH_HOSTED_SIZES): a clean install, the build cache packed and restored as actions/cache does,
 *   the incremental build, the deploy to a local stand-in of Netlify's API and the search index
 *   (scripts/bench/hosted.ts).
 * - alerts: an announced campaign's opening told to 10,000 subscribers (half push, half email) by the
 *   scheduled job and the real send-alerts function, to the push service on this machine and the
 *   stack's mail server; from the opening to the last one sent, goal ≤ 60 s (scripts/bench/alerts.ts).
 *   A count off (anyone told twice or not at all) or the goal missed prints NO CUMPLE and the bench
 *   exits with status 1.
 * Other settings and the ports: scripts/bench/options.ts. Prints progress, then the table, and
 * writes bench/results/<date>.json and .md (<date>-<sections> when only some sections ran).
 * `npm run bench` then runs the CSV import and analytics benches. Not part of `npm test`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { todayInMexicoCity } from '../src/lib/dates.ts';
import { runAlerts } from './bench/alerts.ts';
import { runFilters } from './bench/filters.ts';
import { runHosted } from './bench/hosted.ts';
import { options, progress, SECTIONS } from './bench/options.ts';
import { runOrderPayment } from './bench/order-payment.ts';
import { runCodeRace } from './bench/code-race.ts';
import { runOrderRace } from './bench/order-race.ts';
import { type BenchResults, markdown } from './bench/report.ts';
import { runSite } from './bench/site.ts';
import { runPublishEdits } from './bench/start-publish.ts';
import { ROOT } from './stack/index.ts';

const started = performance.now();
// other work on the machine slows every figure: the 1-minute load average is recorded beside them
const loadAtStart = Math.round((loadavg()[0] ?? 0) * 10) / 10;
const has = (s: string) => options.sections.has(s as never);
const sections = SECTIONS.filter(has);
progress(`npm run bench: ${sections.join(', ')}`);

const filters = has('filters') ? await runFilters() : null;
const site = has('weight') || has('build') || has('lighthouse') ? await runSite({ lighthouse: has('lighthouse') }) : null;
const race = has('race') ? await runOrderRace() : null;
const codes = has('codes') ? await runCodeRace() : null;
const pay = has('pay') ? await runOrderPayment() : null;
const publish = has('publish') ? await runPublishEdits() : null;
const hosted = has('hosted') ? await runHosted(options.hostedSizes) : null;
const alerts = has('alerts') ? await runAlerts() : null;

const results: BenchResults = {
  date: todayInMexicoCity(),
  machine: {
    cores: availableParallelism(),
    cpu: cpus()[0]?.model.trim() ?? 'desconocido',
    memoryGB: Math.round(totalmem() / 1024 ** 3),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverage: { start: loadAtStart, end: Math.round((loadavg()[0] ?? 0) * 10) / 10 },
  },
  sections,
  durationSeconds: Math.round((performance.now() - started) / 1000),
  filters,
  site,
  race,
  codes,
  pay,
  publish,
  hosted,
  alerts,
};
const text = markdown(results);
const dir = join(ROOT, 'bench/results');
await mkdir(dir, { recursive: true });
const name = sections.length === SECTIONS.length ? results.date : `${results.date}-${sections.join('-')}`;
await writeFile(join(dir, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
await writeFile(join(dir, `${name}.md`), text);
console.log(`\n${text}`);
progress(`Resultados en bench/results/${name}.json y .md`);
// the counts of the race are the shop's promise (one order per piece, none oversold), not a timing
if (race && !race.ok) {
  for (const c of race.cases)
    if (c.verdict.failures.length > 0) console.error(`NO CUMPLE, carrera «${c.name}»: ${c.verdict.failures.join('; ')}`);
  process.exitCode = 1;
}
// a code used past its limit, or a shopper told something else, fails the bench like the race's counts
if (codes && !codes.ok) {
  for (const c of codes.cases)
    if (c.verdict.failures.length > 0) console.error(`NO CUMPLE, códigos «${c.name}»: ${c.verdict.failures.join('; ')}`);
  process.exitCode = 1;
}
// the goal of the payment section, and its counts, fail the bench like the race's
if (pay && !pay.ok) {
  for (const c of pay.cases)
    if (c.verdict.failures.length > 0) console.error(`NO CUMPLE, pago «${c.name}» (${c.via}): ${c.verdict.failures.join('; ')}`);
  for (const f of pay.failures) console.error(`NO CUMPLE, pago: ${f}`);
  process.exitCode = 1;
}
// the alerts' goal and counts (everyone told once) fail the bench too
if (alerts && !alerts.ok) {
  for (const f of alerts.failures) console.error(`NO CUMPLE, avisos: ${f}`);
  process.exitCode = 1;
}
