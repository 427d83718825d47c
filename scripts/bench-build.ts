/**
 * `npm run bench:build`: what a publication costs at catalogue scale (scripts/bench/publish.ts). For
 * each size of BENCH_PUBLISH_SIZES (default "10000,50000" bulk products on top of the demo) the
 * local rebuild worker publishes the shop with an empty cache, then BENCH_EDITS (5) price edits one
 * after the other, and it prints: the full build's time, pages per second, files and bytes; each
 * edit's time from the save to the new price on the served product page and /tienda (median, 95th
 * percentile, slowest); how long the search index takes once a publication is live, and its files; what the last edit's build rendered and copied; the files one edit changed
 * and those that differ after a rebuild with no change; and what the pages weigh for a shopper
 * (gzipped HTML, CSS and up-front JavaScript). Ports as for `npm run bench` (scripts/bench/options.ts).
 * Not part of `npm test`.
 */
import { options } from './bench/options.ts';
import { editSummary, runPublish } from './bench/publish.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const s = (n: number) => `${n.toFixed(1)} s`;
const results = await runPublish(options.publishSizes, options.edits);
for (const r of results) {
  const e = editSummary(r.edits);
  console.log(
    [
      '',
      `Catálogo demo + ${r.size.toLocaleString('es-MX')} productos (${r.productPages.toLocaleString('es-MX')} páginas de producto)`,
      `  compilación completa, caché vacía: ${s(r.coldMs / 1000)}, ${r.pages.toLocaleString('es-MX')} páginas, ${Math.round(r.pages / (r.coldMs / 1000))} páginas/s (con la administración)`,
      `  archivos: ${r.files.toLocaleString('es-MX')}, ${(r.bytes / 1024 / 1024).toFixed(0)} MB; por página de producto: ${(r.files / r.productPages).toFixed(2)} archivos`,
      `  de la edición a la tienda publicada (${r.edits.length} ediciones de precio): mediana ${s(e.p50)}, p95 ${s(e.p95)}, la más lenta ${s(e.max)}`,
      `    cada una: ${r.edits.map((ms) => s(ms / 1000)).join(', ')}`,
      `  índice de búsqueda, escrito tras cada publicación: ${r.indexMs.map((ms) => s(ms / 1000)).join(', ')} (la primera: compilación completa); ${r.indexFiles.toLocaleString('es-MX')} archivos`,
      `  la última edición: ${r.editStats?.rendered} archivos generados, ${r.editStats?.reused} páginas copiadas de la compilación anterior`,
      `  archivos cambiados por una edición: ${r.changedByEdit.length} ${r.changedByEdit.slice(0, 12).join(' ')}`,
      `  distintos tras compilar de nuevo sin cambios: ${r.differingSameData.length} ${r.differingSameData.slice(0, 5).join(' ')}`,
      '  peso por página (gzip):',
      '  | página | HTML | CSS | JS al cargar |',
      '  |---|---:|---:|---:|',
      ...Object.entries(r.weights).map(
        ([route, w]) => `  | ${route} | ${kb(w.html)} | ${kb(w.css)} | ${kb(w.js)} (${w.jsFiles} archivos) |`,
      ),
    ].join('\n'),
  );
}
