/**
 * The hosted publication, step by step, on this machine (`npm run bench`, section `hosted`): what
 * .github/workflows/publish.yml does after an admin's edit, with the outside parts stood in. Netlify
 * is the local stand-in of its deploy API (tests/fixtures/netlify.ts); GitHub's runner is this
 * machine; Supabase is a throwaway local stack seeded with BENCH_HOSTED_SIZES bulk products.
 *
 * Once: (a) the install, a clean clone of the current commit and the workflow's `npm install` with
 * the machine's warm npm cache (BENCH_HOSTED_INSTALL=0 skips it; its figures do not depend on the
 * catalogue), beside `npm install --omit=dev`.
 * For each size, first the publication the next one follows (the first one: a full build, every file
 * uploaded, the search index written and deployed), then after one price edit:
 * (b) the build cache as actions/cache carries it: packed (tar, zstd -T0 --long=30, as the cache's
 *     save step does after a run) and unpacked (its restore step), its compressed size, and what it
 *     holds (each part's files and bytes, and content held twice);
 * (c) the incremental build (`npm run build`: buildShop with the cache folder);
 * (d) the deploy: the SHA-1 of every file, the deploy created, only the files the stand-in lacks
 *     uploaded, the deploy awaited until ready (scripts/lib/netlify-deploy.ts, the workflow's client);
 * (e) the search index written (`npm run search-index -- dist --keep …`) and its deploy.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { type NetlifyStandIn, startNetlify } from '../../tests/fixtures/netlify.ts';
import { type BuildStats, buildShop } from '../lib/build.ts';
import { type DeployResult, deployToNetlify } from '../lib/netlify-deploy.ts';
import { carryFeeds, writeFeeds } from '../lib/catalogue-feeds.ts';
import { carrySearchIndex, writeSearchIndex } from '../lib/search-index.ts';
import { seedBulkProducts } from '../seed/index.ts';
import { loopbackOrigins } from '../stack/config.ts';
import { ROOT, startStack } from '../stack/index.ts';
import { options, progress } from './options.ts';

const run = promisify(execFile);

export interface InstallRun {
  command: string;
  ms: number;
  packages: number;
  bytes: number;
}

export interface CachePart {
  /** A folder (or file) at the top of the cache. */
  part: string;
  files: number;
  bytes: number;
}

export interface DeployStep {
  /** No deploy made: the same files as the last one. */
  skipped: boolean;
  files: number;
  bytes: number;
  required: number;
  uploaded: number;
  uploadedBytes: number;
  /** The first uploaded paths. */
  paths: string[];
  /** The largest uploaded files. */
  largest: { path: string; bytes: number }[];
  requests: number;
  ms: DeployResult['ms'];
}

export interface HostedSize {
  size: number;
  productPages: number;
  /** The publication before: full build, first deploy (every file), its index. */
  first: { buildMs: number; deploy: DeployStep; indexMs: number; indexDeploy: DeployStep };
  cache: {
    files: number;
    bytes: number;
    compressedBytes: number;
    packMs: number;
    unpackMs: number;
    parts: CachePart[];
    /** Bytes of files whose content another file of the cache already holds (hard links not counted). */
    duplicateBytes: number;
    duplicateFiles: number;
  };
  build: { ms: number; stats: BuildStats };
  deploy: DeployStep;
  index: { ms: number; files: number };
  indexDeploy: DeployStep;
}

export interface HostedResult {
  install: InstallRun[];
  /** The commit the clean checkout installed. */
  commit: string;
  sizes: HostedSize[];
}

/** Bytes and files under a folder (a hard-linked file once). */
async function folderSize(dir: string): Promise<{ files: number; bytes: number }> {
  const seen = new Set<number>();
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])) {
    if (!entry.isFile()) continue;
    const info = await stat(join(entry.parentPath, entry.name));
    files++;
    if (seen.has(info.ino)) continue;
    seen.add(info.ino);
    bytes += info.size;
  }
  return { files, bytes };
}

/** (a) A clean clone of this commit, installed as the workflow does, with the machine's npm cache. */
async function measureInstall(work: string): Promise<{ runs: InstallRun[]; commit: string }> {
  const commit = (await run('git', ['rev-parse', 'HEAD'], { cwd: ROOT })).stdout.trim();
  const checkout = join(work, 'checkout');
  await run('git', ['clone', '--quiet', '--shared', ROOT, checkout]);
  await run('git', ['checkout', '--quiet', '--detach', commit], { cwd: checkout });
  const runs: InstallRun[] = [];
  for (const args of [
    ['install', '--no-audit', '--no-fund'],
    ['install', '--no-audit', '--no-fund', '--omit=dev'],
  ]) {
    await rm(join(checkout, 'node_modules'), { recursive: true, force: true });
    progress(`alojada: npm ${args.join(' ')} en un clon limpio de ${commit.slice(0, 7)}…`);
    const started = performance.now();
    const { stdout } = await run('npm', args, { cwd: checkout, maxBuffer: 64 * 1024 * 1024 });
    const ms = performance.now() - started;
    const packages = Number(/added (\d+) packages/.exec(stdout)?.[1] ?? 0);
    const { bytes } = await folderSize(join(checkout, 'node_modules'));
    runs.push({ command: `npm ${args.join(' ')}`, ms: Math.round(ms), packages, bytes });
    progress(`alojada: ${(ms / 1000).toFixed(1)} s, ${packages} paquetes, ${(bytes / 1024 / 1024).toFixed(0)} MB`);
  }
  await rm(checkout, { recursive: true, force: true });
  return { runs, commit };
}

/** What the build cache holds, part by part, and the content it holds more than once. */
async function cacheContents(
  dir: string,
): Promise<Pick<HostedSize['cache'], 'files' | 'bytes' | 'parts' | 'duplicateBytes' | 'duplicateFiles'>> {
  const parts = new Map<string, CachePart>();
  const inodes = new Set<number>();
  const digests = new Set<string>();
  let duplicateBytes = 0;
  let duplicateFiles = 0;
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const segments = relative(dir, path).split('/');
    const part = segments[0] as string;
    const info = await stat(path);
    const p = parts.get(part) ?? { part, files: 0, bytes: 0 };
    p.files++;
    files++;
    if (!inodes.has(info.ino)) {
      inodes.add(info.ino);
      p.bytes += info.size;
      bytes += info.size;
      const digest = createHash('sha1')
        .update(await readFile(path))
        .digest('hex');
      if (digests.has(digest)) {
        duplicateBytes += info.size;
        duplicateFiles++;
      } else digests.add(digest);
    }
    parts.set(part, p);
  }
  return { files, bytes, parts: [...parts.values()].sort((a, b) => b.bytes - a.bytes), duplicateBytes, duplicateFiles };
}

const deployStep = async (r: DeployResult, dir: string): Promise<DeployStep> => ({
  skipped: r.skipped,
  files: r.files,
  bytes: r.bytes,
  required: r.required,
  uploaded: r.uploaded,
  uploadedBytes: r.uploadedBytes,
  paths: r.uploadedPaths.slice(0, 20),
  largest: (await Promise.all(r.uploadedPaths.map(async (path) => ({ path, bytes: (await stat(join(dir, path))).size }))))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 5),
  requests: r.requests,
  ms: r.ms,
});

export async function runHosted(sizes: readonly number[]): Promise<HostedResult> {
  const work = await mkdtemp(join(tmpdir(), 'outlet-bench-hosted-'));
  await chmod(work, 0o755); // Postgres runs as its own user and must reach its data folder inside
  const install = process.env['BENCH_HOSTED_INSTALL'] === '0' ? { runs: [], commit: '' } : await measureInstall(work);
  progress('alojada: iniciando una pila local desechable con el catálogo demo…');
  const stack = await startStack({
    dataDir: join(work, 'data'),
    ...options.ports,
    seed: true,
    durable: false,
    allowedOrigins: loopbackOrigins(options.sitePort),
    log: () => undefined,
  });
  const db = new pg.Client({ connectionString: stack.dbUrl });
  await db.connect();
  let netlify: NetlifyStandIn | null = null;
  const results: HostedSize[] = [];
  const shop = { supabaseUrl: stack.url, anonKey: stack.anonKey };
  try {
    let seeded = 0;
    for (const size of sizes) {
      if (size > seeded) {
        progress(`alojada: generando productos hasta demo + ${size.toLocaleString('es-MX')}…`);
        await seedBulkProducts({ url: stack.url, serviceRoleKey: stack.serviceRoleKey, count: size - seeded, log: () => undefined });
        seeded = size;
      }
      // a new site on a new host for each size: its first deploy uploads everything
      await netlify?.stop();
      netlify = await startNetlify();
      const site = netlify;
      // the workflow's folders: the checkout's .local/build-cache and dist
      const checkout = join(work, `run-${size}`);
      const cacheDir = join(checkout, '.local/build-cache');
      const deploy = (dir: string, title: string) =>
        deployToNetlify({
          dir,
          siteId: site.siteId,
          token: site.token,
          apiUrl: site.url,
          title,
          lastDeployFile: join(cacheDir, 'last-deploy.json'),
          log: (line) => progress(`alojada: ${line}`),
        });
      const searchCache = join(cacheDir, 'published');
      const build = async (outDir: string) => {
        const started = performance.now();
        const stats = await buildShop({
          ...shop,
          siteUrl: 'https://outlet.example',
          root: ROOT,
          outDir,
          cacheDir,
          carryFrom: searchCache,
          quiet: true,
        });
        return { ms: Math.round(performance.now() - started), stats };
      };
      // the workflow's steps after the deploy: the catalogue feeds, then the search index
      const searchIndex = async (dir: string) => {
        const started = performance.now();
        await writeFeeds(dir, shop, 'https://outlet.example');
        await carryFeeds(dir, searchCache);
        const stats = await writeSearchIndex(dir, shop);
        await carrySearchIndex(dir, searchCache);
        return { ms: Math.round(performance.now() - started), files: stats.files };
      };

      progress(`alojada: la publicación anterior (caché vacía) con demo + ${size.toLocaleString('es-MX')}…`);
      const firstDist = join(work, `dist-first-${size}`);
      const firstBuild = await build(firstDist);
      const firstDeploy = await deploy(firstDist, 'primera');
      const firstIndex = await searchIndex(firstDist);
      const firstIndexDeploy = await deploy(firstDist, 'primera, índice');
      const first = {
        buildMs: firstBuild.ms,
        deploy: await deployStep(firstDeploy, firstDist),
        indexMs: firstIndex.ms,
        indexDeploy: await deployStep(firstIndexDeploy, firstDist),
      };
      // the product the edit changes: the first of /tienda's first view, as a shopper sees it
      const permalink = /href="\/producto\/([^"/]+)"/.exec(await readFile(join(firstDist, 'tienda', 'index.html'), 'utf8'))?.[1];
      await rm(firstDist, { recursive: true, force: true });

      // (b) the cache the next run restores: packed as actions/cache saves it, then unpacked
      const contents = await cacheContents(cacheDir);
      const archive = join(work, `cache-${size}.tzst`);
      progress(
        `alojada: empacando la caché (${(contents.bytes / 1024 / 1024).toFixed(0)} MB, ${contents.files.toLocaleString('es-MX')} archivos)…`,
      );
      let started = performance.now();
      await run('tar', [
        '--posix',
        '--use-compress-program',
        'zstd -T0 --long=30',
        '-cf',
        archive,
        '-P',
        '-C',
        checkout,
        '.local/build-cache',
      ]);
      const packMs = Math.round(performance.now() - started);
      const compressedBytes = (await stat(archive)).size;
      await rm(cacheDir, { recursive: true, force: true });
      started = performance.now();
      await run('tar', ['--use-compress-program', 'zstd -d --long=30', '-xf', archive, '-P', '-C', checkout]);
      const unpackMs = Math.round(performance.now() - started);
      await rm(archive, { force: true });
      progress(
        `alojada: caché ${(compressedBytes / 1024 / 1024).toFixed(1)} MB comprimida; empacada en ${(packMs / 1000).toFixed(1)} s, desempacada en ${(unpackMs / 1000).toFixed(1)} s`,
      );

      // one price edit
      const edited = await db.query('update public.products set precio_venta = precio_venta + 7 where permalink = $1', [permalink ?? '']);
      if (edited.rowCount !== 1) throw new Error('No hay un producto publicado que editar.');

      // (c) the build, (d) its deploy, (e) the search index and its deploy
      const dist = join(checkout, 'dist');
      progress('alojada: compilación incremental tras la edición…');
      const incremental = await build(dist);
      const pagesDeploy = await deploy(dist, 'edición');
      const index = await searchIndex(dist);
      const indexDeploy = await deploy(dist, 'edición, índice');
      const productPages = (await readdir(join(dist, 'producto')).catch(() => [])).length;
      results.push({
        size,
        productPages,
        first,
        cache: { ...contents, compressedBytes, packMs, unpackMs },
        build: incremental,
        deploy: await deployStep(pagesDeploy, dist),
        index,
        indexDeploy: await deployStep(indexDeploy, dist),
      });
      await rm(checkout, { recursive: true, force: true });
    }
    return { install: install.runs, commit: install.commit, sizes: results };
  } finally {
    await netlify?.stop();
    await db.end().catch(() => undefined);
    await stack.stop();
    await rm(work, { recursive: true, force: true });
  }
}
