/**
 * `npm run bench:build`: what a publication costs at catalogue scale. For each size in
 * BENCH_BUILD_SIZES (default "1000,10000" bulk products on top of the demo) it builds the shop
 * twice from the same data, edits one product, builds again, and prints: build time, files and
 * bytes written, files that differ between the two identical builds (0 means deterministic, so a
 * host's content-hashed upload sends nothing), files changed by the one-product edit, and what the
 * home, /tienda, a product page and /favoritos weigh for a shopper (HTML, CSS and up-front
 * JavaScript, gzipped: scripts/lib/page-weight.ts). `npm run bench` measures the same with one
 * build per size. Ports as for `npm run bench` (scripts/bench/options.ts).
 * Not part of `npm test`.
 */
import { runSite } from './bench/site.ts';

const { builds } = await runSite({ checks: true, lighthouse: false });
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
for (const b of builds) {
  const c = b.checks;
  console.log(
    [
      `Catálogo demo + ${b.size} productos`,
      `  compilación: ${(b.buildMs / 1000).toFixed(1)} s y ${((c?.secondBuildMs ?? 0) / 1000).toFixed(1)} s`,
      `  archivos: ${b.files}, ${(b.bytes / 1024 / 1024).toFixed(0)} MB`,
      `  distintos entre dos compilaciones de los mismos datos: ${c?.differingSameData.length} ${c?.differingSameData.slice(0, 5).join(' ')}`,
      `  cambiados al editar un producto: ${c?.changedByEdit.length} ${c?.changedByEdit.slice(0, 12).join(' ')}`,
      '  peso por página (gzip):',
      '  | página | HTML | CSS | JS al cargar |',
      '  |---|---:|---:|---:|',
      ...Object.entries(b.weights).map(
        ([route, w]) => `  | ${route} | ${kb(w.html)} | ${kb(w.css)} | ${kb(w.js)} (${w.jsFiles} archivos) |`,
      ),
    ].join('\n'),
  );
}
