/**
 * The two builders a shop build starts as child processes: `astro build` for the pages, whose progress
 * lines say which pages were copied from the cache, and `vite build` for the back office.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

export interface AstroRun {
  root: string;
  outDir: string;
  env: NodeJS.ProcessEnv;
  quiet: boolean;
  signal?: AbortSignal | undefined;
  /** Written to the build's standard input once it settles (the catalogue, read once for every build). */
  input?: Promise<string> | undefined;
}

/** What Astro's progress lines say of the pages: how many, and which were copied from the cache. */
export interface Progress {
  pages: number;
  /** Of which product pages (/producto/…). */
  productPages: number;
  /** Paths relative to the output folder, as in 'producto/x/index.html'. */
  reusedPages: string[];
}

/**
 * Reads Astro's progress lines: one '├─ /path' (or '└─ /path') per page, followed on the same line by
 * '(restored)' or '(cached)' when the page was copied from the cache rather than rendered.
 */
export function readProgress(colored: string): Progress {
  // Astro colours its lines whenever it thinks the terminal can show it (always when CI is set)
  const output = stripVTControlCharacters(colored);
  return {
    pages: output.match(/[├└]─ \//g)?.length ?? 0,
    productPages: output.match(/[├└]─ \/producto\//g)?.length ?? 0,
    reusedPages: [...output.matchAll(/[├└]─ \/(\S+) \((?:restored|cached)\)/g)].map((m) => m[1] as string),
  };
}

export function astroBuild(run: AstroRun): Promise<Progress> {
  const astro = join(run.root, 'node_modules/astro/bin/astro.mjs');
  // unchanged pages are restored from the cache as hard links (astro-link-restore.ts)
  const restoreAsLinks = pathToFileURL(join(run.root, 'scripts/lib/astro-link-restore.ts')).href;
  // the pages render as on a server, without the browser's localStorage (Node's would warn on every build)
  const args = ['--no-experimental-webstorage', '--import', restoreAsLinks, astro, 'build', '--outDir', run.outDir];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, {
      cwd: run.root,
      stdio: ['pipe', 'pipe', 'inherit'],
      env: run.env,
      ...(run.signal ? { signal: run.signal, killSignal: 'SIGKILL' as const } : {}),
    });
    child.stdin.on('error', () => undefined); // the build ended without reading it: its exit code says why
    // a failed read closes the input empty: the page that reads it fails the build
    (run.input ?? Promise.resolve('')).then(
      (text) => child.stdin.end(text),
      () => child.stdin.end(),
    );
    const progress: Progress = { pages: 0, productPages: 0, reusedPages: [] };
    let tail = '';
    const read = (text: string) => {
      const seen = readProgress(text);
      progress.pages += seen.pages;
      progress.productPages += seen.productPages;
      progress.reusedPages.push(...seen.reusedPages);
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (!run.quiet) process.stdout.write(chunk);
      // whole lines only: a chunk may end in the middle of one
      const text = tail + chunk;
      const end = text.lastIndexOf('\n') + 1;
      read(text.slice(0, end));
      tail = text.slice(end);
    });
    child.once('error', (error) => fail(run.signal?.aborted ? run.signal.reason : error));
    child.once('close', (code) => {
      read(tail);
      if (code !== 0) return fail(new Error(`astro build terminó con código ${code}`));
      done(progress);
    });
  });
}

/** The back office's build (vite build with admin/vite.config.ts) into `outDir`. */
export function adminBuild(root: string, outDir: string, env: NodeJS.ProcessEnv, signal?: AbortSignal): Promise<void> {
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  const args = [vite, 'build', '--config', join(root, 'admin/vite.config.ts'), '--outDir', outDir];
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env,
      ...(signal ? { signal, killSignal: 'SIGKILL' as const } : {}),
    });
    child.once('error', (error) => fail(signal?.aborted ? signal.reason : error));
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`La compilación del panel de administración terminó con código ${code}`)),
    );
  });
}
