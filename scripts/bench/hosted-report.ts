/** The hosted section's rows of the bench table and its details below it (scripts/bench/hosted.ts). */
import type { DeployStep, HostedResult } from './hosted.ts';

type Row = [what: string, before: string, now: string, goal: string, met: string];
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 2 : 0)} MB`;
const n = (x: number) => x.toLocaleString('es-MX');
const deployText = (d: DeployStep) =>
  d.skipped
    ? `${s(d.ms.total)}: SHA-1 de ${n(d.files)} archivos (${mb(d.bytes)}), los mismos que la última publicación: ninguna nueva`
    : `${s(d.ms.total)}: SHA-1 de ${n(d.files)} archivos (${mb(d.bytes)}) ${s(d.ms.hash)}, publicación creada ${s(d.ms.create)}, ${n(d.uploaded)} archivos subidos (${mb(d.uploadedBytes)}) ${s(d.ms.upload)}, lista ${s(d.ms.wait)}; ${n(d.requests)} peticiones`;

/** The step table: one row per step of the workflow, at each size. */
export function hostedRows(h: HostedResult): Row[] {
  const rows: Row[] = [];
  for (const i of h.install)
    rows.push([
      `(a) instalación: \`${i.command}\`, clon limpio, caché de npm caliente`,
      '—',
      `${s(i.ms)}, ${n(i.packages)} paquetes, ${mb(i.bytes)}`,
      '—',
      '—',
    ]);
  for (const r of h.sizes) {
    const at = `demo + ${n(r.size)}, ${n(r.productPages)} páginas de producto`;
    rows.push(
      [
        `(b) caché de compilación restaurada (${at}): tar + zstd como actions/cache`,
        '—',
        `${mb(r.cache.compressedBytes)} comprimida (${mb(r.cache.bytes)}, ${n(r.cache.files)} archivos; repetido ${mb(r.cache.duplicateBytes)}); desempacar ${s(r.cache.unpackMs)}, empacar (al guardar) ${s(r.cache.packMs)}`,
        '—',
        '—',
      ],
      [
        `(c) compilación incremental tras una edición de precio (${at})`,
        `compilación completa: ${s(r.first.buildMs)}`,
        `${s(r.build.ms)}: ${n(r.build.stats.rendered)} archivos generados, ${n(r.build.stats.reused)} páginas copiadas`,
        '—',
        '—',
      ],
      [
        `(d) despliegue a Netlify (sustituto local) de esa compilación (${at})`,
        `primer despliegue: ${deployText(r.first.deploy)}`,
        deployText(r.deploy),
        'solo lo que cambió',
        '—',
      ],
      [
        `(e) índice de búsqueda y su despliegue (${at})`,
        `primero: índice ${s(r.first.indexMs)}; ${deployText(r.first.indexDeploy)}`,
        `índice ${s(r.index.ms)} (${n(r.index.files)} archivos); ${deployText(r.indexDeploy)}`,
        '—',
        '—',
      ],
    );
  }
  return rows;
}

/** Below the table: what the cache holds, and the files an edit uploads. */
export function hostedDetails(h: HostedResult): string[] {
  const out: string[] = [];
  for (const r of h.sizes) {
    out.push(
      `\n### Publicación alojada, demo + ${n(r.size)}: qué guarda la caché de compilación\n`,
      [
        '| parte | archivos | bytes |',
        '|---|---:|---:|',
        ...r.cache.parts.map((p) => `| ${p.part} | ${n(p.files)} | ${mb(p.bytes)} |`),
      ].join('\n'),
      `\nArchivos subidos tras la edición (${n(r.deploy.uploaded)}): ${r.deploy.paths.join(' ')}${r.deploy.uploaded > r.deploy.paths.length ? ' …' : ''}`,
      `\nLos más grandes: ${(r.deploy.largest ?? []).map((f) => `${f.path} ${mb(f.bytes)}`).join(', ')}`,
      `\nArchivos subidos con el índice (${n(r.indexDeploy.uploaded)}): ${r.indexDeploy.paths.join(' ')}${r.indexDeploy.uploaded > r.indexDeploy.paths.length ? ' …' : ''}`,
    );
  }
  return out;
}
