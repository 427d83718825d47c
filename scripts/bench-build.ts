/**
 * `npm run bench:build`: what a publication costs at catalogue scale. For each size in
 * BENCH_BUILD_SIZES (default "1000,10000" bulk products on top of the demo) it builds the shop
 * twice from the same data, edits one product, builds again, and prints: build time, files and
 * bytes written, files that differ between the two identical builds (0 means deterministic, so a
 * host's content-hashed upload sends nothing), files changed by the one-product edit, and what the
 * home, /tienda, a product page and /favoritos weigh for a shopper (HTML, CSS and up-front
 * JavaScript, gzipped: scripts/lib/page-weight.ts).
 * Not part of `npm test`.
 */
import { createHash } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildShop } from './lib/build.ts';
import { pageWeight } from './lib/page-weight.ts';
import { seedBulkProducts } from './seed/index.ts';
import { ROOT, startStack } from './stack/index.ts';

const SIZES = (process.env['BENCH_BUILD_SIZES'] ?? '1000,10000').split(',').map(Number);

/** Content hash of every file of a build, by relative path. */
async function digest(dir: string): Promise<{ files: Map<string, string>; bytes: number }> {
  const files = new Map<string, string>();
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true })) {
    const path = join(dir, entry);
    const info = await stat(path);
    if (!info.isFile()) continue;
    bytes += info.size;
    files.set(entry, createHash('sha256').update(await readFile(path)).digest('hex'));
  }
  return { files, bytes };
}

function changed(a: Map<string, string>, b: Map<string, string>): string[] {
  const paths = new Set([...a.keys(), ...b.keys()]);
  return [...paths].filter((p) => a.get(p) !== b.get(p)).sort();
}

const work = await mkdtemp(join(tmpdir(), 'outlet-bench-build-'));
// Postgres runs as its own user and must reach its data folder inside.
await chmod(work, 0o755);
const stack = await startStack({
  dataDir: join(work, 'data'),
  dbPort: 60522,
  apiPort: 60521,
  restPort: 60529,
  seed: true,
  durable: false,
  log: () => undefined,
});
const db = new pg.Client({ connectionString: stack.dbUrl });
await db.connect();
const target = { supabaseUrl: stack.url, anonKey: stack.anonKey, siteUrl: 'https://outlet.example', root: ROOT };
try {
  let seeded = 0;
  for (const size of SIZES) {
    await seedBulkProducts({ url: stack.url, serviceRoleKey: stack.serviceRoleKey, count: size - seeded, log: () => undefined });
    seeded = size;
    const build = async (name: string) => {
      const outDir = join(work, name);
      const started = performance.now();
      await buildShop({ ...target, outDir, quiet: true });
      return { outDir, ms: performance.now() - started, ...(await digest(outDir)) };
    };
    const first = await build(`a-${size}`);
    const second = await build(`b-${size}`);
    await db.query(
      `update public.products set precio_venta = precio_venta + 1
        where id = (select id from public.products order by created_at desc limit 1)`,
    );
    const edited = await build(`c-${size}`);
    const product = [...first.files.keys()].find((f) => /^producto\/[^/]+\/index\.html$/.test(f))?.replace(/\/index\.html$/, '');
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const weights = ['/', '/tienda', ...(product ? [`/${product}`] : []), '/favoritos'].map((route) => {
      const w = pageWeight(first.outDir, route);
      return `  | ${route} | ${kb(w.html)} | ${kb(w.css)} | ${kb(w.js)} (${w.jsFiles} archivos) |`;
    });
    const diffSame = changed(first.files, second.files);
    const diffEdit = changed(second.files, edited.files);
    console.log(
      [
        `Catálogo demo + ${size} productos`,
        `  compilación: ${(first.ms / 1000).toFixed(1)} s y ${(second.ms / 1000).toFixed(1)} s`,
        `  archivos: ${first.files.size}, ${(first.bytes / 1024 / 1024).toFixed(0)} MB`,
        `  distintos entre dos compilaciones de los mismos datos: ${diffSame.length} ${diffSame.slice(0, 5).join(' ')}`,
        `  cambiados al editar un producto: ${diffEdit.length} ${diffEdit.slice(0, 12).join(' ')}`,
        '  peso por página (gzip):',
        '  | página | HTML | CSS | JS al cargar |',
        '  |---|---:|---:|---:|',
        ...weights,
      ].join('\n'),
    );
    for (const name of ['a', 'b', 'c']) await rm(join(work, `${name}-${size}`), { recursive: true, force: true });
  }
} finally {
  await db.end();
  await stack.stop();
  await rm(work, { recursive: true, force: true });
}
